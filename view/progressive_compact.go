package view

import (
	"iter"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// ProgressiveCompactList is a view of ProgressiveList[T] where T is a
// fixed-size composite type of at most 4 KiB, such as
// ProgressiveList[Validator]: whole values in pages at the bottom of each
// subtree, the first subtrees a page of 1 and of 4 values.
type ProgressiveCompactList struct {
	compact
	t *schema.ProgressiveList
}

// NewProgressiveCompactList returns an empty list of type t. It returns an
// error if the elements of t are not fixed-size composite values of at
// most 4 KiB.
func NewProgressiveCompactList(t *schema.ProgressiveList) (*ProgressiveCompactList, error) {
	return ofProgressive(t, t.Default(), AsProgressiveCompactList)
}

// DecodeProgressiveCompactList returns the list of type t serialized in b.
// It returns an error if b is not a valid value or the elements of t are
// not fixed-size composite values of at most 4 KiB.
func DecodeProgressiveCompactList(t *schema.ProgressiveList, b []byte) (*ProgressiveCompactList, error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveCompactList, error) {
		return ofProgressive(t, n, AsProgressiveCompactList)
	})
}

// AsProgressiveCompactList returns the list v (of compact values) as a
// *ProgressiveCompactList that shares its state.
func AsProgressiveCompactList(v View) (*ProgressiveCompactList, error) {
	s, t, err := progressiveSeq(v, compactSeq, "a progressive list of compact values")
	if err != nil {
		return nil, err
	}
	return &ProgressiveCompactList{compact{s, t.Elem()}, t}, nil
}

// Append adds the value serialized in b at the end. It returns an error,
// changing nothing, if b is not a valid value, or past 2^31-1 elements.
func (l *ProgressiveCompactList) Append(b []byte) error { return l.push(b) }

// Pop removes the last element and returns its serialization. It returns
// an error if the list is empty.
func (l *ProgressiveCompactList) Pop() ([]byte, error) { return l.pop() }

// SetBytes replaces the list with the values serialized back to back in b,
// building its tree in one pass. It returns an error, changing nothing, if
// b is not valid.
func (l *ProgressiveCompactList) SetBytes(b []byte) error { return l.setBytes(b) }

// Copy returns an independent copy in O(1).
func (l *ProgressiveCompactList) Copy() *ProgressiveCompactList {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveCompactList))
}

// ProgressiveValueList is a view of ProgressiveList[T] for a fixed-size
// composite T of at most 4 KiB, read and written as Go values of type V,
// as [ValueList] is of a bounded list.
type ProgressiveValueList[V any, P FixedValue[V]] struct {
	values
	t *schema.ProgressiveList
}

// NewProgressiveValueList returns an empty list of type t. It returns an
// error if the elements of t are not compact values serialized in V's
// size.
func NewProgressiveValueList[V any, P FixedValue[V]](t *schema.ProgressiveList) (*ProgressiveValueList[V, P], error) {
	return ofProgressive(t, t.Default(), AsProgressiveValueList[V, P])
}

// DecodeProgressiveValueList returns the list of type t serialized in b.
// It returns an error if b is not a valid value or the elements of t are
// not compact values serialized in V's size.
func DecodeProgressiveValueList[V any, P FixedValue[V]](t *schema.ProgressiveList, b []byte) (*ProgressiveValueList[V, P], error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveValueList[V, P], error) {
		return ofProgressive(t, n, AsProgressiveValueList[V, P])
	})
}

// AsProgressiveValueList returns the list v (of compact values) as a
// *ProgressiveValueList[V, P] that shares its state. It returns an error
// if v is not such a list or V's serialization is not of its elements'
// size.
func AsProgressiveValueList[V any, P FixedValue[V]](v View) (*ProgressiveValueList[V, P], error) {
	s, t, err := progressiveSeq(v, compactSeq, "a progressive list of compact values")
	if err != nil {
		return nil, err
	}
	if err := checkValueSize[V, P](t, s.esize); err != nil {
		return nil, err
	}
	return &ProgressiveValueList[V, P]{values{seqView: seqView{s}}, t}, nil
}

// Get returns a copy of element i. It panics if i is out of range.
func (l *ProgressiveValueList[V, P]) Get(i int) V { return getValue[V, P](&l.values, i) }

// Set sets element i to v. It panics if i is out of range.
func (l *ProgressiveValueList[V, P]) Set(i int, v V) { setValue[V, P](&l.values, i, v) }

// UpdateAt sets each element i named in indices to f(i, v), v its value, in
// one pass: an epoch's changes to the effective balances of thousands of
// validators. Each page of elements touched is copied and rebuilt once, and
// the tree above them once, where as many Get and Set pairs walk the tree
// twice each; an element f returns unchanged is left as it was. f is called
// once for each index, in increasing order of index; an index named twice
// is updated twice, the second call seeing the first's result. UpdateAt
// returns an error, leaving the list unchanged, if an index is out of range
// or a value f returns does not marshal to the elements' size.
func (l *ProgressiveValueList[V, P]) UpdateAt(indices []int, f func(i int, v V) V) error {
	return updateValues[V, P](&l.values, indices, f)
}

// All returns an iterator over copies of the elements and their indices,
// in order.
func (l *ProgressiveValueList[V, P]) All() iter.Seq2[int, V] { return allValues[V, P](&l.values) }

// SetAll replaces every element with vs, building the tree in one pass.
func (l *ProgressiveValueList[V, P]) SetAll(vs []V) error { return setAllValues[V, P](&l.values, vs) }

// DropFirst removes the first k elements, as ValueList.DropFirst does.
func (l *ProgressiveValueList[V, P]) DropFirst(k int) error { return l.seq.dropFirst(k, l.t) }

// Append adds v at the end. It returns an error past 2^31-1 elements.
func (l *ProgressiveValueList[V, P]) Append(v V) error { return appendValue[V, P](&l.values, v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ProgressiveValueList[V, P]) Pop() (V, error) { return popValue[V, P](&l.values, l.t) }

// Copy returns an independent copy in O(1).
func (l *ProgressiveValueList[V, P]) Copy() *ProgressiveValueList[V, P] {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveValueList[V, P]))
}
