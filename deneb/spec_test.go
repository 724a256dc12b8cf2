package deneb_test

import (
	"errors"
	"maps"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that deneb.NewSpec takes a preset as capella.NewSpec
// does, and shares package capella's presets.
func TestNewSpec(t *testing.T) {
	if deneb.Mainnet.Capella != capella.Mainnet || deneb.Minimal.Capella != capella.Minimal {
		t.Error("deneb's presets do not share capella's")
	}
	s, err := deneb.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Capella != capella.Minimal || s.Preset != forks.Minimal {
		t.Errorf("NewSpec(forks.Minimal): Capella %p, preset %s", s.Capella, s.Preset.Name)
	}
	if s.Type("BeaconState") != deneb.Minimal.Type("BeaconState") {
		t.Error("NewSpec(forks.Minimal) resolved other types than deneb.Minimal")
	}
	if _, err := deneb.NewSpec(nil); err == nil {
		t.Error("NewSpec(nil): no error")
	}

	// Another preset gets Capella and phase0 types of its own, of that
	// preset, for the types Deneb takes from them.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["MAX_BLOB_COMMITMENTS_PER_BLOCK"] = 8
	p.Values["SLOTS_PER_HISTORICAL_ROOT"] = 16
	s, err = deneb.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Capella == nil || s.Capella.Preset != p || s.Capella.Phase0.Preset != p {
		t.Fatalf("NewSpec(custom): Capella %+v", s.Capella)
	}
	body := deneb.NewBeaconBlockBody(s)
	for i := range 8 {
		if err := body.BlobKZGCommitments().Append(deneb.KZGCommitment{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := body.BlobKZGCommitments().Append(deneb.KZGCommitment{}); err == nil {
		t.Error("custom preset: a 9th blob commitment appended to a list of limit 8")
	}
	if got, want := deneb.NewHistoricalBatch(s).BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: phase0's HistoricalBatch has %d block roots, want %d", got, want)
	}
	// A value of a type Deneb takes from Capella is Capella's.
	var _ *capella.HistoricalSummary = new(deneb.HistoricalSummary)
	var _ *phase0.Attestation = deneb.NewAttestation(s)
}

// TestDecodeErrors checks that decoding bad bytes is an error, not a
// panic, and that a nil *Spec is reported as ErrNilSpec.
func TestDecodeErrors(t *testing.T) {
	if _, err := deneb.DecodeBlobSidecar(deneb.Mainnet, make([]byte, 100)); err == nil {
		t.Error("DecodeBlobSidecar of 100 bytes: no error")
	}
	if _, err := deneb.DecodeBeaconState(nil, nil); !errors.Is(err, deneb.ErrNilSpec) || !errors.Is(err, phase0.ErrNilSpec) {
		t.Errorf("DecodeBeaconState(nil, nil): %v, want ErrNilSpec", err)
	}
}

// TestEarlierSpecs checks that a Spec holds the Spec of every earlier fork
// of its preset, those of the packages for mainnet and minimal.
func TestEarlierSpecs(t *testing.T) {
	for _, s := range []*deneb.Spec{deneb.Mainnet, deneb.Minimal} {
		c := s.Capella
		if s.Phase0 != c.Phase0 || s.Altair != c.Altair || s.Bellatrix != c.Bellatrix || s.Phase0 == nil || s.Altair == nil || s.Bellatrix == nil {
			t.Errorf("%s: the earlier forks' Specs are not Capella's", s.Preset.Name)
		}
	}
}
