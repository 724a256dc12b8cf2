package gloas

// BeaconBlockHeaderOf returns the header of block: its slot, proposer,
// parent and state roots, and the hash tree root of its body (a
// progressive container in Gloas), as process_block_header
// (specs/phase0/beacon-chain.md) stores it in the state's
// latest_block_header. The header has the root of the block.
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
// well, the two having the same root.
func SignedBeaconBlockHeaderOf(signed *SignedBeaconBlock) SignedBeaconBlockHeader {
	return SignedBeaconBlockHeader{Message: BeaconBlockHeaderOf(signed.Message()), Signature: signed.Signature()}
}
