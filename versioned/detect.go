package versioned

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// slotOffset is the offset of slot in the serialization of a BeaconState
// of every fork: after genesis_time (8 bytes) and genesis_validators_root
// (32).
const slotOffset = 8 + 32

// blockSlotOffset is the offset of message.slot in the serialization of a
// SignedBeaconBlock (blinded or not) of every fork: after the offset of
// message (4 bytes) and the signature (96), message starts with its slot.
const blockSlotOffset = 4 + 96

// A Kind is a kind of value whose fork and preset the detection finds.
type Kind uint8

const (
	// KindState is a BeaconState.
	KindState Kind = iota
	// KindSignedBlock is a SignedBeaconBlock.
	KindSignedBlock
	// KindSignedBlindedBlock is a SignedBlindedBeaconBlock (Bellatrix to
	// Fulu).
	KindSignedBlindedBlock
)

// typeNames are the names of each kind's container in the forks'
// definitions.
var typeNames = [...]string{
	KindState:              "BeaconState",
	KindSignedBlock:        "SignedBeaconBlock",
	KindSignedBlindedBlock: "SignedBlindedBeaconBlock",
}

// String returns the name of the kind's container.
func (k Kind) String() string {
	if int(k) < len(typeNames) {
		return typeNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// A Rule is what decided a detection, in the order they are tried.
type Rule uint8

const (
	// ByStructure: the bytes fit the types of one fork and preset alone,
	// or of several whose types are equal (Electra's and Fulu's blocks).
	ByStructure Rule = iota + 1
	// ByVersion: of the forks and presets the bytes fit, the state's
	// fork.current_version names one, in a schedule.
	ByVersion
	// BySlot: of the forks and presets the bytes fit, the slot falls in
	// the epochs of one, in a schedule.
	BySlot
)

// String returns the rule's name, as Detection's text uses it.
func (r Rule) String() string {
	switch r {
	case ByStructure:
		return "structure"
	case ByVersion:
		return "fork version"
	case BySlot:
		return "slot"
	}
	return fmt.Sprintf("Rule(%d)", r)
}

// A Candidate is a fork and preset whose types a value's bytes fit.
type Candidate struct {
	Fork   forks.Name
	Preset *def.Preset
}

// String returns the candidate as preset/fork.
func (c Candidate) String() string { return c.Preset.Name + "/" + c.Fork.String() }

// Detection is what the bytes of a state or a signed block say of their
// fork and preset, and how it was found.
type Detection struct {
	// Kind is the kind of value that was read.
	Kind Kind
	// Fork and Preset are those of the value.
	Fork   forks.Name
	Preset *def.Preset
	// Rule is what decided between the candidates.
	Rule Rule
	// Schedule is the network the value is of, when one is known: that
	// whose version a state holds, that whose epochs the slot was read in
	// (Rule BySlot), or else the first given of the value's preset; nil
	// when none names one, as for a state whose structure decided and
	// whose version no schedule has.
	Schedule *forks.Schedule
	// Given is true when Schedule is one of those the caller gave.
	Given bool
	// Version is a state's fork.current_version (zero for blocks).
	Version forks.ForkVersion
	// Slot is the value's slot (a block's message.slot).
	Slot uint64
	// Same lists the candidates whose types are those of Fork and Preset
	// (Fulu beside Electra, for a block), the answer first: the bytes are
	// one value of any of them.
	Same []Candidate
	// Candidates lists every fork and preset whose types the bytes fit,
	// before the version or the slot picked one.
	Candidates []Candidate
}

// String says what was found and by which rule: "a fulu state of mainnet
// (mainnet preset), by its fork version".
func (d Detection) String() string {
	if d.Preset == nil || d.Rule == 0 {
		return fmt.Sprintf("a %s not found", kindWords[d.Kind])
	}
	s := fmt.Sprintf("a %v %s of the %s preset", d.Fork, kindWords[d.Kind], d.Preset.Name)
	if d.Schedule != nil {
		s += ", network " + d.Schedule.Network()
	}
	s += ", by its " + d.Rule.String()
	if len(d.Same) > 1 {
		s += " (the same types as " + candidateList(d.Same[1:]) + ")"
	}
	return s
}

// kindWords are the kinds in the words of messages.
var kindWords = [...]string{
	KindState:              "state",
	KindSignedBlock:        "signed block",
	KindSignedBlindedBlock: "signed blinded block",
}

// AmbiguousError is the error of bytes that fit the types of several forks
// or presets, which neither a version nor the slot told apart: a state of
// the mainnet preset from before Fulu, say, whose version is of no known
// network, fits the gnosis preset too. A schedule given to the detection
// (the network's) decides.
type AmbiguousError struct {
	Kind       Kind
	Candidates []Candidate
	// Version is a state's fork.current_version.
	Version forks.ForkVersion
	Slot    uint64
}

// Error lists the candidates and what failed to decide.
func (e *AmbiguousError) Error() string {
	s := fmt.Sprintf("versioned: the bytes fit a %s of %s", kindWords[e.Kind], candidateList(e.Candidates))
	if e.Kind == KindState {
		s += fmt.Sprintf(", and neither its fork.current_version %v nor its slot %d in a schedule names one", e.Version, e.Slot)
	} else {
		s += fmt.Sprintf(", and its slot %d names none in a schedule", e.Slot)
	}
	return s + ": give the network's schedule"
}

// candidateList returns the candidates' names, joined.
func candidateList(cs []Candidate) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// DetectState finds the fork and preset of the serialized BeaconState b,
// of any fork, in any preset built in (forks.BuiltinPresets) or, when
// schedules are given, in theirs (the network the caller names is the
// state's), from the bytes alone:
//
//  1. Structure: the forks and presets whose BeaconState the bytes fit
//     (the size, the offsets of the fixed part and those of the nested
//     containers, then, where several remain, a validation against each).
//     One left, or several of equal types, decide.
//  2. Version: of those, the one whose fork a schedule gives the state's
//     fork.current_version, in schedules, in order, then in the built-in
//     ones (forks.Schedules()). A version that names a fork or preset the
//     bytes do not fit is not used: spec-test states hold arbitrary
//     versions.
//  3. Slot: the one whose fork a schedule gives the state's slot, in
//     schedules, then in the built-in ones of the candidates' presets.
//
// Bytes that fit no state, or several that neither the version nor the
// slot tells apart, are an error, the latter an [*AmbiguousError].
func DetectState(b []byte, schedules ...*forks.Schedule) (Detection, error) {
	return detect(KindState, b, len(b), schedules)
}

// DetectSignedBlock finds the fork and preset of the serialized
// SignedBeaconBlock b, as [DetectState] does a state's, but for the
// version, which a block does not hold.
func DetectSignedBlock(b []byte, schedules ...*forks.Schedule) (Detection, error) {
	return detect(KindSignedBlock, b, len(b), schedules)
}

// DetectSignedBlindedBlock finds the fork and preset of the serialized
// SignedBlindedBeaconBlock b, as [DetectSignedBlock] does a block's.
func DetectSignedBlindedBlock(b []byte, schedules ...*forks.Schedule) (Detection, error) {
	return detect(KindSignedBlindedBlock, b, len(b), schedules)
}

// ReadState returns the serialized BeaconState b, of the fork and preset
// DetectState finds, with what it found.
func ReadState(b []byte, schedules ...*forks.Schedule) (*State, Detection, error) {
	d, err := DetectState(b, schedules...)
	if err != nil {
		return nil, d, err
	}
	st, err := decodeState(d.Fork, d.Preset, b, false)
	if err != nil {
		return nil, d, fmt.Errorf("versioned: %v: %w", d, err)
	}
	return st, d, nil
}

// ReadSignedBlock returns the serialized SignedBeaconBlock b, of the fork
// and preset DetectSignedBlock finds, with what it found.
func ReadSignedBlock(b []byte, schedules ...*forks.Schedule) (*SignedBlock, Detection, error) {
	d, err := DetectSignedBlock(b, schedules...)
	if err != nil {
		return nil, d, err
	}
	blk, err := DecodeSignedBlock(d.Fork, d.Preset, b)
	if err != nil {
		return nil, d, fmt.Errorf("versioned: %v: %w", d, err)
	}
	return blk, d, nil
}

// ReadSignedBlindedBlock returns the serialized SignedBlindedBeaconBlock b,
// of the fork and preset DetectSignedBlindedBlock finds, with what it
// found.
func ReadSignedBlindedBlock(b []byte, schedules ...*forks.Schedule) (*SignedBlock, Detection, error) {
	d, err := DetectSignedBlindedBlock(b, schedules...)
	if err != nil {
		return nil, d, err
	}
	blk, err := DecodeSignedBlindedBlock(d.Fork, d.Preset, b)
	if err != nil {
		return nil, d, fmt.Errorf("versioned: %v: %w", d, err)
	}
	return blk, d, nil
}

// A group is candidates of equal types, and one of those types.
type group struct {
	typ     schema.Type
	members []Candidate
}

// detect finds the fork and preset of a value of kind whose serialization
// starts with b and is size bytes long (size -1: unknown): b is the whole
// value when len(b) == size, and its first bytes otherwise (a stream's),
// which must hold the value's fixed part and the slot.
func detect(kind Kind, b []byte, size int, schedules []*forks.Schedule) (Detection, error) {
	d := Detection{Kind: kind}
	if err := checkSchedules(schedules); err != nil {
		return d, err
	}
	prefix := statePrefix
	if kind != KindState {
		prefix = blockSlotOffset + 8
	}
	if len(b) < prefix {
		return d, fmt.Errorf("versioned: %d bytes: too short for a %s, whose slot ends at byte %d", len(b), kindWords[kind], prefix)
	}
	if kind == KindState {
		d.Slot = binary.LittleEndian.Uint64(b[slotOffset:])
		d.Version, _ = forks.StateForkVersion(b)
	} else {
		d.Slot = binary.LittleEndian.Uint64(b[blockSlotOffset:])
	}

	var groups []group
	for _, c := range candidates(kind, schedules) {
		t := typeOf(kind, c)
		if t == nil || !fits(t, b, size) {
			continue
		}
		d.Candidates = append(d.Candidates, c)
		i := slices.IndexFunc(groups, func(g group) bool { return schema.Equal(g.typ, t) })
		if i < 0 {
			groups = append(groups, group{typ: t})
			i = len(groups) - 1
		}
		groups[i].members = append(groups[i].members, c)
	}
	if len(groups) == 0 {
		return d, fmt.Errorf("versioned: %s: the bytes fit the %s of no fork and preset", sizeWords(len(b), size), kind)
	}
	network := func(g group, rule Rule, s *forks.Schedule, given bool) Detection {
		d.Rule, d.Same = rule, g.members
		d.Fork, d.Preset = g.members[0].Fork, g.members[0].Preset
		if s != nil {
			// The answer is the member of the schedule's preset.
			for _, c := range g.members {
				if c.Preset == s.Preset() {
					d.Fork, d.Preset = c.Fork, c.Preset
					break
				}
			}
		}
		if s == nil {
			// The network the caller names, of the answer's preset.
			for _, g := range schedules {
				if g.Preset() == d.Preset {
					s, given = g, true
					break
				}
			}
		}
		d.Schedule, d.Given = s, given
		return d
	}
	// The version names the network of a structure's answer too.
	byVersion := func() (int, *forks.Schedule, bool) {
		if kind != KindState {
			return -1, nil, false
		}
		return pick(groups, func(s *forks.Schedule) (forks.Name, bool) { return s.Fork(d.Version) }, schedules, forks.Schedules())
	}
	if len(groups) > 1 && size == len(b) {
		if i, s, given := byVersion(); i >= 0 {
			return network(groups[i], ByVersion, s, given), nil
		}
		// A trial validation, for what the layout leaves open.
		valid := groups[:0]
		for _, g := range groups {
			if schema.Validate(g.typ, b) == nil {
				valid = append(valid, g)
			}
		}
		if len(valid) == 0 {
			return d, fmt.Errorf("versioned: %s: the bytes fit the layout of a %s of %s, and are valid for none",
				sizeWords(len(b), size), kind, candidateList(d.Candidates))
		}
		groups = valid
	}
	if len(groups) == 1 {
		_, s, given := byVersion()
		return network(groups[0], ByStructure, s, given), nil
	}
	if i, s, given := byVersion(); i >= 0 {
		return network(groups[i], ByVersion, s, given), nil
	}
	var own []*forks.Schedule // the built-in schedules of the candidates' presets
	for _, s := range forks.Schedules() {
		if slices.ContainsFunc(d.Candidates, func(c Candidate) bool { return c.Preset == s.Preset() }) {
			own = append(own, s)
		}
	}
	if i, s, given := pick(groups, func(s *forks.Schedule) (forks.Name, bool) { return s.AtSlot(d.Slot), true }, schedules, own); i >= 0 {
		return network(groups[i], BySlot, s, given), nil
	}
	var left []Candidate
	for _, g := range groups {
		left = append(left, g.members...)
	}
	return d, &AmbiguousError{Kind: kind, Candidates: left, Version: d.Version, Slot: d.Slot}
}

// checkSchedules returns an error if a schedule given is nil.
func checkSchedules(schedules []*forks.Schedule) error {
	for i, s := range schedules {
		if s == nil {
			return fmt.Errorf("versioned: schedule %d of %d is nil", i, len(schedules))
		}
	}
	return nil
}

// pick returns the index of the group holding the fork that a schedule
// gives (forkOf), in its preset: that of the first schedule of given that
// gives one, else that of builtIn if all of those that give one agree on
// it (a slot that means Electra on mainnet and no candidate on the other
// networks names mainnet; one that means a candidate on two networks names
// neither); -1 if none does.
func pick(groups []group, forkOf func(*forks.Schedule) (forks.Name, bool), given, builtIn []*forks.Schedule) (int, *forks.Schedule, bool) {
	answer := func(s *forks.Schedule) int {
		f, ok := forkOf(s)
		if !ok {
			return -1
		}
		return slices.IndexFunc(groups, func(g group) bool {
			return slices.Contains(g.members, Candidate{Fork: f, Preset: s.Preset()})
		})
	}
	for _, s := range given {
		if i := answer(s); i >= 0 {
			return i, s, true
		}
	}
	found, by := -1, (*forks.Schedule)(nil)
	for _, s := range builtIn {
		i := answer(s)
		switch {
		case i < 0:
		case found < 0:
			found, by = i, s
		case i != found:
			return -1, nil, false
		}
	}
	return found, by, false
}

// candidates returns every fork and preset a value of kind may be of: the
// forks, in order, in each preset of the schedules given or, when none is,
// of forks.BuiltinPresets (mainnet, minimal, gnosis): a network given is
// the value's.
func candidates(kind Kind, schedules []*forks.Schedule) []Candidate {
	var presets []*def.Preset
	add := func(p *def.Preset) {
		if p != nil && !slices.Contains(presets, p) {
			presets = append(presets, p)
		}
	}
	for _, s := range schedules {
		add(s.Preset())
	}
	if len(presets) == 0 {
		for _, p := range forks.BuiltinPresets() {
			add(p)
		}
	}
	var cs []Candidate
	for _, p := range presets {
		for _, f := range forks.Names() {
			if kind == KindSignedBlindedBlock && (f < forks.NameBellatrix || f >= forks.NameGloas) {
				continue
			}
			cs = append(cs, Candidate{Fork: f, Preset: p})
		}
	}
	return cs
}

// typeOf returns the type of a value of kind in the candidate's fork and
// preset, or nil if the fork has none or its types do not resolve for the
// preset.
func typeOf(kind Kind, c Candidate) schema.Type {
	ts, err := c.Fork.Def().Resolve(c.Preset)
	if err != nil {
		return nil
	}
	return ts.Type(kind.String())
}

// sizeWords says how many bytes were read.
func sizeWords(n, size int) string {
	if n == size || size < 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("the first %d of %d bytes", n, size)
}

// fielded is what containers of both kinds have: fields, and where each
// is in the fixed part.
type fielded interface {
	schema.Type
	NumFields() int
	Field(i int) schema.Field
	FieldOffset(i int) int
}

// fits reports whether b can be the serialization of a value of t, or its
// first bytes when size (-1: unknown) is more than len(b), by its layout
// alone: the size within the type's bounds (a multiple of the element's
// for lists of fixed-size elements), and for a container the offsets of
// its variable-size fields in order, the first at the end of the fixed
// part and the last within the size, and each variable-size field's bytes
// that b holds fitting the field's type, recursively. The elements of
// lists are not read: the cost is that of the containers' fields, not of
// the value's size.
func fits(t schema.Type, b []byte, size int) bool {
	if size >= 0 && (uint64(size) < t.MinSize() || uint64(size) > t.MaxSize()) {
		return false
	}
	c, ok := t.(fielded)
	if !ok {
		var elem schema.Type
		switch l := t.(type) {
		case *schema.List:
			elem = l.Elem()
		case *schema.ProgressiveList:
			elem = l.Elem()
		case *schema.Vector:
			elem = l.Elem()
		}
		if size >= 0 && elem != nil && elem.IsFixedSize() && size%elem.FixedSize() != 0 {
			return false
		}
		return true
	}
	if c.IsFixedSize() {
		return size < 0 || size == c.FixedSize()
	}
	last := c.NumFields() - 1
	fixed := fixedPart(c)
	if len(b) < fixed {
		return false // the whole value, or a prefix that should hold the fixed part
	}
	// The variable-size fields' offsets, then the end of the value.
	var fields []int
	var starts []int
	for i := 0; i <= last; i++ {
		if c.Field(i).Type.IsFixedSize() {
			continue
		}
		off := int(binary.LittleEndian.Uint32(b[c.FieldOffset(i):]))
		if len(starts) == 0 && off != fixed || len(starts) > 0 && off < starts[len(starts)-1] || size >= 0 && off > size {
			return false
		}
		fields = append(fields, i)
		starts = append(starts, off)
	}
	for k, i := range fields {
		end := size
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		if end < 0 || end > len(b) {
			// Its bytes are past what was read: only its size is known.
			if end >= 0 && !fitsSize(c.Field(i).Type, end-starts[k]) {
				return false
			}
			continue
		}
		if !fits(c.Field(i).Type, b[starts[k]:end], end-starts[k]) {
			return false
		}
	}
	return true
}

// fixedPart returns the size of the fixed part of a container of either
// kind: its fixed-size fields, and an offset for each variable-size one.
func fixedPart(c fielded) int {
	last := c.NumFields() - 1
	if ft := c.Field(last).Type; ft.IsFixedSize() {
		return c.FieldOffset(last) + ft.FixedSize()
	}
	return c.FieldOffset(last) + 4
}

// maxFixedPart returns the largest fixed part of the candidates' types of
// kind: the bytes of a stream that detection reads first.
func maxFixedPart(kind Kind, schedules []*forks.Schedule) int {
	n := 0
	for _, c := range candidates(kind, schedules) {
		if t, ok := typeOf(kind, c).(fielded); ok {
			n = max(n, fixedPart(t))
		}
	}
	return n
}

// fitsSize reports whether a value of t can have n bytes.
func fitsSize(t schema.Type, n int) bool {
	return uint64(n) >= t.MinSize() && uint64(n) <= t.MaxSize()
}
