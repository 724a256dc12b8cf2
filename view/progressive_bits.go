package view

import (
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// ProgressiveBitlist is a view of ProgressiveBitList: bits packed into
// chunks, in pages at the bottom of each subtree of the progressive tree.
type ProgressiveBitlist struct {
	bitfield
	t *schema.ProgressiveBitlist
}

func ofProgressiveBitlist(t *schema.ProgressiveBitlist, n *tree.Node) (*ProgressiveBitlist, error) {
	s, err := newProgressiveSeq(t, t.SubtreeLayout, 32, 1, true, n)
	if err != nil {
		return nil, err
	}
	return &ProgressiveBitlist{bitfield{s}, t}, nil
}

// NewProgressiveBitlist returns an empty bitlist of type t.
func NewProgressiveBitlist(t *schema.ProgressiveBitlist) (*ProgressiveBitlist, error) {
	return ofProgressiveBitlist(t, t.Default())
}

// DecodeProgressiveBitlist returns the bitlist of type t serialized in b.
// It returns an error if b is not a valid value.
func DecodeProgressiveBitlist(t *schema.ProgressiveBitlist, b []byte) (*ProgressiveBitlist, error) {
	return decodeAs(t, b, ofProgressiveBitlist)
}

// Append adds bit v at the end. It returns an error past 2^31-1 bits.
func (l *ProgressiveBitlist) Append(v bool) error { return l.push(v) }

// Pop removes the last bit and returns it. It returns an error if the
// bitlist is empty.
func (l *ProgressiveBitlist) Pop() (bool, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *ProgressiveBitlist) Copy() *ProgressiveBitlist {
	return must(ofProgressiveBitlist(l.t, l.Node()))
}
