package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// New returns a view of the default value of t, of the concrete view type
// for t's kind (see [Of]).
func New(t schema.Type) (View, error) { return Of(t, t.Default()) }

// Decode returns a view of the value of type t serialized in b. A
// container keeps b until its tree is needed, as [DecodeContainer] says.
func Decode(t schema.Type, b []byte) (View, error) {
	if c, ok := t.(*schema.Container); ok {
		v, err := DecodeContainer(c, b)
		if err != nil {
			return nil, err // not a typed nil
		}
		return v, nil
	}
	n, err := t.Decode(b)
	if err != nil {
		return nil, err
	}
	return Of(t, n)
}

// Of returns a view of type t over the tree n, which must have been built
// for t. The concrete type depends on t: [*BasicList] or [*BasicVector] (of
// uint8, uint16, uint32 or uint64) for lists and vectors of unsigned
// integers, [*Uint256List] or [*Uint256Vector] for uint128 and uint256,
// [*BoolList] or [*BoolVector] for booleans, [*CompactList] or
// [*CompactVector] for fixed-size composite elements of at most 4 KiB,
// [*List] or [*Vector] for other elements, [*Bitlist], [*Bitvector],
// [*Container] and [*Union]. Basic types have no view.
// The progressive kinds have views of their own: [*ProgressiveBasicList],
// [*ProgressiveUint256List], [*ProgressiveBoolList],
// [*ProgressiveCompactList], [*ProgressiveList], [*ProgressiveBitlist] and
// [*ProgressiveContainer], and a CompatibleUnion [*CompatibleUnion].
func Of(t schema.Type, n *tree.Node) (View, error) {
	c, err := newCore(t, n)
	if err != nil {
		return nil, err
	}
	return wrap(c), nil
}

// newCore returns the state of a view of type t over n: a *seq for values
// kept in pages, a *subtrees for other sequences, or a *Container or *Union.
// Handles given out by a parent are cores; the typed views wrap one, so
// that views of one value with different Go element types share its state.
func newCore(t schema.Type, n *tree.Node) (View, error) {
	switch t := t.(type) {
	case *schema.List:
		if t.PageLayout() != nil {
			return newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, true, t.Limit(), n)
		}
		return newSubtrees(t, t.Elem(), t.DataDepth(), true, t.Limit(), n)
	case *schema.Vector:
		if t.PageLayout() != nil {
			return newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, false, t.Len(), n)
		}
		return newSubtrees(t, t.Elem(), t.DataDepth(), false, t.Len(), n)
	case *schema.Bitlist:
		return newSeq(t, t.PageLayout(), t.DataDepth(), 1, true, true, t.Limit(), n)
	case *schema.Bitvector:
		return newSeq(t, t.PageLayout(), t.Depth(), 1, true, false, t.Len(), n)
	case *schema.Container:
		return ofContainer(t, n)
	case *schema.Union:
		return ofUnion(t, n)
	case *schema.ProgressiveList, *schema.ProgressiveBitlist, *schema.ProgressiveContainer:
		return newProgressiveCore(t, n)
	case *schema.CompatibleUnion:
		return ofCompatibleUnion(t, n)
	}
	return nil, fmt.Errorf("%w: %v has no view", ErrWrongType, t)
}

// seqKind is the view type that holds the elements of a list or vector
// (the word "family" means something else: a view and its handles).
type seqKind int

const (
	subtreeSeq seqKind = iota // List, Vector: a subtree per element
	uintSeq                   // BasicList, BasicVector: uint8 to uint64
	bigSeq                    // Uint256List, Uint256Vector: uint128, uint256
	boolSeq                   // BoolList, BoolVector
	compactSeq                // CompactList, CompactVector: composite values in pages
)

// seqKindOf returns the view type of a list or vector of elem whose data
// tree has the page layout l (nil when each element is a subtree).
func seqKindOf(elem schema.Type, l *tree.Layout) seqKind {
	if l == nil {
		return subtreeSeq
	}
	switch e := elem.(type) {
	case *schema.Uint:
		if e.Bits() <= 64 {
			return uintSeq
		}
		return bigSeq
	case *schema.Bool:
		return boolSeq
	}
	return compactSeq
}

// checkSeqKind returns an error unless t, a list or vector type, is held by
// the view type of kind k, named what.
func checkSeqKind(t schema.Type, elem schema.Type, l *tree.Layout, k seqKind, what string) error {
	if seqKindOf(elem, l) != k {
		return fmt.Errorf("%w: %v is not %s", ErrWrongType, t, what)
	}
	return nil
}

// decodeAs returns the view of type t serialized in b that of builds.
func decodeAs[T schema.Type, V any](t T, b []byte, of func(T, *tree.Node) (V, error)) (V, error) {
	n, err := t.Decode(b)
	if err != nil {
		var zero V
		return zero, err
	}
	return of(t, n)
}

// wrap returns the default typed view over a core.
func wrap(v View) View {
	if w := wrapProgressive(v); w != nil {
		return w
	}
	switch c := v.(type) {
	case *seq:
		switch t := c.typ.(type) {
		case *schema.List:
			switch seqKindOf(t.Elem(), t.PageLayout()) {
			case uintSeq:
				switch t.Elem().FixedSize() {
				case 1:
					return &BasicList[uint8]{basic[uint8]{seqView{c}}, t}
				case 2:
					return &BasicList[uint16]{basic[uint16]{seqView{c}}, t}
				case 4:
					return &BasicList[uint32]{basic[uint32]{seqView{c}}, t}
				}
				return &BasicList[uint64]{basic[uint64]{seqView{c}}, t}
			case bigSeq:
				return &Uint256List{bigs{c}, t}
			case boolSeq:
				return &BoolList{bools{c}, t}
			}
			return &CompactList{compact{c, t.Elem()}, t}
		case *schema.Vector:
			switch seqKindOf(t.Elem(), t.PageLayout()) {
			case uintSeq:
				switch t.Elem().FixedSize() {
				case 1:
					return &BasicVector[uint8]{basic[uint8]{seqView{c}}, t}
				case 2:
					return &BasicVector[uint16]{basic[uint16]{seqView{c}}, t}
				case 4:
					return &BasicVector[uint32]{basic[uint32]{seqView{c}}, t}
				}
				return &BasicVector[uint64]{basic[uint64]{seqView{c}}, t}
			case bigSeq:
				return &Uint256Vector{bigs{c}, t}
			case boolSeq:
				return &BoolVector{bools{c}, t}
			}
			return &CompactVector{compact{c, t.Elem()}, t}
		case *schema.Bitlist:
			return &Bitlist{bitfield{c}, t}
		case *schema.Bitvector:
			return &Bitvector{bitfield{c}, t}
		}
	case *subtrees:
		if c.list {
			return wrapList(c)
		}
		return &Vector{c, c.typ.(*schema.Vector)}
	}
	return v
}

func wrapList(s *subtrees) *List { return &List{s, s.typ.(*schema.List)} }
