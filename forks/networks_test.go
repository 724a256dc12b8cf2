package forks

import (
	"errors"
	"maps"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ssztree/ssztree/def"
)

// TestGnosisPreset checks the values in which the gnosis preset differs
// from mainnet's, and that it sets the same parameters.
func TestGnosisPreset(t *testing.T) {
	differ := map[string]uint64{
		"SLOTS_PER_EPOCH":                      16,
		"BASE_REWARD_FACTOR":                   25,
		"EPOCHS_PER_SYNC_COMMITTEE_PERIOD":     512,
		"MAX_WITHDRAWALS_PER_PAYLOAD":          8,
		"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP": 8192,
		// Derived from SLOTS_PER_EPOCH.
		"SLOTS_PER_ETH1_VOTING_PERIOD": 64 * 16,
		"MAX_PENDING_ATTESTATIONS":     128 * 16,
		"PROPOSER_LOOKAHEAD_SLOTS":     2 * 16,
		"PTC_WINDOW_SLOTS":             3 * 16,
	}
	if len(Gnosis.Values) != len(Mainnet.Values) {
		t.Errorf("gnosis has %d values, mainnet %d", len(Gnosis.Values), len(Mainnet.Values))
	}
	for k, v := range Mainnet.Values {
		g, ok := Gnosis.Values[k]
		switch want, differs := differ[k]; {
		case !ok:
			t.Errorf("%s is in mainnet, not in gnosis", k)
		case differs && g != want:
			t.Errorf("gnosis %s = %d, want %d", k, g, want)
		case !differs && g != v:
			t.Errorf("gnosis %s = %d, mainnet's is %d", k, g, v)
		}
	}
	// Every fork's types resolve in it.
	for _, n := range Names() {
		if _, err := n.Def().Resolve(Gnosis); err != nil {
			t.Errorf("%v: %v", n, err)
		}
	}
}

func TestBuiltinPresets(t *testing.T) {
	ps := BuiltinPresets()
	if len(ps) != 3 || ps[0] != Mainnet || ps[1] != Minimal || ps[2] != Gnosis {
		t.Fatalf("BuiltinPresets = %v", ps)
	}
	for _, p := range ps {
		if got, ok := LookupPreset(p.Name); !ok || got != p {
			t.Errorf("LookupPreset(%q) = %v %v", p.Name, got, ok)
		}
	}
	if _, ok := LookupPreset("custom"); ok {
		t.Error("LookupPreset of an unknown name: found")
	}
	// Presets are the specification's: what the conformance tests run.
	if len(Presets) != 2 || Presets["mainnet"] != Mainnet || Presets["minimal"] != Minimal {
		t.Errorf("Presets = %v", Presets)
	}
	// Each built-in schedule's preset is built in.
	for _, s := range Schedules() {
		if p, ok := LookupPreset(s.Preset().Name); !ok || p != s.Preset() {
			t.Errorf("%v: preset not built in", s)
		}
	}
}

func TestGnosisSchedules(t *testing.T) {
	for _, c := range []struct {
		s       *Schedule
		network string
		genesis ForkVersion
		fulu    uint64
	}{
		{GnosisSchedule, "gnosis", ForkVersion{0, 0, 0, 0x64}, 1714688},
		{ChiadoSchedule, "chiado", ForkVersion{0, 0, 0, 0x6f}, 1353216},
	} {
		if c.s.Network() != c.network || c.s.Preset() != Gnosis || c.s.Last() != NameFulu {
			t.Errorf("%v: network %q, last %v", c.s, c.s.Network(), c.s.Last())
		}
		if v, _ := c.s.Version(NamePhase0); v != c.genesis {
			t.Errorf("%v: genesis version %v, want %v", c.s, v, c.genesis)
		}
		if e, _ := c.s.Epoch(NameFulu); e != c.fulu {
			t.Errorf("%v: Fulu at %d, want %d", c.s, e, c.fulu)
		}
		// 16 slots an epoch.
		if got := c.s.AtSlot(c.fulu * 16); got != NameFulu {
			t.Errorf("%v: AtSlot of Fulu's first slot = %v", c.s, got)
		}
		if got := c.s.AtSlot(c.fulu*16 - 1); got != NameElectra {
			t.Errorf("%v: AtSlot of Electra's last slot = %v", c.s, got)
		}
		if n, s, ok := LookupVersion(ForkVersion{5, 0, 0, c.genesis[3]}); !ok || n != NameElectra || s != c.s {
			t.Errorf("LookupVersion of %v's Electra = %v %v %v", c.s, n, s, ok)
		}
	}
	if e, _ := GnosisSchedule.Epoch(NameAltair); e != 512 {
		t.Errorf("gnosis altair epoch %d", e)
	}
	names := make([]string, 0, 6)
	for _, s := range Schedules() {
		names = append(names, s.Network())
	}
	if got := strings.Join(names, " "); got != "mainnet sepolia hoodi gnosis chiado minimal" {
		t.Errorf("Schedules = %s", got)
	}
}

// chiadoConfig is an excerpt of chiado/config.yaml of
// github.com/gnosischain/configs at
// b88a0a883a88e05ddf67f6055cb655f69d846d76.
const chiadoConfig = `# Extends the gnosis preset
PRESET_BASE: 'gnosis'
CONFIG_NAME: 'chiado'
GENESIS_FORK_VERSION: 0x0000006f
ALTAIR_FORK_VERSION: 0x0100006f
ALTAIR_FORK_EPOCH: 90 # Mon Oct 10 2022 12:00:00 GMT+0000
BELLATRIX_FORK_VERSION: 0x0200006f
BELLATRIX_FORK_EPOCH: 180 # Mon Oct 10 2022 14:00:00 GMT+0000
CAPELLA_FORK_VERSION: 0x0300006f
CAPELLA_FORK_EPOCH: 244224 # Wed May 24 2023 13:12:00 GMT+0000
DENEB_FORK_VERSION: 0x0400006f
DENEB_FORK_EPOCH: 516608 # Wed Jan 31 2024 18:15:40 GMT+0000
ELECTRA_FORK_VERSION: 0x0500006f
ELECTRA_FORK_EPOCH: 948224  # temporary stub
FULU_FORK_VERSION: 0x0600006f
FULU_FORK_EPOCH: 1353216  # Mon Mar 16 2026 09:33:00 GMT+0000
SECONDS_PER_SLOT: 5
`

func TestParseConfigGnosis(t *testing.T) {
	s, err := ParseConfig([]byte(chiadoConfig))
	if err != nil {
		t.Fatal(err)
	}
	if s.Network() != "chiado" || s.Preset() != Gnosis {
		t.Errorf("%v", s)
	}
	if got, want := s.Forks(), ChiadoSchedule.Forks(); !equalForks(got, want) {
		t.Errorf("forks %v, want %v", got, want)
	}

	// A preset given takes the place of the built-in one of its name.
	own, err := NewPreset("gnosis", Gnosis.Values)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := ParseConfig([]byte(chiadoConfig), Minimal, own); err != nil || s.Preset() != own {
		t.Errorf("with a preset given: %v %v", s, err)
	}

	// A preset neither built in nor given is an error naming it.
	other := strings.Replace(chiadoConfig, "PRESET_BASE: 'gnosis'", "PRESET_BASE: 'custom'", 1)
	_, err = ParseConfig([]byte(other), Minimal)
	if !errors.Is(err, ErrUnknownPreset) || !strings.Contains(err.Error(), `config chiado: PRESET_BASE "custom"`) ||
		!strings.Contains(err.Error(), "neither built in (mainnet, minimal, gnosis) nor given (minimal)") {
		t.Errorf("unknown preset: %v", err)
	}
	custom := customPreset(t)
	if s, err := ParseConfig([]byte(other), custom); err != nil || s.Preset() != custom || s.AtSlot(1353216*4) != NameFulu {
		t.Errorf("custom preset: %v %v", s, err)
	}
}

func equalForks(a, b []ScheduledFork) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// customPreset returns a preset named "custom": mainnet's, with 4 slots an
// epoch and 64 validators in a sync committee, parsed from files.
func customPreset(t *testing.T) *def.Preset {
	t.Helper()
	files := presetFiles(Mainnet, map[string]uint64{"SLOTS_PER_EPOCH": 4, "SYNC_COMMITTEE_SIZE": 64})
	p, err := ParsePreset("custom", files...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// presetFiles returns the values of p but its derived ones, changed by
// change, as two preset files: those of SLOTS_PER_EPOCH and SYNC_* in
// the first, the rest in the second.
func presetFiles(p *def.Preset, change map[string]uint64) []PresetFile {
	var a, b strings.Builder
	for k, v := range p.Values {
		if _, derived := Derived[k]; derived {
			continue
		}
		if c, ok := change[k]; ok {
			v = c
		}
		w := &b
		if k == "SLOTS_PER_EPOCH" || strings.HasPrefix(k, "SYNC_") {
			w = &a
		}
		w.WriteString("# a comment\n" + k + ": " + strconv.FormatUint(v, 10) + "  # and another\n")
	}
	return []PresetFile{{"phase0.yaml", []byte(a.String())}, {"rest.yaml", []byte(b.String())}}
}

func TestParsePreset(t *testing.T) {
	p := customPreset(t)
	if p.Name != "custom" || p.Values["SLOTS_PER_EPOCH"] != 4 || p.Values["PROPOSER_LOOKAHEAD_SLOTS"] != 8 ||
		p.Values["SLOTS_PER_ETH1_VOTING_PERIOD"] != 64*4 || p.Values["SYNC_COMMITTEE_SIZE"] != 64 {
		t.Errorf("custom preset: %v", p.Values)
	}
	if len(p.Values) != len(Mainnet.Values) {
		t.Errorf("custom has %d values, mainnet %d", len(p.Values), len(Mainnet.Values))
	}
	// Mainnet's values, parsed from files, are mainnet's.
	same, err := ParsePreset("mainnet", presetFiles(Mainnet, nil)...)
	if err != nil || !maps.Equal(same.Values, Mainnet.Values) {
		t.Errorf("mainnet from files: %v", err)
	}
	// A file of comments alone is none.
	if _, err := ParsePreset("mainnet", append(presetFiles(Mainnet, nil), PresetFile{"heze.yaml", []byte("# nothing yet\n")})...); err != nil {
		t.Errorf("a file of comments: %v", err)
	}

	for _, c := range []struct {
		name  string
		files []PresetFile
		want  string
	}{
		{"not yaml", []PresetFile{{"a.yaml", []byte("A: [")}}, "forks: preset p: a.yaml: "},
		{"a list", []PresetFile{{"a.yaml", []byte("- 1\n")}}, "a.yaml: not a mapping"},
		{"a string", []PresetFile{{"a.yaml", []byte("SLOTS_PER_EPOCH: 8\nX: abc\n")}}, `a.yaml: X (line 2): "abc" is not an unsigned integer`},
		{"negative", []PresetFile{{"a.yaml", []byte("X: -1\n")}}, `X (line 1): "-1" is not`},
		{"a list value", []PresetFile{{"a.yaml", []byte("X: [1]\n")}}, "X (line 1): not an unsigned integer"},
		{"twice", []PresetFile{{"a.yaml", []byte("X: 1\n")}, {"b.yaml", []byte("X: 1\n")}}, "b.yaml: X given again, first in a.yaml"},
		{"no phase0", []PresetFile{{"a.yaml", []byte("X: 1\n")}}, "derived parameter MAX_ATTESTERS_PER_SLOT is 0"},
		{"derived differs", append(presetFiles(Mainnet, nil), PresetFile{"c.yaml", []byte("PROPOSER_LOOKAHEAD_SLOTS: 3\n")}),
			"PROPOSER_LOOKAHEAD_SLOTS given as 3, but derived as 64"},
	} {
		_, err := ParsePreset("p", c.files...)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "forks: preset p: ") {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
	if _, err := NewPreset("", Mainnet.Values); err == nil {
		t.Error("NewPreset of no name: no error")
	}
	// A preset without a fork's parameters: that fork's types name what
	// they lack.
	noFulu := maps.Clone(Mainnet.Values)
	delete(noFulu, "NUMBER_OF_COLUMNS")
	p, err = NewPreset("pre-fulu", noFulu)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Electra.Resolve(p); err != nil {
		t.Errorf("electra of a preset without Fulu's values: %v", err)
	}
	if _, err := Fulu.Resolve(p); err == nil || !strings.Contains(err.Error(), "NUMBER_OF_COLUMNS") {
		t.Errorf("fulu of a preset without NUMBER_OF_COLUMNS: %v", err)
	}
}

func TestLoadPreset(t *testing.T) {
	files := presetFiles(Gnosis, nil)
	fsys := fstest.MapFS{
		"specs/presets/gnosis/phase0.yaml":                            {Data: files[0].Data},
		"specs/presets/gnosis/rest.yaml":                              {Data: files[1].Data},
		"specs/presets/gnosis/README.md":                              {Data: []byte("not read")},
		"specs/presets/gnosis/trusted_setups/trusted_setup_4096.json": {Data: []byte("{}")},
		"specs/presets/empty/README.md":                               {Data: []byte("no preset")},
	}
	p, err := LoadPreset(fsys, "specs/presets/gnosis")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "gnosis" || p == Gnosis || !maps.Equal(p.Values, Gnosis.Values) {
		t.Errorf("LoadPreset: %s %v", p.Name, p.Values)
	}
	for dir, want := range map[string]string{
		"specs/presets/empty":   "forks: preset empty: no .yaml file in specs/presets/empty",
		"specs/presets/missing": "forks: preset missing: open specs/presets/missing",
		".":                     `forks: preset folder ".": no name`,
	} {
		if _, err := LoadPreset(fsys, dir); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("LoadPreset(%q): %v, want %q", dir, err, want)
		}
	}
}

func TestNewScheduleWithPreset(t *testing.T) {
	custom := customPreset(t)
	s, err := NewScheduleWithPreset("devnet", custom,
		ScheduledFork{NamePhase0, ForkVersion{0x10, 0, 0, 0x99}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x11, 0, 0, 0x99}, 2})
	if err != nil {
		t.Fatal(err)
	}
	if s.Preset() != custom || s.AtSlot(7) != NamePhase0 || s.AtSlot(8) != NameAltair || s.String() != "devnet (custom preset)" {
		t.Errorf("%v: AtSlot(8) = %v", s, s.AtSlot(8))
	}
	if _, err := NewScheduleWithPreset("devnet", nil, ScheduledFork{}); err == nil || err.Error() != "forks: schedule devnet: a nil preset" {
		t.Errorf("nil preset: %v", err)
	}
	if s, err := NewSchedule("gnosis-devnet", "gnosis", ScheduledFork{}); err != nil || s.Preset() != Gnosis {
		t.Errorf("NewSchedule of the gnosis preset: %v %v", s, err)
	}
}
