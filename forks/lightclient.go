package forks

import "github.com/ssztree/ssztree/def"

// lightClientContainers are the light-client containers of
// specs/altair/light-client/sync-protocol.md as
// specs/capella/light-client/sync-protocol.md changes them: a
// LightClientHeader holds the execution payload header too, with its proof
// against the beacon block body.
var lightClientContainers = []*def.Container{
	container("LightClientHeader",
		field("beacon", ref("BeaconBlockHeader")),
		field("execution", ref("ExecutionPayloadHeader")),
		// Vector[Bytes32, floorlog2(EXECUTION_PAYLOAD_INDEX)]
		field("execution_branch", def.Vector(Bytes32, def.N(ExecutionPayloadDepth))),
	),
	container("LightClientBootstrap",
		// Header matching the requested beacon block root
		field("header", ref("LightClientHeader")),
		// Current sync committee corresponding to header.beacon.state_root
		field("current_sync_committee", ref("SyncCommittee")),
		// Vector[Bytes32, floorlog2(CURRENT_SYNC_COMMITTEE_INDEX)]
		field("current_sync_committee_branch", def.Vector(Bytes32, def.N(CurrentSyncCommitteeDepth))),
	),
	container("LightClientUpdate",
		// Header attested to by the sync committee
		field("attested_header", ref("LightClientHeader")),
		// Next sync committee corresponding to attested_header.beacon.state_root
		field("next_sync_committee", ref("SyncCommittee")),
		// Vector[Bytes32, floorlog2(NEXT_SYNC_COMMITTEE_INDEX)]
		field("next_sync_committee_branch", def.Vector(Bytes32, def.N(NextSyncCommitteeDepth))),
		// Finalized header corresponding to attested_header.beacon.state_root
		field("finalized_header", ref("LightClientHeader")),
		// Vector[Bytes32, floorlog2(FINALIZED_ROOT_INDEX)]
		field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepth))),
		// Sync committee aggregate signature
		field("sync_aggregate", ref("SyncAggregate")),
		// Slot at which the aggregate signature was created (untrusted)
		field("signature_slot", Slot),
	),
	container("LightClientFinalityUpdate",
		field("attested_header", ref("LightClientHeader")),
		field("finalized_header", ref("LightClientHeader")),
		field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepth))),
		field("sync_aggregate", ref("SyncAggregate")),
		field("signature_slot", Slot),
	),
	container("LightClientOptimisticUpdate",
		field("attested_header", ref("LightClientHeader")),
		field("sync_aggregate", ref("SyncAggregate")),
		field("signature_slot", Slot),
	),
}
