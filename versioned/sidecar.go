package versioned

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
)

// DecodeBlobSidecar returns the BlobSidecar serialized in b, of fork and
// preset. Deneb, Electra, Fulu and Gloas share the type (electra.BlobSidecar and
// fulu.BlobSidecar are deneb.BlobSidecar); a fork before Deneb has none,
// an error wrapping forks.ErrUnknownFork.
func DecodeBlobSidecar(fork forks.Name, preset *def.Preset, b []byte) (*deneb.BlobSidecar, error) {
	spec, err := blobSpec(fork, preset)
	if err != nil {
		return nil, err
	}
	return deneb.DecodeBlobSidecar(spec, b)
}

// DecodeBlobSidecarJSON returns the BlobSidecar of fork and preset in
// data, its JSON in the beacon-API format.
func DecodeBlobSidecarJSON(fork forks.Name, preset *def.Preset, data []byte) (*deneb.BlobSidecar, error) {
	spec, err := blobSpec(fork, preset)
	if err != nil {
		return nil, err
	}
	sc := deneb.NewBlobSidecar(spec)
	if err := sc.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return sc, nil
}

// blobSpec returns the Deneb types of preset, those of the blob sidecars
// of fork.
func blobSpec(fork forks.Name, preset *def.Preset) (*deneb.Spec, error) {
	if !fork.Valid() {
		return nil, fmt.Errorf("versioned: %w: %v", forks.ErrUnknownFork, fork)
	} else if fork < forks.NameDeneb {
		return nil, fmt.Errorf("versioned: %v has no BlobSidecar: %w", fork, forks.ErrUnknownFork)
	}
	spec, err := specOf(forks.NameDeneb, preset)
	if err != nil {
		return nil, err
	}
	return spec.(*deneb.Spec), nil
}

// DecodeDataColumnSidecar returns the DataColumnSidecar serialized in b, of
// fork and preset: Fulu's; a fork before Fulu has none, and Gloas' is of
// another type (gloas.DataColumnSidecar), an error wrapping
// forks.ErrUnknownFork.
func DecodeDataColumnSidecar(fork forks.Name, preset *def.Preset, b []byte) (*fulu.DataColumnSidecar, error) {
	spec, err := columnSpec(fork, preset)
	if err != nil {
		return nil, err
	}
	return fulu.DecodeDataColumnSidecar(spec, b)
}

// DecodeDataColumnSidecarJSON returns the DataColumnSidecar of fork and
// preset in data, its JSON in the beacon-API format.
func DecodeDataColumnSidecarJSON(fork forks.Name, preset *def.Preset, data []byte) (*fulu.DataColumnSidecar, error) {
	spec, err := columnSpec(fork, preset)
	if err != nil {
		return nil, err
	}
	sc := fulu.NewDataColumnSidecar(spec)
	if err := sc.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return sc, nil
}

// columnSpec returns the Fulu types of preset, those of the data column
// sidecars of fork.
func columnSpec(fork forks.Name, preset *def.Preset) (*fulu.Spec, error) {
	if !fork.Valid() {
		return nil, fmt.Errorf("versioned: %w: %v", forks.ErrUnknownFork, fork)
	} else if fork < forks.NameFulu {
		return nil, fmt.Errorf("versioned: %v has no DataColumnSidecar: %w", fork, forks.ErrUnknownFork)
	} else if fork > forks.NameFulu {
		// Gloas' sidecar, without the commitments and their proof, is
		// another type.
		return nil, fmt.Errorf("versioned: %v's DataColumnSidecar is not Fulu's: decode it with gloas.DecodeDataColumnSidecar: %w", fork, forks.ErrUnknownFork)
	}
	spec, err := specOf(forks.NameFulu, preset)
	if err != nil {
		return nil, err
	}
	return spec.(*fulu.Spec), nil
}
