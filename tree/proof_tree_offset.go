package tree

import (
	"fmt"
	"math"
	"slices"
)

// TreeOffsetProof is a tree-offset proof, as Lodestar's
// @chainsafe/persistent-merkle-tree makes it (after protolambda's
// eth-merkle-trees "tree offsets"): the proof nodes of a compact multiproof
// (the proven nodes and their helpers, in the order of a depth-first,
// left-to-right walk) in Leaves, and, for each node the walk goes through,
// in the order it meets them, the number of proof nodes below its left
// child in Offsets. It describes the same tree as a [CompactMultiproof],
// with 16 bits per branch where the descriptor has one.
type TreeOffsetProof struct {
	Offsets []uint16
	Leaves  [][32]byte
}

// ProveTreeOffset returns the tree-offset proof of the nodes at gs below
// root, as Lodestar's createTreeOffsetProof makes it: an index that is an
// ancestor of another is dropped (the descendant's proof computes it), and
// repeats are given once. More than 65,535 proof nodes, which the 16-bit
// offsets cannot count, is an error wrapping [ErrProof].
func ProveTreeOffset(root *Node, gs []Gindex) (*TreeOffsetProof, error) {
	p, err := ProveCompactIndices(root, dropAncestors(gs))
	if err != nil {
		return nil, err
	}
	return p.TreeOffset()
}

// dropAncestors returns gs without the indices that lie above another one
// of gs.
func dropAncestors(gs []Gindex) []Gindex {
	s := slices.Clone(gs)
	slices.SortFunc(s, walkOrder)
	s = slices.Compact(s)
	out := s[:0]
	for i, g := range s {
		// Sorted so, a node's descendants follow it at once.
		if i+1 < len(s) {
			n := s[i+1]
			if d := n.Depth() - g.Depth(); d > 0 && n>>uint(d) == g {
				continue
			}
		}
		out = append(out, g)
	}
	return out
}

// TreeOffset returns the tree-offset proof of the nodes of p. More than
// 65,535 proof nodes is an error wrapping [ErrProof].
func (p *CompactMultiproof) TreeOffset() (*TreeOffsetProof, error) {
	nbits, nodes, err := ParseDescriptor(p.Descriptor)
	if err != nil {
		return nil, err
	}
	if nodes != len(p.Leaves) {
		return nil, fmt.Errorf("%w: %d leaves for a descriptor of %d proof nodes", ErrProof, len(p.Leaves), nodes)
	}
	if nodes > math.MaxUint16 {
		return nil, fmt.Errorf("%w: %d proof nodes, more than a tree-offset proof counts", ErrProof, nodes)
	}
	type frame struct {
		offset, start int
		left          bool
	}
	offsets := make([]uint16, 0, nodes-1)
	var stack []frame
	seen := 0
	for i := 0; i < nbits; i++ {
		if !descriptorBit(p.Descriptor, i) {
			stack = append(stack, frame{offset: len(offsets), start: seen})
			offsets = append(offsets, 0)
			continue
		}
		seen++
		for len(stack) > 0 && stack[len(stack)-1].left {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			top.left = true
			offsets[top.offset] = uint16(seen - top.start)
		}
	}
	return &TreeOffsetProof{Offsets: offsets, Leaves: slices.Clone(p.Leaves)}, nil
}

// Compact returns the compact multiproof of the nodes of p. Offsets that
// do not describe a tree of len(p.Leaves) proof nodes (len(p.Leaves)-1 of
// them, each between 1 and the number of nodes of its subtree minus one)
// are an error wrapping [ErrProof] that names the first offset at fault.
func (p *TreeOffsetProof) Compact() (*CompactMultiproof, error) {
	n := len(p.Leaves)
	if n == 0 {
		return nil, fmt.Errorf("%w: tree-offset proof without leaves", ErrProof)
	}
	if len(p.Offsets) != n-1 {
		return nil, fmt.Errorf("%w: %d offsets for %d leaves, want %d", ErrProof, len(p.Offsets), n, n-1)
	}
	desc := make([]byte, (2*n-1+7)/8)
	at := 0 // the next bit
	// The subtrees still to write: their first offset and their nodes.
	type span struct{ off, nodes int }
	stack := []span{{0, n}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.nodes == 1 {
			desc[at/8] |= 0x80 >> uint(at%8)
			at++
			continue
		}
		pivot := int(p.Offsets[s.off])
		if pivot < 1 || pivot >= s.nodes {
			return nil, fmt.Errorf("%w: offset %d is %d, outside 1 to %d", ErrProof, s.off, pivot, s.nodes-1)
		}
		at++ // a 0 bit
		stack = append(stack, span{s.off + pivot, s.nodes - pivot}, span{s.off + 1, pivot})
	}
	return &CompactMultiproof{Descriptor: desc, Leaves: slices.Clone(p.Leaves)}, nil
}

// Root returns the root that p's leaves give, checking its offsets as
// [TreeOffsetProof.Compact] does.
func (p *TreeOffsetProof) Root() ([32]byte, error) {
	c, err := p.Compact()
	if err != nil {
		return [32]byte{}, err
	}
	return c.Root()
}

// Verify reports whether p's leaves give root. As for a
// [CompactMultiproof], the verifier must know which nodes it expects:
// [ProveTreeOffset] of the same indices gives the same offsets.
func (p *TreeOffsetProof) Verify(root [32]byte) bool {
	r, err := p.Root()
	return err == nil && r == root
}
