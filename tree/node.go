package tree

import (
	"runtime"
	"sync/atomic"
)

// Root states. A node's root moves from rootUnknown to rootKnown exactly once;
// rootWriting marks the short window in which one goroutine copies the root
// in, so that two goroutines hashing shared nodes never write the same bytes.
const (
	rootUnknown uint32 = iota
	rootWriting
	rootKnown
)

// Node is an immutable node of a binary Merkle tree of 32-byte chunks. It is
// one of five kinds:
//
//   - a leaf holds one chunk, which is its root;
//   - a branch holds two children and caches their combined root;
//   - a zero subtree (see [Zero]) is a shared, precomputed branch or leaf whose
//     chunks are all zero;
//   - a page (see [NewPage]) stands for a whole complete subtree whose chunks
//     are derived from a byte string by a [Layout]; it caches its root and
//     expands into leaves and branches only when navigated into;
//   - a stem (see [NewStem]) stands for a chain of branches whose right
//     children are all zero subtrees, above one subtree: the sparse top of a
//     list whose limit is far above its length, in one node.
//
// Nodes are never modified after they are published: setting a value builds
// new nodes along the path and shares the rest. The only field that changes
// is the cached root, from unknown to known, under an atomic state, so that
// any number of goroutines may read and hash shared nodes at once. The
// exception is a page, or a branch above pages, that its maker never
// handed out, which no other goroutine can reach ([Rewritten],
// [SetManyOwned]).
//
// A Node is 64 bytes; a branch costs one allocation of that size class.
type Node struct {
	left, right *Node
	page        *page
	root        [32]byte
	state       atomic.Uint32
	// A stem has left set, right nil, and stands for stemK levels of
	// branches above left, whose subtree has depth stemBelow. A page
	// (left nil) has no use for them: together they are its list field,
	// 0 but for a page of a slab of lists (see listPage). Whatever reads
	// them as a stem's checks for a stem first.
	stemK, stemBelow uint8
	// slab says where the node was allocated, for memory accounting (see
	// slabTag); it is set when the node is made and never changes.
	slab uint16
}

// NewLeaf returns a leaf node holding chunk.
func NewLeaf(chunk [32]byte) *Node {
	n := &Node{root: chunk}
	n.state.Store(rootKnown)
	return n
}

// NewLeafBytes returns a leaf holding b, right-padded with zero bytes. It
// panics if b is longer than 32 bytes.
func NewLeafBytes(b []byte) *Node {
	var c [32]byte
	if len(b) > 32 {
		panic("tree: leaf of more than 32 bytes")
	}
	copy(c[:], b)
	return NewLeaf(c)
}

// NewLeafUint64 returns a leaf holding v in little-endian order, zero-padded,
// as SSZ serializes a uint64 and as mix_in_length writes a length.
func NewLeafUint64(v uint64) *Node {
	var c [32]byte
	putUint64(c[:], v)
	return NewLeaf(c)
}

// NewBranch returns a branch over left and right with an unknown root.
// Both children must be non-nil.
func NewBranch(left, right *Node) *Node {
	if left == nil || right == nil {
		panic("tree: branch with a nil child")
	}
	return &Node{left: left, right: right}
}

// NewMixIn returns a branch over value and a leaf holding v, as
// mix_in_length and mix_in_selector build them; the two nodes take one
// allocation.
func NewMixIn(value *Node, v uint64) *Node {
	if value == nil {
		panic("tree: mix-in over a nil node")
	}
	pair := new([2]Node)
	pair[0].slab, pair[1].slab = slabTag(inNodeSlab, 0, 2), slabTag(inNodeSlab, 1, 2)
	putUint64(pair[1].root[:], v)
	pair[1].state.Store(rootKnown)
	pair[0].left, pair[0].right = value, &pair[1]
	return &pair[0]
}

// MixInOver returns a mix-in over value and a leaf holding v, as NewMixIn
// does, where old is the mix-in it replaces (or nil): it shares old's leaf
// when that holds v and is an allocation of its own, and otherwise makes
// a leaf of its own allocation, so that the next one can share it. A
// list's commit that changed no length then makes one branch, not two
// nodes; a leaf in NewMixIn's pair is never shared, since it would keep
// the pair's branch, and the whole version below it, alive.
func MixInOver(old, value *Node, v uint64) *Node {
	if value == nil {
		panic("tree: mix-in over a nil node")
	}
	var want [32]byte
	putUint64(want[:], v)
	if old != nil && old.IsBranch() && !old.isStem() {
		if leaf := old.right; leaf.slab == 0 && leaf.IsLeaf() && leaf.root == want {
			return &Node{left: value, right: leaf}
		}
	}
	leaf := &Node{root: want}
	leaf.state.Store(rootKnown)
	return &Node{left: value, right: leaf}
}

// NewStem returns a node standing for a subtree of depth k+below whose
// leftmost subtree of depth below is child and all else zero: what k
// branches with zero subtrees as right children stand for, in one node. It
// returns child itself for k = 0, and merges a stem over a stem.
func NewStem(child *Node, k, below int) *Node {
	if k < 0 || below < 0 || k+below > MaxDepth {
		panic("tree: stem outside depth 0..64")
	}
	if k == 0 {
		return child
	}
	if child == zeroes[below] {
		return zeroes[k+below]
	}
	if child.isStem() && int(child.stemK)+int(child.stemBelow) == below {
		k, below, child = k+int(child.stemK), int(child.stemBelow), child.left
	}
	return &Node{left: child, stemK: uint8(k), stemBelow: uint8(below)}
}

// IsLeaf reports whether n is a leaf (zero leaves included).
func (n *Node) IsLeaf() bool { return n.left == nil && n.page == nil }

// IsBranch reports whether n is a branch or a stem (zero subtrees of depth
// > 0 included): a node with two children.
func (n *Node) IsBranch() bool { return n.left != nil }

// IsStem reports whether n is a stem (see [NewStem]).
func (n *Node) IsStem() bool { return n.isStem() }

func (n *Node) isStem() bool { return n.right == nil && n.left != nil }

// unspine returns the children of a stem: the stem one level shorter (or
// its subtree) and a zero subtree. The first allocates unless k is 1.
func (n *Node) unspine() (left, right *Node) {
	k, below := int(n.stemK), int(n.stemBelow)
	return NewStem(n.left, k-1, below), zeroes[below+k-1]
}

// IsPage reports whether n is a page.
func (n *Node) IsPage() bool { return n.page != nil }

// Chunk returns the chunk of a leaf. It panics if n is not a leaf.
func (n *Node) Chunk() [32]byte {
	if !n.IsLeaf() {
		panic("tree: Chunk of a node that is not a leaf")
	}
	return n.root
}

// Children returns the two children of a branch, or of a page's expansion
// (which costs allocations: navigate pages through their bytes where
// possible). It panics on a leaf.
func (n *Node) Children() (left, right *Node) {
	switch {
	case n.right != nil:
		return n.left, n.right
	case n.left != nil:
		return n.unspine()
	case n.page != nil:
		e := n.page.expand(n)
		if e.left == nil {
			return nil, nil // a page of one chunk expands to a leaf
		}
		return e.Children()
	}
	panic("tree: Children of a leaf")
}

// RootKnown reports whether n's root is already computed.
func (n *Node) RootKnown() bool { return n.state.Load() == rootKnown }

// Root returns the hash tree root of the subtree n stands for, hashing every
// node below it whose root is not known yet in batches (see [HashAll]).
// It is safe to call from several goroutines at once, on shared nodes too.
func (n *Node) Root() [32]byte {
	if n.state.Load() != rootKnown {
		HashAll(n)
	}
	return n.root
}

// publish stores root as n's root unless another goroutine has done or is
// doing so; on return n's root is known.
func (n *Node) publish(root *[32]byte) {
	if n.state.CompareAndSwap(rootUnknown, rootWriting) {
		n.root = *root
		n.state.Store(rootKnown)
		return
	}
	n.awaitRoot()
}

// publishPage is publish for a page: the goroutine that publishes the root
// first writes groups, the roots of all the page's groups, into those its
// page keeps (none if its layout keeps none) and did not borrow from a base
// page. The borrowed ones are read by any hasher and never written; the
// others are read only once the root is known.
func (n *Node) publishPage(root *[32]byte, groups [][32]byte) {
	if n.state.CompareAndSwap(rootUnknown, rootWriting) {
		pg := n.page
		roots := n.pageGroups()
		for g := range roots {
			if pg.lent&(1<<uint(g)) == 0 {
				roots[g] = groups[g]
			}
		}
		n.root = *root
		n.state.Store(rootKnown)
		return
	}
	n.awaitRoot()
}

// awaitRoot waits until n's root is known: another goroutine computed the
// same root and is copying it in, which takes nanoseconds and never waits
// on anything, so spinning is safe.
func (n *Node) awaitRoot() {
	for n.state.Load() != rootKnown {
		runtime.Gosched()
	}
}

func putUint64(b []byte, v uint64) {
	_ = b[7]
	b[0] = byte(v)
	b[1] = byte(v >> 8)
	b[2] = byte(v >> 16)
	b[3] = byte(v >> 24)
	b[4] = byte(v >> 32)
	b[5] = byte(v >> 40)
	b[6] = byte(v >> 48)
	b[7] = byte(v >> 56)
}
