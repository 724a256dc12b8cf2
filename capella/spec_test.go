package capella_test

import (
	"maps"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that capella.NewSpec takes a preset as phase0.NewSpec
// does, and shares package phase0's presets.
func TestNewSpec(t *testing.T) {
	if capella.Mainnet.Phase0 != phase0.Mainnet || capella.Minimal.Phase0 != phase0.Minimal {
		t.Error("capella's presets do not share phase0's")
	}
	s, err := capella.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 != phase0.Minimal || s.Preset != forks.Minimal {
		t.Errorf("NewSpec(forks.Minimal): Phase0 %p, preset %s", s.Phase0, s.Preset.Name)
	}
	if s.Type("BeaconState") != capella.Minimal.Type("BeaconState") {
		t.Error("NewSpec(forks.Minimal) resolved other types than capella.Minimal")
	}

	// Another preset gets phase0 types of its own, of that preset.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["SLOTS_PER_HISTORICAL_ROOT"] = 16
	s, err = capella.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 == nil || s.Phase0.Preset != p {
		t.Fatalf("NewSpec(custom): Phase0 %+v", s.Phase0)
	}
	if got, want := capella.NewBeaconState(s).BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: %d block roots, want %d", got, want)
	}
	if got, want := capella.NewHistoricalBatch(s).BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: phase0's HistoricalBatch has %d block roots, want %d", got, want)
	}

	for _, newSpec := range []func(*def.Preset) error{
		func(p *def.Preset) error { _, err := phase0.NewSpec(p); return err },
		func(p *def.Preset) error { _, err := capella.NewSpec(p); return err },
	} {
		if newSpec(nil) == nil {
			t.Error("NewSpec(nil): no error")
		}
	}
}
