package capella

import (
	"fmt"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/internal/forkcode"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The generalized indices of the light-client proofs
// (specs/altair/light-client/sync-protocol.md and
// specs/capella/light-client/sync-protocol.md), computed from the schema as
// the specification computes them, with get_generalized_index. They are the
// same in every preset, and equal to the constants of package forks
// (forks.FinalizedRootIndex...), which size the branches.
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
// takes them. They are read off the value's tree (see tree.Prove): the cost
// is a few levels of a hashed tree, whatever the size of the state.

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

// ExecutionBranch returns the proof of body's execution_payload against
// body's hash tree root: the execution_branch of a LightClientHeader.
func ExecutionBranch(body *BeaconBlockBody) ([forks.ExecutionPayloadDepth]Bytes32, error) {
	var b [forks.ExecutionPayloadDepth]Bytes32
	return b, proveInto(body.View(), ExecutionPayloadGindex, b[:])
}

// proveInto writes the branch of the node at g of v's tree to dst, which
// has room for exactly its length.
func proveInto(v view.View, g tree.Gindex, dst []Bytes32) error {
	return forkcode.Branch("capella", v, g, dst)
}

// BlockToLightClientHeader returns the light-client header of a block: the
// specification's block_to_light_client_header (Capella), of the block's
// message. It holds the block's header, the header of its execution payload
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
	h.SetBeacon(BeaconBlockHeader{
		Slot:          block.Slot(),
		ProposerIndex: block.ProposerIndex(),
		ParentRoot:    block.ParentRoot(),
		StateRoot:     block.StateRoot(),
		BodyRoot:      body.HashTreeRoot(),
	})
	h.SetExecution(exec)
	h.SetExecutionBranch(branch)
	return h, nil
}

// CreateLightClientBootstrap returns the LightClientBootstrap of a block
// and its post state: the specification's create_light_client_bootstrap, of
// the block's message. It checks, as the specification asserts, that st is
// the block's post state: st's latest block header, with st's root as its
// state root, is the block's header.
func CreateLightClientBootstrap(st *BeaconState, block *BeaconBlock) (*LightClientBootstrap, error) {
	header := st.LatestBlockHeader()
	if st.Slot() != header.Slot {
		return nil, fmt.Errorf("capella: state at slot %d has a latest block header of slot %d", st.Slot(), header.Slot)
	}
	header.StateRoot = st.HashTreeRoot()
	if header.HashTreeRoot() != block.HashTreeRoot() {
		return nil, fmt.Errorf("capella: the block is not the one whose post state is the state")
	}
	lc, err := BlockToLightClientHeader(block)
	if err != nil {
		return nil, err
	}
	branch, err := CurrentSyncCommitteeBranch(st)
	if err != nil {
		return nil, err
	}
	b := NewLightClientBootstrap(st.Spec())
	b.SetHeader(lc)
	b.SetCurrentSyncCommittee(st.CurrentSyncCommittee())
	b.SetCurrentSyncCommitteeBranch(branch)
	return b, nil
}
