package view

import (
	"fmt"
	"iter"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// bools is what BoolList and BoolVector share: booleans, one byte each,
// packed into chunks.
type bools struct {
	*seq
}

// push is Append of a list of either kind (BoolList,
// ProgressiveBoolList).
func (b *bools) push(v bool) error {
	i, err := b.grow()
	if err != nil {
		return err
	}
	b.Set(i, v)
	return nil
}

// pop is Pop of a list of either kind.
func (b *bools) pop() (bool, error) {
	if b.n == 0 {
		return false, fmt.Errorf("%w: %v", ErrEmpty, b.typ)
	}
	v := b.Get(b.Len() - 1)
	return v, b.shrink()
}

// Get returns element i. It panics if i is out of range.
func (b *bools) Get(i int) bool {
	var scratch [1]byte
	e := b.elem(b.index(i), scratch[:])
	return e != nil && e[0] == 1
}

// Set sets element i to v. It panics if i is out of range.
func (b *bools) Set(i int, v bool) {
	b.setElem(b.index(i), []byte{boolByte(v)})
}

// All returns an iterator over the elements and their indices, in order.
func (b *bools) All() iter.Seq2[int, bool] {
	return func(yield func(int, bool) bool) {
		for i := 0; i < b.Len(); i++ {
			if !yield(i, b.Get(i)) {
				return
			}
		}
	}
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// BoolList is a view of List[boolean, N].
type BoolList struct {
	bools
	t *schema.List
}

// NewBoolList returns an empty list of type t. It returns an error if the
// elements of t are not booleans.
func NewBoolList(t *schema.List) (*BoolList, error) { return ofBoolList(t, t.Default()) }

// DecodeBoolList returns the list of type t serialized in b. It returns an
// error if b is not a valid value or the elements of t are not booleans.
func DecodeBoolList(t *schema.List, b []byte) (*BoolList, error) {
	return decodeKept(t, b, ofBoolList)
}

func ofBoolList(t *schema.List, n *tree.Node) (*BoolList, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), boolSeq, "a list of booleans"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), 1, false, true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &BoolList{bools: bools{s}, t: t}, nil
}

// Append adds v at the end. It returns an error if the list is full.
func (l *BoolList) Append(v bool) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *BoolList) Pop() (bool, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *BoolList) Copy() *BoolList { return must(ofBoolList(l.t, l.Node())) }

// BoolVector is a view of Vector[boolean, N].
type BoolVector struct {
	bools
	t *schema.Vector
}

// NewBoolVector returns a vector of type t with every element false. It
// returns an error if the elements of t are not booleans.
func NewBoolVector(t *schema.Vector) (*BoolVector, error) { return ofBoolVector(t, t.Default()) }

// DecodeBoolVector returns the vector of type t serialized in b. It returns
// an error if b is not a valid value or the elements of t are not booleans.
func DecodeBoolVector(t *schema.Vector, b []byte) (*BoolVector, error) {
	return decodeKept(t, b, ofBoolVector)
}

func ofBoolVector(t *schema.Vector, n *tree.Node) (*BoolVector, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), boolSeq, "a vector of booleans"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), 1, false, false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &BoolVector{bools: bools{s}, t: t}, nil
}

// Copy returns an independent copy in O(1).
func (v *BoolVector) Copy() *BoolVector { return must(ofBoolVector(v.t, v.Node())) }
