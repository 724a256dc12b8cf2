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
// right child being (a copy of) rest, the spine below them, or a zero chunk
// for a whole tree; rest itself when there are no subtrees. The branches of
// rest's spine are copied, their roots kept (nothing is hashed again), so
// that the new spine is one allocation that shares none with the old:
// sharing the lower branches of an older spine's allocation kept its
// replaced upper branches alive, and with them the subtrees they were over
// (a whole earlier version of a changed field of a progressive container).
// If branches is not nil, it sets branches[k] to the branch over
// subtrees[k], and the entries after them, as far as branches reaches, to
// the copies of rest's branches, so that a caller keeping the spine keeps
// the new one. One allocation: a commit after a collection pays for each
// (docs/performance.md#cold-rows).
func NewProgressiveOver(subtrees []*Node, rest *Node, branches []*Node) *Node {
	if rest == nil {
		panic("tree: progressive spine over a nil rest")
	}
	if len(subtrees) == 0 {
		return rest
	}
	// The branches of rest's spine, down to the zero chunk that ends it.
	var oldBuf [ProgressiveLevels]*Node
	olds := oldBuf[:0]
	n := rest // what the lowest copy's right child is
	for ; n.IsBranch(); n = n.right {
		if len(olds) == ProgressiveLevels {
			panic("tree: progressive spine longer than its levels")
		}
		olds = append(olds, n)
	}
	below := len(olds)
	if len(subtrees)+below > maxSlabLen {
		panic("tree: progressive spine of more subtrees than a slab holds")
	}
	spine := make([]Node, len(subtrees)+below)
	// Copy rest's branches, bottom up.
	for j := below - 1; j >= 0; j-- {
		k := len(subtrees) + j
		o := olds[j]
		spine[k].left, spine[k].right = o.left, n
		spine[k].slab = slabTag(inNodeSlab, k, len(spine))
		if o.state.Load() == rootKnown {
			spine[k].root = o.root
			spine[k].state.Store(rootKnown)
		}
		n = &spine[k]
		if k < len(branches) {
			branches[k] = n
		}
	}
	for k := len(subtrees) - 1; k >= 0; k-- {
		if subtrees[k] == nil {
			panic("tree: progressive tree with a nil subtree")
		}
		spine[k].left, spine[k].right = subtrees[k], n
		spine[k].slab = slabTag(inNodeSlab, k, len(spine))
		n = &spine[k]
		if branches != nil {
			branches[k] = n
		}
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
