package fulu

import (
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/forks/lightclient"
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

// BlockToLightClientHeader returns the light-client header of a block:
// electra.BlockToLightClientHeader, Fulu's blocks and light-client
// headers being Electra's.
func BlockToLightClientHeader(block *BeaconBlock) (*LightClientHeader, error) {
	return electra.BlockToLightClientHeader(block)
}

// The builders below are those of specs/altair/light-client/full-node.md
// for Fulu's states, whose light-client data is Electra's
// (specs/fulu has no light-client documents: the state keeps at most 64
// fields, so the indices are Electra's). They take a block's message, the
// BeaconBlock, where the specification takes the SignedBeaconBlock and
// reads its message only; the checks of the fork epoch are those of the
// types.

// lightClient is Fulu's light-client data, for the builders of package
// lightclient.
var lightClient = lightclient.NewFork("fulu", BlockToLightClientHeader,
	func(block *BeaconBlock) *SyncAggregate { return block.Body().SyncAggregate() },
	CurrentSyncCommitteeBranch, NextSyncCommitteeBranch, FinalityBranch)

// CreateLightClientBootstrap returns the LightClientBootstrap of a block
// and its post state: the specification's create_light_client_bootstrap, of
// the block's message. It checks, as the specification asserts, that st is
// the block's post state: st's latest block header, with st's root as its
// state root, is the block's header.
func CreateLightClientBootstrap(st *BeaconState, block *BeaconBlock) (*LightClientBootstrap, error) {
	return lightclient.CreateBootstrap(lightClient, st, block, NewLightClientBootstrap(st.Spec()))
}

// CreateLightClientUpdate returns the LightClientUpdate that block, of
// post state st, makes of its parent attestedBlock, of post state
// attestedState: the specification's create_light_client_update. The
// update holds the next sync committee if both blocks are in the same sync
// committee period, and the finality proof if finalizedBlock, the block of
// attestedState's finalized checkpoint, is not nil (nil when it is not
// available locally). It returns an error where the specification
// asserts: too few participants in block's sync aggregate, a state that is
// not its block's post state, an attested block that is not block's
// parent, a finalized block that is not attestedState's finalized
// checkpoint.
func CreateLightClientUpdate(st *BeaconState, block *BeaconBlock, attestedState *BeaconState, attestedBlock *BeaconBlock, finalizedBlock *BeaconBlock) (*LightClientUpdate, error) {
	spec := st.Spec()
	return lightclient.CreateUpdate(lightClient, spec.Preset, st, block, attestedState, attestedBlock, finalizedBlock, NewLightClientUpdate(spec))
}

// CreateLightClientFinalityUpdate returns the LightClientFinalityUpdate of
// update: electra.CreateLightClientFinalityUpdate, Fulu's light-client
// types being Electra's.
func CreateLightClientFinalityUpdate(update *LightClientUpdate) *LightClientFinalityUpdate {
	return electra.CreateLightClientFinalityUpdate(update)
}

// CreateLightClientOptimisticUpdate returns the
// LightClientOptimisticUpdate of update:
// electra.CreateLightClientOptimisticUpdate.
func CreateLightClientOptimisticUpdate(update *LightClientUpdate) *LightClientOptimisticUpdate {
	return electra.CreateLightClientOptimisticUpdate(update)
}
