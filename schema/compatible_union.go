package schema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ssztree/ssztree/tree"
)

// maxCompatibleSelector is the largest selector of a compatible union:
// selectors with the highest bit set are reserved (ssz/simple-serialize.md,
// "Illegal types").
const maxCompatibleSelector = 127

// CompatibleUnion is the type CompatibleUnion({selector: type}) of EIP-8016:
// one value of one of its options, each named by a selector in 1..127,
// serialized after its selector byte and merkleized with the selector mixed
// in (mix_in_selector), like a [Union]. Its options have compatible
// merkleization (see [Compatible]): a field that two options share has the
// same generalized index and the same kind of root in both, so that a proof
// of it holds whichever option a value selects.
//
// The specification defines no default value of a compatible union. The
// schema's (what [Type.Default] returns, and so the value a container field
// of this type starts with) is the option of the lowest selector holding
// its default value.
type CompatibleUnion struct {
	common
	// selectors holds the selectors in increasing order.
	selectors []int
	// options[s] is the option of selector s, nil when s names none.
	options [maxCompatibleSelector + 1]Type
}

// NewCompatibleUnion returns the type CompatibleUnion(options), the
// selectors being the keys of options. A compatible union without options,
// with a selector outside 1..127, with a nil option or with two options
// that are not [Compatible] is illegal.
func NewCompatibleUnion(options map[int]Type) (*CompatibleUnion, error) {
	if len(options) == 0 {
		return nil, fmt.Errorf("%w: compatible union without options", ErrIllegalType)
	}
	u := &CompatibleUnion{}
	for s, o := range options {
		if s < 1 || s > maxCompatibleSelector {
			return nil, fmt.Errorf("%w: compatible union selector %d outside 1..%d", ErrIllegalType, s, maxCompatibleSelector)
		}
		if o == nil {
			return nil, fmt.Errorf("%w: compatible union option %d has no type", ErrIllegalType, s)
		}
		u.selectors = append(u.selectors, s)
		u.options[s] = o
	}
	slices.Sort(u.selectors)
	for i, a := range u.selectors {
		for _, b := range u.selectors[i+1:] {
			if !Compatible(u.options[a], u.options[b]) {
				return nil, fmt.Errorf("%w: compatible union options %d (%v) and %d (%v) are not compatible", ErrIllegalType, a, u.options[a], b, u.options[b])
			}
		}
	}
	u.common.t = u
	return u, nil
}

// Selectors returns the selectors, in increasing order.
func (u *CompatibleUnion) Selectors() []int { return slices.Clone(u.selectors) }

// Option returns the option of selector s, or nil if s names none.
func (u *CompatibleUnion) Option(s int) Type {
	if s < 0 || s > maxCompatibleSelector {
		return nil
	}
	return u.options[s]
}

// String implements [Type]: "CompatibleUnion({1: A, 2: B})", in the
// specification's notation.
func (u *CompatibleUnion) String() string {
	var b strings.Builder
	b.WriteString("CompatibleUnion({")
	for i, s := range u.selectors {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s))
		b.WriteString(": ")
		b.WriteString(u.options[s].String())
	}
	b.WriteString("})")
	return b.String()
}

// IsFixedSize implements [Type].
func (u *CompatibleUnion) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (u *CompatibleUnion) FixedSize() int { return 0 }

// MinSize implements [Type].
func (u *CompatibleUnion) MinSize() uint64 {
	m := uint64(1<<64 - 1)
	for _, s := range u.selectors {
		m = min(m, satAdd(1, u.options[s].MinSize()))
	}
	return m
}

// MaxSize implements [Type].
func (u *CompatibleUnion) MaxSize() uint64 {
	var m uint64
	for _, s := range u.selectors {
		m = max(m, satAdd(1, u.options[s].MaxSize()))
	}
	return m
}

// ChunkCount implements [Type].
func (u *CompatibleUnion) ChunkCount() uint64 { return 1 }

// Depth implements [Type].
func (u *CompatibleUnion) Depth() int         { return 0 }
func (u *CompatibleUnion) shape() *tree.Shape { return nil }
func (u *CompatibleUnion) needsCheck() bool   { return true }

func (u *CompatibleUnion) makeDefault() *tree.Node {
	s := u.selectors[0]
	return tree.NewMixIn(u.options[s].Default(), uint64(s))
}

func (u *CompatibleUnion) validate(b []byte, at int) error {
	_, o, err := u.selected(b, at)
	if err != nil {
		return err
	}
	if err := o.validate(b[1:], at+1); err != nil {
		return inField(err, FieldStep("data"))
	}
	return nil
}

// selected returns the selector of the value serialized in b and the
// option it names.
func (u *CompatibleUnion) selected(b []byte, at int) (int, Type, error) {
	if len(b) == 0 {
		return 0, nil, decodeError(u, at, ErrSize, "no selector byte")
	}
	s := int(b[0])
	o := u.Option(s)
	if o == nil {
		return 0, nil, decodeError(u, at, ErrSelector, "selector %d names no option", s)
	}
	return s, o, nil
}

func (u *CompatibleUnion) decode(b []byte, at int) (*tree.Node, error) {
	s, o, err := u.selected(b, at)
	if err != nil {
		return nil, err
	}
	data, err := o.decode(b[1:], at+1)
	if err != nil {
		return nil, inField(err, FieldStep("data"))
	}
	return tree.NewMixIn(data, uint64(s)), nil
}

// Selected returns the selector and the data subtree of the compatible
// union value whose tree is n.
func (u *CompatibleUnion) Selected(n *tree.Node) (int, *tree.Node, error) {
	if !n.IsBranch() {
		return 0, nil, treeError(u, "compatible union is not a branch")
	}
	data, selNode := n.Children()
	if !selNode.IsLeaf() {
		return 0, nil, treeError(u, "selector is not a leaf")
	}
	c := selNode.Chunk()
	sel := leUint64(c)
	if sel > maxCompatibleSelector || u.options[sel] == nil || slices.ContainsFunc(c[8:], func(b byte) bool { return b != 0 }) {
		return 0, nil, treeError(u, "selector chunk %#x names no option", c)
	}
	return int(sel), data, nil
}

func (u *CompatibleUnion) encode(dst []byte, n *tree.Node) ([]byte, error) {
	s, data, err := u.Selected(n)
	if err != nil {
		return dst, err
	}
	dst, err = u.options[s].encode(append(dst, byte(s)), data)
	if err != nil {
		return dst, inField(err, FieldStep("data"))
	}
	return dst, nil
}

func (u *CompatibleUnion) size(n *tree.Node) (int, error) {
	s, data, err := u.Selected(n)
	if err != nil {
		return 0, err
	}
	size, err := u.options[s].size(data)
	if err != nil {
		return 0, inField(err, FieldStep("data"))
	}
	return 1 + size, nil
}

// child names the data "data" (gindex 2, below the selector's mix-in) and
// the selector "selector" (gindex 3), as [Union.child] does. The type of
// data is the options' when all options are the one type, and unknown
// (nil) otherwise: [LocateIn] then follows the value's selector.
func (u *CompatibleUnion) child(s PathStep) (uint64, Type, error) {
	switch s.Name {
	case "selector":
		return 3, Uint8, nil
	case "data":
		t := u.options[u.selectors[0]]
		for _, sel := range u.selectors[1:] {
			if u.options[sel] != t {
				return 2, nil, nil
			}
		}
		return 2, t, nil
	}
	return 0, nil, noStep(u, s)
}

// Compatible reports whether the types a and b have compatible
// merkleization, following ssz/simple-serialize.md ("Compatible
// Merkleization"): a type is compatible with itself, byte with uint8;
// bitlists, bitvectors, lists and vectors of the same limit or length and
// compatible elements; progressive lists of compatible elements;
// containers of the same field names, in the same order, of compatible
// types; progressive containers whose fields at the positions active in
// both have the same names and compatible types, and which share no other
// field name; compatible unions whose options are all compatible with each
// other. Nothing else is compatible; a [Union] is compatible with a union
// of the same options (the specification's "types are compatible with
// themselves").
func Compatible(a, b Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *Uint:
		b, ok := b.(*Uint)
		return ok && a.bytes == b.bytes
	case *Bitlist:
		b, ok := b.(*Bitlist)
		return ok && a.limit == b.limit
	case *Bitvector:
		b, ok := b.(*Bitvector)
		return ok && a.n == b.n
	case *List:
		b, ok := b.(*List)
		return ok && a.limit == b.limit && Compatible(a.Elem(), b.Elem())
	case *Vector:
		b, ok := b.(*Vector)
		return ok && a.n == b.n && Compatible(a.Elem(), b.Elem())
	case *ProgressiveList:
		b, ok := b.(*ProgressiveList)
		return ok && Compatible(a.Elem(), b.Elem())
	case *ProgressiveBitlist:
		_, ok := b.(*ProgressiveBitlist)
		return ok
	case *Container:
		b, ok := b.(*Container)
		if !ok || len(a.fields) != len(b.fields) {
			return false
		}
		for i, f := range a.fields {
			if f.Name != b.fields[i].Name || !Compatible(f.Type, b.fields[i].Type) {
				return false
			}
		}
		return true
	case *ProgressiveContainer:
		b, ok := b.(*ProgressiveContainer)
		return ok && compatibleProgressive(a, b)
	case *CompatibleUnion:
		b, ok := b.(*CompatibleUnion)
		if !ok {
			return false
		}
		for _, s := range a.selectors {
			for _, t := range b.selectors {
				if !Compatible(a.options[s], b.options[t]) {
					return false
				}
			}
		}
		return true
	case *Union:
		b, ok := b.(*Union)
		if !ok || len(a.options) != len(b.options) {
			return false
		}
		for i, o := range a.options {
			if !Compatible(o, b.options[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// compatibleProgressive reports whether two progressive containers are
// compatible: at every position active in both, the fields have the same
// name and compatible types, and a field name of both is at such a
// position in each.
func compatibleProgressive(a, b *ProgressiveContainer) bool {
	at := make(map[uint64]int, len(b.positions)) // position -> field of b
	for j, pos := range b.positions {
		at[pos] = j
	}
	for i, pos := range a.positions {
		fa := a.fields.fields[i]
		if j, ok := at[pos]; ok {
			fb := b.fields.fields[j]
			if fa.Name != fb.Name || !Compatible(fa.Type, fb.Type) {
				return false
			}
			continue
		}
		if b.FieldIndex(fa.Name) >= 0 {
			return false // shared, but not at a position active in both
		}
	}
	return true
}
