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

// A LightClientProof is a generalized index of the light-client protocol
// as the specification names it, from the fork whose containers first
// have it on: the index of the field at Path (a path as schema.Gindex
// takes it) in the container Container, whose branch the light-client
// containers hold in their field Field. The code generator writes, in
// each fork's package that defines Container, the index (its name the
// words of Gindex before _GINDEX: FinalizedRootGindex) and the function
// that proves it (Field's name: FinalityBranch), computing the index
// from the fork's own containers.
type LightClientProof struct {
	Fork      string // the first fork of the index: "electra"
	Gindex    string // the specification's constant: "FINALIZED_ROOT_GINDEX_ELECTRA"
	Container string // "BeaconState"
	Path      string // "finalized_checkpoint.root"
	Field     string // the field of the branch: "finality_branch"
}

// LightClientProofs are the indices of the light-client protocol, in the
// order of the forks that define them: a fork's index of a Field is the
// last one of its fork or an earlier one (Fulu keeps Electra's). Their
// values are those of the constants above and of Electra's and Gloas'
// (FinalizedRootIndexElectra...), which forks_test.go checks against the
// containers.
var LightClientProofs = []LightClientProof{
	// specs/altair/light-client/sync-protocol.md, "Constants".
	{"altair", "FINALIZED_ROOT_GINDEX", "BeaconState", "finalized_checkpoint.root", "finality_branch"},
	{"altair", "CURRENT_SYNC_COMMITTEE_GINDEX", "BeaconState", "current_sync_committee", "current_sync_committee_branch"},
	{"altair", "NEXT_SYNC_COMMITTEE_GINDEX", "BeaconState", "next_sync_committee", "next_sync_committee_branch"},
	// specs/capella/light-client/sync-protocol.md, "Constants".
	{"capella", "EXECUTION_PAYLOAD_GINDEX", "BeaconBlockBody", "execution_payload", "execution_branch"},
	// specs/electra/light-client/sync-protocol.md, "New constants": the
	// state has more than 32 fields.
	{"electra", "FINALIZED_ROOT_GINDEX_ELECTRA", "BeaconState", "finalized_checkpoint.root", "finality_branch"},
	{"electra", "CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA", "BeaconState", "current_sync_committee", "current_sync_committee_branch"},
	{"electra", "NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA", "BeaconState", "next_sync_committee", "next_sync_committee_branch"},
	// specs/gloas/light-client/sync-protocol.md, "New constants": the
	// state and the block body are progressive containers, and the header
	// proves the bid's parent block hash in the place of the payload.
	{"gloas", "FINALIZED_ROOT_GINDEX_GLOAS", "BeaconState", "finalized_checkpoint.root", "finality_branch"},
	{"gloas", "CURRENT_SYNC_COMMITTEE_GINDEX_GLOAS", "BeaconState", "current_sync_committee", "current_sync_committee_branch"},
	{"gloas", "NEXT_SYNC_COMMITTEE_GINDEX_GLOAS", "BeaconState", "next_sync_committee", "next_sync_committee_branch"},
	{"gloas", "EXECUTION_BLOCK_HASH_GINDEX_GLOAS", "BeaconBlockBody", "signed_execution_payload_bid.message.parent_block_hash", "execution_branch"},
}
