package electra

import (
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/forks/lightclient"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The generalized indices of the light-client proofs into Electra's
// BeaconState and BeaconBlockBody
// (specs/electra/light-client/sync-protocol.md: the state has more than 32
// fields, and its indices one level more than Deneb's), computed from the
// schema as the specification computes them, with get_generalized_index.
// They are the same in every preset, and equal to the constants of package
// forks (forks.FinalizedRootIndexElectra...), which size the branches.
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
	// ExecutionPayloadGindex is EXECUTION_PAYLOAD_GINDEX (25):
	// get_generalized_index(BeaconBlockBody, 'execution_payload').
	ExecutionPayloadGindex = lightClientGindex("BeaconBlockBody", "execution_payload")
)

func lightClientGindex(container, path string) tree.Gindex {
	return forkcode.Gindex(Mainnet.Type(container), path)
}

// The branches below are the specification's compute_merkle_proof of a
// state or block body at a light-client index: the roots of the siblings on
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

// ExecutionBranch returns the proof of body's execution_payload against
// body's hash tree root: the execution_branch of a LightClientHeader.
func ExecutionBranch(body *BeaconBlockBody) ([forks.ExecutionPayloadDepth]Bytes32, error) {
	var b [forks.ExecutionPayloadDepth]Bytes32
	return b, proveInto(body.View(), ExecutionPayloadGindex, b[:])
}

// proveInto writes the branch of the node at g of v's tree to dst, which
// has room for exactly its length.
func proveInto(v view.View, g tree.Gindex, dst []Bytes32) error {
	return forkcode.Branch("electra", v, g, dst)
}

// The indices by slot of specs/electra/light-client/sync-protocol.md
// ("Modified finalized_root_gindex_at_slot"...): a light client that runs
// across the Electra fork reads proofs into states of both depths, and
// takes each proof's index from the slot of the state it proves against,
// with the network's ELECTRA_FORK_EPOCH from its schedule. Fulu keeps
// Electra's indices.

// FinalizedRootGindexAtSlot returns the generalized index of the finalized
// checkpoint's root in the state at slot, on the network of schedule s:
// the specification's finalized_root_gindex_at_slot, FinalizedRootGindex
// (FINALIZED_ROOT_GINDEX_ELECTRA, 169) from s's Electra fork epoch on,
// deneb.FinalizedRootGindex (FINALIZED_ROOT_GINDEX, 105) before it or when
// s has not scheduled Electra.
func FinalizedRootGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isElectraAtSlot(s, slot) {
		return FinalizedRootGindex
	}
	return deneb.FinalizedRootGindex
}

// CurrentSyncCommitteeGindexAtSlot returns the generalized index of the
// current sync committee in the state at slot, on the network of schedule
// s: the specification's current_sync_committee_gindex_at_slot,
// CurrentSyncCommitteeGindex (86) from Electra on,
// deneb.CurrentSyncCommitteeGindex (54) before.
func CurrentSyncCommitteeGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isElectraAtSlot(s, slot) {
		return CurrentSyncCommitteeGindex
	}
	return deneb.CurrentSyncCommitteeGindex
}

// NextSyncCommitteeGindexAtSlot returns the generalized index of the next
// sync committee in the state at slot, on the network of schedule s: the
// specification's next_sync_committee_gindex_at_slot,
// NextSyncCommitteeGindex (87) from Electra on,
// deneb.NextSyncCommitteeGindex (55) before.
func NextSyncCommitteeGindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if isElectraAtSlot(s, slot) {
		return NextSyncCommitteeGindex
	}
	return deneb.NextSyncCommitteeGindex
}

// isElectraAtSlot reports whether compute_epoch_at_slot(slot) >=
// ELECTRA_FORK_EPOCH on the network of s.
func isElectraAtSlot(s *forks.Schedule, slot Slot) bool {
	return s.AtSlot(uint64(slot)) >= forks.NameElectra
}

// A branch of a Deneb state is one root shorter than an Electra branch of
// the same field. An Electra light client takes Deneb's light-client data
// with its branches normalized (specs/electra/light-client/fork.md,
// upgrade_lc_update_to_electra...): padded at their start with zero roots
// to Electra's length, which VerifyNormalizedBranch reads at the index of
// the slot.

// NormalizeFinalityBranch returns a Deneb finality branch with Electra's
// length: normalize_merkle_branch(branch, FINALIZED_ROOT_GINDEX_ELECTRA).
func NormalizeFinalityBranch(branch [forks.FinalizedRootDepth]Bytes32) [forks.FinalizedRootDepthElectra]Bytes32 {
	var b [forks.FinalizedRootDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], FinalizedRootGindex, b[:]))
	return b
}

// NormalizeCurrentSyncCommitteeBranch returns a Deneb current sync
// committee branch with Electra's length:
// normalize_merkle_branch(branch, CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA).
func NormalizeCurrentSyncCommitteeBranch(branch [forks.CurrentSyncCommitteeDepth]Bytes32) [forks.CurrentSyncCommitteeDepthElectra]Bytes32 {
	var b [forks.CurrentSyncCommitteeDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], CurrentSyncCommitteeGindex, b[:]))
	return b
}

// NormalizeNextSyncCommitteeBranch returns a Deneb next sync committee
// branch with Electra's length: normalize_merkle_branch(branch,
// NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA).
func NormalizeNextSyncCommitteeBranch(branch [forks.NextSyncCommitteeDepth]Bytes32) [forks.NextSyncCommitteeDepthElectra]Bytes32 {
	var b [forks.NextSyncCommitteeDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], NextSyncCommitteeGindex, b[:]))
	return b
}

// VerifyNormalizedBranch reports whether branch, normalized to at least
// the depth of g, proves leaf at g against root: the specification's
// is_valid_normalized_merkle_branch, which a light client calls with the
// index of the slot (FinalizedRootGindexAtSlot...) and a branch of
// Electra's length.
func VerifyNormalizedBranch(leaf [32]byte, branch []Bytes32, g tree.Gindex, root Root) bool {
	return forkcode.VerifyNormalizedBranch(leaf, branch, g, root)
}

// BlockToLightClientHeader returns the light-client header of a block: the
// specification's block_to_light_client_header
// (specs/deneb/light-client/full-node.md, which Electra keeps; the header
// is Deneb's), of the block's message. It holds the block's header, the header of its execution payload
// and the execution branch proving that payload against the body root.
func BlockToLightClientHeader(block *BeaconBlock) (*LightClientHeader, error) {
	body := block.Body()
	exec, err := ExecutionPayloadHeaderOf(body.ExecutionPayload())
	if err != nil {
		return nil, err
	}
	branch, err := ExecutionBranch(body)
	if err != nil {
		return nil, err
	}
	h := NewLightClientHeader(block.Spec())
	h.SetBeacon(BeaconBlockHeaderOf(block))
	h.SetExecution(exec)
	h.SetExecutionBranch(branch)
	return h, nil
}

// The builders below are those of specs/altair/light-client/full-node.md,
// with Deneb's block_to_light_client_header (Electra has no full-node.md
// of its own), for Electra's blocks and states: the branches are of
// Electra's deeper state, at the indices finalized_root_gindex_at_slot and
// the others give at an Electra slot. They take a block's message, the
// BeaconBlock, where the specification takes the SignedBeaconBlock and
// reads its message only; the checks of the fork epoch are those of the
// types.

// lightClient is Electra's light-client data, for the builders of package
// lightclient.
var lightClient = lightclient.NewFork("electra", BlockToLightClientHeader,
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
