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
		g.newFn("BlindedBeaconBlock,BeaconBlock", "Blind", "block *BeaconBlock", "(*BlindedBeaconBlock, error)", "block", "the blinded block of block", nil),
		g.newFn("SignedBlindedBeaconBlock,SignedBeaconBlock", "BlindSigned", "signed *SignedBeaconBlock", "(*SignedBlindedBeaconBlock, error)", "signed", "the signed blinded block of signed", nil),
		g.newFn("BlindedBeaconBlock,BeaconBlock,ExecutionPayload", "Unblind", "blinded *BlindedBeaconBlock, payload *ExecutionPayload", "(*BeaconBlock, error)", "blinded, payload", "the block whose blinded block is blinded, given its execution payload", nil),
		g.newFn("SignedBlindedBeaconBlock,SignedBeaconBlock,ExecutionPayload", "UnblindSigned", "signed *SignedBlindedBeaconBlock, payload *ExecutionPayload", "(*SignedBeaconBlock, error)", "signed, payload", "the signed block whose signed blinded block is signed, given its execution payload", nil),
	)
}

const blindedTemplates = `
{{define "Blind"}}
// A blinded block (BlindedBeaconBlock, of the builder and beacon APIs) is
// a block with the header of its execution payload in the place of the
// payload: a header has the root of its payload, so the blinded block has
// the root of the block, and a proposer who signs one signs the other.

// Blind returns the blinded block of block. It shares block's trees: the
// cost is the hashing of the payload's lists, whose roots block keeps.
func Blind(block *BeaconBlock) (*BlindedBeaconBlock, error) {
	spec := block.Spec()
	b, err := forkcode.Summary("{{.Pkg}}", block.View(), spec.schemas.BlindedBeaconBlock)
	if err != nil {
		return nil, err
	}
	return wrapBlindedBeaconBlock(spec, b), nil
}
{{end}}

{{define "BlindSigned"}}
// BlindSigned returns the signed blinded block of signed: the blinded
// block of its message, with its signature.
func BlindSigned(signed *SignedBeaconBlock) (*SignedBlindedBeaconBlock, error) {
	spec := signed.Spec()
	b, err := forkcode.Summary("{{.Pkg}}", signed.View(), spec.schemas.SignedBlindedBeaconBlock)
	if err != nil {
		return nil, err
	}
	return wrapSignedBlindedBeaconBlock(spec, b), nil
}
{{end}}

{{define "Unblind"}}
// Unblind returns the block whose blinded block is blinded, given its
// execution payload, as a proposer's node does with the payload a builder
// reveals. It fails when payload's header is not blinded's
// execution_payload_header, or payload is of another preset.
func Unblind(blinded *BlindedBeaconBlock, payload *ExecutionPayload) (*BeaconBlock, error) {
	spec := blinded.Spec()
	if err := forkcode.SamePreset("{{.Pkg}}", spec.Preset, payload.Spec().Preset); err != nil {
		return nil, err
	}
	b, err := forkcode.Expand("{{.Pkg}}", blinded.View(), spec.schemas.BeaconBlock, payload.View())
	if err != nil {
		return nil, err
	}
	return wrapBeaconBlock(spec, b), nil
}
{{end}}

{{define "UnblindSigned"}}
// UnblindSigned returns the signed block whose signed blinded block is
// signed, given its execution payload: see Unblind. The signature, over
// the blinded block's root, is the block's.
func UnblindSigned(signed *SignedBlindedBeaconBlock, payload *ExecutionPayload) (*SignedBeaconBlock, error) {
	spec := signed.Spec()
	if err := forkcode.SamePreset("{{.Pkg}}", spec.Preset, payload.Spec().Preset); err != nil {
		return nil, err
	}
	b, err := forkcode.Expand("{{.Pkg}}", signed.View(), spec.schemas.SignedBeaconBlock, payload.View())
	if err != nil {
		return nil, err
	}
	return wrapSignedBeaconBlock(spec, b), nil
}
{{end}}
`
