package bellatrix_test

import (
	"maps"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// TestNewSpec checks that bellatrix.NewSpec takes a preset as
// phase0.NewSpec does, and shares the presets of packages altair and
// phase0.
func TestNewSpec(t *testing.T) {
	for _, tt := range []struct {
		s *bellatrix.Spec
		a *altair.Spec
		p *phase0.Spec
	}{
		{bellatrix.Mainnet, altair.Mainnet, phase0.Mainnet},
		{bellatrix.Minimal, altair.Minimal, phase0.Minimal},
	} {
		if tt.s.Altair != tt.a || tt.s.Phase0 != tt.p {
			t.Errorf("bellatrix's %s preset does not share the earlier forks'", tt.s.Preset.Name)
		}
	}
	s, err := bellatrix.NewSpec(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	if s.Altair != altair.Minimal || s.Phase0 != phase0.Minimal || s.Type("BeaconState") != bellatrix.Minimal.Type("BeaconState") {
		t.Errorf("NewSpec(forks.Minimal): Altair %p, Phase0 %p, or other types than bellatrix.Minimal", s.Altair, s.Phase0)
	}
	// Views Bellatrix takes from the earlier forks belong to their Specs,
	// and the fork's own views refer to them.
	if got := bellatrix.NewLightClientBootstrap(bellatrix.Minimal).Spec(); got != altair.Minimal {
		t.Errorf("bellatrix.NewLightClientBootstrap(bellatrix.Minimal).Spec() is %p, want altair.Minimal", got)
	}
	body := bellatrix.NewBeaconBlockBody(bellatrix.Minimal)
	if body.SyncAggregate().Spec() != altair.Minimal || body.ExecutionPayload().Spec() != bellatrix.Minimal {
		t.Error("the handles of a bellatrix body do not belong to the forks that define them")
	}

	// Another preset gets types of the earlier forks of its own, of that
	// preset.
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["SYNC_COMMITTEE_SIZE"] = 16
	p.Values["BYTES_PER_LOGS_BLOOM"] = 64
	s, err = bellatrix.NewSpec(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Altair == nil || s.Altair.Preset != p || s.Phase0 != s.Altair.Phase0 || s.Phase0.Preset != p {
		t.Fatalf("NewSpec(custom): Altair %+v, Phase0 %+v", s.Altair, s.Phase0)
	}
	st := bellatrix.NewBeaconState(s)
	if got, want := st.CurrentSyncCommittee().Pubkeys().Len(), 16; got != want {
		t.Errorf("custom preset: the sync committee has %d keys, want %d", got, want)
	}
	if got, want := st.LatestExecutionPayloadHeader().LogsBloom().Len(), 64; got != want {
		t.Errorf("custom preset: a logs bloom of %d bytes, want %d", got, want)
	}

	if _, err := bellatrix.NewSpec(nil); err == nil {
		t.Error("NewSpec(nil): no error")
	}
}
