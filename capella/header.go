package capella

import "github.com/ssztree/ssztree/forks/forkcode"

// BeaconBlockHeaderOf returns the header of block: its slot, proposer,
// parent and state roots, and the hash tree root of its body, as
// process_block_header (specs/phase0/beacon-chain.md) stores it in the
// state's latest_block_header. The header has the root of the block.
func BeaconBlockHeaderOf(block *BeaconBlock) BeaconBlockHeader {
	return BeaconBlockHeader{
		Slot:          block.Slot(),
		ProposerIndex: block.ProposerIndex(),
		ParentRoot:    block.ParentRoot(),
		StateRoot:     block.StateRoot(),
		BodyRoot:      block.Body().HashTreeRoot(),
	}
}

// SignedBeaconBlockHeaderOf returns the signed header of signed: the
// header of its message, with its signature, which signs the header as
// well, the two having the same root (a proposer slashing holds two such
// headers).
func SignedBeaconBlockHeaderOf(signed *SignedBeaconBlock) SignedBeaconBlockHeader {
	return SignedBeaconBlockHeader{Message: BeaconBlockHeaderOf(signed.Message()), Signature: signed.Signature()}
}

// ExecutionPayloadHeaderOf returns the header of an execution payload: its
// fields, with the lists (transactions, withdrawals) replaced by their
// hash tree roots, as process_execution_payload
// (specs/capella/beacon-chain.md) stores it in the state's
// latest_execution_payload_header. The header shares the payload's field
// trees, and has the payload's root.
func ExecutionPayloadHeaderOf(payload *ExecutionPayload) (*ExecutionPayloadHeader, error) {
	spec := payload.Spec()
	h, err := forkcode.Summary("capella", payload.View(), spec.schemas.ExecutionPayloadHeader)
	if err != nil {
		return nil, err
	}
	return wrapExecutionPayloadHeader(spec, h), nil
}
