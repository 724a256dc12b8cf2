package tree

import (
	"fmt"
	"slices"
)

// Get returns the node at (depth, index) below n. Passing through a page
// expands it (see [Node.Children]). It returns an error if index is not
// below 2^depth or if a leaf is met above the target depth.
func Get(n *Node, depth int, index uint64) (*Node, error) {
	if err := checkPosition(depth, index); err != nil {
		return nil, err
	}
	for d := depth - 1; d >= 0; d-- {
		if n.left == nil && n.page != nil {
			n = n.page.expand(n)
		}
		if n.left == nil {
			// A leaf, or a page standing for a single chunk.
			return nil, leafAbove(depth, d+1)
		}
		if n.right == nil {
			// A stem: its subtree is at the leftmost position, zeros
			// elsewhere, so the next k bits of the index decide at once.
			k, below := int(n.stemK), int(n.stemBelow)
			steps := min(k, d+1)
			if index>>uint(d+1-steps)&(1<<uint(steps)-1) != 0 {
				return zeroes[k+below-d-1], nil
			}
			if steps < k {
				return NewStem(n.left, k-steps, below), nil
			}
			n = n.left
			d -= steps - 1
			continue
		}
		if index>>uint(d)&1 == 0 {
			n = n.left
		} else {
			n = n.right
		}
	}
	return n, nil
}

// leafAbove is the error of a search for a node at depth that meets a
// leaf l levels above it.
func leafAbove(depth, l int) error {
	return fmt.Errorf("%w: leaf at depth %d above target depth %d", ErrNavigation, depth-l, depth)
}

// GetGindex returns the node at generalized index g below n.
func GetGindex(n *Node, g Gindex) (*Node, error) {
	if g == 0 {
		return nil, fmt.Errorf("%w: generalized index 0", ErrNavigation)
	}
	return Get(n, g.Depth(), g.Index())
}

// Set returns a new root in which the node at (depth, index) below n is v;
// every other node is shared with n.
func Set(n *Node, depth int, index uint64, v *Node) (*Node, error) {
	return SetMany(n, depth, []uint64{index}, []*Node{v})
}

// SetGindex returns a new root in which the node at generalized index g
// below n is v.
func SetGindex(n *Node, g Gindex, v *Node) (*Node, error) {
	if g == 0 {
		return nil, fmt.Errorf("%w: generalized index 0", ErrNavigation)
	}
	return Set(n, g.Depth(), g.Index(), v)
}

// SetMany returns a new root in which the nodes at depth and the given
// indices are replaced by nodes, in one bottom-up pass: each branch on the
// paths is rebuilt once, however many of the indices lie below it.
// indices must be strictly increasing and as many as nodes.
//
// The new branches are allocated one by one, never in a slab: a later
// change beside a path replaces its upper branches and keeps its lower
// ones, and a slab kept alive by its lower nodes would keep its dead upper
// ones too, whose children are the versions those replaced, themselves in
// slabs of older paths: every version a value ever had (see
// TestReplacedVersionsAreCollected).
func SetMany(n *Node, depth int, indices []uint64, nodes []*Node) (*Node, error) {
	return setMany(n, depth, indices, nodes, nil)
}

// setMany is SetMany, and SetManyOwned when own is not nil.
func setMany(n *Node, depth int, indices []uint64, nodes []*Node, own BranchOwner) (*Node, error) {
	if err := checkSetMany(depth, indices, nodes); err != nil {
		return nil, err
	}
	if len(indices) == 0 {
		return n, nil
	}
	a := allocator{own: own}
	return a.setMany(n, depth, 0, indices, nodes)
}

// checkSetMany checks SetMany's arguments.
func checkSetMany(depth int, indices []uint64, nodes []*Node) error {
	if len(indices) != len(nodes) {
		return fmt.Errorf("%w: %d indices for %d nodes", ErrNavigation, len(indices), len(nodes))
	}
	if len(indices) == 0 {
		return nil
	}
	for i, idx := range indices {
		if i > 0 && idx <= indices[i-1] {
			return fmt.Errorf("%w: indices not strictly increasing at %d", ErrNavigation, i)
		}
		if nodes[i] == nil {
			return fmt.Errorf("%w: nil node for index %d", ErrNavigation, idx)
		}
	}
	return checkPosition(depth, indices[len(indices)-1])
}

// SetManyMixIn returns NewMixIn(SetMany(n, depth, indices, nodes), length):
// a list's data tree with the changes set and its length mixed in.
func SetManyMixIn(n *Node, depth int, indices []uint64, nodes []*Node, length uint64) (*Node, error) {
	data, err := SetMany(n, depth, indices, nodes)
	if err != nil {
		return nil, err
	}
	return NewMixIn(data, length), nil
}

func (a *allocator) setMany(n *Node, depth int, base uint64, indices []uint64, nodes []*Node) (*Node, error) {
	if depth == 0 {
		return nodes[0], nil
	}
	if n.IsLeaf() {
		return nil, fmt.Errorf("%w: leaf met %d levels above the target depth", ErrNavigation, depth)
	}
	if n.isStem() && int(n.stemK) <= depth {
		// Changes inside the stem's subtree keep the stem: one new node
		// for all its levels.
		k := int(n.stemK)
		if indices[len(indices)-1] < base+uint64(1)<<uint(depth-k) {
			child, err := a.setMany(n.left, depth-k, base, indices, nodes)
			if err != nil {
				return nil, err
			}
			return a.stem(child, k, int(n.stemBelow)), nil
		}
	}
	half := uint64(1) << uint(depth-1)
	split, _ := slices.BinarySearch(indices, base+half)
	left, right := n.Children()
	if left == nil {
		return nil, fmt.Errorf("%w: single-chunk page met %d levels above the target depth", ErrNavigation, depth)
	}
	var err error
	if split > 0 {
		if left, err = a.setMany(left, depth-1, base, indices[:split], nodes[:split]); err != nil {
			return nil, err
		}
	}
	if split < len(indices) {
		if right, err = a.setMany(right, depth-1, base+half, indices[split:], nodes[split:]); err != nil {
			return nil, err
		}
	}
	if a.own != nil {
		h, i := depth, base>>uint(depth)
		if n.right != nil && n != zeroes[depth] && a.own.OwnsBranch(h, i) {
			n.left, n.right = left, right
			n.state.Store(rootUnknown)
			return n, nil
		}
		a.own.MadeBranch(h, i)
	}
	return a.branch(left, right), nil
}

func checkPosition(depth int, index uint64) error {
	if depth < 0 || depth > MaxDepth {
		return fmt.Errorf("%w: depth %d outside 0..%d", ErrNavigation, depth, MaxDepth)
	}
	if depth < 64 && index>>uint(depth) != 0 {
		return fmt.Errorf("%w: index %d outside a tree of depth %d", ErrNavigation, index, depth)
	}
	return nil
}
