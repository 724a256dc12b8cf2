package tree

import (
	"fmt"
	"runtime"
	"sync"
)

// slabPages is the fewest pages BuildPages allocates at once (nodes, one
// header, group roots and bytes) where a list has as many, and
// pageSlabBytes and maxSlabPages bound the most: a slab stays alive while
// any page of it does, so they bound the memory a long-lived survivor
// holds (256 KiB of bytes, 64 KiB of nodes) while cutting allocations per
// page to a fraction: a Vector[uint64, 131072] of 2,048 pages of 512 bytes
// takes 4 slabs, not 33. The pages of a state change one by one into pages
// of their own, and the bytes a replaced page leaves in its slab are lost
// whatever the slab's size, until the whole slab is replaced.
const (
	slabPages     = 64
	pageSlabBytes = 256 << 10
	maxSlabPages  = 1 << 10
)

// slabSizes caches slabFor's answers, by slabKey.
var slabSizes sync.Map

type slabKey struct {
	per, groups int
	owned       bool
}

// slabFor returns how many pages of per bytes, keeping groups roots each
// (0 if none), BuildPages puts in one slab: between half of the most
// (pageSlabBytes of pages, within slabPages and maxSlabPages) and the
// most, the most whose allocations lose to the heap's rounding at most
// 1 % of a page and its node more a page than the count that loses least
// (fewer pages a slab mean more allocations for as many pages). The nodes
// take 64 bytes a page and an 8-byte header (an array with pointers) up
// to 32 KiB: 64 of them take the 4,864-byte size class, 63 fit 4,096. The
// bytes (unless owned, the caller's) round up to a size class, or above
// 32 KiB to whole 8 KiB pages: 64 pages of 16 validators (123,904 bytes)
// would lose 112 bytes a page, 63 lose 20 with their nodes.
func slabFor(per, groups int, owned bool) int {
	key := slabKey{per, groups, owned}
	if k, ok := slabSizes.Load(key); ok {
		return k.(int)
	}
	most := min(maxSlabPages, max(slabPages, pageSlabBytes/max(per, 1)))
	lost := make([]int64, most+1) // lost[k]: bytes lost by a slab of k pages
	least := most
	for k := most; k >= most/2; k-- {
		l := heapSize(k*nodeSize, true) - int64(k*nodeSize)
		if groups > 0 {
			l += heapSize(32*k*groups, false) - int64(32*k*groups)
		}
		if !owned {
			l += heapSize(k*per, false) - int64(k*per)
		}
		lost[k] = l
		if l*int64(least) < lost[least]*int64(k) { // l/k < lost[least]/least
			least = k
		}
	}
	// Bytes lost a page are compared as lost[k]*100*least against
	// (lost[least]*100 + (per+node)*least) * k.
	slack := int64(per + nodeSize)
	k := least
	for c := most; c > least; c-- {
		if lost[c]*100*int64(least) <= (lost[least]*100+slack*int64(least))*int64(c) {
			k = c
			break
		}
	}
	slabSizes.Store(key, k)
	return k
}

// BuildPages returns the root of a subtree of the given depth whose bottom
// l.Depth() levels are pages of layout l holding a copy of data, split into
// full pages but the last, and zero subtrees after them. depth counts the
// levels down to the values: the pages sit at depth depth-l.Depth().
func BuildPages(l *Layout, depth int, data []byte) (*Node, error) {
	return buildPages(l, depth, data, false)
}

// BuildPagesOwned is BuildPages over data that the pages own from now on,
// without copying it: the caller must not modify data. The whole of data
// stays alive while any of the pages does.
func BuildPagesOwned(l *Layout, depth int, data []byte) (*Node, error) {
	return buildPages(l, depth, data, true)
}

// BuildPagesMixIn returns NewMixIn(BuildPages(l, depth, data), length),
// with the stem above the pages and the mix-in in one allocation: what
// decoding a list of basic values builds.
func BuildPagesMixIn(l *Layout, depth int, data []byte, length uint64) (*Node, error) {
	return buildPagesMixIn(l, depth, data, length, false)
}

// BuildPagesMixInOwned is BuildPagesMixIn over data that the pages own
// from now on, as BuildPagesOwned: what decoding a bitlist builds from
// the copy in which it cleared the delimiter.
func BuildPagesMixInOwned(l *Layout, depth int, data []byte, length uint64) (*Node, error) {
	return buildPagesMixIn(l, depth, data, length, true)
}

func buildPagesMixIn(l *Layout, depth int, data []byte, length uint64, owned bool) (*Node, error) {
	t, err := pagesTop(l, depth, data, owned)
	if err != nil {
		return nil, err
	}
	return t.mixIn(length), nil
}

func buildPages(l *Layout, depth int, data []byte, owned bool) (*Node, error) {
	t, err := pagesTop(l, depth, data, owned)
	if err != nil {
		return nil, err
	}
	return t.stem(), nil
}

// pagesTop builds the pages of buildPages and the branches above them, up
// to the stem.
func pagesTop(l *Layout, depth int, data []byte, owned bool) (subtreeTop, error) {
	if depth < l.depth {
		return subtreeTop{}, fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	if err := l.checkValues(len(data)); err != nil {
		return subtreeTop{}, err
	}
	per := l.PageSize()
	count := (len(data) + per - 1) / per
	levels := depth - l.depth
	if levels < 64 && uint64(count) > uint64(1)<<uint(levels) {
		return subtreeTop{}, fmt.Errorf("%w: %d pages do not fit in depth %d", ErrLayout, count, levels)
	}
	if count == 1 {
		// One page (a short list): its node and header in one allocation.
		buf := data
		if !owned {
			buf = append([]byte(nil), data...)
		}
		return subtreeTop{child: newPageNode(l, buf[:len(buf):len(buf)]), k: levels, below: l.depth}, nil
	}
	nodes := make([]*Node, count)
	slab := slabFor(per, l.groups(), owned)
	slabs := (count + slab - 1) / slab
	workers := 1
	if !owned && len(data) >= parallelCopyBytes {
		workers = runtime.GOMAXPROCS(0)
	}
	kind := inPageSlab
	if owned {
		kind = inOwnedPageSlab
	}
	// Each goroutine fills whole slabs: per slab an array of nodes, one
	// header for all of them (see page), their group roots and bytes.
	fanOut(slabs, workers, func(first, last int) error {
		for start := first * slab; start < min(count, last*slab); start += slab {
			end := min(count, start+slab)
			lo, hi := start*per, min(len(data), end*per)
			buf := data[lo:hi:hi]
			if !owned {
				// append, not make and copy: bytes about to be
				// overwritten are not cleared first.
				buf = append([]byte(nil), data[lo:hi]...)
			}
			ns := make([]Node, end-start)
			var pg *page
			if owned {
				pg = &page{layout: l, data: buf[:len(buf):len(buf)]}
			} else {
				// A header that counts its pages' replacements (see
				// slabPage): bytes of the caller's, owned, stay alive
				// whole anyway.
				pg = newSlabPage(l, buf[:len(buf):len(buf)])
			}
			if g := l.groups(); g > 0 {
				pg.group0 = &make([][32]byte, (end-start)*g)[0]
			}
			for i := range ns {
				ns[i].slab = pageSlabTag(kind, i)
				ns[i].page = pg
				nodes[start+i] = &ns[i]
			}
		}
		return nil
	})
	return buildTop(levels, nodes, l.depth, true, true)
}

// slabNodes is how many branches a bulk build allocates at once. Nodes of a
// slab stay alive as long as any of them is referenced, and so do the
// children of its dead nodes, so slabs serve trees built whole (decoding,
// bulk updates), whose nodes point at nodes of the same build or at its
// inputs: what a survivor holds is bounded by that one build. A path
// rebuilt by SetMany is never a slab (see SetMany). 127 nodes make one
// allocation of many while bounding what a long-lived survivor holds. 127,
// not 128: an array of Nodes has pointers, so above 512 bytes the Go heap
// puts an 8-byte header before it, and 128 × 64 + 8 bytes would take the
// 9,472-byte size class (13 % of it wasted), where 127 × 64 + 8 fit 8,192
// (a decoded and hashed Fulu state of 100,000 validators: 132 kB less live
// heap, 0.6 %).
const slabNodes = 127

// allocator hands out branch nodes, one allocation each, or from slabs when
// bulk is set: slabs of slabNodes, or fewer when want says fewer are left to
// build.
type allocator struct {
	bulk  bool
	want  int
	slab  []Node // what is left of whole
	whole []Node
	// own, when set, names the branches SetMany may change in place and
	// learns of the ones it makes (see SetManyOwned).
	own BranchOwner
}

func (a *allocator) branch(left, right *Node) *Node {
	n := a.node()
	n.left, n.right = left, right
	return n
}

// stem returns what NewStem does, its node (if it makes one) from a.
func (a *allocator) stem(child *Node, k, below int) *Node {
	if k == 0 || child == zeroes[below] || child.isStem() && int(child.stemK)+int(child.stemBelow) == below {
		return NewStem(child, k, below) // no node, or a merge: NewStem's cases
	}
	if k < 0 || below < 0 || k+below > MaxDepth {
		panic("tree: stem outside depth 0..64")
	}
	n := a.node()
	n.left, n.stemK, n.stemBelow = child, uint8(k), uint8(below)
	return n
}

// node returns a new zero node, its own allocation or the next of a slab.
func (a *allocator) node() *Node {
	if !a.bulk {
		return new(Node)
	}
	if len(a.slab) == 0 {
		size := slabNodes
		if a.want > 0 {
			size = min(a.want, slabNodes)
			a.want -= size
		}
		a.slab = make([]Node, size)
		a.whole = a.slab
	}
	n := &a.slab[0]
	a.slab = a.slab[1:]
	n.slab = slabTag(inNodeSlab, cap(a.whole)-cap(a.slab)-1, cap(a.whole))
	return n
}

// Build returns the root of a subtree whose nodes at depth top are nodes,
// followed by zero subtrees up to 2^top. Each of nodes stands for a subtree
// of depth below (0 for leaves and values; a page's layout depth for pages),
// and so does each zero subtree that pads them, so the result stands for a
// subtree of depth top+below. The branches are built in one bottom-up pass,
// allocated in bulk.
func Build(top int, nodes []*Node, below int) (*Node, error) {
	t, err := buildTop(top, nodes, below, false, true)
	if err != nil {
		return nil, err
	}
	return t.stem(), nil
}

// BuildApart is Build with each branch an allocation of its own: for a
// tree over subtrees that later changes replace one at a time, such as a
// container's fields. Build's slabs stay alive while any of their branches
// is in a tree, and keep their replaced branches' children alive with them:
// after a change to one field, the field's old tree, however large.
func BuildApart(top int, nodes []*Node, below int) (*Node, error) {
	t, err := buildTop(top, nodes, below, false, false)
	if err != nil {
		return nil, err
	}
	return t.stem(), nil
}

// BuildMixIn returns NewMixIn(Build(top, nodes, below), length), with the
// stem above the branches and the mix-in in one allocation: what decoding
// a list builds.
func BuildMixIn(top int, nodes []*Node, below int, length uint64) (*Node, error) {
	t, err := buildTop(top, nodes, below, false, true)
	if err != nil {
		return nil, err
	}
	return t.mixIn(length), nil
}

// subtreeTop is a subtree built up to its stem: child, the one node left at
// the level where the built branches end, stands for a subtree of depth
// below, with k levels of zero right children above it.
type subtreeTop struct {
	child    *Node
	k, below int
}

// stem returns the node t stands for.
func (t subtreeTop) stem() *Node { return NewStem(t.child, t.k, t.below) }

// mixIn returns NewMixIn(t.stem(), v): where t needs a stem of its own,
// the mix-in pair and the stem are one allocation.
func (t subtreeTop) mixIn(v uint64) *Node {
	child, k, below := t.child, t.k, t.below
	if k == 0 || child == zeroes[below] {
		return NewMixIn(t.stem(), v)
	}
	if child.isStem() && int(child.stemK)+int(child.stemBelow) == below {
		k, below, child = k+int(child.stemK), int(child.stemBelow), child.left
	}
	trio := new([3]Node)
	for i := range trio {
		trio[i].slab = slabTag(inNodeSlab, i, len(trio))
	}
	return fillMixIn(trio[:], child, k, below, v)
}

// fillMixIn makes trio, three new nodes whose slab fields are set, the
// mix-in of v over a stem of k levels (k > 0) above child, which stands
// for a subtree of depth below, and returns the mix-in's node.
func fillMixIn(trio []Node, child *Node, k, below int, v uint64) *Node {
	putUint64(trio[1].root[:], v)
	trio[1].state.Store(rootKnown)
	trio[2].left, trio[2].stemK, trio[2].stemBelow = child, uint8(k), uint8(below)
	trio[0].left, trio[0].right = &trio[2], &trio[1]
	return &trio[0]
}

// buildTop builds the branches of Build up to its stem, in slabs if
// slabbed is set and one by one otherwise. nodes is the caller's to reuse
// as scratch when owned is set, and copied otherwise.
func buildTop(levels int, nodes []*Node, below int, owned, slabbed bool) (subtreeTop, error) {
	if below < 0 || levels < 0 || levels+below > MaxDepth {
		return subtreeTop{}, fmt.Errorf("%w: depth %d+%d outside 0..%d", ErrNavigation, levels, below, MaxDepth)
	}
	if levels < 64 && uint64(len(nodes)) > uint64(1)<<uint(levels) {
		return subtreeTop{}, fmt.Errorf("%w: %d nodes do not fit in depth %d", ErrNavigation, len(nodes), levels)
	}
	if len(nodes) == 0 {
		return subtreeTop{child: Zero(levels + below), below: levels + below}, nil
	}
	if len(nodes) == 1 {
		return subtreeTop{child: nodes[0], k: levels, below: below}, nil
	}
	// Branches are built up to the level where one node is left; a stem
	// stands for the levels above, whose right children are all zero.
	full := 0
	want := 0
	for n := len(nodes); n > 1; full++ {
		n = (n + 1) / 2
		want += n
	}
	a := allocator{bulk: slabbed, want: want}
	level := nodes
	if !owned {
		level = make([]*Node, len(nodes))
		copy(level, nodes)
	}
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
	return subtreeTop{child: level[0], k: levels - full, below: full + below}, nil
}

// BuildLeaves returns the root of a subtree of the given depth whose leaves
// are data cut into 32-byte chunks (the last one zero-padded), followed by
// zero leaves.
func BuildLeaves(depth int, data []byte) (*Node, error) {
	count := (len(data) + 31) / 32
	nodes := make([]*Node, count)
	var leaves []Node
	for i := range nodes {
		if i%slabNodes == 0 {
			leaves = make([]Node, min(slabNodes, count-i))
		}
		leaf := &leaves[i%slabNodes]
		copy(leaf.root[:], data[i*32:min(len(data), i*32+32)])
		leaf.state.Store(rootKnown)
		leaf.slab = slabTag(inNodeSlab, i%slabNodes, len(leaves))
		nodes[i] = leaf
	}
	return Build(depth, nodes, 0)
}
