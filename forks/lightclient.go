package forks

import "github.com/ssztree/ssztree/def"

// The LightClientHeader of each fork that changes it: Altair's, of
// specs/altair/light-client/sync-protocol.md, holds the beacon block
// header; Capella's, of specs/capella/light-client/sync-protocol.md, holds
// the execution payload header too, with its proof against the beacon
// block body.
var (
	altairLightClientHeader = container("LightClientHeader",
		field("beacon", ref("BeaconBlockHeader")),
	)
	capellaLightClientHeader = container("LightClientHeader",
		field("beacon", ref("BeaconBlockHeader")),
		field("execution", ref("ExecutionPayloadHeader")), // new in Capella
		field("execution_branch", ExecutionBranch),        // new in Capella
	)
)

// lightClientContainers returns the light-client containers of
// specs/altair/light-client/sync-protocol.md for a fork whose
// LightClientHeader is header: header, and the containers that hold
// headers. Their fields are the same in every fork up to Capella; only the
// LightClientHeader they refer to changes, so a fork that changes the
// header redefines them all.
func lightClientContainers(header *def.Container) []*def.Container {
	return []*def.Container{
		header,
		container("LightClientBootstrap",
			// Header matching the requested beacon block root
			field("header", ref("LightClientHeader")),
			// Current sync committee corresponding to header.beacon.state_root
			field("current_sync_committee", ref("SyncCommittee")),
			field("current_sync_committee_branch", CurrentSyncCommitteeBranch),
		),
		container("LightClientUpdate",
			// Header attested to by the sync committee
			field("attested_header", ref("LightClientHeader")),
			// Next sync committee corresponding to attested_header.beacon.state_root
			field("next_sync_committee", ref("SyncCommittee")),
			field("next_sync_committee_branch", NextSyncCommitteeBranch),
			// Finalized header corresponding to attested_header.beacon.state_root
			field("finalized_header", ref("LightClientHeader")),
			field("finality_branch", FinalityBranch),
			// Sync committee aggregate signature
			field("sync_aggregate", ref("SyncAggregate")),
			// Slot at which the aggregate signature was created (untrusted)
			field("signature_slot", Slot),
		),
		container("LightClientFinalityUpdate",
			field("attested_header", ref("LightClientHeader")),
			field("finalized_header", ref("LightClientHeader")),
			field("finality_branch", FinalityBranch),
			field("sync_aggregate", ref("SyncAggregate")),
			field("signature_slot", Slot),
		),
		container("LightClientOptimisticUpdate",
			field("attested_header", ref("LightClientHeader")),
			field("sync_aggregate", ref("SyncAggregate")),
			field("signature_slot", Slot),
		),
	}
}
