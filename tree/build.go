package tree

import "fmt"

// slabNodes is how many branches a bulk build allocates at once. Nodes of a
// slab stay alive as long as any of them is referenced, so slabs serve only
// trees built whole (decoding, bulk updates), whose nodes live and die
// together; 128 nodes (8 KiB) make one allocation of many while bounding
// what a long-lived survivor holds. (Slabs for SetMany's scattered paths
// were tried and made 1,000 balance changes slower: see
// docs/performance.md.)
const slabNodes = 128

// allocator hands out branch nodes, one allocation each, or from slabs when
// bulk is set: slabs of slabNodes, or fewer when want says fewer are left to
// build.
type allocator struct {
	bulk bool
	want int
	slab []Node
}

func (a *allocator) branch(left, right *Node) *Node {
	if !a.bulk {
		return &Node{left: left, right: right}
	}
	if len(a.slab) == 0 {
		size := slabNodes
		if a.want > 0 {
			size = min(a.want, slabNodes)
			a.want -= size
		}
		a.slab = make([]Node, size)
	}
	n := &a.slab[0]
	a.slab = a.slab[1:]
	n.left, n.right = left, right
	return n
}

// Build returns the root of a subtree whose nodes at depth top are nodes,
// followed by zero subtrees up to 2^top. Each of nodes stands for a subtree
// of depth below (0 for leaves and values; a page's layout depth for pages),
// and so does each zero subtree that pads them, so the result stands for a
// subtree of depth top+below. The branches are built in one bottom-up pass,
// allocated in bulk.
func Build(top int, nodes []*Node, below int) (*Node, error) {
	if below < 0 || top < 0 || top+below > MaxDepth {
		return nil, fmt.Errorf("%w: depth %d+%d outside 0..%d", ErrNavigation, top, below, MaxDepth)
	}
	if top < 64 && uint64(len(nodes)) > uint64(1)<<uint(top) {
		return nil, fmt.Errorf("%w: %d nodes do not fit in depth %d", ErrNavigation, len(nodes), top)
	}
	if len(nodes) == 0 {
		return Zero(top + below), nil
	}
	// Branches are built up to the level where one node is left; a spine
	// stands for the levels above, whose right children are all zero.
	full := 0
	want := 0
	for n := len(nodes); n > 1; full++ {
		n = (n + 1) / 2
		want += n
	}
	if len(nodes) == 1 {
		return NewSpine(nodes[0], top, below), nil
	}
	a := allocator{bulk: true, want: want}
	level := make([]*Node, len(nodes))
	copy(level, nodes)
	for d := 0; d < full; d++ {
		// At height d the level pads with zero subtrees of depth d+below.
		n := len(level)
		half := (n + 1) / 2
		for i := 0; i < half; i++ {
			left := level[2*i]
			right := Zero(d + below)
			if 2*i+1 < n {
				right = level[2*i+1]
			}
			level[i] = a.branch(left, right)
		}
		level = level[:half]
	}
	return NewSpine(level[0], top-full, full+below), nil
}

// BuildLeaves returns the root of a subtree of the given depth whose leaves
// are data cut into 32-byte chunks (the last one zero-padded), followed by
// zero leaves.
func BuildLeaves(depth int, data []byte) (*Node, error) {
	count := (len(data) + 31) / 32
	leaves := make([]Node, count)
	nodes := make([]*Node, count)
	for i := range leaves {
		copy(leaves[i].root[:], data[i*32:min(len(data), i*32+32)])
		leaves[i].state.Store(rootKnown)
		nodes[i] = &leaves[i]
	}
	return Build(depth, nodes, 0)
}
