package forks

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/def"
)

// Name is a fork of the beacon chain, by its place in the order of the
// forks: a later fork is a greater Name, so that n >= NameElectra asks
// whether n has what Electra added. Its text is the fork's name as the
// beacon API spells it in the Eth-Consensus-Version header and the
// version member of its JSON ("phase0", "electra"). The zero Name is
// NamePhase0.
type Name uint8

// The forks, in their order.
const (
	NamePhase0 Name = iota
	NameAltair
	NameBellatrix
	NameCapella
	NameDeneb
	NameElectra
	NameFulu
	// NameGloas is Gloas, which is not final: its types follow
	// GloasSpecVersion, and no network has scheduled it.
	NameGloas

	numNames // the number of forks this package defines
)

// nameDefs are the definitions of the forks, by Name.
var nameDefs = [numNames]*def.Fork{Phase0, Altair, Bellatrix, Capella, Deneb, Electra, Fulu, Gloas}

// Names returns every fork this package defines, in order.
func Names() []Name {
	out := make([]Name, numNames)
	for i := range out {
		out[i] = Name(i)
	}
	return out
}

// ErrUnknownFork is the error, wrapped, of a fork name, fork version or
// fork epoch that names no fork known to the package or to a schedule.
var ErrUnknownFork = errors.New("unknown fork")

// ParseName returns the fork named s, in any case ("fulu", "Fulu",
// "FULU"). A name the package does not define is an error wrapping
// [ErrUnknownFork].
func ParseName(s string) (Name, error) {
	for i, f := range nameDefs {
		if strings.EqualFold(s, f.Name) {
			return Name(i), nil
		}
	}
	return 0, fmt.Errorf("forks: %w %q", ErrUnknownFork, s)
}

// Valid reports whether n is a fork the package defines.
func (n Name) Valid() bool { return n < numNames }

// String returns the fork's name as the beacon API spells it ("capella"),
// or "Name(9)" for a Name not Valid.
func (n Name) String() string {
	if !n.Valid() {
		return "Name(" + strconv.Itoa(int(n)) + ")"
	}
	return nameDefs[n].Name
}

// Def returns the definition of the fork's containers, or nil for a Name
// not Valid.
func (n Name) Def() *def.Fork {
	if !n.Valid() {
		return nil
	}
	return nameDefs[n]
}

// MarshalText returns the fork's name, for encoding/json and flag; a Name
// not Valid is an error.
func (n Name) MarshalText() ([]byte, error) {
	if !n.Valid() {
		return nil, fmt.Errorf("forks: %w: Name(%d)", ErrUnknownFork, uint8(n))
	}
	return []byte(n.String()), nil
}

// UnmarshalText sets n to the fork named text, as [ParseName] does.
func (n *Name) UnmarshalText(text []byte) error {
	v, err := ParseName(string(text))
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// ForkVersion is a fork version: the 4 bytes of Fork.current_version in a
// state, different for each fork of each network, so that it names the
// network and the fork a state belongs to.
type ForkVersion [4]byte

// String returns the version in the hexadecimal form of the specification's
// configuration files and of the beacon API: "0x06000000".
func (v ForkVersion) String() string { return "0x" + hex.EncodeToString(v[:]) }

// ParseForkVersion parses a version written as "0x" and 8 hexadecimal digits.
func ParseForkVersion(s string) (ForkVersion, error) {
	var v ForkVersion
	h, ok := strings.CutPrefix(s, "0x")
	if !ok || len(h) != 2*len(v) {
		return v, fmt.Errorf("forks: version %q: want 0x and %d hexadecimal digits", s, 2*len(v))
	}
	if _, err := hex.Decode(v[:], []byte(h)); err != nil {
		return v, fmt.Errorf("forks: version %q: %v", s, err)
	}
	return v, nil
}

// MarshalText returns v as String does.
func (v ForkVersion) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText sets v to the version in text, as [ParseForkVersion] reads it.
func (v *ForkVersion) UnmarshalText(text []byte) error {
	p, err := ParseForkVersion(string(text))
	if err != nil {
		return err
	}
	*v = p
	return nil
}

// FarFutureEpoch is the specification's FAR_FUTURE_EPOCH, 2**64 - 1: the
// epoch of a fork that a network has not scheduled.
const FarFutureEpoch = ^uint64(0)

// ScheduledFork is a fork of a network: its version and the epoch from
// which the network runs it (FarFutureEpoch when not scheduled).
type ScheduledFork struct {
	Name    Name
	Version ForkVersion
	Epoch   uint64
}

// Schedule is the fork schedule of a network: its forks from phase0 on,
// with their versions and epochs, and the preset the network's types
// take. A Schedule does not change once made, and is safe for concurrent
// use.
type Schedule struct {
	network string
	preset  *def.Preset
	forks   []ScheduledFork
}

// NewSchedule returns the schedule of the network named network
// (CONFIG_NAME of its configuration, "mainnet"), whose types take the
// built-in preset named preset ("mainnet", "minimal" or "gnosis": its
// PRESET_BASE; see [LookupPreset]), as [NewScheduleWithPreset] does. A
// preset that is not built in is an error wrapping [ErrUnknownPreset].
func NewSchedule(network, preset string, forks ...ScheduledFork) (*Schedule, error) {
	p, ok := LookupPreset(preset)
	if !ok {
		return nil, fmt.Errorf("forks: schedule %s: %w %q", network, ErrUnknownPreset, preset)
	}
	return NewScheduleWithPreset(network, p, forks...)
}

// NewScheduleWithPreset returns the schedule of the network named network,
// whose types take the preset p, of any name (a built-in one, or one of
// [NewPreset] or [LoadPreset]). The forks are the network's, in order
// from phase0 with none left out: phase0 at epoch 0, each fork's epoch
// not before the one before it, and no version twice. A network that has
// not scheduled a fork may leave it out, and every later one, or give it
// FarFutureEpoch.
func NewScheduleWithPreset(network string, p *def.Preset, forks ...ScheduledFork) (*Schedule, error) {
	if p == nil {
		return nil, fmt.Errorf("forks: schedule %s: a nil preset", network)
	}
	if len(forks) == 0 {
		return nil, fmt.Errorf("forks: schedule %s: no forks", network)
	}
	if len(forks) > int(numNames) {
		return nil, fmt.Errorf("forks: schedule %s: %d forks, more than the %d known", network, len(forks), numNames)
	}
	seen := make(map[ForkVersion]Name, len(forks))
	for i, f := range forks {
		switch {
		case f.Name != Name(i):
			return nil, fmt.Errorf("forks: schedule %s: fork %d is %v, want %v", network, i, f.Name, Name(i))
		case i == 0 && f.Epoch != 0:
			return nil, fmt.Errorf("forks: schedule %s: phase0 at epoch %d, want 0", network, f.Epoch)
		case i > 0 && f.Epoch < forks[i-1].Epoch:
			return nil, fmt.Errorf("forks: schedule %s: %v at epoch %d, before %v at %d",
				network, f.Name, f.Epoch, forks[i-1].Name, forks[i-1].Epoch)
		}
		if other, dup := seen[f.Version]; dup {
			return nil, fmt.Errorf("forks: schedule %s: %v and %v share version %v", network, other, f.Name, f.Version)
		}
		seen[f.Version] = f.Name
	}
	return &Schedule{network: network, preset: p, forks: append([]ScheduledFork(nil), forks...)}, nil
}

// mustSchedule returns NewSchedule's schedule, and panics on an error: the
// built-in schedules are right or the package is wrong.
func mustSchedule(network, preset string, forks ...ScheduledFork) *Schedule {
	s, err := NewSchedule(network, preset, forks...)
	if err != nil {
		panic(err)
	}
	return s
}

// Network returns the name of the schedule's network ("mainnet").
func (s *Schedule) Network() string { return s.network }

// Preset returns the preset the network's types take.
func (s *Schedule) Preset() *def.Preset { return s.preset }

// Forks returns the network's forks, in order from phase0 (a copy).
func (s *Schedule) Forks() []ScheduledFork { return append([]ScheduledFork(nil), s.forks...) }

// Last returns the latest fork of the schedule, scheduled or not.
func (s *Schedule) Last() Name { return s.forks[len(s.forks)-1].Name }

// AtEpoch returns the fork the network runs at epoch: the latest fork
// whose epoch is not after it. A fork at FarFutureEpoch is not scheduled,
// and runs at no epoch, FarFutureEpoch included.
func (s *Schedule) AtEpoch(epoch uint64) Name {
	n := s.forks[0].Name
	for _, f := range s.forks[1:] {
		if f.Epoch > epoch || f.Epoch == FarFutureEpoch {
			break
		}
		n = f.Name
	}
	return n
}

// AtSlot returns the fork the network runs at slot, in the epoch of
// SLOTS_PER_EPOCH slots of the schedule's preset.
func (s *Schedule) AtSlot(slot uint64) Name {
	return s.AtEpoch(slot / s.preset.Values["SLOTS_PER_EPOCH"])
}

// Version returns the version of fork n on the network, and false when
// the schedule does not have n.
func (s *Schedule) Version(n Name) (ForkVersion, bool) {
	if int(n) >= len(s.forks) {
		return ForkVersion{}, false
	}
	return s.forks[n].Version, true
}

// Epoch returns the epoch of fork n on the network (FarFutureEpoch when
// not scheduled), and false when the schedule does not have n.
func (s *Schedule) Epoch(n Name) (uint64, bool) {
	if int(n) >= len(s.forks) {
		return 0, false
	}
	return s.forks[n].Epoch, true
}

// Fork returns the fork whose version on the network is v, and false when
// v is none of the network's.
func (s *Schedule) Fork(v ForkVersion) (Name, bool) {
	for _, f := range s.forks {
		if f.Version == v {
			return f.Name, true
		}
	}
	return 0, false
}

// String returns the schedule's network and preset: "sepolia (mainnet
// preset)".
func (s *Schedule) String() string {
	return s.network + " (" + s.preset.Name + " preset)"
}

// The built-in schedules. Each lists the forks of this package that its
// network has a version for, those it has not scheduled at FarFutureEpoch:
// mainnet and minimal every fork, Sepolia, Hoodi, Gnosis and Chiado up to
// Fulu (their configurations have no Gloas version yet).
var (
	// MainnetSchedule is mainnet's, from configs/mainnet.yaml of the
	// specification release v1.6.1 (github.com/ethereum/consensus-specs
	// at 5fa6edcca8ab4cf548653e6680b17b9d3e04d225), and its Gloas version
	// from that of v1.7.0-alpha.13 (at
	// e762dd6e2c45ee05648b5787e7d261279aec226a; GLOAS_FORK_VERSION
	// 0x07000000, not scheduled).
	MainnetSchedule = mustSchedule("mainnet", "mainnet",
		ScheduledFork{NamePhase0, ForkVersion{0x00, 0x00, 0x00, 0x00}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x01, 0x00, 0x00, 0x00}, 74240},
		ScheduledFork{NameBellatrix, ForkVersion{0x02, 0x00, 0x00, 0x00}, 144896},
		ScheduledFork{NameCapella, ForkVersion{0x03, 0x00, 0x00, 0x00}, 194048},
		ScheduledFork{NameDeneb, ForkVersion{0x04, 0x00, 0x00, 0x00}, 269568},
		ScheduledFork{NameElectra, ForkVersion{0x05, 0x00, 0x00, 0x00}, 364032},
		ScheduledFork{NameFulu, ForkVersion{0x06, 0x00, 0x00, 0x00}, 411392},
		ScheduledFork{NameGloas, ForkVersion{0x07, 0x00, 0x00, 0x00}, FarFutureEpoch},
	)

	// SepoliaSchedule is the Sepolia test network's, from
	// metadata/config.yaml of github.com/eth-clients/sepolia (at
	// 129de385d8bb7d794dc4b864b0ebeb4d73753f98,
	// May 2025, for phase0 to Electra). Its Fulu version is the one of
	// the same file once Fulu was scheduled, and its Fulu epoch the one
	// the Osaka upgrade schedule of ethereum/execution-specs gives
	// (src/ethereum/forks/osaka/__init__.py: 272640, 14 October 2025),
	// both as Lighthouse's copy of the file has them
	// (common/eth2_network_config/built_in_network_configs/sepolia/config.yaml
	// of github.com/sigp/lighthouse at
	// 09f4e25506c7ba74662150ef393bc4ac03707806).
	SepoliaSchedule = mustSchedule("sepolia", "mainnet",
		ScheduledFork{NamePhase0, ForkVersion{0x90, 0x00, 0x00, 0x69}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x90, 0x00, 0x00, 0x70}, 50},
		ScheduledFork{NameBellatrix, ForkVersion{0x90, 0x00, 0x00, 0x71}, 100},
		ScheduledFork{NameCapella, ForkVersion{0x90, 0x00, 0x00, 0x72}, 56832},
		ScheduledFork{NameDeneb, ForkVersion{0x90, 0x00, 0x00, 0x73}, 132608},
		ScheduledFork{NameElectra, ForkVersion{0x90, 0x00, 0x00, 0x74}, 222464},
		ScheduledFork{NameFulu, ForkVersion{0x90, 0x00, 0x00, 0x75}, 272640},
	)

	// HoodiSchedule is the Hoodi test network's, from metadata/config.yaml
	// of github.com/eth-clients/hoodi (at
	// 7f71638afc431675c19b9e306998b9d4925b7cec, April 2025: every
	// version, and the epochs up to Electra's), with the Fulu epoch of
	// the Osaka upgrade schedule of ethereum/execution-specs
	// (src/ethereum/forks/osaka/__init__.py: 50688, 28 October 2025), as
	// Lighthouse's copy of the file has it
	// (common/eth2_network_config/built_in_network_configs/hoodi/config.yaml
	// of github.com/sigp/lighthouse at
	// 044b604f940046020178984a38a0b55a075374b8).
	HoodiSchedule = mustSchedule("hoodi", "mainnet",
		ScheduledFork{NamePhase0, ForkVersion{0x10, 0x00, 0x09, 0x10}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x20, 0x00, 0x09, 0x10}, 0},
		ScheduledFork{NameBellatrix, ForkVersion{0x30, 0x00, 0x09, 0x10}, 0},
		ScheduledFork{NameCapella, ForkVersion{0x40, 0x00, 0x09, 0x10}, 0},
		ScheduledFork{NameDeneb, ForkVersion{0x50, 0x00, 0x09, 0x10}, 0},
		ScheduledFork{NameElectra, ForkVersion{0x60, 0x00, 0x09, 0x10}, 2048},
		ScheduledFork{NameFulu, ForkVersion{0x70, 0x00, 0x09, 0x10}, 50688},
	)

	// GnosisSchedule is Gnosis Chain's, of the [Gnosis] preset, from
	// mainnet/config.yaml of github.com/gnosischain/configs at
	// b88a0a883a88e05ddf67f6055cb655f69d846d76 (March 2026, which
	// scheduled Fulu: epoch 1714688, 14 April 2026). Its CONFIG_NAME is
	// "gnosis".
	GnosisSchedule = mustSchedule("gnosis", "gnosis",
		ScheduledFork{NamePhase0, ForkVersion{0x00, 0x00, 0x00, 0x64}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x01, 0x00, 0x00, 0x64}, 512},
		ScheduledFork{NameBellatrix, ForkVersion{0x02, 0x00, 0x00, 0x64}, 385536},
		ScheduledFork{NameCapella, ForkVersion{0x03, 0x00, 0x00, 0x64}, 648704},
		ScheduledFork{NameDeneb, ForkVersion{0x04, 0x00, 0x00, 0x64}, 889856},
		ScheduledFork{NameElectra, ForkVersion{0x05, 0x00, 0x00, 0x64}, 1337856},
		ScheduledFork{NameFulu, ForkVersion{0x06, 0x00, 0x00, 0x64}, 1714688},
	)

	// ChiadoSchedule is that of Chiado, Gnosis Chain's test network, of
	// the [Gnosis] preset, from chiado/config.yaml of
	// github.com/gnosischain/configs at the commit of [GnosisSchedule]
	// (the file last changed at b97456feb8279810867f24b15fd4d840f7feba9d;
	// Fulu at epoch 1353216, 16 March 2026).
	ChiadoSchedule = mustSchedule("chiado", "gnosis",
		ScheduledFork{NamePhase0, ForkVersion{0x00, 0x00, 0x00, 0x6f}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x01, 0x00, 0x00, 0x6f}, 90},
		ScheduledFork{NameBellatrix, ForkVersion{0x02, 0x00, 0x00, 0x6f}, 180},
		ScheduledFork{NameCapella, ForkVersion{0x03, 0x00, 0x00, 0x6f}, 244224},
		ScheduledFork{NameDeneb, ForkVersion{0x04, 0x00, 0x00, 0x6f}, 516608},
		ScheduledFork{NameElectra, ForkVersion{0x05, 0x00, 0x00, 0x6f}, 948224},
		ScheduledFork{NameFulu, ForkVersion{0x06, 0x00, 0x00, 0x6f}, 1353216},
	)

	// MinimalSchedule is the test configuration of the minimal preset,
	// from configs/minimal.yaml of the specification release v1.6.1 (and
	// of v1.7.0-alpha.13 for Gloas, 0x07000001): every fork but phase0
	// unscheduled, as the spec tests take it; its versions are those of
	// states made with the minimal preset.
	MinimalSchedule = mustSchedule("minimal", "minimal",
		ScheduledFork{NamePhase0, ForkVersion{0x00, 0x00, 0x00, 0x01}, 0},
		ScheduledFork{NameAltair, ForkVersion{0x01, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameBellatrix, ForkVersion{0x02, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameCapella, ForkVersion{0x03, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameDeneb, ForkVersion{0x04, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameElectra, ForkVersion{0x05, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameFulu, ForkVersion{0x06, 0x00, 0x00, 0x01}, FarFutureEpoch},
		ScheduledFork{NameGloas, ForkVersion{0x07, 0x00, 0x00, 0x01}, FarFutureEpoch},
	)
)

// Schedules returns the built-in schedules: mainnet, sepolia, hoodi,
// gnosis, chiado and minimal, in that order (a new slice; no two share a
// version).
func Schedules() []*Schedule {
	return []*Schedule{MainnetSchedule, SepoliaSchedule, HoodiSchedule, GnosisSchedule, ChiadoSchedule, MinimalSchedule}
}

// LookupVersion returns the fork whose version is v and the schedule that
// has it, searching schedules in order, or the built-in [Schedules] when
// none is given. It returns false when no schedule has v (a state of a
// network it does not know).
func LookupVersion(v ForkVersion, schedules ...*Schedule) (Name, *Schedule, bool) {
	if len(schedules) == 0 {
		schedules = Schedules()
	}
	for _, s := range schedules {
		if n, ok := s.Fork(v); ok {
			return n, s, true
		}
	}
	return 0, nil, false
}

// ParseConfig returns the schedule of a network's configuration file, the
// config.yaml of the specification's configs/ or of a network's metadata
// (eth-clients/sepolia, gnosischain/configs): CONFIG_NAME, PRESET_BASE,
// GENESIS_FORK_VERSION and the <FORK>_FORK_VERSION and <FORK>_FORK_EPOCH
// of each later fork the package knows. The file's other keys, those of
// forks the package does not know included, are not read. A fork the
// file leaves out ends the schedule: a later fork it gives then is an
// error.
//
// The preset named by PRESET_BASE is the one of presets with that name,
// else the built-in one ([LookupPreset]); one that is neither is an error
// wrapping [ErrUnknownPreset] that names it. A preset of the
// specification's files is [LoadPreset]'s:
//
//	p, err := forks.LoadPreset(os.DirFS(specs), "presets/gnosis")
//	...
//	s, err := forks.ParseConfig(config, p)
func ParseConfig(data []byte, presets ...*def.Preset) (*Schedule, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("forks: config: %v", err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("forks: config: not a mapping of keys to values")
	}
	// The values as their text: a version such as 0x00000000 is a YAML
	// integer, and its text keeps the leading zeros a number would lose.
	values := make(map[string]string)
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind == yaml.ScalarNode {
			values[k.Value] = v.Value
		}
	}
	network, ok := values["CONFIG_NAME"]
	if !ok {
		return nil, errors.New("forks: config: no CONFIG_NAME")
	}
	preset, ok := values["PRESET_BASE"]
	if !ok {
		return nil, fmt.Errorf("forks: config %s: no PRESET_BASE", network)
	}
	genesis, ok := values["GENESIS_FORK_VERSION"]
	if !ok {
		return nil, fmt.Errorf("forks: config %s: no GENESIS_FORK_VERSION", network)
	}
	v, err := ParseForkVersion(genesis)
	if err != nil {
		return nil, fmt.Errorf("forks: config %s: GENESIS_FORK_VERSION: %v", network, err)
	}
	scheduled := []ScheduledFork{{Name: NamePhase0, Version: v}}
	for n := NameAltair; n < numNames; n++ {
		up := strings.ToUpper(n.String())
		versionKey, epochKey := up+"_FORK_VERSION", up+"_FORK_EPOCH"
		vtext, hasVersion := values[versionKey]
		etext, hasEpoch := values[epochKey]
		if !hasVersion && !hasEpoch {
			if err := noLaterFork(values, n); err != nil {
				return nil, fmt.Errorf("forks: config %s: %v", network, err)
			}
			break
		}
		if !hasVersion || !hasEpoch {
			return nil, fmt.Errorf("forks: config %s: %s and %s go together", network, versionKey, epochKey)
		}
		v, err := ParseForkVersion(vtext)
		if err != nil {
			return nil, fmt.Errorf("forks: config %s: %s: %v", network, versionKey, err)
		}
		e, err := strconv.ParseUint(etext, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("forks: config %s: %s %q: not an epoch", network, epochKey, etext)
		}
		scheduled = append(scheduled, ScheduledFork{Name: n, Version: v, Epoch: e})
	}
	p, err := presetNamed(preset, presets)
	if err != nil {
		return nil, fmt.Errorf("forks: config %s: %w", network, err)
	}
	return NewScheduleWithPreset(network, p, scheduled...)
}

// presetNamed returns the preset of presets named name, else the built-in
// one, or an error wrapping ErrUnknownPreset that names it and the
// presets it looked at.
func presetNamed(name string, presets []*def.Preset) (*def.Preset, error) {
	given := make([]string, 0, len(presets))
	for _, p := range presets {
		if p == nil {
			continue
		}
		if p.Name == name {
			return p, nil
		}
		given = append(given, p.Name)
	}
	if p, ok := LookupPreset(name); ok {
		return p, nil
	}
	var builtin []string
	for _, p := range BuiltinPresets() {
		builtin = append(builtin, p.Name)
	}
	if len(given) == 0 {
		given = append(given, "none")
	}
	return nil, fmt.Errorf("PRESET_BASE %q: %w: neither built in (%s) nor given (%s)",
		name, ErrUnknownPreset, strings.Join(builtin, ", "), strings.Join(given, ", "))
}

// noLaterFork returns an error when values give a version or epoch of a
// fork after missing, which they leave out.
func noLaterFork(values map[string]string, missing Name) error {
	for n := missing + 1; n < numNames; n++ {
		up := strings.ToUpper(n.String())
		for _, k := range []string{up + "_FORK_VERSION", up + "_FORK_EPOCH"} {
			if _, ok := values[k]; ok {
				return fmt.Errorf("%s given, but not %s_FORK_VERSION", k, strings.ToUpper(missing.String()))
			}
		}
	}
	return nil
}

// StateForkVersionOffset is the offset of fork.current_version in the
// serialization of a BeaconState of every fork: after genesis_time (8
// bytes), genesis_validators_root (32), slot (8) and fork.previous_version
// (4), fixed-size fields that every fork's state begins with.
const StateForkVersionOffset = 8 + 32 + 8 + 4

// StateForkVersion returns fork.current_version of the serialized
// BeaconState b, of any fork, and false when b is too short to hold it.
func StateForkVersion(b []byte) (ForkVersion, bool) {
	var v ForkVersion
	if len(b) < StateForkVersionOffset+len(v) {
		return v, false
	}
	copy(v[:], b[StateForkVersionOffset:])
	return v, true
}

// WrongForkError is the error of decoding a BeaconState whose
// fork.current_version names a fork or a preset other than the type's: the
// bytes of a Fulu state decoded as Capella's, or those of a minimal-preset
// state as a mainnet one.
type WrongForkError struct {
	// Version is the fork.current_version of the bytes.
	Version ForkVersion
	// Fork and Schedule are what Version names: the fork, and the
	// schedule of the network and preset that has it.
	Fork     Name
	Schedule *Schedule
	// DecodedFork and DecodedPreset are the fork and the name of the
	// preset of the type the bytes were decoded as.
	DecodedFork   Name
	DecodedPreset string
	// Err is the error of the decoder, nil if the bytes were not
	// decoded: a version of another fork fails before decoding.
	Err error
}

// Error says what the bytes hold and what they were decoded as, with the
// decoder's error: "capella: bytes hold a fulu state (fork.current_version
// 0x06000000), decoded as capella". The presets are named when they
// differ.
func (e *WrongForkError) Error() string {
	held, decoded := e.Fork.String(), e.DecodedFork.String()
	if p := e.Schedule.Preset().Name; p != e.DecodedPreset {
		held = p + "-preset " + held
		decoded = e.DecodedPreset + "-preset " + decoded
	}
	msg := fmt.Sprintf("%v: bytes hold %s %s state (fork.current_version %v), decoded as %s",
		e.DecodedFork, article(held), held, e.Version, decoded)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the decoder's error.
func (e *WrongForkError) Unwrap() error { return e.Err }

// article returns "an" before a word that begins with a vowel, "a" before
// any other.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}
