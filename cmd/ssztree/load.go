package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// typeFlags are the flags that say what a value is and how it is encoded,
// which every subcommand that reads a value takes.
type typeFlags struct {
	typ, fork, preset, network, in string
}

// add registers the flags on fs.
func (tf *typeFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&tf.typ, "type", "", "the value's type, a container of the fork's definitions (BeaconState, SignedBeaconBlock, Attestation, DataColumnSidecar...; state, block and blinded for short); default: a state, signed block or signed blinded block, found from the bytes")
	fs.StringVar(&tf.fork, "fork", "", "the fork (phase0 ... gloas); default: found from the bytes, the envelope's version or the server's Eth-Consensus-Version")
	fs.StringVar(&tf.preset, "preset", "", "the preset (mainnet, minimal, gnosis); default: found from the bytes, or the network's")
	fs.StringVar(&tf.network, "network", "", "the network (mainnet, sepolia, hoodi, gnosis, chiado, minimal) or the path of its config.yaml; default: found from the state's fork version or the slot")
	fs.StringVar(&tf.in, "in", "", "the input's format (ssz, snappy, framed, json, yaml); default: found from the file's name, then its content")
}

// kinds are the types found from the bytes without -type, in the order
// they are tried, by the names of the forks' definitions.
var kinds = []string{"BeaconState", "SignedBeaconBlock", "SignedBlindedBeaconBlock"}

// typeAliases are the short names -type takes.
var typeAliases = map[string]string{
	"state": "BeaconState", "block": "SignedBeaconBlock", "blinded": "SignedBlindedBeaconBlock",
}

// A selection is what the flags say of a value.
type selection struct {
	typeName  string // "" when not given
	fork      *forks.Name
	preset    *def.Preset
	network   *forks.Schedule   // -network's
	schedules []*forks.Schedule // those detection takes: -network's, or -preset's built-in ones
	in        format
	forkHow   string // how fork was found: "as -fork says", "by the envelope's version"...
	// only, when not empty and fork is nil, lists the forks a value may
	// be of (those whose type has a JSON object's members).
	only []forks.Name
}

// resolve checks the flags and returns the selection they make.
func (tf *typeFlags) resolve() (*selection, error) {
	sel := &selection{}
	var err error
	if sel.in, err = parseFormat(tf.in); err != nil {
		return nil, err
	}
	if tf.network != "" {
		if sel.network, err = scheduleNamed(tf.network); err != nil {
			return nil, err
		}
		sel.schedules = []*forks.Schedule{sel.network}
	}
	if tf.preset != "" {
		p, ok := forks.LookupPreset(tf.preset)
		if !ok {
			return nil, usagef("-preset %q: want mainnet, minimal or gnosis", tf.preset)
		}
		if sel.network != nil && sel.network.Preset() != p {
			return nil, usagef("-preset %s, but network %s has the %s preset", p.Name, sel.network.Network(), sel.network.Preset().Name)
		}
		sel.preset = p
		if sel.network == nil {
			for _, s := range forks.Schedules() {
				if s.Preset() == p {
					sel.schedules = append(sel.schedules, s)
				}
			}
		}
	}
	if sel.preset == nil && sel.network != nil {
		sel.preset = sel.network.Preset()
	}
	if tf.fork != "" {
		n, err := forks.ParseName(tf.fork)
		if err != nil {
			return nil, usagef("-fork %q: %v", tf.fork, err)
		}
		sel.fork, sel.forkHow = &n, "as -fork says"
	}
	if tf.typ != "" {
		name := tf.typ
		if a, ok := typeAliases[strings.ToLower(name)]; ok {
			name = a
		}
		known := false
		for _, f := range forks.Names() {
			ts, err := f.Def().Resolve(forks.Mainnet)
			if err == nil && ts.Type(name) != nil {
				known = true
				break
			}
		}
		if !known {
			return nil, usagef("-type %q: no fork has a container of that name (ssztree types lists them)", tf.typ)
		}
		sel.typeName = name
	}
	return sel, nil
}

// scheduleNamed returns the built-in schedule of a network's name, or the
// one of the config.yaml at a path.
func scheduleNamed(name string) (*forks.Schedule, error) {
	for _, s := range forks.Schedules() {
		if s.Network() == name {
			return s, nil
		}
	}
	if !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") && !strings.ContainsRune(name, os.PathSeparator) {
		return nil, usagef("-network %q: want mainnet, sepolia, hoodi, gnosis, chiado, minimal or a config.yaml", name)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s, err := forks.ParseConfig(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// presets returns the presets a value may be of.
func (sel *selection) presets() []*def.Preset {
	if sel.preset != nil {
		return []*def.Preset{sel.preset}
	}
	return forks.BuiltinPresets()
}

// forkList returns the forks a value may be of.
func (sel *selection) forkList() []forks.Name {
	if sel.fork != nil {
		return []forks.Name{*sel.fork}
	}
	if len(sel.only) > 0 {
		return sel.only
	}
	return forks.Names()
}

// typeOf returns the type named name of fork and preset, or nil.
func typeOf(name string, f forks.Name, p *def.Preset) schema.Type {
	ts, err := f.Def().Resolve(p)
	if err != nil {
		return nil
	}
	return ts.Type(name)
}

// A value is what the command read: a view, and what it is.
type value struct {
	v      view.View
	name   string // the type's name in the forks' definitions
	fork   forks.Name
	preset *def.Preset
	how    string // how the fork and preset were found
	// network and networkHow name the network and how it was found, or
	// are empty.
	network, networkHow string
	same                []string // other forks and presets of the same type
	format              format
	det                 *versioned.Detection
}

// load reads the value of the source name.
func load(name string, sel *selection, stdin io.Reader, o *netOptions) (*value, error) {
	in, err := open(name, sel.in, stdin, o)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return loadInput(in, sel)
}

// loadInput reads the value of an opened input. A fork that the server
// names (Eth-Consensus-Version) is the type's of JSON, and is checked
// against what the bytes say of SSZ.
func loadInput(in *input, sel *selection) (*value, error) {
	var hint *forks.Name
	if in.fork != "" && sel.fork == nil {
		f, err := forks.ParseName(in.fork)
		if err != nil {
			return nil, fmt.Errorf("%s: Eth-Consensus-Version %q: %v", in.name, in.fork, err)
		}
		hint = &f
	}
	var v *value
	var err error
	switch {
	case in.format == fmtJSON || in.format == fmtYAML:
		if hint != nil {
			sel = withFork(sel, *hint)
			sel.forkHow = "by the server's Eth-Consensus-Version"
		}
		v, err = loadText(in, sel)
	case in.whole != nil:
		v, err = loadBytes(in.whole, sel)
	default:
		v, err = loadStream(in, sel)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.name, err)
	}
	if hint != nil && in.format != fmtJSON && in.format != fmtYAML {
		if t := typeOf(v.name, *hint, v.preset); v.fork != *hint && (t == nil || !schema.Equal(t, v.v.Type())) {
			return nil, fmt.Errorf("%s: the server's Eth-Consensus-Version is %v, but the bytes are a %v %s (%s)", in.name, *hint, v.fork, v.name, v.how)
		}
		v.how += "; the server's Eth-Consensus-Version agrees"
	}
	v.format = in.format
	return v, nil
}

// withFork returns a copy of sel with the fork f.
func withFork(sel *selection, f forks.Name) *selection {
	s := *sel
	s.fork = &f
	s.forkHow = "as -fork says"
	return &s
}

// loadStream reads a value from a stream of raw SSZ: a state from its
// bytes as they arrive, and anything else whole.
func loadStream(in *input, sel *selection) (*value, error) {
	br := bufio.NewReader(in.r)
	in.r = br
	head, _ := br.Peek(4)
	isBlock := len(head) == 4 && head[0] == blockOffset && head[1]|head[2]|head[3] == 0
	if sel.typeName != "" && sel.typeName != "BeaconState" || sel.typeName == "" && isBlock {
		// Anything but a state is small: read whole.
		b, err := in.readSSZWhole()
		if err != nil {
			return nil, err
		}
		return loadBytes(b, sel)
	}
	s := *sel
	s.typeName = "BeaconState"
	if sel.fork != nil && sel.preset != nil {
		return decodeStream(in, &s)
	}
	st, d, err := versioned.ReadStateFromMax(br, in.size, maxInput, sel.schedules...)
	var amb *versioned.AmbiguousError
	switch {
	case err == nil && sel.fork != nil && d.Fork != *sel.fork && !slices.ContainsFunc(d.Same, func(c versioned.Candidate) bool { return c.Fork == *sel.fork }):
		return nil, fmt.Errorf("%s, but the bytes are a %v state of the %s preset (by its %v)", sel.forkHow, d.Fork, d.Preset.Name, d.Rule)
	case err == nil:
		v := detected(st.View(), "BeaconState", d, sel)
		if sel.fork != nil {
			v.how = sel.forkHow + "; " + v.how
		}
		return v, nil
	case errors.As(err, &amb) && sel.fork != nil && in.reopen != nil:
		// Of the candidates of the fork given, mainnet's, else the first.
		var p *def.Preset
		for _, c := range amb.Candidates {
			if c.Fork == *sel.fork && (p == nil || c.Preset == forks.Mainnet) {
				p = c.Preset
			}
		}
		if p == nil {
			return nil, err
		}
		if err := in.reopen(); err != nil {
			return nil, err
		}
		s.preset = p
		v, err := decodeStream(in, &s)
		if err == nil {
			v.how = sel.forkHow + ", in the " + p.Name + " preset (its layout is of several: give -preset or -network)"
		}
		return v, err
	case errors.As(err, &amb) && assumeMainnet(amb, sel) && in.reopen != nil:
		if err := in.reopen(); err != nil {
			return nil, err
		}
		st, d, err := versioned.ReadStateFromMax(in.r, in.size, maxInput, forks.MainnetSchedule)
		if err != nil {
			return nil, err
		}
		v := detected(st.View(), "BeaconState", d, sel)
		v.how += assumedHow
		return v, nil
	case errors.As(err, &amb) && assumeMainnet(amb, sel):
		return nil, fmt.Errorf("%w (read as it arrived, it cannot be read again in the mainnet preset: give -network or -preset)", err)
	}
	return nil, err
}

// blockOffset is the first byte of every serialized signed block (blinded
// or not) of every fork: the offset of its message, after that offset and
// the 96 bytes of its signature.
const blockOffset = 4 + 96

// decodeStream reads a value of the type, fork and preset that sel names
// (its preset the network's, else mainnet) from the stream.
func decodeStream(in *input, sel *selection) (*value, error) {
	p, how := sel.preset, sel.forkHow
	if p == nil {
		p, how = forks.Mainnet, sel.forkHow+", in the mainnet preset (give -preset for another)"
	}
	t := typeOf(sel.typeName, *sel.fork, p)
	if t == nil {
		return nil, fmt.Errorf("%v has no %s", *sel.fork, sel.typeName)
	}
	v, err := view.DecodeReaderMax(t, in.r, in.size, maxInput)
	if err != nil {
		return nil, err
	}
	return &value{v: v, name: sel.typeName, fork: *sel.fork, preset: p, how: how}, nil
}

// loadBytes reads a value from its serialization.
func loadBytes(b []byte, sel *selection) (*value, error) {
	if sel.typeName == "" && sel.fork != nil {
		// A state or a block of that fork.
		var errs []error
		for _, k := range orderOfKinds(b) {
			v, err := pick(k, sel, func(t schema.Type) ([]byte, error) { return b, schema.Validate(t, b) })
			if err == nil {
				return v, nil
			}
			errs = append(errs, err)
		}
		return nil, errs[0]
	}
	if sel.typeName != "" && !slices.Contains(kinds, sel.typeName) || sel.fork != nil {
		return pick(sel.typeName, sel, func(t schema.Type) ([]byte, error) { return b, schema.Validate(t, b) })
	}
	order := orderOfKinds(b)
	if sel.typeName != "" {
		order = []string{sel.typeName}
	}
	var first error
	for _, k := range order {
		v, err := detectBytes(k, b, sel)
		if err == nil {
			return v, nil
		}
		var amb *versioned.AmbiguousError
		if errors.As(err, &amb) {
			return nil, err
		}
		if first == nil {
			first = err
		}
	}
	if len(order) > 1 {
		return nil, fmt.Errorf("neither a state nor a signed block (blinded or not) of any fork and preset: %w (give -type and -fork for another value)", first)
	}
	return nil, first
}

// orderOfKinds returns the kinds to try for the serialization b: the
// blocks first when b starts as a signed block does.
func orderOfKinds(b []byte) []string {
	if len(b) >= 4 && b[0] == blockOffset && b[1]|b[2]|b[3] == 0 {
		return []string{"SignedBeaconBlock", "SignedBlindedBeaconBlock", "BeaconState"}
	}
	return kinds
}

// detectBytes finds the fork and preset of the state, signed block or
// signed blinded block b (kind) with package versioned's detection, and
// decodes it.
func detectBytes(kind string, b []byte, sel *selection) (*value, error) {
	detect := func(schedules []*forks.Schedule) (versioned.Detection, error) {
		switch kind {
		case "BeaconState":
			return versioned.DetectState(b, schedules...)
		case "SignedBeaconBlock":
			return versioned.DetectSignedBlock(b, schedules...)
		}
		return versioned.DetectSignedBlindedBlock(b, schedules...)
	}
	d, err := detect(sel.schedules)
	assumed := false
	if amb := (*versioned.AmbiguousError)(nil); errors.As(err, &amb) && assumeMainnet(amb, sel) {
		d, err = detect([]*forks.Schedule{forks.MainnetSchedule})
		assumed = err == nil
	}
	if err != nil {
		return nil, err
	}
	t := typeOf(kind, d.Fork, d.Preset)
	v, err := view.Decode(t, b)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", d, err)
	}
	val := detected(v, kind, d, sel)
	if assumed {
		val.how += assumedHow
	}
	return val, nil
}

// assumeMainnet reports whether the command takes the mainnet preset for
// bytes that amb says several presets fit: when no flag names a network
// or a preset, and the candidates are of mainnet's preset and others that
// lay it out alike (the gnosis preset, before Fulu). The library keeps
// such bytes an error; the command's default network is mainnet's, as a
// file with no version to tell (a spec test's, a synthetic state) is most
// often of it, and it says so (assumedHow).
func assumeMainnet(amb *versioned.AmbiguousError, sel *selection) bool {
	return len(sel.schedules) == 0 && sel.preset == nil && sel.network == nil &&
		slices.ContainsFunc(amb.Candidates, func(c versioned.Candidate) bool { return c.Preset == forks.Mainnet })
}

// assumedHow is what the command adds to how it found a value's fork when
// it took the mainnet preset by default.
const assumedHow = "; the mainnet preset assumed, whose layout the gnosis preset shares (give -network or -preset)"

// detected returns the value v of type kind that the detection d found.
func detected(v view.View, kind string, d versioned.Detection, sel *selection) *value {
	val := &value{v: v, name: kind, fork: d.Fork, preset: d.Preset, how: "by its " + d.Rule.String(), det: &d}
	for _, c := range d.Same {
		if c.Fork != d.Fork || c.Preset != d.Preset {
			val.same = append(val.same, c.String())
		}
	}
	val.network, val.networkHow = networkOf(d, sel)
	return val
}

// networkOf returns the network of a detected value, and how it was found:
// the one -network names, the one whose schedule has the state's fork
// version for its fork, or the one whose epochs the slot was read in.
func networkOf(d versioned.Detection, sel *selection) (string, string) {
	if sel.network != nil {
		return sel.network.Network(), "as -network says"
	}
	if d.Kind == versioned.KindState {
		if f, s, ok := forks.LookupVersion(d.Version); ok && f == d.Fork && s.Preset() == d.Preset {
			return s.Network(), "by its fork version " + d.Version.String()
		}
	}
	if d.Rule == versioned.BySlot && d.Schedule != nil {
		return d.Schedule.Network(), fmt.Sprintf("by its slot %d", d.Slot)
	}
	return "", ""
}

// A hit is a fork and preset whose type of a name took a value.
type hit struct {
	fork   forks.Name
	preset *def.Preset
	t      schema.Type
	b      []byte
}

// pick finds the forks and presets (of those sel allows) whose type name
// takes the value that conv converts to SSZ for a type, and returns the
// value: the one of a kind package versioned detects that its detection
// picks of those, or the only one, or one of types that are all equal; a
// choice between types that differ is an error that lists them.
func pick(name string, sel *selection, conv func(schema.Type) ([]byte, error)) (*value, error) {
	var hits []hit
	var firstErr error
	tried := 0
	for _, p := range sel.presets() {
		for _, f := range sel.forkList() {
			t := typeOf(name, f, p)
			if t == nil {
				continue
			}
			tried++
			b, err := conv(t)
			if err != nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("as %s/%v %s: %w", p.Name, f, name, err)
				}
				continue
			}
			hits = append(hits, hit{f, p, t, b})
		}
	}
	if tried == 0 {
		return nil, fmt.Errorf("no %s in %s", name, forkPresetWords(sel))
	}
	if len(hits) == 0 {
		if tried == 1 {
			return nil, firstErr
		}
		return nil, fmt.Errorf("not a %s of %s (%v)", name, forkPresetWords(sel), firstErr)
	}
	// Of the kinds package versioned detects, its detection picks.
	if slices.Contains(kinds, name) && (len(hits) > 1 || sel.fork == nil) {
		if v, err := detectBytes(name, hits[0].b, sel); err == nil {
			if i := slices.IndexFunc(hits, func(h hit) bool { return h.fork == v.fork && h.preset == v.preset }); i >= 0 {
				if i > 0 {
					if v2, err := detectBytes(name, hits[i].b, sel); err == nil {
						v = v2
					}
				}
				return v, nil
			}
		} else if len(hits) > 1 {
			var amb *versioned.AmbiguousError
			if errors.As(err, &amb) {
				return nil, err
			}
		}
	}
	h := hits[0]
	var same, differ []string
	for _, o := range hits[1:] {
		s := o.preset.Name + "/" + o.fork.String()
		if schema.Equal(o.t, h.t) {
			same = append(same, s)
		} else {
			differ = append(differ, s)
		}
	}
	how := "the only fork and preset whose type takes it"
	if sel.fork != nil {
		how = sel.forkHow
	}
	if len(differ) > 0 && sel.fork != nil && sel.preset == nil {
		// -fork alone: the mainnet preset, as when reading a stream.
		if i := slices.IndexFunc(hits, func(h hit) bool { return h.preset == forks.Mainnet }); i >= 0 {
			h, same, differ = hits[i], nil, nil
			how = sel.forkHow + ", in the mainnet preset (it fits others too: give -preset)"
		}
	}
	if len(differ) > 0 {
		return nil, fmt.Errorf("the value fits a %s of %s/%v, %s: give -fork and -preset (or -network)", name, h.preset.Name, h.fork, strings.Join(differ, ", "))
	}
	v, err := view.Decode(h.t, h.b)
	if err != nil {
		return nil, err
	}
	val := &value{v: v, name: name, fork: h.fork, preset: h.preset, how: how, same: same}
	if sel.network != nil {
		val.network, val.networkHow = sel.network.Network(), "as -network says"
	}
	return val, nil
}

// forkPresetWords says which forks and presets sel allows.
func forkPresetWords(sel *selection) string {
	f := "any fork"
	if sel.fork != nil {
		f = sel.fork.String()
	}
	p := "any preset"
	if sel.preset != nil {
		p = "the " + sel.preset.Name + " preset"
	}
	return f + " in " + p
}
