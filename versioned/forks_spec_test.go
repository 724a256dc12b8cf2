package versioned_test

import (
	"maps"
	"reflect"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
)

// A specFork is a fork package's Spec (spec_gen.go): NewSpec, the
// package's presets, and check, the checks of the fork's own types in a
// Spec of customPreset.
type specFork struct {
	name             string
	newSpec          func(*def.Preset) (forkSpec, error)
	mainnet, minimal forkSpec
	check            func(t *testing.T, s forkSpec)
}

// newSpecFork returns the specFork of a package's NewSpec and presets,
// and the checks of its types in customPreset.
func newSpecFork[S forkSpec](name string, newSpec func(*def.Preset) (S, error), mainnet, minimal S, check func(*testing.T, S)) specFork {
	return specFork{name, func(p *def.Preset) (forkSpec, error) { return newSpec(p) }, mainnet, minimal,
		func(t *testing.T, s forkSpec) { check(t, s.(S)) }}
}

// customPreset is the minimal preset with smaller values that the types
// of each fork use, so that their checks see sizes of its own.
var customPreset = func() *def.Preset {
	p := &def.Preset{Name: "custom", Values: maps.Clone(forks.Minimal.Values)}
	p.Values["SLOTS_PER_HISTORICAL_ROOT"] = 16
	p.Values["SYNC_COMMITTEE_SIZE"] = 16
	p.Values["BYTES_PER_LOGS_BLOOM"] = 64
	p.Values["MAX_BLOB_COMMITMENTS_PER_BLOCK"] = 8
	p.Values["MAX_COMMITTEES_PER_SLOT"] = 2
	p.Values["MAX_ATTESTERS_PER_SLOT"] = 2 * p.Values["MAX_VALIDATORS_PER_COMMITTEE"]
	p.Values["PROPOSER_LOOKAHEAD_SLOTS"] = 3 * p.Values["SLOTS_PER_EPOCH"]
	return p
}()

// earlier returns the fields of spec, a *Spec of a fork package, that
// hold the Specs of the earlier forks, by name (Phase0...).
func earlier(spec forkSpec) map[string]reflect.Value {
	v := reflect.ValueOf(spec).Elem()
	out := map[string]reflect.Value{}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.IsExported() && f.Name != "Preset" {
			out[f.Name] = v.Field(i)
		}
	}
	return out
}

// sameEarlier reports whether the Specs a and b hold the same Specs of
// the earlier forks.
func sameEarlier(a, b forkSpec) bool {
	ea, eb := earlier(a), earlier(b)
	for name, v := range ea {
		if w, ok := eb[name]; !ok || v.Interface() != w.Interface() {
			return false
		}
	}
	return len(ea) == len(eb)
}

// TestSpecs checks every fork's Spec: its presets hold those of the
// earlier forks' packages, one field each; NewSpec of a built-in preset
// gives the package's types, of nil an error, and of another preset the
// Specs of the earlier forks of that preset, shared along the chain of
// forks; and Type has every container of the fork, and no other.
func TestSpecs(t *testing.T) {
	rows := []specFork{
		newSpecFork("phase0", phase0.NewSpec, phase0.Mainnet, phase0.Minimal, func(t *testing.T, s *phase0.Spec) {
			if got := phase0.NewHistoricalBatch(s).BlockRoots().Len(); got != 16 {
				t.Errorf("HistoricalBatch of %d block roots, want 16", got)
			}
		}),
		newSpecFork("altair", altair.NewSpec, altair.Mainnet, altair.Minimal, func(t *testing.T, s *altair.Spec) {
			if got := altair.NewBeaconState(s).NextSyncCommittee().Pubkeys().Len(); got != 16 {
				t.Errorf("a sync committee of %d keys, want 16", got)
			}
			// A view Altair takes from phase0 belongs to phase0's Spec.
			if altair.NewAttestation(s).Spec() != s.Phase0 {
				t.Error("altair.NewAttestation is not phase0's Attestation of the same preset")
			}
		}),
		newSpecFork("bellatrix", bellatrix.NewSpec, bellatrix.Mainnet, bellatrix.Minimal, func(t *testing.T, s *bellatrix.Spec) {
			if got := bellatrix.NewBeaconState(s).LatestExecutionPayloadHeader().LogsBloom().Len(); got != 64 {
				t.Errorf("a logs bloom of %d bytes, want 64", got)
			}
			// The fork's own views hold handles of the forks that define them.
			body := bellatrix.NewBeaconBlockBody(s)
			if body.SyncAggregate().Spec() != s.Altair || body.ExecutionPayload().Spec() != s {
				t.Error("the handles of a body do not belong to the forks that define them")
			}
		}),
		newSpecFork("capella", capella.NewSpec, capella.Mainnet, capella.Minimal, func(t *testing.T, s *capella.Spec) {
			if got := capella.NewSyncCommitteeContribution(s).AggregationBits().Len(); got != 4 {
				t.Errorf("Altair's SyncCommitteeContribution of %d aggregation bits, want 4", got)
			}
			if capella.NewSyncCommittee(s).Spec() != s.Altair {
				t.Error("capella.NewSyncCommittee is not Altair's SyncCommittee of the same preset")
			}
		}),
		newSpecFork("deneb", deneb.NewSpec, deneb.Mainnet, deneb.Minimal, func(t *testing.T, s *deneb.Spec) {
			commitments := deneb.NewBeaconBlockBody(s).BlobKZGCommitments()
			for i := range 8 {
				if err := commitments.Append(deneb.KZGCommitment{byte(i)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := commitments.Append(deneb.KZGCommitment{}); err == nil {
				t.Error("a 9th blob commitment appended to a list of limit 8")
			}
		}),
		newSpecFork("electra", electra.NewSpec, electra.Mainnet, electra.Minimal, func(t *testing.T, s *electra.Spec) {
			if got := electra.NewAttestation(s).CommitteeBits().Len(); got != 2 {
				t.Errorf("committee_bits of %d bits, want 2", got)
			}
		}),
		newSpecFork("fulu", fulu.NewSpec, fulu.Mainnet, fulu.Minimal, func(t *testing.T, s *fulu.Spec) {
			if got := fulu.NewBeaconState(s).ProposerLookahead().Len(); got != 3*int(forks.Minimal.Values["SLOTS_PER_EPOCH"]) {
				t.Errorf("proposer_lookahead of %d", got)
			}
		}),
		newSpecFork("gloas", gloas.NewSpec, gloas.Mainnet, gloas.Minimal, func(t *testing.T, s *gloas.Spec) {
			if got := gloas.NewBeaconState(s).BlockRoots().Len(); got != 16 {
				t.Errorf("%d block roots, want 16", got)
			}
		}),
	}
	for i, f := range rows {
		t.Run(f.name, func(t *testing.T) {
			for preset, spec := range map[*def.Preset]forkSpec{forks.Mainnet: f.mainnet, forks.Minimal: f.minimal} {
				if spec.Types().Preset != preset {
					t.Errorf("%s's preset is %s", preset.Name, spec.Types().Preset.Name)
				}
				fields := earlier(spec)
				if len(fields) != i {
					t.Errorf("%s: %d fields of earlier forks' Specs, want %d", preset.Name, len(fields), i)
				}
				for _, e := range rows[:i] {
					want := map[*def.Preset]forkSpec{forks.Mainnet: e.mainnet, forks.Minimal: e.minimal}[preset]
					if got, ok := fields[def.GoName(e.name)]; !ok || got.Interface() != want {
						t.Errorf("%s: the field of %s's Spec is not package %s's", preset.Name, e.name, e.name)
					}
				}
				s, err := f.newSpec(preset)
				if err != nil || s.Type("BeaconState") != spec.Type("BeaconState") || !sameEarlier(s, spec) {
					t.Errorf("NewSpec(%s) is not the package's (%v)", preset.Name, err)
				}
			}
			if _, err := f.newSpec(nil); err == nil {
				t.Error("NewSpec(nil): no error")
			}

			s, err := f.newSpec(customPreset)
			if err != nil {
				t.Fatal(err)
			}
			if s.Types().Preset != customPreset {
				t.Errorf("NewSpec(custom) is of preset %s", s.Types().Preset.Name)
			}
			fields := earlier(s)
			for name, v := range fields {
				e := v.Interface().(forkSpec)
				if e.Types().Preset != customPreset {
					t.Errorf("NewSpec(custom): %s's Spec is of preset %s", name, e.Types().Preset.Name)
				}
				// The chain shares the earlier forks' Specs: each field
				// of an earlier fork's Spec is the same field of s.
				for n, ev := range earlier(e) {
					if ev.Interface() != fields[n].Interface() {
						t.Errorf("NewSpec(custom): %s.%s is not its own %s", name, n, n)
					}
				}
			}
			f.check(t, s)

			for _, spec := range []forkSpec{f.mainnet, f.minimal, s} {
				for _, name := range spec.Types().Names() {
					if typ := spec.Type(name); typ == nil || typ != spec.Types().Type(name) {
						t.Errorf("Type(%s) is %v, want the resolved type", name, typ)
					}
				}
				if typ := spec.Type("NoSuchContainer"); typ != nil {
					t.Errorf("Type of an unknown name is %T, want nil", typ)
				}
			}
		})
	}
}
