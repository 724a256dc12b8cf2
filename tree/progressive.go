package tree

import "fmt"

// A progressive tree is the shape merkleize_progressive gives its chunks
// (ssz/simple-serialize.md of consensus-specs, since v1.7.0-alpha.2): a
// right spine of branches whose left children are subtrees of 1, 4, 16,
// 64... leaves (subtree k has depth 2k) and whose last right child is a zero
// chunk. An empty progressive tree is a zero chunk.

// ProgressiveLevels is the most subtrees a progressive tree may have here:
// enough for 4^20 leaves in its last subtree (a 32 TiB list of chunks), while
// the generalized index of any of its leaves, below a mix-in and a container
// field, still fits in 64 bits.
const ProgressiveLevels = 20

// ProgressiveSubtrees returns the number of subtrees a progressive tree of
// leaves leaves has: the least k for which 1 + 4 + ... + 4^(k-1) >= leaves.
func ProgressiveSubtrees(leaves uint64) int {
	k := 0
	for capacity := uint64(0); capacity < leaves; k++ {
		capacity += uint64(1) << (2 * uint(k))
	}
	return k
}

// ProgressiveLeaf returns the subtree k that holds leaf i of a progressive
// tree and the index of the leaf within that subtree.
func ProgressiveLeaf(i uint64) (k int, j uint64) {
	for size := uint64(1); i >= size; size <<= 2 {
		i -= size
		k++
	}
	return k, i
}

// ProgressiveGindex returns the generalized index, below the root of a
// progressive tree, of leaf i; it fails when the index does not fit in 64
// bits.
func ProgressiveGindex(i uint64) (Gindex, error) {
	k, j := ProgressiveLeaf(i)
	if k >= ProgressiveLevels {
		return 0, fmt.Errorf("%w: progressive leaf %d beyond %d subtrees", ErrNavigation, i, ProgressiveLevels)
	}
	g := uint64(1)
	for range k {
		g = 2*g + 1 // along the spine
	}
	g = (2*g)<<(2*uint(k)) | j // into subtree k
	return Gindex(g), nil
}

// NewProgressive returns the progressive tree whose subtrees are subtrees,
// in order (subtrees[k] of depth 2k): a right spine over them ending in a
// zero chunk, or a zero chunk when there are none.
func NewProgressive(subtrees []*Node) *Node {
	return NewProgressiveOver(subtrees, Zero(0), nil)
}

// NewProgressiveOver returns a progressive tree's spine over subtrees, in
// order, and then rest: a branch over each of subtrees, the last one's
// right child being rest, the spine below them, or a zero chunk for a
// whole tree; rest itself when there are no subtrees. Each new branch is
// an allocation of its own, so that the spine below a change is shared,
// not copied, and a replaced spine lets its replaced branches go, with the
// subtrees they were over (a whole earlier version of a changed field of
// a progressive container): only an allocation of several branches, one
// of them shared, would keep the others alive. A branch of rest's spine
// that is part of such an allocation (a slab of nodes) is copied, roots
// kept (nothing is hashed again), with the branches above it. If branches
// is not nil, it sets branches[k] to the branch over subtrees[k], and the
// entries after them, as far as branches reaches, to the branches of the
// spine below, so that a caller keeping the spine keeps the new one.
// Branches of 64 bytes each take the size class of the paths' new nodes,
// which a commit after a collection refills anyway, where one allocation
// of the whole spine had a class of its own
// (docs/performance.md#cold-rows).
func NewProgressiveOver(subtrees []*Node, rest *Node, branches []*Node) *Node {
	if rest == nil {
		panic("tree: progressive spine over a nil rest")
	}
	if len(subtrees) == 0 {
		return rest
	}
	n := unslabbedSpine(rest)
	for k, b := len(subtrees), n; k < len(branches) && b.IsBranch(); k, b = k+1, b.right {
		branches[k] = b
	}
	for k := len(subtrees) - 1; k >= 0; k-- {
		if subtrees[k] == nil {
			panic("tree: progressive tree with a nil subtree")
		}
		n = &Node{left: subtrees[k], right: n}
		if branches != nil {
			branches[k] = n
		}
	}
	return n
}

// unslabbedSpine returns rest, a progressive spine, or, when a branch of
// it is part of a slab of nodes, a copy of its branches down to the
// lowest such one, roots kept, each an allocation of its own, the
// branches below that shared.
func unslabbedSpine(rest *Node) *Node {
	var spineBuf [ProgressiveLevels]*Node
	olds := spineBuf[:0]
	last := -1 // the lowest branch in a slab
	for n := rest; n.IsBranch(); n = n.right {
		if len(olds) == ProgressiveLevels {
			panic("tree: progressive spine longer than its levels")
		}
		if n.slab != 0 && n.slab>>14 == inNodeSlab {
			last = len(olds)
		}
		olds = append(olds, n)
	}
	if last < 0 {
		return rest
	}
	n := olds[last].right
	for j := last; j >= 0; j-- {
		o := olds[j]
		c := &Node{left: o.left, right: n}
		if o.state.Load() == rootKnown {
			c.root = o.root
			c.state.Store(rootKnown)
		}
		n = c
	}
	return n
}

// ProgressiveParts appends to dst the first count subtrees of the
// progressive tree n, walking its spine.
func ProgressiveParts(dst []*Node, n *Node, count int) ([]*Node, error) {
	for k := range count {
		if !n.IsBranch() {
			return dst, fmt.Errorf("%w: progressive spine ends at subtree %d of %d", ErrNavigation, k, count)
		}
		left, right := n.Children()
		dst = append(dst, left)
		n = right
	}
	return dst, nil
}
