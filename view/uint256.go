package view

import (
	"encoding/binary"
	"fmt"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// bigs is what Uint256List and Uint256Vector share: uint128 or uint256
// values packed into chunks, read and written as uint256.Int.
type bigs struct {
	*seq
}

// push is Append of a list of either kind (Uint256List,
// ProgressiveUint256List): v is checked before the list grows.
func (b *bigs) push(v *uint256.Int) error {
	if v.BitLen() > 8*b.esize {
		return fmt.Errorf("view: %w: %v does not fit in %d bits", schema.ErrSize, v, 8*b.esize)
	}
	i, err := b.grow()
	if err != nil {
		return err
	}
	return b.Set(i, v)
}

// pop is Pop of a list of either kind.
func (b *bigs) pop() (uint256.Int, error) {
	if b.n == 0 {
		return uint256.Int{}, fmt.Errorf("%w: %v", ErrEmpty, b.typ)
	}
	v := b.Get(b.Len() - 1)
	return v, b.shrink()
}

// Get returns element i. It panics if i is out of range.
func (b *bigs) Get(i int) uint256.Int {
	var scratch [32]byte
	e := b.elem(b.index(i), scratch[:])
	var z uint256.Int
	for k := 0; k*8 < len(e); k++ {
		z[k] = binary.LittleEndian.Uint64(e[8*k:])
	}
	return z
}

// Set sets element i to v. It panics if i is out of range, and returns an
// error if v does not fit in the element type (uint128).
func (b *bigs) Set(i int, v *uint256.Int) error {
	b.index(i)
	if v.BitLen() > 8*b.esize {
		return fmt.Errorf("view: %w: %v does not fit in %d bits", schema.ErrSize, v, 8*b.esize)
	}
	var buf [32]byte
	for k := 0; k < 4; k++ {
		binary.LittleEndian.PutUint64(buf[8*k:], v[k])
	}
	b.setElem(i, buf[:b.esize])
	return nil
}

// Uint256List is a view of List[uint128, N] or List[uint256, N].
type Uint256List struct {
	bigs
	t *schema.List
}

// NewUint256List returns an empty list of type t. It returns an error if
// the elements of t are not uint128 or uint256.
func NewUint256List(t *schema.List) (*Uint256List, error) { return ofUint256List(t, t.Default()) }

// DecodeUint256List returns the list of type t serialized in b. It returns
// an error if b is not a valid value or the elements of t are not uint128
// or uint256.
func DecodeUint256List(t *schema.List, b []byte) (*Uint256List, error) {
	return decodeKept(t, b, ofUint256List)
}

func ofUint256List(t *schema.List, n *tree.Node) (*Uint256List, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), bigSeq, "a list of uint128 or uint256"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &Uint256List{bigs: bigs{s}, t: t}, nil
}

// Append adds v at the end. It returns an error if the list is full or v
// does not fit.
func (l *Uint256List) Append(v *uint256.Int) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *Uint256List) Pop() (uint256.Int, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *Uint256List) Copy() *Uint256List { return must(ofUint256List(l.t, l.Node())) }

// Uint256Vector is a view of Vector[uint128, N] or Vector[uint256, N].
type Uint256Vector struct {
	bigs
	t *schema.Vector
}

// NewUint256Vector returns a zero vector of type t. It returns an error if
// the elements of t are not uint128 or uint256.
func NewUint256Vector(t *schema.Vector) (*Uint256Vector, error) {
	return ofUint256Vector(t, t.Default())
}

// DecodeUint256Vector returns the vector of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// uint128 or uint256.
func DecodeUint256Vector(t *schema.Vector, b []byte) (*Uint256Vector, error) {
	return decodeKept(t, b, ofUint256Vector)
}

func ofUint256Vector(t *schema.Vector, n *tree.Node) (*Uint256Vector, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), bigSeq, "a vector of uint128 or uint256"); err != nil {
		return nil, err
	}
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &Uint256Vector{bigs: bigs{s}, t: t}, nil
}

// Copy returns an independent copy in O(1).
func (v *Uint256Vector) Copy() *Uint256Vector { return must(ofUint256Vector(v.t, v.Node())) }
