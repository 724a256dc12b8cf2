package fulu

import "github.com/ssztree/ssztree/electra"

// BeaconBlockHeaderOf returns the header of block:
// electra.BeaconBlockHeaderOf, Fulu's blocks being Electra's.
func BeaconBlockHeaderOf(block *BeaconBlock) BeaconBlockHeader {
	return electra.BeaconBlockHeaderOf(block)
}

// SignedBeaconBlockHeaderOf returns the signed header of signed:
// electra.SignedBeaconBlockHeaderOf, Fulu's blocks being Electra's.
func SignedBeaconBlockHeaderOf(signed *SignedBeaconBlock) SignedBeaconBlockHeader {
	return electra.SignedBeaconBlockHeaderOf(signed)
}

// ExecutionPayloadHeaderOf returns the header of an execution payload:
// electra.ExecutionPayloadHeaderOf, Fulu's payloads being Electra's, and
// Deneb's.
func ExecutionPayloadHeaderOf(payload *ExecutionPayload) (*ExecutionPayloadHeader, error) {
	return electra.ExecutionPayloadHeaderOf(payload)
}
