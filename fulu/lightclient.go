package fulu

import (
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/internal/forkcode"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The generalized indices of the light-client proofs into Fulu's
// BeaconState (Electra's, of specs/electra/light-client/sync-protocol.md:
// the state keeps at most 64 fields; the block body is Electra's, whose
// execution branch electra.ExecutionBranch gives), computed from the schema
// as the specification computes them, with get_generalized_index. They are
// the same in every preset, and equal to the constants of package forks
// (forks.FinalizedRootIndexElectra...), which size the branches.
var (
	// FinalizedRootGindex is FINALIZED_ROOT_GINDEX_ELECTRA (169):
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootGindex = lightClientGindex("BeaconState", "finalized_checkpoint.root")
	// CurrentSyncCommitteeGindex is CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA (86):
	// get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeGindex = lightClientGindex("BeaconState", "current_sync_committee")
	// NextSyncCommitteeGindex is NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA (87):
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeGindex = lightClientGindex("BeaconState", "next_sync_committee")
)

func lightClientGindex(container, path string) tree.Gindex {
	return forkcode.Gindex(Mainnet.Type(container), path)
}

// The branches below are the specification's compute_merkle_proof of a
// state at a light-client index: the roots of the siblings on
// the path up from the proven node, leaf first, as is_valid_merkle_branch
// takes them. They are read off the value's tree (see tree.Prove).

// CurrentSyncCommitteeBranch returns the proof of st's
// current_sync_committee against st's hash tree root: the
// current_sync_committee_branch of a LightClientBootstrap.
func CurrentSyncCommitteeBranch(st *BeaconState) ([forks.CurrentSyncCommitteeDepthElectra]Bytes32, error) {
	var b [forks.CurrentSyncCommitteeDepthElectra]Bytes32
	return b, proveInto(st.View(), CurrentSyncCommitteeGindex, b[:])
}

// NextSyncCommitteeBranch returns the proof of st's next_sync_committee
// against st's hash tree root: the next_sync_committee_branch of a
// LightClientUpdate, st being the attested state.
func NextSyncCommitteeBranch(st *BeaconState) ([forks.NextSyncCommitteeDepthElectra]Bytes32, error) {
	var b [forks.NextSyncCommitteeDepthElectra]Bytes32
	return b, proveInto(st.View(), NextSyncCommitteeGindex, b[:])
}

// FinalityBranch returns the proof of st's finalized_checkpoint.root
// against st's hash tree root: the finality_branch of a LightClientUpdate
// or LightClientFinalityUpdate, st being the attested state.
func FinalityBranch(st *BeaconState) ([forks.FinalizedRootDepthElectra]Bytes32, error) {
	var b [forks.FinalizedRootDepthElectra]Bytes32
	return b, proveInto(st.View(), FinalizedRootGindex, b[:])
}

// proveInto writes the branch of the node at g of v's tree to dst, which
// has room for exactly its length.
func proveInto(v view.View, g tree.Gindex, dst []Bytes32) error {
	return forkcode.Branch("fulu", v, g, dst)
}
