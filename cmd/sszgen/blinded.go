package main

// This file writes blinded_gen.go: blinding a fork's blocks and
// unblinding them, in every fork whose definitions have blinded blocks
// (package forks adds them to each block body with an execution
// payload).

// blinded writes Blind, BlindSigned, Unblind and UnblindSigned, if the
// fork has blinded blocks.
func (g *gen) blinded() error {
	if !g.has("BlindedBeaconBlock") {
		return nil
	}
	return g.writeFns(
		g.newFn("BlindedBeaconBlock,BeaconBlock", "Blind", "block *BeaconBlock", "(*BlindedBeaconBlock, error)", "block", "the blinded block of block",
			summaryData{blindDoc, "block", "BlindedBeaconBlock"}).as("summary"),
		g.newFn("SignedBlindedBeaconBlock,SignedBeaconBlock", "BlindSigned", "signed *SignedBeaconBlock", "(*SignedBlindedBeaconBlock, error)", "signed", "the signed blinded block of signed",
			summaryData{blindSignedDoc, "signed", "SignedBlindedBeaconBlock"}).as("summary"),
		g.newFn("BlindedBeaconBlock,BeaconBlock", "Unblind", "blinded *BlindedBeaconBlock, payload *ExecutionPayload", "(*BeaconBlock, error)", "blinded, payload", "the block whose blinded block is blinded, given its execution payload",
			summaryData{unblindDoc, "blinded", "BeaconBlock"}).as("expand"),
		g.newFn("SignedBlindedBeaconBlock,SignedBeaconBlock", "UnblindSigned", "signed *SignedBlindedBeaconBlock, payload *ExecutionPayload", "(*SignedBeaconBlock, error)", "signed, payload", "the signed block whose signed blinded block is signed, given its execution payload",
			summaryData{unblindSignedDoc, "signed", "SignedBeaconBlock"}).as("expand"),
	)
}

// The doc comments of the functions of blinded_gen.go.
const (
	blindDoc = `// A blinded block (BlindedBeaconBlock, of the builder and beacon APIs) is
// a block with the header of its execution payload in the place of the
// payload: a header has the root of its payload, so the blinded block has
// the root of the block, and a proposer who signs one signs the other.

// Blind returns the blinded block of block. It shares block's trees: the
// cost is the hashing of the payload's lists, whose roots block keeps.`
	blindSignedDoc = `// BlindSigned returns the signed blinded block of signed: the blinded
// block of its message, with its signature.`
	unblindDoc = `// Unblind returns the block whose blinded block is blinded, given its
// execution payload, as a proposer's node does with the payload a builder
// reveals. It fails when payload's header is not blinded's
// execution_payload_header, or payload is of another preset.`
	unblindSignedDoc = `// UnblindSigned returns the signed block whose signed blinded block is
// signed, given its execution payload: see Unblind. The signature, over
// the blinded block's root, is the block's.`
)
