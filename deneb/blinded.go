package deneb

import (
	"fmt"

	"github.com/ssztree/ssztree/forks/forkcode"
)

// A blinded block (BlindedBeaconBlock, of the builder and beacon APIs) is
// a block with the header of its execution payload in the place of the
// payload: a header has the root of its payload, so the blinded block has
// the root of the block, and a proposer who signs one signs the other.

// Blind returns the blinded block of block. It shares block's trees: the
// cost is the hashing of the payload's lists, whose roots block keeps.
func Blind(block *BeaconBlock) (*BlindedBeaconBlock, error) {
	spec := block.Spec()
	b, err := forkcode.Summary("deneb", block.View(), spec.schemas.BlindedBeaconBlock)
	if err != nil {
		return nil, err
	}
	return wrapBlindedBeaconBlock(spec, b), nil
}

// BlindSigned returns the signed blinded block of signed: the blinded
// block of its message, with its signature.
func BlindSigned(signed *SignedBeaconBlock) (*SignedBlindedBeaconBlock, error) {
	spec := signed.Spec()
	b, err := forkcode.Summary("deneb", signed.View(), spec.schemas.SignedBlindedBeaconBlock)
	if err != nil {
		return nil, err
	}
	return wrapSignedBlindedBeaconBlock(spec, b), nil
}

// Unblind returns the block whose blinded block is blinded, given its
// execution payload, as a proposer's node does with the payload a builder
// reveals. It fails when payload's header is not blinded's
// execution_payload_header, or payload is of another preset.
func Unblind(blinded *BlindedBeaconBlock, payload *ExecutionPayload) (*BeaconBlock, error) {
	spec := blinded.Spec()
	if err := samePreset(spec, payload); err != nil {
		return nil, err
	}
	b, err := forkcode.Expand("deneb", blinded.View(), spec.schemas.BeaconBlock, payload.View())
	if err != nil {
		return nil, err
	}
	return wrapBeaconBlock(spec, b), nil
}

// UnblindSigned returns the signed block whose signed blinded block is
// signed, given its execution payload: see Unblind. The signature, over
// the blinded block's root, is the block's.
func UnblindSigned(signed *SignedBlindedBeaconBlock, payload *ExecutionPayload) (*SignedBeaconBlock, error) {
	spec := signed.Spec()
	if err := samePreset(spec, payload); err != nil {
		return nil, err
	}
	b, err := forkcode.Expand("deneb", signed.View(), spec.schemas.SignedBeaconBlock, payload.View())
	if err != nil {
		return nil, err
	}
	return wrapSignedBeaconBlock(spec, b), nil
}

// samePreset returns an error unless payload is of the preset of spec.
func samePreset(spec *Spec, payload *ExecutionPayload) error {
	if p := payload.Spec().Preset; p != spec.Preset {
		return fmt.Errorf("deneb: a %s block unblinded with a %s payload", spec.Preset.Name, p.Name)
	}
	return nil
}
