package tree

import "math/bits"

// Gindex is a generalized index: the root is 1, and the children of node g
// are 2g and 2g+1. The node at depth d and index i has gindex 2^d + i.
type Gindex uint64

// GindexOf returns the generalized index of the node at (depth, index). It
// panics if depth is above 63 or index is not below 2^depth.
func GindexOf(depth int, index uint64) Gindex {
	if depth < 0 || depth > 63 || index>>uint(depth) != 0 {
		panic("tree: position outside a tree of that depth")
	}
	return Gindex(uint64(1)<<uint(depth) | index)
}

// Depth returns the depth of g below the root: bit length minus one.
func (g Gindex) Depth() int { return bits.Len64(uint64(g)) - 1 }

// Index returns the position of g among the nodes of its depth.
func (g Gindex) Index() uint64 {
	return uint64(g) &^ (uint64(1) << uint(g.Depth()))
}

// Concat returns the generalized index of g's descendant sub, where sub is a
// generalized index relative to g: the spec's concat_generalized_indices.
// ok is false if the result does not fit in 64 bits.
func (g Gindex) Concat(sub Gindex) (c Gindex, ok bool) {
	d := sub.Depth()
	if g == 0 || sub == 0 || g.Depth()+d > 63 {
		return 0, false
	}
	return g<<uint(d) | Gindex(sub.Index()), true
}

// Parent returns the generalized index of g's parent.
func (g Gindex) Parent() Gindex { return g >> 1 }

// Sibling returns the generalized index of g's sibling.
func (g Gindex) Sibling() Gindex { return g ^ 1 }

// IsLeft reports whether g is a left child.
func (g Gindex) IsLeft() bool { return g&1 == 0 }
