package electra_test

import (
	"errors"
	"maps"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that electra.NewSpec takes a preset as deneb.NewSpec
// does, and shares package deneb's presets.
func TestNewSpec(t *testing.T) {
	if electra.Mainnet.Deneb != deneb.Mainnet || electra.Minimal.Deneb != deneb.Minimal {
		t.Error("electra's presets do not share deneb's")
	}
	s, err := electra.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Deneb != deneb.Minimal || s.Type("BeaconState") != electra.Minimal.Type("BeaconState") {
		t.Error("NewSpec(forks.Minimal) resolved other types than electra.Minimal")
	}
	if _, err := electra.NewSpec(nil); err == nil {
		t.Error("NewSpec(nil): no error")
	}

	// Another preset gets the types of the earlier forks of its own.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["MAX_COMMITTEES_PER_SLOT"] = 2
	p.Values["MAX_ATTESTERS_PER_SLOT"] = 2 * p.Values["MAX_VALIDATORS_PER_COMMITTEE"]
	s, err = electra.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Deneb.Preset != p || s.Deneb.Capella.Phase0.Preset != p {
		t.Fatal("NewSpec(custom): the earlier forks' specs are not of the preset")
	}
	if got := electra.NewAttestation(s).CommitteeBits().Len(); got != 2 {
		t.Errorf("custom preset: committee_bits of %d bits, want 2", got)
	}
	// Electra's Attestation is its own; phase0's stays for PendingAttestation.
	var _ *electra.Attestation = electra.NewAttestation(s)
	var _ phase0.PendingAttestation = electra.PendingAttestation{}
}

// TestSingleAttestation checks that a SingleAttestation, a plain struct,
// round-trips through SSZ and rejects bytes of the wrong size.
func TestSingleAttestation(t *testing.T) {
	a := electra.SingleAttestation{CommitteeIndex: 3, AttesterIndex: 77}
	a.Data.Slot = 12
	b, err := a.MarshalSSZ()
	if err != nil || len(b) != 240 {
		t.Fatalf("MarshalSSZ: %d bytes, %v", len(b), err)
	}
	var back electra.SingleAttestation
	if err := back.UnmarshalSSZ(b); err != nil || back != a {
		t.Errorf("UnmarshalSSZ: %+v, %v", back, err)
	}
	if err := back.UnmarshalSSZ(b[1:]); err == nil {
		t.Error("UnmarshalSSZ of 239 bytes: no error")
	}
	if _, err := electra.DecodeBeaconState(nil, nil); !errors.Is(err, electra.ErrNilSpec) {
		t.Errorf("DecodeBeaconState(nil, nil): %v, want ErrNilSpec", err)
	}
}
