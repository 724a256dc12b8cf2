package view

import (
	"fmt"
	"math"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// progressiveLimit bounds the length of a progressive view, beside what
// the spine holds: the length schema reads back from a tree
// (ProgressiveList.Split) is below 2^31.
const progressiveLimit = math.MaxInt32

// newProgressiveSeq returns the sequence over the value tree n of a
// progressive list or bitlist t whose subtree k has pages of layout(k),
// each leaf unit bytes, elements esize bytes (1 for bits).
func newProgressiveSeq(t schema.Type, layout func(k int) *tree.Layout, unit, esize int, bits bool, n *tree.Node) (*seq, error) {
	g := newSpinePages(t, unit, layout)
	limit := uint64(g.capacity() / esize)
	if bits {
		limit = 8 * uint64(g.capacity())
	}
	s := &seq{typ: t, esize: esize, bits: bits, list: true, limit: min(limit, progressiveLimit)}
	s.pages.prog = g
	if err := s.set(n); err != nil {
		return nil, err
	}
	return s, nil
}

// progressiveUnit returns the bytes of a leaf of a progressive list of
// elem stored in pages: a chunk of packed basic values, or one compact
// value.
func progressiveUnit(elem schema.Type) int {
	switch elem.(type) {
	case *schema.Uint, *schema.Bool:
		return 32
	}
	return elem.FixedSize()
}

// newProgressiveCore returns the state of a view of the progressive type t
// over n, as newCore does for the other kinds.
func newProgressiveCore(t schema.Type, n *tree.Node) (View, error) {
	switch t := t.(type) {
	case *schema.ProgressiveList:
		if l := t.SubtreeLayout(0); l != nil {
			return newProgressiveSeq(t, t.SubtreeLayout, progressiveUnit(t.Elem()), t.Elem().FixedSize(), false, n)
		}
		return newProgressiveSubtrees(t, n)
	case *schema.ProgressiveBitlist:
		return newProgressiveSeq(t, t.SubtreeLayout, 32, 1, true, n)
	case *schema.ProgressiveContainer:
		return ofProgressiveContainer(t, n)
	}
	return nil, fmt.Errorf("%w: %v has no view", ErrWrongType, t)
}

// wrapProgressive returns the default typed view over a core of a
// progressive type, or nil when v is of another kind.
func wrapProgressive(v View) View {
	switch c := v.(type) {
	case *seq:
		switch t := c.typ.(type) {
		case *schema.ProgressiveList:
			switch seqKindOf(t.Elem(), t.SubtreeLayout(0)) {
			case uintSeq:
				switch t.Elem().FixedSize() {
				case 1:
					return &ProgressiveBasicList[uint8]{basic[uint8]{seqView{c}}, t}
				case 2:
					return &ProgressiveBasicList[uint16]{basic[uint16]{seqView{c}}, t}
				case 4:
					return &ProgressiveBasicList[uint32]{basic[uint32]{seqView{c}}, t}
				}
				return &ProgressiveBasicList[uint64]{basic[uint64]{seqView{c}}, t}
			case bigSeq:
				return &ProgressiveUint256List{bigs{c}, t}
			case boolSeq:
				return &ProgressiveBoolList{bools{c}, t}
			}
			return &ProgressiveCompactList{compact{c, t.Elem()}, t}
		case *schema.ProgressiveBitlist:
			return &ProgressiveBitlist{bitfield{c}, t}
		}
	case *subtrees:
		if t, ok := c.typ.(*schema.ProgressiveList); ok {
			return &ProgressiveList{c, t}
		}
	}
	return nil
}

// progressiveSeq returns the sequence of a view of a ProgressiveList whose
// elements are of the seqKind k, or an error naming what.
func progressiveSeq(v View, k seqKind, what string) (*seq, *schema.ProgressiveList, error) {
	if s, ok := v.core().(*seq); ok {
		if t, ok := s.typ.(*schema.ProgressiveList); ok && seqKindOf(t.Elem(), t.SubtreeLayout(0)) == k {
			return s, t, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: %v is not %s", ErrWrongType, v.Type(), what)
}

// ofProgressive returns the typed view of t over n that as makes of its
// core.
func ofProgressive[V any](t *schema.ProgressiveList, n *tree.Node, as func(View) (V, error)) (V, error) {
	c, err := newProgressiveCore(t, n)
	if err != nil {
		var zero V
		return zero, err
	}
	return as(c)
}

// ProgressiveUint64List is ProgressiveList[uint64].
type ProgressiveUint64List = ProgressiveBasicList[uint64]

// ProgressiveByteList is ProgressiveByteList (ProgressiveList[byte]).
type ProgressiveByteList = ProgressiveBasicList[uint8]

// ProgressiveBasicList is a view of ProgressiveList[uintN]: unsigned
// integers packed into chunks, in pages at the bottom of each subtree of
// the progressive tree.
type ProgressiveBasicList[T Unsigned] struct {
	basic[T]
	t *schema.ProgressiveList
}

// NewProgressiveBasicList returns an empty list of type t. It returns an
// error if the elements of t are not unsigned integers of T's size.
func NewProgressiveBasicList[T Unsigned](t *schema.ProgressiveList) (*ProgressiveBasicList[T], error) {
	return ofProgressive(t, t.Default(), AsProgressiveBasicList[T])
}

// DecodeProgressiveBasicList returns the list of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// unsigned integers of T's size.
func DecodeProgressiveBasicList[T Unsigned](t *schema.ProgressiveList, b []byte) (*ProgressiveBasicList[T], error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveBasicList[T], error) {
		return ofProgressive(t, n, AsProgressiveBasicList[T])
	})
}

// AsProgressiveBasicList returns the list v (of unsigned integers of T's
// size) as a *ProgressiveBasicList[T] that shares its state.
func AsProgressiveBasicList[T Unsigned](v View) (*ProgressiveBasicList[T], error) {
	s, t, err := progressiveSeq(v, uintSeq, "a progressive list of unsigned integers")
	if err == nil && t.Elem().FixedSize() != sizeOfT[T]() {
		err = fmt.Errorf("%w: %v is not a progressive list of %d-byte integers", ErrWrongType, t, sizeOfT[T]())
	}
	if err != nil {
		return nil, err
	}
	return &ProgressiveBasicList[T]{basic[T]{seqView{s}}, t}, nil
}

// Append adds v at the end. It returns an error past 2^31-1 elements.
func (l *ProgressiveBasicList[T]) Append(v T) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ProgressiveBasicList[T]) Pop() (T, error) { return l.pop() }

// DropFirst removes the first k elements, as BasicList.DropFirst does.
func (l *ProgressiveBasicList[T]) DropFirst(k int) error { return l.seq.dropFirst(k, l.t) }

// SetAll replaces the list with vs, building its tree in one pass.
func (l *ProgressiveBasicList[T]) SetAll(vs []T) error { return l.setValues(vs) }

// SetBytes replaces the list with the values serialized in b. It returns an
// error if b is not whole values.
func (l *ProgressiveBasicList[T]) SetBytes(b []byte) error { return l.setBytes(b, l.t) }

// Copy returns an independent copy in O(1): it shares every node with l.
func (l *ProgressiveBasicList[T]) Copy() *ProgressiveBasicList[T] {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveBasicList[T]))
}

// ProgressiveUint256List is a view of ProgressiveList[uint128] or
// ProgressiveList[uint256].
type ProgressiveUint256List struct {
	bigs
	t *schema.ProgressiveList
}

// NewProgressiveUint256List returns an empty list of type t. It returns an
// error if the elements of t are not uint128 or uint256.
func NewProgressiveUint256List(t *schema.ProgressiveList) (*ProgressiveUint256List, error) {
	return ofProgressive(t, t.Default(), AsProgressiveUint256List)
}

// DecodeProgressiveUint256List returns the list of type t serialized in b.
// It returns an error if b is not a valid value or the elements of t are
// not uint128 or uint256.
func DecodeProgressiveUint256List(t *schema.ProgressiveList, b []byte) (*ProgressiveUint256List, error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveUint256List, error) {
		return ofProgressive(t, n, AsProgressiveUint256List)
	})
}

// AsProgressiveUint256List returns the list v (of uint128 or uint256) as a
// *ProgressiveUint256List that shares its state.
func AsProgressiveUint256List(v View) (*ProgressiveUint256List, error) {
	s, t, err := progressiveSeq(v, bigSeq, "a progressive list of uint128 or uint256")
	if err != nil {
		return nil, err
	}
	return &ProgressiveUint256List{bigs{s}, t}, nil
}

// Append adds v at the end. It returns an error if v does not fit, or past
// 2^31-1 elements.
func (l *ProgressiveUint256List) Append(v *uint256.Int) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ProgressiveUint256List) Pop() (uint256.Int, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *ProgressiveUint256List) Copy() *ProgressiveUint256List {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveUint256List))
}

// ProgressiveBoolList is a view of ProgressiveList[boolean].
type ProgressiveBoolList struct {
	bools
	t *schema.ProgressiveList
}

// NewProgressiveBoolList returns an empty list of type t. It returns an
// error if the elements of t are not booleans.
func NewProgressiveBoolList(t *schema.ProgressiveList) (*ProgressiveBoolList, error) {
	return ofProgressive(t, t.Default(), AsProgressiveBoolList)
}

// DecodeProgressiveBoolList returns the list of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// booleans.
func DecodeProgressiveBoolList(t *schema.ProgressiveList, b []byte) (*ProgressiveBoolList, error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveBoolList, error) {
		return ofProgressive(t, n, AsProgressiveBoolList)
	})
}

// AsProgressiveBoolList returns the list v (of booleans) as a
// *ProgressiveBoolList that shares its state.
func AsProgressiveBoolList(v View) (*ProgressiveBoolList, error) {
	s, t, err := progressiveSeq(v, boolSeq, "a progressive list of booleans")
	if err != nil {
		return nil, err
	}
	return &ProgressiveBoolList{bools{s}, t}, nil
}

// Append adds v at the end. It returns an error past 2^31-1 elements.
func (l *ProgressiveBoolList) Append(v bool) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ProgressiveBoolList) Pop() (bool, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *ProgressiveBoolList) Copy() *ProgressiveBoolList {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveBoolList))
}
