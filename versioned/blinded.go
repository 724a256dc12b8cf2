package versioned

import (
	"fmt"

	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
)

// newBlindedTypes returns the forkTypes of the blinded blocks of a fork,
// of which only the functions of blocks are set: they take the *Spec of
// the fork's package, as its forkTypes in types do.
func newBlindedTypes[P any,
	B interface {
		blockView
		Copy() B
	},
	SB interface {
		signedView
		Copy() SB
		Message() B
	}](
	newBlock func(P) B, decodeBlock func(P, []byte) (B, error),
	newSigned func(P) SB, decodeSigned func(P, []byte) (SB, error),
) forkTypes {
	return forkTypes{
		newBlock: func(s any) blockView { return newBlock(s.(P)) },
		decodeBlock: func(s any, b []byte) (blockView, error) {
			v, err := decodeBlock(s.(P), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		copyBlock: func(v blockView) blockView { return v.(B).Copy() },
		newSigned: func(s any) signedView { return newSigned(s.(P)) },
		decodeSigned: func(s any, b []byte) (signedView, error) {
			v, err := decodeSigned(s.(P), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		copySigned: func(v signedView) signedView { return v.(SB).Copy() },
		message:    func(v signedView) blockView { return v.(SB).Message() },
	}
}

// blindedTypes are the forkTypes of the blinded blocks, by forks.Name,
// from Bellatrix on (the builder specifications': the beacon API's
// blinded blocks); those of the forks before are zero.
var blindedTypes = [...]forkTypes{
	forks.NameBellatrix: newBlindedTypes(
		bellatrix.NewBlindedBeaconBlock, bellatrix.DecodeBlindedBeaconBlock,
		bellatrix.NewSignedBlindedBeaconBlock, bellatrix.DecodeSignedBlindedBeaconBlock),
	forks.NameCapella: newBlindedTypes(
		capella.NewBlindedBeaconBlock, capella.DecodeBlindedBeaconBlock,
		capella.NewSignedBlindedBeaconBlock, capella.DecodeSignedBlindedBeaconBlock),
	forks.NameDeneb: newBlindedTypes(
		deneb.NewBlindedBeaconBlock, deneb.DecodeBlindedBeaconBlock,
		deneb.NewSignedBlindedBeaconBlock, deneb.DecodeSignedBlindedBeaconBlock),
	forks.NameElectra: newBlindedTypes(
		electra.NewBlindedBeaconBlock, electra.DecodeBlindedBeaconBlock,
		electra.NewSignedBlindedBeaconBlock, electra.DecodeSignedBlindedBeaconBlock),
	forks.NameFulu: newBlindedTypes(
		fulu.NewBlindedBeaconBlock, fulu.DecodeBlindedBeaconBlock,
		fulu.NewSignedBlindedBeaconBlock, fulu.DecodeSignedBlindedBeaconBlock),
}

// tableOf returns the forkTypes of the blocks of fork, blinded or not.
func tableOf(fork forks.Name, blinded bool) *forkTypes {
	if blinded {
		return &blindedTypes[fork]
	}
	return &types[fork]
}

// blindedOf returns the forkTypes of the blinded blocks of fork and the
// fork package's *Spec of preset, or an error for a fork before
// Bellatrix, which has none, or a fork or preset the package does not
// have.
func blindedOf(fork forks.Name, preset *def.Preset) (*forkTypes, any, error) {
	_, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, nil, err
	}
	if fork < forks.NameBellatrix || int(fork) >= len(blindedTypes) {
		// Gloas has none: its block body holds the bid, not the payload.
		return nil, nil, fmt.Errorf("versioned: %v has no blinded blocks: %w", fork, forks.ErrUnknownFork)
	}
	return &blindedTypes[fork], spec, nil
}

// DecodeBlindedBlock returns the BlindedBeaconBlock serialized in b, of
// fork (Bellatrix or later) and preset: the block a builder's proposer
// signs, whose body holds the header of the execution payload. Its root
// is that of the full block.
func DecodeBlindedBlock(fork forks.Name, preset *def.Preset, b []byte) (*Block, error) {
	t, spec, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeBlock(spec, b)
	if err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeBlindedBlockJSON returns the BlindedBeaconBlock of fork and preset
// in data, its JSON in the beacon-API format.
func DecodeBlindedBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*Block, error) {
	t, spec, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newBlock(spec)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeSignedBlindedBlock returns the SignedBlindedBeaconBlock serialized
// in b, of fork (Bellatrix or later) and preset.
func DecodeSignedBlindedBlock(fork forks.Name, preset *def.Preset, b []byte) (*SignedBlock, error) {
	t, spec, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeSigned(spec, b)
	if err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeSignedBlindedBlockJSON returns the SignedBlindedBeaconBlock of
// fork and preset in data, its JSON in the beacon-API format.
func DecodeSignedBlindedBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*SignedBlock, error) {
	t, spec, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newSigned(spec)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, blinded: true, v: v}, nil
}
