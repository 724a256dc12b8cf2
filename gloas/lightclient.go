package gloas

import (
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/forks/lightclient"
	"github.com/ssztree/ssztree/tree"
)

// The generalized indices of the light-client proofs into Gloas'
// BeaconState and BeaconBlockBody, progressive containers
// (specs/gloas/light-client/sync-protocol.md, "New constants"), computed
// from the schema as the specification computes them, with
// get_generalized_index: the fields of a progressive container sit in the
// subtrees of merkleize_progressive, below the mix-in of its active
// fields, so that the indices are deeper than Fulu's and no power of two
// apart. They are the same in every preset, and equal to the constants of
// package forks (forks.FinalizedRootIndexGloas...), which size the
// branches.
var (
	// FinalizedRootGindex is FINALIZED_ROOT_GINDEX_GLOAS (735):
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootGindex = lightClientGindex("BeaconState", "finalized_checkpoint.root")
	// CurrentSyncCommitteeGindex is CURRENT_SYNC_COMMITTEE_GINDEX_GLOAS
	// (2945): get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeGindex = lightClientGindex("BeaconState", "current_sync_committee")
	// NextSyncCommitteeGindex is NEXT_SYNC_COMMITTEE_GINDEX_GLOAS (2946):
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeGindex = lightClientGindex("BeaconState", "next_sync_committee")
	// ExecutionBlockHashGindex is EXECUTION_BLOCK_HASH_GINDEX_GLOAS (2856):
	// get_generalized_index(BeaconBlockBody, 'signed_execution_payload_bid',
	// 'message', 'parent_block_hash').
	ExecutionBlockHashGindex = lightClientGindex("BeaconBlockBody", "signed_execution_payload_bid.message.parent_block_hash")
)

func lightClientGindex(container, path string) tree.Gindex {
	return forkcode.Gindex(Mainnet.Type(container), path)
}

// The branches below are the specification's compute_merkle_proof of a
// state or block body at a light-client index: the roots of the siblings on
// the path up from the proven node, leaf first, as is_valid_merkle_branch
// takes them, across the progressive spine of the container. They are read
// off the value's tree (see tree.Prove).

// CurrentSyncCommitteeBranch returns the proof of st's
// current_sync_committee against st's hash tree root: the
// current_sync_committee_branch of a LightClientBootstrap.
func CurrentSyncCommitteeBranch(st *BeaconState) ([forks.CurrentSyncCommitteeDepthGloas]Bytes32, error) {
	var b [forks.CurrentSyncCommitteeDepthGloas]Bytes32
	return b, forkcode.Branch("gloas", st.View(), CurrentSyncCommitteeGindex, b[:])
}

// NextSyncCommitteeBranch returns the proof of st's next_sync_committee
// against st's hash tree root: the next_sync_committee_branch of a
// LightClientUpdate, st being the attested state.
func NextSyncCommitteeBranch(st *BeaconState) ([forks.NextSyncCommitteeDepthGloas]Bytes32, error) {
	var b [forks.NextSyncCommitteeDepthGloas]Bytes32
	return b, forkcode.Branch("gloas", st.View(), NextSyncCommitteeGindex, b[:])
}

// FinalityBranch returns the proof of st's finalized_checkpoint.root
// against st's hash tree root: the finality_branch of a LightClientUpdate
// or LightClientFinalityUpdate, st being the attested state.
func FinalityBranch(st *BeaconState) ([forks.FinalizedRootDepthGloas]Bytes32, error) {
	var b [forks.FinalizedRootDepthGloas]Bytes32
	return b, forkcode.Branch("gloas", st.View(), FinalizedRootGindex, b[:])
}

// ExecutionBranch returns the proof of the parent block hash of body's
// execution payload bid against body's hash tree root: the
// execution_branch of a LightClientHeader.
func ExecutionBranch(body *BeaconBlockBody) ([forks.ExecutionBlockHashDepthGloas]Bytes32, error) {
	var b [forks.ExecutionBlockHashDepthGloas]Bytes32
	return b, forkcode.Branch("gloas", body.View(), ExecutionBlockHashGindex, b[:])
}

// The indices by slot of specs/gloas/light-client/sync-protocol.md
// ("Modified finalized_root_gindex_at_slot"...): a light client that runs
// across the Gloas fork reads proofs into states of Electra's depth and of
// Gloas', and takes each proof's index from the slot of the state it
// proves against, with the network's fork epochs from its schedule.

// FinalizedRootGindexAtSlot returns the generalized index of the finalized
// checkpoint's root in the state at slot, on the network of schedule s:
// the specification's finalized_root_gindex_at_slot, FinalizedRootGindex
// (735) from s's Gloas fork epoch on, electra.FinalizedRootGindexAtSlot
// before it or when s has not scheduled Gloas.
func FinalizedRootGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isGloasAtSlot(s, slot) {
		return FinalizedRootGindex
	}
	return electra.FinalizedRootGindexAtSlot(s, slot)
}

// CurrentSyncCommitteeGindexAtSlot returns the generalized index of the
// current sync committee in the state at slot, on the network of schedule
// s: the specification's current_sync_committee_gindex_at_slot,
// CurrentSyncCommitteeGindex (2945) from Gloas on,
// electra.CurrentSyncCommitteeGindexAtSlot before.
func CurrentSyncCommitteeGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isGloasAtSlot(s, slot) {
		return CurrentSyncCommitteeGindex
	}
	return electra.CurrentSyncCommitteeGindexAtSlot(s, slot)
}

// NextSyncCommitteeGindexAtSlot returns the generalized index of the next
// sync committee in the state at slot, on the network of schedule s: the
// specification's next_sync_committee_gindex_at_slot,
// NextSyncCommitteeGindex (2946) from Gloas on,
// electra.NextSyncCommitteeGindexAtSlot before.
func NextSyncCommitteeGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isGloasAtSlot(s, slot) {
		return NextSyncCommitteeGindex
	}
	return electra.NextSyncCommitteeGindexAtSlot(s, slot)
}

// isGloasAtSlot reports whether compute_epoch_at_slot(slot) >=
// GLOAS_FORK_EPOCH on the network of s.
func isGloasAtSlot(s *forks.Schedule, slot Slot) bool {
	return s.AtSlot(uint64(slot)) >= forks.NameGloas
}

// BlockToLightClientHeader returns the light-client header of a block: the
// specification's block_to_light_client_header
// (specs/gloas/light-client/full-node.md), of the block's message. Gloas'
// header holds, in the place of the execution payload header, the block
// hash the block's execution payload bid builds on (its parent block
// hash), and the execution branch proving it against the body root at
// ExecutionBlockHashGindex.
func BlockToLightClientHeader(block *BeaconBlock) (LightClientHeader, error) {
	body := block.Body()
	branch, err := ExecutionBranch(body)
	if err != nil {
		return LightClientHeader{}, err
	}
	return LightClientHeader{
		Beacon:             BeaconBlockHeaderOf(block),
		ExecutionBlockHash: body.SignedExecutionPayloadBid().Message().ParentBlockHash(),
		ExecutionBranch:    branch,
	}, nil
}

// The builders below are those of specs/altair/light-client/full-node.md,
// with Gloas' block_to_light_client_header, for Gloas' blocks and states:
// the branches are of Gloas' progressive state, at the indices
// finalized_root_gindex_at_slot and the others give at a Gloas slot. They
// take a block's message, the BeaconBlock, where the specification takes
// the SignedBeaconBlock and reads its message only; the checks of the fork
// epoch are those of the types. Around the fork, the finalized block of an
// update may be a Fulu block, whose header the specification upgrades
// (specs/gloas/light-client/fork.md): pass nil for it and set the
// finalized header and finality branch on the update.

// lightClient is Gloas' light-client data, for the builders of package
// lightclient.
var lightClient = lightclient.NewFork("gloas", BlockToLightClientHeader,
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
// update, its fields but the next sync committee's: the specification's
// create_light_client_finality_update.
func CreateLightClientFinalityUpdate(update *LightClientUpdate) *LightClientFinalityUpdate {
	return lightclient.CreateFinalityUpdate(update, NewLightClientFinalityUpdate(update.Spec()))
}

// CreateLightClientOptimisticUpdate returns the
// LightClientOptimisticUpdate of update, its attested header and sync
// aggregate: the specification's create_light_client_optimistic_update.
func CreateLightClientOptimisticUpdate(update *LightClientUpdate) *LightClientOptimisticUpdate {
	return lightclient.CreateOptimisticUpdate(update, NewLightClientOptimisticUpdate(update.Spec()))
}
