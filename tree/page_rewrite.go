package tree

// This file holds the one exception to the rule that nodes never change
// after they are made: a page that a single owner holds, changed in place.

// Rewritable returns the bytes of page node n for a change in place (see
// [Rewritten]), or nil when n is not a page whose bytes may change so: a
// page of a layout that keeps the roots of groups of values must be a
// page of its own (made by [NewPage], [NewPageFrom], [NewPageOver] or
// [Rehome]), since the pages of a slab share the record of which of
// their groups' roots are known.
func Rewritable(n *Node) []byte {
	if n == nil || n.page == nil || n.page.layout.groups() > 0 && n.slab != 0 {
		return nil
	}
	return n.pageBytes()
}

// BranchOwner tells [SetManyOwned] which branches of a tree its caller
// owns: branches it made and never handed out, which no other tree,
// value or goroutine can reach, as for [Rewritten]. A branch is named by
// its height above the positions set (1 for the level just above them)
// and its index at that height.
type BranchOwner interface {
	// OwnsBranch reports whether the branch at (height, index) is owned.
	OwnsBranch(height int, index uint64) bool
	// MadeBranch records that SetManyOwned made a new branch at (height,
	// index), which the caller owns from then on if it keeps the tree to
	// itself.
	MadeBranch(height int, index uint64)
}

// SetManyOwned is [SetMany] for a caller that owns some of n's branches
// (own says which): an owned branch on the paths to the positions set
// takes its new children in place, its root unknown again, where SetMany
// would make a new one; own learns of each branch made. Stems are made
// anew, as in SetMany. The result is n itself when n is an owned branch.
func SetManyOwned(n *Node, depth int, indices []uint64, nodes []*Node, own BranchOwner) (*Node, error) {
	if own == nil {
		panic("tree: SetManyOwned without a BranchOwner")
	}
	return setMany(n, depth, indices, nodes, own)
}

// Rewritten records that the bytes of page node n, as [Rewritable]
// returned them, were changed in place in the groups of values whose bits
// are set in changed (bit min(g, 63) for group g; a page of a layout that
// keeps no groups' roots ignores changed): n's root and the roots of those
// groups are unknown again, and the next hash recomputes them only.
//
// Nodes are otherwise immutable, and any number of goroutines may read
// and hash them at once. A change in place is for a caller that made n
// and never handed it out: no other tree, value or goroutine may reach n
// (a copy of a tree holding n would see the change), and nothing may read
// or hash n meanwhile. The branches above n still hold its old root: the
// caller replaces them, or marks them unknown (with [SetMany] or
// [SetManyOwned], setting n where it was), before anything hashes the
// tree.
func Rewritten(n *Node, changed uint64) {
	pg := n.page
	if pg.layout.groups() > 0 {
		if n.state.Load() == rootKnown {
			// Every group's root is known with the page's (publishPage).
			pg.lent = ^uint64(0)
		}
		pg.lent &^= changed // groups past 64 have no bit: always hashed
	}
	n.state.Store(rootUnknown)
}
