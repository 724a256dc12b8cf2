package bellatrix

import (
	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/forks/lightclient"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The generalized indices of the light-client proofs into Bellatrix's
// BeaconState (specs/altair/light-client/sync-protocol.md, "Constants"),
// computed from the schema as the specification computes them, with
// get_generalized_index. They are the same in every preset, and equal to
// the constants of package forks (forks.FinalizedRootIndex...), which size
// the branches.
var (
	// FinalizedRootGindex is FINALIZED_ROOT_GINDEX (105):
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootGindex = lightClientGindex("BeaconState", "finalized_checkpoint.root")
	// CurrentSyncCommitteeGindex is CURRENT_SYNC_COMMITTEE_GINDEX (54):
	// get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeGindex = lightClientGindex("BeaconState", "current_sync_committee")
	// NextSyncCommitteeGindex is NEXT_SYNC_COMMITTEE_GINDEX (55):
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeGindex = lightClientGindex("BeaconState", "next_sync_committee")
)

func lightClientGindex(container, path string) tree.Gindex {
	return forkcode.Gindex(Mainnet.Type(container), path)
}

// The branches below are the specification's compute_merkle_proof of a
// state at a light-client index: the roots of the siblings on the path up
// from the proven node, leaf first, as is_valid_merkle_branch takes them.
// They are read off the state's tree (see tree.Prove): the cost is a few
// levels of a hashed tree, whatever the size of the state.

// CurrentSyncCommitteeBranch returns the proof of st's
// current_sync_committee against st's hash tree root: the
// current_sync_committee_branch of a LightClientBootstrap.
func CurrentSyncCommitteeBranch(st *BeaconState) ([forks.CurrentSyncCommitteeDepth]Bytes32, error) {
	var b [forks.CurrentSyncCommitteeDepth]Bytes32
	return b, proveInto(st.View(), CurrentSyncCommitteeGindex, b[:])
}

// NextSyncCommitteeBranch returns the proof of st's next_sync_committee
// against st's hash tree root: the next_sync_committee_branch of a
// LightClientUpdate, st being the attested state.
func NextSyncCommitteeBranch(st *BeaconState) ([forks.NextSyncCommitteeDepth]Bytes32, error) {
	var b [forks.NextSyncCommitteeDepth]Bytes32
	return b, proveInto(st.View(), NextSyncCommitteeGindex, b[:])
}

// FinalityBranch returns the proof of st's finalized_checkpoint.root
// against st's hash tree root: the finality_branch of a LightClientUpdate
// or LightClientFinalityUpdate, st being the attested state.
func FinalityBranch(st *BeaconState) ([forks.FinalizedRootDepth]Bytes32, error) {
	var b [forks.FinalizedRootDepth]Bytes32
	return b, proveInto(st.View(), FinalizedRootGindex, b[:])
}

// proveInto writes the branch of the node at g of v's tree to dst, which
// has room for exactly its length.
func proveInto(v view.View, g tree.Gindex, dst []Bytes32) error {
	return forkcode.Branch("bellatrix", v, g, dst)
}

// The builders below are those of specs/altair/light-client/full-node.md,
// of Bellatrix's blocks and states: they take a block's message, the
// BeaconBlock, where the specification takes the SignedBeaconBlock and
// reads its message only. The specification's checks of the fork epoch
// (compute_epoch_at_slot(state.slot) >= ALTAIR_FORK_EPOCH) are those of the
// types: a Bellatrix BeaconState is a post-Altair state.

// BlockToLightClientHeader returns the light-client header of a block: the
// specification's block_to_light_client_header, the block's
// BeaconBlockHeader.
func BlockToLightClientHeader(block *BeaconBlock) LightClientHeader {
	return LightClientHeader{Beacon: BeaconBlockHeaderOf(block)}
}

// lightClient is Bellatrix's light-client data, for the builders of package
// lightclient.
var lightClient = lightclient.NewFork("bellatrix",
	func(block *BeaconBlock) (LightClientHeader, error) { return BlockToLightClientHeader(block), nil },
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
// update: altair.CreateLightClientFinalityUpdate, Bellatrix's light-client
// types being Altair's.
func CreateLightClientFinalityUpdate(update *LightClientUpdate) *LightClientFinalityUpdate {
	return altair.CreateLightClientFinalityUpdate(update)
}

// CreateLightClientOptimisticUpdate returns the
// LightClientOptimisticUpdate of update:
// altair.CreateLightClientOptimisticUpdate.
func CreateLightClientOptimisticUpdate(update *LightClientUpdate) *LightClientOptimisticUpdate {
	return altair.CreateLightClientOptimisticUpdate(update)
}
