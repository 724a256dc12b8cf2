package versioned

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// mustSpec returns specOf(fork, preset), the fork package's *Spec.
func mustSpec(t testing.TB, fork forks.Name, preset *def.Preset) any {
	t.Helper()
	s, err := specOf(fork, preset)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// customPreset returns a preset of another name and shape than every
// built-in one: mainnet's, with 4 slots an epoch, sync committees of 64,
// shorter root vectors and 2 withdrawals a payload.
func customPreset(t testing.TB) *def.Preset {
	t.Helper()
	values := maps.Clone(forks.Mainnet.Values)
	for k := range forks.Derived {
		delete(values, k)
	}
	maps.Copy(values, map[string]uint64{
		"SLOTS_PER_EPOCH":              4,
		"SYNC_COMMITTEE_SIZE":          64,
		"SLOTS_PER_HISTORICAL_ROOT":    256,
		"EPOCHS_PER_HISTORICAL_VECTOR": 1024,
		"EPOCHS_PER_SLASHINGS_VECTOR":  512,
		"MAX_WITHDRAWALS_PER_PAYLOAD":  2,
	})
	p, err := forks.NewPreset("custom", values)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSpecOf(t *testing.T) {
	// The specification's presets have the fork packages' own Specs, and
	// so does a preset of the same name and values.
	if s := mustSpec(t, forks.NameFulu, forks.Mainnet); s != fulu.Mainnet {
		t.Error("fulu mainnet: not fulu.Mainnet")
	}
	if s := mustSpec(t, forks.NameDeneb, forks.Minimal); s != deneb.Minimal {
		t.Error("deneb minimal: not deneb.Minimal")
	}
	same, err := forks.NewPreset("mainnet", withoutDerived(forks.Mainnet))
	if err != nil {
		t.Fatal(err)
	}
	if s := mustSpec(t, forks.NameElectra, same); s != electra.Mainnet {
		t.Error("a copy of mainnet: not electra.Mainnet")
	}

	// Another preset's are made once, and shared by a copy of it.
	g := mustSpec(t, forks.NameFulu, forks.Gnosis).(*fulu.Spec)
	if g.Preset != forks.Gnosis || g.Types().Type("BeaconState") == fulu.Mainnet.Types().Type("BeaconState") {
		t.Error("fulu gnosis: not gnosis' types")
	}
	if mustSpec(t, forks.NameFulu, forks.Gnosis) != g {
		t.Error("fulu gnosis made twice")
	}
	clone, err := forks.NewPreset("gnosis", withoutDerived(forks.Gnosis))
	if err != nil {
		t.Fatal(err)
	}
	if mustSpec(t, forks.NameFulu, clone) != g {
		t.Error("a copy of gnosis: fulu's types made again")
	}
	// A preset of the same values and another name is another.
	renamed, err := forks.NewPreset("gnosis2", withoutDerived(forks.Gnosis))
	if err != nil {
		t.Fatal(err)
	}
	if r := mustSpec(t, forks.NameFulu, renamed).(*fulu.Spec); r == g || r.Preset != renamed {
		t.Error("gnosis2 shares gnosis' Spec")
	}

	// A nil preset, and one without a fork's values, are ErrPreset.
	if _, err := specOf(forks.NameFulu, nil); !errors.Is(err, ErrPreset) {
		t.Errorf("nil preset: %v", err)
	}
	values := withoutDerived(forks.Mainnet)
	delete(values, "NUMBER_OF_COLUMNS")
	preFulu, err := forks.NewPreset("pre-fulu", values)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := specOf(forks.NameElectra, preFulu); err != nil {
		t.Errorf("electra of pre-fulu: %v", err)
	}
	_, err = DecodeState(forks.NameFulu, preFulu, nil)
	if !errors.Is(err, ErrPreset) || !strings.Contains(err.Error(), `invalid preset "pre-fulu" for fulu`) ||
		!strings.Contains(err.Error(), "NUMBER_OF_COLUMNS") {
		t.Errorf("fulu of pre-fulu: %v", err)
	}
}

func withoutDerived(p *def.Preset) map[string]uint64 {
	values := maps.Clone(p.Values)
	for k := range forks.Derived {
		delete(values, k)
	}
	return values
}

// TestSpecCacheConcurrent asks for the specs of new presets from many
// goroutines at once (go test -race), and for more presets than the
// cache keeps by pointer.
func TestSpecCacheConcurrent(t *testing.T) {
	base := customPreset(t)
	presets := make([]*def.Preset, maxPresetPointers+8)
	for i := range presets {
		p, err := forks.NewPreset("concurrent", withoutDerived(base))
		if err != nil {
			t.Fatal(err)
		}
		presets[i] = p
	}
	specs := make([]any, len(presets))
	var wg sync.WaitGroup
	for i, p := range presets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := specOf(forks.NameDeneb, p)
			if err != nil {
				t.Error(err)
				return
			}
			specs[i] = s
		}()
	}
	wg.Wait()
	for i := range specs {
		if specs[i] != specs[0] {
			t.Fatalf("preset %d: another Spec", i)
		}
	}
	specCache.mu.Lock()
	n := specCache.pointers
	specCache.mu.Unlock()
	if n > maxPresetPointers {
		t.Errorf("%d presets by pointer, more than %d", n, maxPresetPointers)
	}
}

// otherPresetState is a synthetic state of fork in preset, its version
// version.
type otherPresetState struct {
	fork    forks.Name
	bytes   []byte
	root    [32]byte
	version forks.ForkVersion
}

// presetState returns a state of fork made by package synth in preset,
// with the version of fork in schedule and 64 validators.
func presetState(t testing.TB, fork forks.Name, preset *def.Preset, schedule *forks.Schedule) otherPresetState {
	t.Helper()
	type forkSetter interface {
		Fork() phase0.Fork
		SetFork(phase0.Fork)
		HashTreeRoot() [32]byte
		MarshalSSZ() ([]byte, error)
	}
	var st forkSetter
	var err error
	switch fork {
	case forks.NameDeneb:
		st, err = synth.DenebState(mustSpec(t, fork, preset).(*deneb.Spec), 64, 5)
	case forks.NameElectra:
		st, err = synth.ElectraState(mustSpec(t, fork, preset).(*electra.Spec), 64, 5)
	case forks.NameFulu:
		st, err = synth.FuluState(mustSpec(t, fork, preset).(*fulu.Spec), 64, 5)
	default:
		t.Fatalf("no synthetic %v state here", fork)
	}
	if err != nil {
		t.Fatal(err)
	}
	version, _ := schedule.Version(fork)
	previous, _ := schedule.Version(fork - 1)
	f := st.Fork()
	f.CurrentVersion, f.PreviousVersion = phase0.Version(version), phase0.Version(previous)
	st.SetFork(f)
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	return otherPresetState{fork: fork, bytes: b, root: st.HashTreeRoot(), version: version}
}

// TestOtherPresets round-trips states, blocks, blinded blocks and
// sidecars of the gnosis preset and of a custom one through the package:
// from SSZ, to SSZ, to JSON and back, with their roots.
func TestOtherPresets(t *testing.T) {
	custom := customPreset(t)
	devnet, err := forks.NewScheduleWithPreset("devnet", custom,
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0xd0, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{0xd1, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameBellatrix, Version: forks.ForkVersion{0xd2, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameCapella, Version: forks.ForkVersion{0xd3, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameDeneb, Version: forks.ForkVersion{0xd4, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameElectra, Version: forks.ForkVersion{0xd5, 0, 0, 0x42}},
		forks.ScheduledFork{Name: forks.NameFulu, Version: forks.ForkVersion{0xd6, 0, 0, 0x42}},
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		preset   *def.Preset
		schedule *forks.Schedule
		given    []*forks.Schedule // to ReadState
	}{
		{forks.Gnosis, forks.GnosisSchedule, nil},
		{forks.Gnosis, forks.ChiadoSchedule, nil},
		{custom, devnet, []*forks.Schedule{devnet}},
	} {
		for _, fork := range []forks.Name{forks.NameDeneb, forks.NameElectra, forks.NameFulu} {
			name := fmt.Sprintf("%v/%v", c.schedule.Network(), fork)
			want := presetState(t, fork, c.preset, c.schedule)
			if mainnet := presetState(t, fork, forks.Mainnet, forks.MainnetSchedule); mainnet.root == want.root {
				t.Fatalf("%s: the root of mainnet's state", name)
			}

			st, err := DecodeState(fork, c.preset, want.bytes)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if st.Preset() != c.preset || st.ForkName() != fork || st.HashTreeRoot() != want.root {
				t.Errorf("%s: decoded as %v %s, root %x", name, st.ForkName(), st.Preset().Name, st.HashTreeRoot())
			}
			out, err := st.MarshalSSZ()
			if err != nil || string(out) != string(want.bytes) {
				t.Errorf("%s: MarshalSSZ: other bytes (%v)", name, err)
			}
			js, err := st.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			back, err := DecodeStateJSON(fork, c.preset, js)
			if err != nil || back.HashTreeRoot() != want.root {
				t.Errorf("%s: DecodeStateJSON: %v", name, err)
			}
			env, _, err := UnmarshalStateEnvelope(c.preset, []byte(`{"version":"`+fork.String()+`","data":`+string(js)+`}`))
			if err != nil || env.HashTreeRoot() != want.root {
				t.Errorf("%s: UnmarshalStateEnvelope: %v", name, err)
			}
			// The state's version names its schedule, and so its preset.
			read, d, err := ReadState(want.bytes, c.given...)
			if err != nil || d.Schedule != c.schedule || d.Fork != fork || read.Preset() != c.preset || read.HashTreeRoot() != want.root {
				t.Errorf("%s: ReadState: %v, found %v of %v", name, err, d.Fork, d.Schedule)
			}
			// In mainnet's preset, the bytes fail or have another root.
			// A gnosis Fulu state fails (its proposer lookahead is of 32
			// slots, not 64), and the error names what the bytes hold.
			m, err := DecodeState(fork, forks.Mainnet, want.bytes)
			if err == nil && m.HashTreeRoot() == want.root {
				t.Errorf("%s: decoded in mainnet's preset with the same root", name)
			}
			var wrong *forks.WrongForkError
			if c.preset == forks.Gnosis && fork == forks.NameFulu &&
				(!errors.As(err, &wrong) || wrong.Schedule != c.schedule || wrong.Fork != fork ||
					!strings.Contains(err.Error(), "bytes hold a gnosis-preset fulu state")) {
				t.Errorf("%s: decoded as mainnet's: %v", name, err)
			}
		}
	}
}

// TestOtherPresetBlocks round-trips the synthetic blocks, their blinded
// blocks and sidecars of the gnosis preset and a custom one.
func TestOtherPresetBlocks(t *testing.T) {
	for _, preset := range []*def.Preset{forks.Gnosis, customPreset(t)} {
		dspec := mustSpec(t, forks.NameDeneb, preset).(*deneb.Spec)
		fspec := mustSpec(t, forks.NameFulu, preset).(*fulu.Spec)
		db, err := synth.DenebBlock(dspec, 9)
		if err != nil {
			t.Fatal(err)
		}
		fb, err := synth.FuluBlock(fspec, 9)
		if err != nil {
			t.Fatal(err)
		}
		dblind, err := deneb.BlindSigned(db)
		if err != nil {
			t.Fatal(err)
		}
		fblind, err := fulu.BlindSigned(fb)
		if err != nil {
			t.Fatal(err)
		}
		if n := fb.Message().Body().ExecutionPayload().Withdrawals().Len(); uint64(n) != preset.Values["MAX_WITHDRAWALS_PER_PAYLOAD"] {
			t.Errorf("%s: %d withdrawals in the synthetic block", preset.Name, n)
		}
		for _, c := range []struct {
			fork    forks.Name
			blinded bool
			v       value
		}{
			{forks.NameDeneb, false, db},
			{forks.NameFulu, false, fb},
			{forks.NameDeneb, true, dblind},
			{forks.NameFulu, true, fblind},
		} {
			name := fmt.Sprintf("%s/%v/blinded=%v", preset.Name, c.fork, c.blinded)
			b, err := c.v.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			js, err := c.v.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			decode, decodeJSON := DecodeSignedBlock, DecodeSignedBlockJSON
			if c.blinded {
				decode, decodeJSON = DecodeSignedBlindedBlock, DecodeSignedBlindedBlockJSON
			}
			sb, err := decode(c.fork, preset, b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if sb.HashTreeRoot() != c.v.HashTreeRoot() || sb.Preset() != preset || sb.Blinded() != c.blinded {
				t.Errorf("%s: decoded with another root", name)
			}
			if out, err := sb.MarshalSSZ(); err != nil || string(out) != string(b) {
				t.Errorf("%s: MarshalSSZ: other bytes (%v)", name, err)
			}
			if back, err := decodeJSON(c.fork, preset, js); err != nil || back.HashTreeRoot() != c.v.HashTreeRoot() {
				t.Errorf("%s: from JSON: %v", name, err)
			}
			// A gnosis block differs from mainnet's in its withdrawals'
			// limit, which its blinded block, with their root alone, has
			// not: the same type.
			sameType := c.blinded && preset == forks.Gnosis
			if m, err := decode(c.fork, forks.Mainnet, b); !sameType && err == nil && m.HashTreeRoot() == c.v.HashTreeRoot() {
				t.Errorf("%s: decoded in mainnet's preset with the same root", name)
			}
		}

		// Sidecars: Deneb's blob sidecar (of every later fork too) and
		// Fulu's column sidecar, whose inclusion proofs and sizes follow
		// the preset.
		blob := deneb.NewBlobSidecar(dspec)
		blob.SetIndex(3)
		b, err := blob.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		for _, fork := range []forks.Name{forks.NameDeneb, forks.NameFulu} {
			sc, err := DecodeBlobSidecar(fork, preset, b)
			if err != nil || sc.HashTreeRoot() != blob.HashTreeRoot() || sc.Index() != 3 {
				t.Errorf("%s: %v blob sidecar: %v", preset.Name, fork, err)
			}
		}
		col := fulu.NewDataColumnSidecar(fspec)
		col.SetIndex(5)
		b, err = col.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		js, err := col.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if sc, err := DecodeDataColumnSidecar(forks.NameFulu, preset, b); err != nil || sc.HashTreeRoot() != col.HashTreeRoot() {
			t.Errorf("%s: column sidecar: %v", preset.Name, err)
		}
		if sc, err := DecodeDataColumnSidecarJSON(forks.NameFulu, preset, js); err != nil || sc.HashTreeRoot() != col.HashTreeRoot() {
			t.Errorf("%s: column sidecar from JSON: %v", preset.Name, err)
		}
	}
}
