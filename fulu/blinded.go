package fulu

import "github.com/ssztree/ssztree/electra"

// Fulu's blocks and blinded blocks are Electra's: the functions below are
// electra's, under the names every fork's package gives them.

// Blind returns the blinded block of block: electra.Blind.
func Blind(block *BeaconBlock) (*BlindedBeaconBlock, error) { return electra.Blind(block) }

// BlindSigned returns the signed blinded block of signed:
// electra.BlindSigned.
func BlindSigned(signed *SignedBeaconBlock) (*SignedBlindedBeaconBlock, error) {
	return electra.BlindSigned(signed)
}

// Unblind returns the block whose blinded block is blinded, given its
// execution payload: electra.Unblind.
func Unblind(blinded *BlindedBeaconBlock, payload *ExecutionPayload) (*BeaconBlock, error) {
	return electra.Unblind(blinded, payload)
}

// UnblindSigned returns the signed block whose signed blinded block is
// signed, given its execution payload: electra.UnblindSigned.
func UnblindSigned(signed *SignedBlindedBeaconBlock, payload *ExecutionPayload) (*SignedBeaconBlock, error) {
	return electra.UnblindSigned(signed, payload)
}
