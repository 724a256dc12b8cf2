package tree

import (
	"fmt"
	"slices"
)

// This file holds the public API of the Merkle proofs of the consensus
// specification's ssz/merkle-proofs.md: single proofs (a leaf and its branch
// of siblings), multiproofs (leaves and the helper nodes get_helper_indices
// names), and their verification. Proofs are read straight off a tree by the
// walk of proof_walk.go, which never expands pages or zero subtrees beyond
// the proven paths.

// Multiproof is a Merkle multiproof of the nodes at Indices of a tree, as
// the specification's calculate_multi_merkle_root takes it: Leaves[i] is the
// root of the node at Indices[i], and HelperRoots[i] that of the node at
// HelperIndices[i], which is get_helper_indices(Indices): the siblings of the
// nodes on the paths from the indices to the root that are not on any of
// those paths, in decreasing order. For a single index, HelperRoots is its
// branch, leaf first.
type Multiproof struct {
	Indices       []Gindex
	Leaves        [][32]byte
	HelperIndices []Gindex
	HelperRoots   [][32]byte
}

// Prove returns the root of the node at generalized index g below root and
// its Merkle branch: the roots of the siblings of the nodes on the path from
// g up to root, leaf first, g.Depth() of them, as the specification's
// verify_merkle_proof (is_valid_merkle_branch) takes them.
//
// Nodes whose roots are unknown are hashed first (root.Root()). A path
// through a page is proven from the page's bytes and a path through a zero
// subtree from the zero hashes: neither is expanded, and the cost is that of
// the path and of hashing the siblings' subtrees inside the page, whatever
// the size of the tree. g must name a node of the tree: 0, or an index below
// a leaf (a chunk of a page included), is an error wrapping [ErrNavigation].
func Prove(root *Node, g Gindex) (leaf [32]byte, branch [][32]byte, err error) {
	if g == 0 {
		return leaf, nil, fmt.Errorf("%w: generalized index 0", ErrNavigation)
	}
	if root == nil {
		return leaf, nil, fmt.Errorf("%w: a proof of a nil tree", ErrNavigation)
	}
	p := getProver()
	defer putProver(p)
	p.leaves = append(p.leaves[:0], [32]byte{})
	p.targets = append(p.targets[:0], newTarget(g, 0))
	root.Root()
	if err := p.runSingle(root, g); err != nil {
		return leaf, nil, err
	}
	// One path: one sibling per depth, the deepest first.
	branch = make([][32]byte, len(p.helpers))
	for _, h := range p.helpers {
		branch[g.Depth()-h.g.Depth()] = h.root
	}
	return p.leaves[0], branch, nil
}

// ProveMulti returns a multiproof of the nodes at the generalized indices gs
// below root: their roots, the helper indices of the specification's
// get_helper_indices and the roots of those helpers, read off the tree as
// [Prove] reads a single proof. Indices may repeat and one may lie below
// another, as the specification allows; gs must not be empty, and each must
// name a node of the tree.
func ProveMulti(root *Node, gs []Gindex) (*Multiproof, error) {
	if len(gs) == 0 {
		return nil, fmt.Errorf("%w: no generalized index to prove", ErrNavigation)
	}
	if root == nil {
		return nil, fmt.Errorf("%w: a proof of a nil tree", ErrNavigation)
	}
	p := getProver()
	defer putProver(p)
	if err := p.setTargets(gs); err != nil {
		return nil, err
	}
	p.leaves = slices.Grow(p.leaves[:0], len(gs))[:len(gs)]
	if err := p.run(root); err != nil {
		return nil, err
	}
	mp := &Multiproof{
		Indices: slices.Clone(gs),
		Leaves:  slices.Clone(p.leaves),
	}
	mp.HelperIndices, mp.HelperRoots = sortHelpers(p.helpers, true)
	return mp, nil
}

// Verify reports whether mp proves its leaves at its indices against root:
// its helper indices are those of [HelperIndices], and [CalculateMultiRoot]
// of its leaves and helper roots gives root.
func (mp *Multiproof) Verify(root [32]byte) bool {
	r, err := mp.Root()
	return err == nil && r == root
}

// Root returns the root that mp's leaves and helper roots give, checking
// that its helper indices are those of its indices: the specification's
// calculate_multi_merkle_root. Changing a leaf and calling Root gives the
// root of the tree with that leaf changed.
func (mp *Multiproof) Root() ([32]byte, error) {
	want, err := HelperIndices(mp.Indices)
	if err != nil {
		return [32]byte{}, fmt.Errorf("%w: %v", ErrProof, err)
	}
	if !slices.Equal(want, mp.HelperIndices) {
		return [32]byte{}, fmt.Errorf("%w: helper indices are not those of the proven indices", ErrProof)
	}
	return calculateMultiRoot(mp.Indices, mp.Leaves, want, mp.HelperRoots)
}

// BranchIndices returns the generalized indices of the siblings of the nodes
// on the path from g to the root, g's own first: the specification's
// get_branch_indices. It returns nothing for the root and for 0.
func BranchIndices(g Gindex) []Gindex {
	if g <= 1 {
		return nil
	}
	out := make([]Gindex, 0, g.Depth())
	for ; g > 1; g >>= 1 {
		out = append(out, g.Sibling())
	}
	return out
}

// PathIndices returns the generalized indices of the nodes on the path from
// g up to the root, g first and the root excluded: the specification's
// get_path_indices. It returns nothing for the root and for 0.
func PathIndices(g Gindex) []Gindex {
	if g <= 1 {
		return nil
	}
	out := make([]Gindex, 0, g.Depth())
	for ; g > 1; g >>= 1 {
		out = append(out, g)
	}
	return out
}

// HelperIndices returns the generalized indices of the nodes a multiproof of
// the nodes at gs needs besides them, in decreasing order: the
// specification's get_helper_indices, the siblings of the nodes on their
// paths to the root (get_branch_indices) that are not on any of those paths
// (get_path_indices). Indices may repeat and one may lie below another; 0 is
// an error. It costs the number of nodes on the paths, without sets.
func HelperIndices(gs []Gindex) ([]Gindex, error) {
	if len(gs) == 0 {
		return nil, nil
	}
	p := getProver()
	defer putProver(p)
	if err := p.setTargets(gs); err != nil {
		return nil, err
	}
	p.helperWalk(1, 0, below(p.targets, 0))
	out, _ := sortHelpers(p.helpers, false)
	return out, nil
}

// CalculateRoot returns the root that a node whose root is leaf at
// generalized index g and its branch (siblings leaf first) give: the
// specification's calculate_merkle_root. The branch must hold g.Depth()
// roots.
func CalculateRoot(g Gindex, leaf [32]byte, branch [][32]byte) ([32]byte, error) {
	if g == 0 {
		return [32]byte{}, fmt.Errorf("%w: generalized index 0", ErrProof)
	}
	if len(branch) != g.Depth() {
		return [32]byte{}, fmt.Errorf("%w: branch of %d roots for generalized index %d of depth %d", ErrProof, len(branch), g, g.Depth())
	}
	buf := make([][32]byte, 3) // one pair and its hash, escaping once
	buf[2] = leaf
	for i, h := range branch {
		if g>>uint(i)&1 == 1 {
			buf[0], buf[1] = h, buf[2]
		} else {
			buf[0], buf[1] = buf[2], h
		}
		hashPairs(buf[2:], buf[:2])
	}
	return buf[2], nil
}

// VerifyProof reports whether branch (siblings leaf first) proves that the
// node at generalized index g of the tree whose root is root has the root
// leaf: the specification's verify_merkle_proof.
func VerifyProof(root [32]byte, g Gindex, leaf [32]byte, branch [][32]byte) bool {
	r, err := CalculateRoot(g, leaf, branch)
	return err == nil && r == root
}

// CalculateMultiRoot returns the root that leaves at indices and the helper
// roots give, the helpers being at HelperIndices(indices): the
// specification's calculate_multi_merkle_root. It is stricter than the
// specification's function, which lets a later duplicate override an earlier
// one: every leaf and helper must take part, a leaf given twice must have the
// same root, and the root of a leaf with proven leaves below it must be the
// one they give.
func CalculateMultiRoot(indices []Gindex, leaves, helperRoots [][32]byte) ([32]byte, error) {
	helpers, err := HelperIndices(indices)
	if err != nil {
		return [32]byte{}, err
	}
	return calculateMultiRoot(indices, leaves, helpers, helperRoots)
}

// VerifyMultiproof reports whether leaves at indices, with the helper roots,
// give root: the specification's verify_merkle_multiproof, with the checks
// of [CalculateMultiRoot].
func VerifyMultiproof(root [32]byte, indices []Gindex, leaves, helperRoots [][32]byte) bool {
	r, err := CalculateMultiRoot(indices, leaves, helperRoots)
	return err == nil && r == root
}

// entry is a node of a proof being verified.
type entry struct {
	g    Gindex
	root [32]byte
}

// calculateMultiRoot merges three streams in decreasing order of generalized
// index (the leaves, the helpers, and the parents computed so far, which are
// produced in decreasing order too) and pairs each right child with the
// left sibling that must follow it. The pairs of one depth are hashed in one
// batch before the first node above that depth is taken.
func calculateMultiRoot(indices []Gindex, leaves [][32]byte, helpers []Gindex, helperRoots [][32]byte) ([32]byte, error) {
	var zero [32]byte
	if len(indices) == 0 {
		return zero, fmt.Errorf("%w: no leaves", ErrProof)
	}
	if len(leaves) != len(indices) {
		return zero, fmt.Errorf("%w: %d leaves for %d indices", ErrProof, len(leaves), len(indices))
	}
	if len(helperRoots) != len(helpers) {
		return zero, fmt.Errorf("%w: %d helper roots for %d helper indices", ErrProof, len(helperRoots), len(helpers))
	}
	ls := make([]entry, len(indices))
	for i, g := range indices {
		if g == 0 {
			return zero, fmt.Errorf("%w: generalized index 0", ErrProof)
		}
		ls[i] = entry{g, leaves[i]}
	}
	slices.SortFunc(ls, func(a, b entry) int {
		switch {
		case a.g > b.g:
			return -1
		case a.g < b.g:
			return 1
		}
		return 0
	})
	total := len(helpers) + len(ls)
	m := merger{leaves: ls, helpers: helpers, helperRoots: helperRoots, parents: make([]entry, 0, total)}
	// The pending pairs, their parents, and the depth of their children.
	// At one depth, the parent of each pair is on the path of a leaf: at
	// most one pair per leaf.
	pairs := make([][32]byte, 0, 2*len(ls)+2)
	parents := make([]Gindex, 0, len(ls)+1)
	var out [][32]byte
	depth := 0
	for {
		if len(parents) > 0 && m.peek().Depth() < depth {
			if len(out) < len(parents) {
				out = make([][32]byte, cap(parents))
			}
			hashPairs(out, pairs)
			for i, g := range parents {
				m.parents = append(m.parents, entry{g, out[i]})
			}
			pairs, parents = pairs[:0], parents[:0]
		}
		e, err := m.next()
		if err != nil {
			return zero, err
		}
		if e.g == 1 {
			if !m.empty() {
				return zero, fmt.Errorf("%w: nodes left over at the root", ErrProof)
			}
			return e.root, nil
		}
		if e.g&1 == 0 {
			return zero, fmt.Errorf("%w: no sibling for node %d", ErrProof, e.g)
		}
		left, err := m.next()
		if err != nil {
			return zero, err
		}
		if left.g != e.g-1 {
			return zero, fmt.Errorf("%w: no sibling for node %d", ErrProof, e.g)
		}
		pairs = append(pairs, left.root, e.root)
		parents = append(parents, e.g>>1)
		depth = e.g.Depth()
	}
}

type merger struct {
	leaves      []entry
	helpers     []Gindex
	helperRoots [][32]byte
	parents     []entry
	nextParent  int
}

func (m *merger) empty() bool {
	return len(m.leaves) == 0 && len(m.helpers) == 0 && m.nextParent == len(m.parents)
}

// peek returns the largest generalized index in the streams, 0 if they are
// empty.
func (m *merger) peek() Gindex {
	var g Gindex
	if len(m.leaves) > 0 {
		g = m.leaves[0].g
	}
	if len(m.helpers) > 0 {
		g = max(g, m.helpers[0])
	}
	if m.nextParent < len(m.parents) {
		g = max(g, m.parents[m.nextParent].g)
	}
	return g
}

// next pops the node of the largest generalized index from the streams;
// copies of it in several streams must agree.
func (m *merger) next() (entry, error) {
	g := m.peek()
	if g == 0 {
		return entry{}, fmt.Errorf("%w: the proof does not reach the root", ErrProof)
	}
	e := entry{g: g}
	found := false
	take := func(r [32]byte) error {
		if found && r != e.root {
			return fmt.Errorf("%w: two different roots for node %d", ErrProof, g)
		}
		e.root, found = r, true
		return nil
	}
	for len(m.leaves) > 0 && m.leaves[0].g == g {
		if err := take(m.leaves[0].root); err != nil {
			return e, err
		}
		m.leaves = m.leaves[1:]
	}
	if len(m.helpers) > 0 && m.helpers[0] == g {
		if err := take(m.helperRoots[0]); err != nil {
			return e, err
		}
		m.helpers, m.helperRoots = m.helpers[1:], m.helperRoots[1:]
		if len(m.helpers) > 0 && m.helpers[0] >= g {
			return e, fmt.Errorf("%w: helper indices not in decreasing order", ErrProof)
		}
	}
	if m.nextParent < len(m.parents) && m.parents[m.nextParent].g == g {
		if err := take(m.parents[m.nextParent].root); err != nil {
			return e, err
		}
		m.nextParent++
	}
	return e, nil
}
