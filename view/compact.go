package view

import (
	"fmt"
	"iter"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// compact is what CompactList and CompactVector share: fixed-size
// composite values of at most 4 KiB (validators, checkpoints, public
// keys...), kept as their serialized bytes in pages of whole values.
// Elements are read and written as bytes; typed wrappers (package capella)
// turn them into Go structs.
type compact struct {
	*seq
	elem schema.Type
}

// ElemSize returns the size of an element's serialization.
func (c *compact) ElemSize() int { return c.esize }

// Load copies the serialization of element i into dst, which must be
// ElemSize bytes. It panics if i is out of range.
func (c *compact) Load(i int, dst []byte) {
	if len(dst) != c.esize {
		panic(fmt.Sprintf("view: Load of %d bytes into %d", c.esize, len(dst)))
	}
	if uint64(i) < c.n {
		if b := c.pages.hit(i*c.esize, c.esize); b != nil {
			copy(dst, b)
			return
		}
	}
	c.read(c.index(i)*c.esize, dst)
}

// Get returns a copy of the serialization of element i. It panics if i is
// out of range.
func (c *compact) Get(i int) []byte {
	b := make([]byte, c.esize)
	c.Load(i, b)
	return b
}

// Set replaces element i with the value serialized in b. It panics if i is
// out of range and returns an error, changing nothing, if b is not a valid
// value.
func (c *compact) Set(i int, b []byte) error {
	c.index(i)
	if err := schema.Validate(c.elem, b); err != nil {
		return err
	}
	c.setElem(i, b)
	return nil
}

// All returns an iterator over the elements' serializations and their
// indices, in order. The bytes are valid only until the next iteration and
// must not be modified.
func (c *compact) All() iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		n := c.Len()
		i := 0
		scratch := make([]byte, c.esize)
		c.eachPage(func(per int, page []byte) bool {
			for off := 0; off+c.esize <= per && i < n; off += c.esize {
				b := scratch
				if off+c.esize <= len(page) {
					b = page[off : off+c.esize]
				} else {
					clear(scratch)
				}
				if !yield(i, b) {
					return false
				}
				i++
			}
			return true
		})
	}
}

// push is Append of a list of either kind (CompactList,
// ProgressiveCompactList).
func (c *compact) push(b []byte) error {
	if err := schema.Validate(c.elem, b); err != nil {
		return err
	}
	i, err := c.grow()
	if err != nil {
		return err
	}
	c.setElem(i, b)
	return nil
}

// pop is Pop of a list of either kind.
func (c *compact) pop() ([]byte, error) {
	if c.n == 0 {
		return nil, fmt.Errorf("%w: %v", ErrEmpty, c.typ)
	}
	b := c.Get(c.Len() - 1)
	return b, c.shrink()
}

// setBytes is SetBytes of a list or vector of any kind: b, once valid,
// holds all its elements.
func (c *compact) setBytes(b []byte) error {
	if err := schema.Validate(c.typ, b); err != nil {
		return err
	}
	return c.replace(b, uint64(len(b)/c.esize), false)
}

// CompactList is a view of List[T, N] where T is a fixed-size composite
// type of at most 4 KiB, such as List[Validator, N].
type CompactList struct {
	compact
	t *schema.List
}

// NewCompactList returns an empty list of type t. It returns an error if
// the elements of t are not fixed-size composite values of at most 4 KiB.
func NewCompactList(t *schema.List) (*CompactList, error) { return ofCompactList(t, t.Default()) }

// DecodeCompactList returns the list of type t serialized in b. It returns
// an error if b is not a valid value or the elements of t are not
// fixed-size composite values of at most 4 KiB.
func DecodeCompactList(t *schema.List, b []byte) (*CompactList, error) {
	return decodeKept(t, b, ofCompactList)
}

func ofCompactList(t *schema.List, n *tree.Node) (*CompactList, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), compactSeq, "a list of compact values"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &CompactList{compact: compact{seq: s, elem: t.Elem()}, t: t}, nil
}

// Append adds the value serialized in b at the end. It returns an error,
// changing nothing, if the list is full or b is not a valid value.
func (l *CompactList) Append(b []byte) error { return l.push(b) }

// Pop removes the last element and returns its serialization. It returns
// an error if the list is empty.
func (l *CompactList) Pop() ([]byte, error) { return l.pop() }

// SetBytes replaces the list with the values serialized back to back in b,
// building its tree in one pass. It returns an error, changing nothing, if
// b is not valid.
func (l *CompactList) SetBytes(b []byte) error { return l.setBytes(b) }

// Copy returns an independent copy in O(1).
func (l *CompactList) Copy() *CompactList { return must(ofCompactList(l.t, l.Node())) }

// CompactVector is a view of Vector[T, N] where T is a fixed-size composite
// type of at most 4 KiB, such as Vector[Bytes32, 8192].
type CompactVector struct {
	compact
	t *schema.Vector
}

// NewCompactVector returns a vector of type t holding default values. It
// returns an error if the elements of t are not fixed-size composite values
// of at most 4 KiB.
func NewCompactVector(t *schema.Vector) (*CompactVector, error) {
	return ofCompactVector(t, t.Default())
}

// DecodeCompactVector returns the vector of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// fixed-size composite values of at most 4 KiB.
func DecodeCompactVector(t *schema.Vector, b []byte) (*CompactVector, error) {
	return decodeKept(t, b, ofCompactVector)
}

func ofCompactVector(t *schema.Vector, n *tree.Node) (*CompactVector, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), compactSeq, "a vector of compact values"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &CompactVector{compact: compact{seq: s, elem: t.Elem()}, t: t}, nil
}

// SetBytes replaces the vector with the values serialized back to back in b,
// building its tree in one pass. It returns an error, changing nothing, if
// b is not valid.
func (v *CompactVector) SetBytes(b []byte) error { return v.setBytes(b) }

// Copy returns an independent copy in O(1).
func (v *CompactVector) Copy() *CompactVector { return must(ofCompactVector(v.t, v.Node())) }
