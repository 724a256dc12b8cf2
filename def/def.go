// Package def describes SSZ types whose sizes depend on a preset, once, in
// Go: the consensus types of each fork are written with it (package forks),
// resolved into schema types for a preset at run time, and read by the code
// generator that writes their typed accessors (cmd/sszgen).
//
// A size is a number, a preset parameter, or a product or quotient of
// those; a type is a basic type, a named alias (Slot, Root...), a vector,
// list or bitfield of a size, a progressive list or bitlist (EIP-7916,
// without a size), or a reference to a container of the same fork (or of
// an earlier one). A container is a Container or a
// ProgressiveContainer(active_fields) of EIP-7495.
//
// A fork that changes a container of an earlier fork derives it
// ([Fork.Derive]) and edits the copy ([Container.Retype],
// [Container.Replace], [Container.Remove], [Container.Append],
// [Container.AsProgressive]), so that its definition reads like the
// specification's list of changes. A mistake in an edit (a field that is
// not there) is not a panic: the container carries it, and resolving the
// fork that holds it returns it.
package def

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ssztree/ssztree/schema"
)

// Preset gives the values of a preset's parameters by name.
type Preset struct {
	Name   string
	Values map[string]uint64
}

// Size is a length or a limit: Num, or the preset parameter Param, times
// Mul and divided by Div (each 1 when zero).
type Size struct {
	Num   uint64
	Param string
	Mul   uint64
	Div   uint64
}

// N returns the size n.
func N(n uint64) Size { return Size{Num: n} }

// P returns the size given by the preset parameter name.
func P(name string) Size { return Size{Param: name} }

// Times returns s multiplied by m.
func (s Size) Times(m uint64) Size { s.Mul = max(1, s.Mul) * m; return s }

// Over returns s divided by d.
func (s Size) Over(d uint64) Size { s.Div = max(1, s.Div) * d; return s }

// Resolve returns the size's value in preset p.
func (s Size) Resolve(p *Preset) (uint64, error) {
	v, err := s.resolve(p)
	if err != nil {
		return 0, fmt.Errorf("def: %w", err)
	}
	return v, nil
}

// resolve is Resolve with errors that do not say "def: " yet.
func (s Size) resolve(p *Preset) (uint64, error) {
	v := s.Num
	if s.Param != "" {
		var ok bool
		if v, ok = p.Values[s.Param]; !ok {
			return 0, fmt.Errorf("%w: preset parameter %s not in preset %s", ErrUnknown, s.Param, p.Name)
		}
	}
	if s.Mul > 0 {
		v *= s.Mul
	}
	if s.Div > 0 {
		if v%s.Div != 0 {
			return 0, fmt.Errorf("%w: %v in preset %s", ErrIndivisible, s, p.Name)
		}
		v /= s.Div
	}
	return v, nil
}

// String returns the size as the specification writes it.
func (s Size) String() string {
	out := fmt.Sprint(s.Num)
	if s.Param != "" {
		out = s.Param
	}
	if s.Mul > 1 {
		out += fmt.Sprintf(" * %d", s.Mul)
	}
	if s.Div > 1 {
		out += fmt.Sprintf(" // %d", s.Div)
	}
	return out
}

// IsParam reports whether the size depends on the preset.
func (s Size) IsParam() bool { return s.Param != "" }

// Kind says what a Type is.
type Kind int

// The kinds of types.
const (
	KindBasic     Kind = iota // Basic: a schema basic type
	KindAlias                 // Alias: a named type for Of
	KindVector                // Vector: Elem, Len
	KindList                  // List: Elem, Len is the limit
	KindBitvector             // Bitvector: Len bits
	KindBitlist               // Bitlist: Len is the limit in bits
	KindRef                   // Ref: the container named Name

	KindProgressiveList    // ProgressiveList: Elem, no limit (EIP-7916)
	KindProgressiveBitlist // ProgressiveBitlist: bits, no limit (EIP-7916)
)

// Type is a type expression.
type Type struct {
	Kind  Kind
	Basic schema.Type // KindBasic: uint8..uint256, boolean, byte
	Name  string      // KindAlias: the alias; KindRef: the container
	Of    *Type       // KindAlias: the aliased type
	Elem  *Type       // KindVector, KindList, KindProgressiveList
	Len   Size        // KindVector, KindList, KindBitvector, KindBitlist
}

// Basic returns the basic type t.
func Basic(t schema.Type) *Type { return &Type{Kind: KindBasic, Basic: t} }

// Alias returns a type named name that is the type of.
func Alias(name string, of *Type) *Type { return &Type{Kind: KindAlias, Name: name, Of: of} }

// Vector returns Vector[elem, n].
func Vector(elem *Type, n Size) *Type { return &Type{Kind: KindVector, Elem: elem, Len: n} }

// List returns List[elem, limit].
func List(elem *Type, limit Size) *Type { return &Type{Kind: KindList, Elem: elem, Len: limit} }

// ByteVector returns ByteVector[n].
func ByteVector(n Size) *Type { return Vector(Basic(schema.Byte), n) }

// ByteList returns ByteList[limit].
func ByteList(limit Size) *Type { return List(Basic(schema.Byte), limit) }

// Bitvector returns Bitvector[n].
func Bitvector(n Size) *Type { return &Type{Kind: KindBitvector, Len: n} }

// Bitlist returns Bitlist[limit].
func Bitlist(limit Size) *Type { return &Type{Kind: KindBitlist, Len: limit} }

// Ref returns the container named name.
func Ref(name string) *Type { return &Type{Kind: KindRef, Name: name} }

// Unalias returns t without its aliases.
func (t *Type) Unalias() *Type {
	for t.Kind == KindAlias {
		t = t.Of
	}
	return t
}

// String returns the type in the specification's notation.
func (t *Type) String() string {
	switch t.Kind {
	case KindBasic:
		return t.Basic.String()
	case KindAlias, KindRef:
		return t.Name
	case KindVector:
		if e := t.Elem.Unalias(); e.Kind == KindBasic && e.Basic == schema.Byte {
			return fmt.Sprintf("ByteVector[%v]", t.Len)
		}
		return fmt.Sprintf("Vector[%v, %v]", t.Elem, t.Len)
	case KindList:
		if e := t.Elem.Unalias(); e.Kind == KindBasic && e.Basic == schema.Byte {
			return fmt.Sprintf("ByteList[%v]", t.Len)
		}
		return fmt.Sprintf("List[%v, %v]", t.Elem, t.Len)
	case KindBitvector:
		return fmt.Sprintf("Bitvector[%v]", t.Len)
	case KindBitlist:
		return fmt.Sprintf("Bitlist[%v]", t.Len)
	case KindProgressiveList:
		if e := t.Elem.Unalias(); e.Kind == KindBasic && e.Basic == schema.Byte {
			return "ProgressiveByteList"
		}
		return fmt.Sprintf("ProgressiveList[%v]", t.Elem)
	case KindProgressiveBitlist:
		return "ProgressiveBitList"
	}
	return "?"
}

// DependsOnPreset reports whether the type's shape depends on the preset,
// looking through containers with lookup.
func (t *Type) DependsOnPreset(lookup func(string) *Container) bool {
	switch t.Kind {
	case KindAlias:
		return t.Of.DependsOnPreset(lookup)
	case KindVector, KindList:
		return t.Len.IsParam() || t.Elem.DependsOnPreset(lookup)
	case KindBitvector, KindBitlist:
		return t.Len.IsParam()
	case KindProgressiveList:
		return t.Elem.DependsOnPreset(lookup)
	case KindRef:
		c := lookup(t.Name)
		return c == nil || c.DependsOnPreset(lookup)
	}
	return false
}

// Field is a named field of a container.
type Field struct {
	Name string
	Type *Type
}

// Container is a container definition: a Container of the SSZ
// specification, or, when Progressive is set, a
// ProgressiveContainer(active_fields) of EIP-7495.
type Container struct {
	Name   string
	Fields []Field
	// Progressive makes the container a ProgressiveContainer: each field is
	// merkleized at the position of its 1 in ActiveFields.
	Progressive bool
	// ActiveFields is active_fields of a progressive container; nil means
	// every field active, [1] * len(Fields). It has as many true entries as
	// there are fields, and ends in true.
	ActiveFields []bool

	// err is the first mistake of the edits that made the container (see
	// Fork.Derive); resolving it returns err.
	err error
}

// DependsOnPreset reports whether any field's shape depends on the preset.
func (c *Container) DependsOnPreset(lookup func(string) *Container) bool {
	for _, f := range c.Fields {
		if f.Type.DependsOnPreset(lookup) {
			return true
		}
	}
	return false
}

// Fork is the set of containers of one fork, in an order where each
// container comes after those it refers to. A fork may take containers
// unchanged from the one before it (Parent).
type Fork struct {
	Name       string
	Parent     *Fork
	Containers []*Container
	// Removed names containers of the ancestors that the fork no longer
	// has (Gloas drops the blinded blocks of the builder API). A fork may
	// define a container of a removed name anew.
	Removed []string
}

// Lookup returns the container named name, in this fork or its ancestors, or
// nil.
func (f *Fork) Lookup(name string) *Container {
	if o := f.Owner(name); o != nil {
		return o.own(name)
	}
	return nil
}

// Owner returns the fork, f or one of its ancestors, that defines the
// container named name, or nil.
func (f *Fork) Owner(name string) *Fork {
	for ; f != nil; f = f.Parent {
		if f.own(name) != nil {
			return f
		}
		if slices.Contains(f.Removed, name) {
			return nil
		}
	}
	return nil
}

// own returns the container named name of f's own containers, or nil.
func (f *Fork) own(name string) *Container {
	for _, c := range f.Containers {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Types is a fork's containers resolved for one preset.
type Types struct {
	Fork   *Fork
	Preset *Preset
	// byName holds a *schema.Container or a *schema.ProgressiveContainer
	// for each name.
	byName map[string]schema.Type
}

// resolved caches the types of each fork and preset, so that a fork's
// types share the schema types of the containers it takes unchanged from
// its parent: a value of such a container moves between the forks' views
// as is.
var resolved struct {
	sync.Mutex
	m map[[2]any]*Types
}

// Resolve returns the schema types of every container of f and of those it
// takes from its ancestors, for preset p. The result is built once per fork
// and preset; containers taken unchanged from the parent fork are the
// parent's schema types.
func (f *Fork) Resolve(p *Preset) (*Types, error) {
	resolved.Lock()
	defer resolved.Unlock()
	return f.resolve(p)
}

func (f *Fork) resolve(p *Preset) (*Types, error) {
	key := [2]any{f, p}
	if ts, ok := resolved.m[key]; ok {
		return ts, nil
	}
	ts := &Types{Fork: f, Preset: p, byName: make(map[string]schema.Type)}
	if f.Parent != nil {
		parent, err := f.Parent.resolve(p)
		if err != nil {
			return nil, err
		}
		for name, c := range parent.byName {
			if !slices.Contains(f.Removed, name) {
				ts.byName[name] = c
			}
		}
	}
	for _, c := range f.Containers {
		sc, err := ts.container(c)
		if err != nil {
			return nil, fmt.Errorf("def: fork %s, container %s: %w", f.Name, c.Name, err)
		}
		// A fork's own container of a name replaces its parent's.
		ts.byName[c.Name] = sc
	}
	if resolved.m == nil {
		resolved.m = make(map[[2]any]*Types)
	}
	resolved.m[key] = ts
	return ts, nil
}

// Container returns the resolved container named name, or nil if there is
// none or it is a progressive container (see [Types.Type]).
func (ts *Types) Container(name string) *schema.Container {
	c, _ := ts.byName[name].(*schema.Container)
	return c
}

// Type returns the resolved container named name, a *schema.Container or
// a *schema.ProgressiveContainer, or nil.
func (ts *Types) Type(name string) schema.Type { return ts.byName[name] }

// Names returns the names of the fork's own containers and those it takes
// from its ancestors, in definition order, without repeats.
func (ts *Types) Names() []string {
	var names []string
	seen := make(map[string]bool)
	var visit func(f *Fork)
	visit = func(f *Fork) {
		if f.Parent != nil {
			visit(f.Parent)
		}
		for _, name := range f.Removed {
			if seen[name] {
				delete(seen, name)
				names = slices.DeleteFunc(names, func(n string) bool { return n == name })
			}
		}
		for _, c := range f.Containers {
			if !seen[c.Name] {
				seen[c.Name] = true
				names = append(names, c.Name)
			}
		}
	}
	visit(ts.Fork)
	return names
}

func (ts *Types) container(c *Container) (schema.Type, error) {
	if c.err != nil {
		return nil, c.err
	}
	fields := make([]schema.Field, len(c.Fields))
	for i, f := range c.Fields {
		t, err := ts.resolve(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		fields[i] = schema.Field{Name: f.Name, Type: t}
	}
	if c.Progressive {
		return schema.NewProgressiveContainer(c.Name, c.activeFields(), fields...)
	}
	return schema.NewContainer(c.Name, fields...)
}

// Resolve returns the schema type of t in the preset of ts.
func (ts *Types) Resolve(t *Type) (schema.Type, error) {
	st, err := ts.resolve(t)
	if err != nil {
		return nil, fmt.Errorf("def: %v: %w", t, err)
	}
	return st, nil
}

// resolve is Resolve with errors that do not say "def: " yet.
func (ts *Types) resolve(t *Type) (schema.Type, error) {
	switch t.Kind {
	case KindBasic:
		return t.Basic, nil
	case KindAlias:
		return ts.resolve(t.Of)
	case KindRef:
		if c := ts.byName[t.Name]; c != nil {
			return c, nil
		}
		return nil, fmt.Errorf("%w: container %s (not defined before use)", ErrUnknown, t.Name)
	case KindBitvector, KindBitlist:
		n, err := t.Len.resolve(ts.Preset)
		if err != nil {
			return nil, err
		}
		if t.Kind == KindBitvector {
			return schema.NewBitvector(n)
		}
		return schema.NewBitlist(n)
	case KindVector, KindList:
		n, err := t.Len.resolve(ts.Preset)
		if err != nil {
			return nil, err
		}
		elem, err := ts.resolve(t.Elem)
		if err != nil {
			return nil, err
		}
		if t.Kind == KindVector {
			return schema.NewVector(elem, n)
		}
		return schema.NewList(elem, n)
	case KindProgressiveList:
		elem, err := ts.resolve(t.Elem)
		if err != nil {
			return nil, err
		}
		return schema.NewProgressiveList(elem)
	case KindProgressiveBitlist:
		return schema.NewProgressiveBitlist(), nil
	}
	return nil, fmt.Errorf("%w %d", ErrUnknownKind, t.Kind)
}

// initialisms are the words of field names that Go writes in capitals.
var initialisms = map[string]string{"bls": "BLS", "kzg": "KZG"}

// GoName turns a snake_case field name into a Go name: finalized_checkpoint
// becomes FinalizedCheckpoint, bls_to_execution_changes
// BLSToExecutionChanges, blob_kzg_commitments BlobKZGCommitments.
func GoName(snake string) string {
	var b strings.Builder
	for _, w := range strings.Split(snake, "_") {
		if w == "" {
			continue
		}
		if up, ok := initialisms[w]; ok {
			b.WriteString(up)
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
