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
// of which only the functions of blocks are set.
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
	mainnet, minimal P,
	newBlock func(P) B, decodeBlock func(P, []byte) (B, error),
	newSigned func(P) SB, decodeSigned func(P, []byte) (SB, error),
) forkTypes {
	spec := func(min bool) P {
		if min {
			return minimal
		}
		return mainnet
	}
	return forkTypes{
		newBlock: func(min bool) blockView { return newBlock(spec(min)) },
		decodeBlock: func(min bool, b []byte) (blockView, error) {
			v, err := decodeBlock(spec(min), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		copyBlock: func(v blockView) blockView { return v.(B).Copy() },
		newSigned: func(min bool) signedView { return newSigned(spec(min)) },
		decodeSigned: func(min bool, b []byte) (signedView, error) {
			v, err := decodeSigned(spec(min), b)
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
	forks.NameBellatrix: newBlindedTypes(bellatrix.Mainnet, bellatrix.Minimal,
		bellatrix.NewBlindedBeaconBlock, bellatrix.DecodeBlindedBeaconBlock,
		bellatrix.NewSignedBlindedBeaconBlock, bellatrix.DecodeSignedBlindedBeaconBlock),
	forks.NameCapella: newBlindedTypes(capella.Mainnet, capella.Minimal,
		capella.NewBlindedBeaconBlock, capella.DecodeBlindedBeaconBlock,
		capella.NewSignedBlindedBeaconBlock, capella.DecodeSignedBlindedBeaconBlock),
	forks.NameDeneb: newBlindedTypes(deneb.Mainnet, deneb.Minimal,
		deneb.NewBlindedBeaconBlock, deneb.DecodeBlindedBeaconBlock,
		deneb.NewSignedBlindedBeaconBlock, deneb.DecodeSignedBlindedBeaconBlock),
	forks.NameElectra: newBlindedTypes(electra.Mainnet, electra.Minimal,
		electra.NewBlindedBeaconBlock, electra.DecodeBlindedBeaconBlock,
		electra.NewSignedBlindedBeaconBlock, electra.DecodeSignedBlindedBeaconBlock),
	forks.NameFulu: newBlindedTypes(fulu.Mainnet, fulu.Minimal,
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

// blindedOf returns the forkTypes of the blinded blocks of fork and
// whether preset is the minimal one, or an error for a fork before
// Bellatrix, which has none, or a fork or preset the package does not
// have.
func blindedOf(fork forks.Name, preset *def.Preset) (*forkTypes, bool, error) {
	_, minimal, err := typesOf(fork, preset)
	if err != nil {
		return nil, false, err
	}
	if fork < forks.NameBellatrix || int(fork) >= len(blindedTypes) {
		// Gloas has none: its block body holds the bid, not the payload.
		return nil, false, fmt.Errorf("versioned: %v has no blinded blocks: %w", fork, forks.ErrUnknownFork)
	}
	return &blindedTypes[fork], minimal, nil
}

// DecodeBlindedBlock returns the BlindedBeaconBlock serialized in b, of
// fork (Bellatrix or later) and preset: the block a builder's proposer
// signs, whose body holds the header of the execution payload. Its root
// is that of the full block.
func DecodeBlindedBlock(fork forks.Name, preset *def.Preset, b []byte) (*Block, error) {
	t, minimal, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeBlock(minimal, b)
	if err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeBlindedBlockJSON returns the BlindedBeaconBlock of fork and preset
// in data, its JSON in the beacon-API format.
func DecodeBlindedBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*Block, error) {
	t, minimal, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newBlock(minimal)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeSignedBlindedBlock returns the SignedBlindedBeaconBlock serialized
// in b, of fork (Bellatrix or later) and preset.
func DecodeSignedBlindedBlock(fork forks.Name, preset *def.Preset, b []byte) (*SignedBlock, error) {
	t, minimal, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeSigned(minimal, b)
	if err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, blinded: true, v: v}, nil
}

// DecodeSignedBlindedBlockJSON returns the SignedBlindedBeaconBlock of
// fork and preset in data, its JSON in the beacon-API format.
func DecodeSignedBlindedBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*SignedBlock, error) {
	t, minimal, err := blindedOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newSigned(minimal)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, blinded: true, v: v}, nil
}
