package forks

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseName(t *testing.T) {
	for i, n := range Names() {
		if int(n) != i {
			t.Fatalf("Names()[%d] = %d", i, n)
		}
		if n.Def() == nil || n.Def().Name != n.String() {
			t.Errorf("%v: Def %v", n, n.Def())
		}
		for _, s := range []string{n.String(), strings.ToUpper(n.String()), strings.ToUpper(n.String()[:1]) + n.String()[1:]} {
			got, err := ParseName(s)
			if err != nil || got != n {
				t.Errorf("ParseName(%q) = %v, %v; want %v", s, got, err, n)
			}
		}
	}
	if NameFulu.String() != "fulu" || NamePhase0.String() != "phase0" {
		t.Errorf("names %q %q", NameFulu, NamePhase0)
	}
	if !(NamePhase0 < NameAltair && NameDeneb < NameElectra && NameElectra < NameFulu) {
		t.Error("names out of fork order")
	}
	if n, err := ParseName("Gloas"); err != nil || n != NameGloas || NameGloas.Def() != Gloas {
		t.Errorf("ParseName(Gloas) = %v, %v", n, err)
	}
	for _, s := range []string{"", "heze", "phase 0", "capella "} {
		if _, err := ParseName(s); !errors.Is(err, ErrUnknownFork) {
			t.Errorf("ParseName(%q): error %v, want ErrUnknownFork", s, err)
		}
	}
	if Name(numNames).Valid() || Name(numNames).Def() != nil || Name(numNames).String() != "Name(8)" {
		t.Errorf("Name(8): %v %v", Name(numNames).Valid(), Name(numNames))
	}
	if _, err := Name(numNames).MarshalText(); err == nil {
		t.Error("MarshalText of Name(8): no error")
	}
}

func TestNameJSON(t *testing.T) {
	var v struct {
		Fork    Name
		Version ForkVersion
	}
	if err := json.Unmarshal([]byte(`{"Fork":"Electra","Version":"0x05000000"}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.Fork != NameElectra || v.Version != (ForkVersion{5, 0, 0, 0}) {
		t.Fatalf("got %v %v", v.Fork, v.Version)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"Fork":"electra","Version":"0x05000000"}` {
		t.Fatalf("Marshal: %s, %v", b, err)
	}
}

func TestParseVersion(t *testing.T) {
	v, err := ParseForkVersion("0x90000075")
	if err != nil || v != (ForkVersion{0x90, 0, 0, 0x75}) || v.String() != "0x90000075" {
		t.Fatalf("ParseForkVersion: %v, %v", v, err)
	}
	for _, s := range []string{"", "0x", "90000075", "0x9000007", "0x900000750", "0x9000007g"} {
		if _, err := ParseForkVersion(s); err == nil {
			t.Errorf("ParseForkVersion(%q): no error", s)
		}
	}
}

func TestScheduleLookups(t *testing.T) {
	s := MainnetSchedule
	for _, c := range []struct {
		epoch uint64
		want  Name
	}{
		{0, NamePhase0}, {74239, NamePhase0}, {74240, NameAltair}, {194048, NameCapella},
		{269567, NameCapella}, {269568, NameDeneb}, {364032, NameElectra},
		{411391, NameElectra}, {411392, NameFulu}, {FarFutureEpoch, NameFulu},
	} {
		if got := s.AtEpoch(c.epoch); got != c.want {
			t.Errorf("mainnet AtEpoch(%d) = %v, want %v", c.epoch, got, c.want)
		}
	}
	// 32 slots per epoch on mainnet, 8 on minimal.
	if got := s.AtSlot(411392*32 - 1); got != NameElectra {
		t.Errorf("mainnet AtSlot(last of Electra) = %v", got)
	}
	if got := s.AtSlot(411392 * 32); got != NameFulu {
		t.Errorf("mainnet AtSlot(first of Fulu) = %v", got)
	}
	if got := HoodiSchedule.AtSlot(2048*32 - 1); got != NameDeneb {
		t.Errorf("hoodi AtSlot = %v", got)
	}
	if got := MinimalSchedule.AtSlot(1 << 40); got != NamePhase0 {
		t.Errorf("minimal AtSlot = %v", got)
	}
	if v, ok := SepoliaSchedule.Version(NameFulu); !ok || v.String() != "0x90000075" {
		t.Errorf("sepolia fulu version %v %v", v, ok)
	}
	if e, ok := HoodiSchedule.Epoch(NameFulu); !ok || e != 50688 {
		t.Errorf("hoodi fulu epoch %v %v", e, ok)
	}
	if n, ok := MinimalSchedule.Fork(ForkVersion{6, 0, 0, 1}); !ok || n != NameFulu {
		t.Errorf("minimal Fork(0x06000001) = %v %v", n, ok)
	}
	if _, ok := MainnetSchedule.Fork(ForkVersion{6, 0, 0, 1}); ok {
		t.Error("mainnet has the minimal Fulu version")
	}
	if got := MinimalSchedule.AtEpoch(FarFutureEpoch); got != NamePhase0 {
		t.Errorf("minimal AtEpoch(FarFutureEpoch) = %v, want phase0: no fork is scheduled", got)
	}
	if v, ok := MainnetSchedule.Version(NameGloas); !ok || v.String() != "0x07000000" {
		t.Errorf("mainnet gloas version %v %v", v, ok)
	}
	if _, ok := SepoliaSchedule.Version(NameGloas); ok || SepoliaSchedule.Last() != NameFulu {
		t.Errorf("sepolia has a Gloas version, or ends at %v", SepoliaSchedule.Last())
	}
	if MainnetSchedule.Last() != NameGloas || MainnetSchedule.String() != "mainnet (mainnet preset)" {
		t.Errorf("mainnet %v %v", MainnetSchedule.Last(), MainnetSchedule)
	}
}

func TestLookupVersion(t *testing.T) {
	for _, s := range Schedules() {
		for _, f := range s.Forks() {
			n, got, ok := LookupVersion(f.Version)
			if !ok || n != f.Name || got != s {
				t.Errorf("LookupVersion(%v) = %v %v %v; want %v of %v", f.Version, n, got, ok, f.Name, s)
			}
		}
	}
	if _, _, ok := LookupVersion(ForkVersion{0xde, 0xad, 0xbe, 0xef}); ok {
		t.Error("LookupVersion of an unknown version: found")
	}
	custom := mustSchedule("devnet", "minimal", ScheduledFork{NamePhase0, ForkVersion{0xde, 0xad, 0xbe, 0xef}, 0})
	if n, s, ok := LookupVersion(ForkVersion{0xde, 0xad, 0xbe, 0xef}, custom); !ok || n != NamePhase0 || s != custom {
		t.Errorf("LookupVersion with a custom schedule: %v %v %v", n, s, ok)
	}
	// The schedules given replace the built-in ones.
	if _, _, ok := LookupVersion(ForkVersion{}, custom); ok {
		t.Error("LookupVersion with a custom schedule found mainnet's version")
	}
}

func TestNewScheduleErrors(t *testing.T) {
	v := func(b byte) ForkVersion { return ForkVersion{b, 0, 0, 0xaa} }
	for _, c := range []struct {
		name, preset string
		forks        []ScheduledFork
		want         string
	}{
		{"no preset", "custom", []ScheduledFork{{NamePhase0, v(0), 0}}, "unknown preset \"custom\""},
		{"empty", "mainnet", nil, "no forks"},
		{"gap", "mainnet", []ScheduledFork{{NamePhase0, v(0), 0}, {NameBellatrix, v(2), 1}}, "fork 1 is bellatrix, want altair"},
		{"genesis later", "mainnet", []ScheduledFork{{NamePhase0, v(0), 3}}, "phase0 at epoch 3"},
		{"back in time", "mainnet", []ScheduledFork{{NamePhase0, v(0), 0}, {NameAltair, v(1), 9}, {NameBellatrix, v(2), 8}}, "before altair"},
		{"same version", "mainnet", []ScheduledFork{{NamePhase0, v(0), 0}, {NameAltair, v(0), 9}}, "share version"},
		{"too many", "mainnet", append(MainnetSchedule.Forks(), ScheduledFork{Name(8), v(8), FarFutureEpoch}), "more than the 8 known"},
	} {
		_, err := NewSchedule(c.name, c.preset, c.forks...)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "forks: ") {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}

// mainnetConfig is an excerpt of configs/mainnet.yaml of the specification
// release v1.6.1: the keys ParseConfig reads, among others, and forks it
// does not know.
const mainnetConfig = `# Mainnet config
PRESET_BASE: 'mainnet'
CONFIG_NAME: 'mainnet'
TERMINAL_TOTAL_DIFFICULTY: 58750000000000000000000
MIN_GENESIS_TIME: 1606824000
GENESIS_FORK_VERSION: 0x00000000
ALTAIR_FORK_VERSION: 0x01000000
ALTAIR_FORK_EPOCH: 74240  # Oct 27, 2021, 10:56:23am UTC
BELLATRIX_FORK_VERSION: 0x02000000
BELLATRIX_FORK_EPOCH: 144896  # Sept 6, 2022, 11:34:47am UTC
CAPELLA_FORK_VERSION: 0x03000000
CAPELLA_FORK_EPOCH: 194048  # April 12, 2023, 10:27:35pm UTC
DENEB_FORK_VERSION: 0x04000000
DENEB_FORK_EPOCH: 269568  # March 13, 2024, 01:55:35pm UTC
ELECTRA_FORK_VERSION: 0x05000000
ELECTRA_FORK_EPOCH: 364032  # May 7, 2025, 10:05:11am UTC
FULU_FORK_VERSION: 0x06000000
FULU_FORK_EPOCH: 411392  # December 3, 2025, 09:49:11pm UTC
GLOAS_FORK_VERSION: 0x07000000  # temporary stub
GLOAS_FORK_EPOCH: 18446744073709551615
BLOB_SCHEDULE:
  - EPOCH: 412672  # December 9, 2025, 02:21:11pm UTC
    MAX_BLOBS_PER_BLOCK: 15
`

func TestParseConfig(t *testing.T) {
	s, err := ParseConfig([]byte(mainnetConfig))
	if err != nil {
		t.Fatal(err)
	}
	if s.Network() != "mainnet" || s.Preset() != Mainnet {
		t.Errorf("network %q preset %v", s.Network(), s.Preset().Name)
	}
	got, want := s.Forks(), MainnetSchedule.Forks()
	if len(got) != len(want) {
		t.Fatalf("%d forks, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("fork %d: %+v, want %+v", i, got[i], want[i])
		}
	}

	// A network of the time before Fulu: its schedule ends with Electra.
	// Unquoted values, as hoodi's config.yaml has them.
	before := "PRESET_BASE: minimal\nCONFIG_NAME: devnet-3\nGENESIS_FORK_VERSION: 0x10000038\n" +
		"ALTAIR_FORK_VERSION: 0x20000038\nALTAIR_FORK_EPOCH: 0\n" +
		"BELLATRIX_FORK_VERSION: 0x30000038\nBELLATRIX_FORK_EPOCH: 0\n" +
		"CAPELLA_FORK_VERSION: 0x40000038\nCAPELLA_FORK_EPOCH: 0\n" +
		"DENEB_FORK_VERSION: 0x50000038\nDENEB_FORK_EPOCH: 10\n" +
		"ELECTRA_FORK_VERSION: 0x60000038\nELECTRA_FORK_EPOCH: 20\n"
	s, err = ParseConfig([]byte(before))
	if err != nil {
		t.Fatal(err)
	}
	if s.Last() != NameElectra || s.Preset() != Minimal || s.AtSlot(20*8) != NameElectra || s.AtSlot(20*8-1) != NameDeneb {
		t.Errorf("devnet: last %v preset %s", s.Last(), s.Preset().Name)
	}
	if _, ok := s.Version(NameFulu); ok {
		t.Error("devnet has a Fulu version")
	}
	if n, ok := s.Fork(ForkVersion{0x50, 0, 0, 0x38}); !ok || n != NameDeneb {
		t.Errorf("devnet Fork = %v %v", n, ok)
	}
}

func TestParseConfigErrors(t *testing.T) {
	base := "PRESET_BASE: mainnet\nCONFIG_NAME: x\nGENESIS_FORK_VERSION: 0x00000009\n"
	for _, c := range []struct{ name, yaml, want string }{
		{"not yaml", "a: [", "forks: config: "},
		{"a list", "- 1\n- 2\n", "not a mapping"},
		{"no name", "PRESET_BASE: mainnet\n", "no CONFIG_NAME"},
		{"no preset", "CONFIG_NAME: x\n", "no PRESET_BASE"},
		{"unknown preset", "CONFIG_NAME: x\nPRESET_BASE: custom\nGENESIS_FORK_VERSION: 0x00000009\n",
			`config x: PRESET_BASE "custom": unknown preset: neither built in (mainnet, minimal, gnosis) nor given (none)`},
		{"no genesis", "CONFIG_NAME: x\nPRESET_BASE: mainnet\n", "no GENESIS_FORK_VERSION"},
		{"bad version", base + "ALTAIR_FORK_VERSION: 0x0100\nALTAIR_FORK_EPOCH: 1\n", "ALTAIR_FORK_VERSION"},
		{"bad epoch", base + "ALTAIR_FORK_VERSION: 0x01000009\nALTAIR_FORK_EPOCH: soon\n", "not an epoch"},
		{"version alone", base + "ALTAIR_FORK_VERSION: 0x01000009\n", "go together"},
		{"gap", base + "BELLATRIX_FORK_VERSION: 0x02000009\nBELLATRIX_FORK_EPOCH: 1\n", "not ALTAIR_FORK_VERSION"},
		{"out of order", base + "ALTAIR_FORK_VERSION: 0x01000009\nALTAIR_FORK_EPOCH: 5\n" +
			"BELLATRIX_FORK_VERSION: 0x02000009\nBELLATRIX_FORK_EPOCH: 4\n", "before altair"},
	} {
		_, err := ParseConfig([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "forks: ") {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}

// fork.current_version is at StateForkVersionOffset in the state of every
// fork and preset.
func TestStateForkVersionOffset(t *testing.T) {
	for _, n := range Names() {
		for _, p := range []string{"mainnet", "minimal"} {
			types, err := n.Def().Resolve(Presets[p])
			if err != nil {
				t.Fatal(err)
			}
			// A plain Container up to Fulu, a ProgressiveContainer from
			// Gloas on: serialized alike.
			st := types.Type("BeaconState").(interface {
				FieldIndex(string) int
				FieldOffset(int) int
			})
			i := st.FieldIndex("fork")
			fork := types.Container("Fork")
			off := st.FieldOffset(i) + fork.FieldOffset(fork.FieldIndex("current_version"))
			if off != StateForkVersionOffset {
				t.Errorf("%v %s: fork.current_version at %d, want %d", n, p, off, StateForkVersionOffset)
			}
		}
	}
	b := make([]byte, StateForkVersionOffset+4)
	copy(b[StateForkVersionOffset:], []byte{6, 0, 0, 1})
	if v, ok := StateForkVersion(b); !ok || v != (ForkVersion{6, 0, 0, 1}) {
		t.Errorf("StateForkVersion = %v %v", v, ok)
	}
	if _, ok := StateForkVersion(b[:len(b)-1]); ok {
		t.Error("StateForkVersion of 55 bytes: ok")
	}
}
