package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// bitfield is what Bitlist and Bitvector share.
type bitfield struct {
	*seq
}

// Get returns bit i. It panics if i is out of range.
func (b *bitfield) Get(i int) bool {
	if uint64(i) < b.n {
		if c := b.pages.hit(i/8, 1); c != nil {
			return c[0]>>(i%8)&1 == 1
		}
	}
	b.index(i)
	var c [1]byte
	b.read(i/8, c[:])
	return c[0]>>(i%8)&1 == 1
}

// Set sets bit i to v. It panics if i is out of range.
func (b *bitfield) Set(i int, v bool) {
	b.index(i)
	var c [1]byte
	b.pages.read(i/8, c[:], true)
	if v {
		c[0] |= 1 << (i % 8)
	} else {
		c[0] &^= 1 << (i % 8)
	}
	b.setElem(i/8, c[:])
}

// Bits returns the bits packed into bytes from the least significant bit,
// without a bitlist's delimiter: (Len+7)/8 bytes.
func (b *bitfield) Bits() []byte { return b.bytes(nil) }

// Count returns the number of bits set.
func (b *bitfield) Count() int {
	n := 0
	for _, c := range b.Bits() {
		for ; c != 0; c &= c - 1 {
			n++
		}
	}
	return n
}

// push is Append of a bitlist of either kind (Bitlist,
// ProgressiveBitlist).
func (b *bitfield) push(v bool) error {
	i, err := b.grow()
	if err != nil {
		return err
	}
	if v {
		b.Set(i, true)
	}
	return nil
}

// pop is Pop of a bitlist of either kind.
func (b *bitfield) pop() (bool, error) {
	if b.n == 0 {
		return false, fmt.Errorf("%w: %v", ErrEmpty, b.typ)
	}
	v := b.Get(b.Len() - 1)
	return v, b.shrink()
}

// Bitlist is a view of Bitlist[N].
type Bitlist struct {
	bitfield
	t *schema.Bitlist
}

func ofBitlist(t *schema.Bitlist, n *tree.Node) (*Bitlist, error) {
	s, err := newSeq(t, t.PageLayout(), t.DataDepth(), 1, true, true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &Bitlist{bitfield: bitfield{s}, t: t}, nil
}

// NewBitlist returns an empty bitlist of type t.
func NewBitlist(t *schema.Bitlist) (*Bitlist, error) { return ofBitlist(t, t.Default()) }

// DecodeBitlist returns the bitlist of type t serialized in b. It returns
// an error if b is not a valid value.
func DecodeBitlist(t *schema.Bitlist, b []byte) (*Bitlist, error) {
	return decodeAs(t, b, ofBitlist)
}

// Append adds bit v at the end. It returns an error if the bitlist is full.
func (l *Bitlist) Append(v bool) error { return l.push(v) }

// Pop removes the last bit and returns it. It returns an error if the
// bitlist is empty.
func (l *Bitlist) Pop() (bool, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *Bitlist) Copy() *Bitlist { return must(ofBitlist(l.t, l.Node())) }

// Bitvector is a view of Bitvector[N].
type Bitvector struct {
	bitfield
	t *schema.Bitvector
}

func ofBitvector(t *schema.Bitvector, n *tree.Node) (*Bitvector, error) {
	s, err := newSeq(t, t.PageLayout(), t.Depth(), 1, true, false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &Bitvector{bitfield: bitfield{s}, t: t}, nil
}

// NewBitvector returns a bitvector of type t with every bit clear.
func NewBitvector(t *schema.Bitvector) (*Bitvector, error) { return ofBitvector(t, t.Default()) }

// DecodeBitvector returns the bitvector of type t serialized in b. It
// returns an error if b is not a valid value.
func DecodeBitvector(t *schema.Bitvector, b []byte) (*Bitvector, error) {
	return decodeAs(t, b, ofBitvector)
}

// Copy returns an independent copy in O(1).
func (v *Bitvector) Copy() *Bitvector { return must(ofBitvector(v.t, v.Node())) }
