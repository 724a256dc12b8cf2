package tree

// This file holds rebase: making a tree share the subtrees that another
// tree, or a set of trees, has with the same root.

// zeroNodes holds the shared zero subtrees, which a rebase keeps as they
// are.
var zeroNodes = func() map[*Node]struct{} {
	m := make(map[*Node]struct{}, len(zeroes))
	for _, z := range zeroes {
		m[z] = struct{}{}
	}
	return m
}()

// Rebase returns a tree equal to n, in root and in every byte it holds,
// that shares with base every subtree the two have in common at the same
// position: a subtree of n whose root equals that of the subtree of base
// at the same place, and whose nodes hold the same data the same way, is
// replaced by base's. Both are hashed first.
//
// What n does not share with base and lies in a slab of decoded nodes or
// pages is copied into nodes and pages of its own, so that the result
// keeps nothing of n's bulk allocations alive: a value decoded from bytes
// holds its pages in slabs, and one page of a slab kept by the result
// would keep the whole slab. What is an allocation of its own (the nodes
// and pages a change made) is kept as it is, and so is a page over bytes
// that a bulk update handed over (see keeps). Rebasing a value
// decoded separately from another, one epoch apart, leaves it holding
// about what a copy of the other changed by that epoch holds.
//
// Equal roots alone do not make subtrees interchangeable: a page of eight
// values and one of nine whose ninth is zero have the same root but not
// the same length, so a page is shared only with a page of the same
// layout and size, a branch only when both its children are.
func Rebase(n, base *Node) *Node {
	if n == nil || base == nil {
		return n
	}
	n.Root()
	base.Root()
	r := rebaser{done: make(map[*Node]*Node)}
	return r.node(n, base)
}

// rebaser rebuilds a tree out of the nodes of a base tree (the candidates
// at the same positions) or of an index, and copies of its own nodes.
type rebaser struct {
	idx *Index
	// done maps each node of the tree rebased, once visited, to its
	// rebased form: a tree may hold one node at many places (a default
	// value's equal elements), and visiting it at each would cost the
	// places, up to 2^depth, rather than the nodes.
	done map[*Node]*Node
}

// node returns the rebased form of n, whose root is known; a is the node
// of the base tree at the same position, or nil.
func (r *rebaser) node(n, a *Node) *Node {
	if n == a {
		return n
	}
	if _, ok := zeroNodes[n]; ok {
		return n
	}
	if m, ok := r.done[n]; ok {
		return m
	}
	m := r.rebuild(n, a)
	r.done[n] = m
	return m
}

// rebuild is node for a node not visited yet.
func (r *rebaser) rebuild(n, a *Node) *Node {
	var cand *Node
	if a != nil && a.RootKnown() && a.root == n.root {
		cand = a
	} else if r.idx != nil {
		if e := r.idx.lookup(n); e != nil {
			if e == n {
				return n // n is indexed, and so is all of its subtree
			}
			cand = e
		}
	}
	if cand != nil {
		budget := alikeBudget
		if alike(n, cand, &budget) {
			// The candidate stands for all of n: no walk of n's nodes
			// through the memo and the index, no copies.
			return cand
		}
	}
	switch {
	case n.page != nil:
		if cand != nil && cand.page != nil && cand.page.layout == n.page.layout && len(cand.pageBytes()) == len(n.pageBytes()) {
			return cand
		}
		if keeps(n) {
			return n
		}
		return clonePage(n)
	case n.left == nil:
		if cand != nil && cand.IsLeaf() {
			return cand
		}
		if keeps(n) {
			return n
		}
		return NewLeaf(n.root)
	case n.right == nil:
		var below *Node
		if a != nil && a.isStem() && a.stemK == n.stemK && a.stemBelow == n.stemBelow {
			below = a.left
		}
		child := r.node(n.left, below)
		if cand != nil && cand.isStem() && cand.stemK == n.stemK && cand.stemBelow == n.stemBelow && same(cand.left, child) {
			return cand
		}
		if child == n.left {
			return n
		}
		return withRoot(&Node{left: child, stemK: n.stemK, stemBelow: n.stemBelow}, n)
	}
	var al, ar *Node
	if a != nil && a.left != nil && a.page == nil {
		if a.right != nil {
			al, ar = a.left, a.right
		} else {
			al, ar = a.unspine()
		}
	}
	left, right := r.node(n.left, al), r.node(n.right, ar)
	if cand != nil && cand.right != nil && same(cand.left, left) && same(cand.right, right) {
		return cand
	}
	if left == n.left && right == n.right && keeps(n) {
		return n
	}
	return withRoot(&Node{left: left, right: right}, n)
}

// keeps reports whether a rebase keeps n itself where it shares nothing
// with the base: when n is an allocation of its own (a node made by a
// change, a page with its bytes), or a page over bytes a bulk update
// handed over (BuildPagesOwned, whose pages are new values that the tree
// holds whole as a rule: every balance after an epoch), rather than an
// element of a slab of decoded nodes or pages, which one element kept
// would keep alive whole. Keeping them makes rebasing a copy of a state
// cost only the visit of what it changed, and hold no second copy of it.
func keeps(n *Node) bool {
	kind := n.slab >> 14
	return kind == 0 || kind == inOwnedPageSlab && n.slab != slabStatic
}

// same reports whether x, a child of a candidate, can stand for y, a
// rebased child: the same node, or leaves of the same chunk (leaves are
// not indexed).
func same(x, y *Node) bool {
	return x == y || x.left == nil && x.page == nil && y.left == nil && y.page == nil && x.root == y.root
}

// withRoot marks m, a new node standing for the same subtree as n, with
// n's known root.
func withRoot(m, n *Node) *Node {
	m.root = n.root
	m.state.Store(rootKnown)
	return m
}

// clonePage returns a page equal to n, whose root is known, in
// allocations of its own: its data and group roots copied.
func clonePage(n *Node) *Node {
	data := n.pageBytes()
	c := newPageNode(n.page.layout, append(make([]byte, 0, len(data)), data...))
	copy(c.pageGroups(), n.pageGroups())
	return withRoot(c, n)
}

// alikeBudget bounds the node pairs one alike call visits: a tree that
// holds one node at many places (a default value's equal elements) could
// otherwise cost it the places rather than the nodes. Past it, the rebase
// walks on as it would without alike, through its memo.
const alikeBudget = 1 << 20

// alike reports whether y, a node of the same root as x, can stand for x
// in a rebase: what the rebase of x on y would return y for, decided by a
// walk of the two trees side by side that stops at shared nodes, with no
// memo, look-up or allocation. Equal roots make the children's roots
// equal too; what it checks is that the nodes hold the data the same way
// (pages of one layout and length, leaves, stems of one shape).
func alike(x, y *Node, budget *int) bool {
	for {
		if x == y {
			return true
		}
		if *budget--; *budget < 0 {
			return false
		}
		switch {
		case x.page != nil:
			return y.page != nil && y.page.layout == x.page.layout && len(y.pageBytes()) == len(x.pageBytes())
		case x.left == nil:
			return y.left == nil && y.page == nil && y.root == x.root
		case x.right == nil:
			if !y.isStem() || y.stemK != x.stemK || y.stemBelow != x.stemBelow {
				return false
			}
			x, y = x.left, y.left
			continue
		}
		if y.right == nil || y.page != nil {
			return false
		}
		if x.left == x.right && y.left == y.right {
			x, y = x.left, y.left // one check for both sides
			continue
		}
		if !alike(x.left, y.left, budget) {
			return false
		}
		x, y = x.right, y.right
	}
}
