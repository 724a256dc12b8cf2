package altair_test

import (
	"maps"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that altair.NewSpec takes a preset as phase0.NewSpec
// does, and shares package phase0's presets.
func TestNewSpec(t *testing.T) {
	if altair.Mainnet.Phase0 != phase0.Mainnet || altair.Minimal.Phase0 != phase0.Minimal {
		t.Error("altair's presets do not share phase0's")
	}
	s, err := altair.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 != phase0.Minimal || s.Preset != forks.Minimal || s.Type("BeaconState") != altair.Minimal.Type("BeaconState") {
		t.Errorf("NewSpec(forks.Minimal): Phase0 %p, preset %s, or other types than altair.Minimal", s.Phase0, s.Preset.Name)
	}
	// A view Altair takes from phase0 belongs to phase0's Spec, and has
	// phase0's schema type.
	att := altair.NewAttestation(altair.Minimal)
	if att.Spec() != phase0.Minimal || att.View().Type() != altair.Minimal.Type("Attestation") {
		t.Error("altair.NewAttestation is not phase0's Attestation of the same preset")
	}

	// Another preset gets phase0 types of its own, of that preset.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["SLOTS_PER_HISTORICAL_ROOT"] = 16
	p.Values["SYNC_COMMITTEE_SIZE"] = 16
	s, err = altair.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 == nil || s.Phase0.Preset != p {
		t.Fatalf("NewSpec(custom): Phase0 %+v", s.Phase0)
	}
	st := altair.NewBeaconState(s)
	if got, want := st.BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: %d block roots, want %d", got, want)
	}
	if got, want := st.NextSyncCommittee().Pubkeys().Len(), 16; got != want {
		t.Errorf("custom preset: the next sync committee has %d keys, want %d", got, want)
	}
	if got, want := altair.NewHistoricalBatch(s).StateRoots().Len(), 16; got != want {
		t.Errorf("custom preset: phase0's HistoricalBatch has %d state roots, want %d", got, want)
	}

	if _, err := altair.NewSpec(nil); err == nil {
		t.Error("NewSpec(nil): no error")
	}
	// A preset that lacks a parameter of Altair's types is an error.
	short := &def.Preset{Name: "short", Values: maps.Clone(forks.Minimal.Values)}
	delete(short.Values, "SYNC_COMMITTEE_SIZE")
	if _, err := altair.NewSpec(short); err == nil {
		t.Error("NewSpec of a preset without SYNC_COMMITTEE_SIZE: no error")
	}
}
