package capella_test

import (
	"maps"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that capella.NewSpec takes a preset as phase0.NewSpec
// does, and shares the presets of the earlier forks' packages.
func TestNewSpec(t *testing.T) {
	for _, tt := range []struct {
		s *capella.Spec
		b *bellatrix.Spec
		a *altair.Spec
		p *phase0.Spec
	}{
		{capella.Mainnet, bellatrix.Mainnet, altair.Mainnet, phase0.Mainnet},
		{capella.Minimal, bellatrix.Minimal, altair.Minimal, phase0.Minimal},
	} {
		if tt.s.Bellatrix != tt.b || tt.s.Altair != tt.a || tt.s.Phase0 != tt.p {
			t.Errorf("capella's %s preset does not share the earlier forks'", tt.s.Preset.Name)
		}
	}
	s, err := capella.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 != phase0.Minimal || s.Bellatrix != bellatrix.Minimal || s.Preset != forks.Minimal {
		t.Errorf("NewSpec(forks.Minimal): Phase0 %p, Bellatrix %p, preset %s", s.Phase0, s.Bellatrix, s.Preset.Name)
	}
	if s.Type("BeaconState") != capella.Minimal.Type("BeaconState") {
		t.Error("NewSpec(forks.Minimal) resolved other types than capella.Minimal")
	}
	// A view Capella takes from Altair belongs to Altair's Spec.
	if got := capella.NewSyncCommittee(capella.Minimal).Spec(); got != altair.Minimal {
		t.Errorf("capella.NewSyncCommittee(capella.Minimal).Spec() is %p, want altair.Minimal", got)
	}

	// Another preset gets types of the earlier forks of its own, of that
	// preset.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["SLOTS_PER_HISTORICAL_ROOT"] = 16
	p.Values["SYNC_COMMITTEE_SIZE"] = 16
	s, err = capella.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase0 == nil || s.Phase0.Preset != p || s.Altair == nil || s.Altair.Preset != p ||
		s.Bellatrix == nil || s.Bellatrix.Preset != p || s.Bellatrix.Altair != s.Altair || s.Altair.Phase0 != s.Phase0 {
		t.Fatalf("NewSpec(custom): Phase0 %+v, Altair %+v, Bellatrix %+v", s.Phase0, s.Altair, s.Bellatrix)
	}
	st := capella.NewBeaconState(s)
	if got, want := st.BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: %d block roots, want %d", got, want)
	}
	if got, want := st.CurrentSyncCommittee().Pubkeys().Len(), 16; got != want {
		t.Errorf("custom preset: the state's sync committee has %d keys, want %d", got, want)
	}
	if got, want := capella.NewHistoricalBatch(s).BlockRoots().Len(), 16; got != want {
		t.Errorf("custom preset: phase0's HistoricalBatch has %d block roots, want %d", got, want)
	}
	if got, want := capella.NewSyncCommitteeContribution(s).AggregationBits().Len(), 4; got != want {
		t.Errorf("custom preset: Altair's SyncCommitteeContribution has %d aggregation bits, want %d", got, want)
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
