package tree

import (
	"fmt"
	"math/bits"
)

// A Cursor finds nodes at one depth below a root, as [Get] does, starting
// each search where the path to the node it found last parts from the new
// one's. Nodes at increasing indices (the pages an update of many elements
// touches, in order) then cost the few levels below that parting each, not
// a walk of the whole path: consecutive pages share all of it but the last
// level or two, and the nodes those levels skip are the ones a collection
// leaves cold. A Cursor holds its root and the last path, not a lock: it
// is for one goroutine and one root. The zero Cursor has no root: Reset
// gives it one. Declared in a function, a Cursor (65 pointers) stays on
// its stack.
type Cursor struct {
	depth int
	// last is the index of the node found last.
	last uint64
	// low is the lowest level of path on the path to last: the levels
	// below it were not reached (the search ended in a zero subtree or
	// a spine) or belong to an older path.
	low int
	// path[l] is the node l levels above depth on the path to last,
	// path[depth] the root; nil where a spine passed over the level.
	path [MaxDepth + 1]*Node
}

// Reset makes c a cursor over the nodes at depth below root, forgetting
// any path it held. A depth outside 0..MaxDepth makes every Get fail.
func (c *Cursor) Reset(root *Node, depth int) {
	c.depth, c.last = depth, 0
	c.reset(root)
}

// reset forgets every level of the path but the root.
func (c *Cursor) reset(root *Node) {
	if c.depth >= 0 && c.depth <= MaxDepth {
		c.path[c.depth] = root
	}
	c.low = c.depth
}

// Get returns the node at index, as Get(root, depth, index) does.
func (c *Cursor) Get(index uint64) (*Node, error) {
	if err := checkPosition(c.depth, index); err != nil {
		return nil, err
	}
	if c.path[c.depth] == nil {
		return nil, fmt.Errorf("%w: a cursor without a root (Reset gives it one)", ErrNavigation)
	}
	// The paths to index and to last share the levels above the highest
	// bit in which the indices differ; a spine leaves some of those
	// levels without a node of their own, so the search starts at the
	// first level above with one.
	l := max(bits.Len64(index^c.last), c.low)
	for c.path[l] == nil {
		l++
	}
	n, err := c.descend(c.path[l], l, index)
	if err != nil {
		c.reset(c.path[c.depth])
		return nil, err
	}
	c.last = index
	return n, nil
}

// descend returns the node at index below n, which stands l levels above
// the cursor's depth on the path to index, and records the nodes it passes
// in c.path. Its steps are those of Get.
func (c *Cursor) descend(n *Node, l int, index uint64) (*Node, error) {
	for l > 0 {
		if n.left == nil && n.page != nil {
			n = n.page.expand(n)
		}
		c.path[l] = n
		if n.left == nil {
			return nil, leafAbove(c.depth, l)
		}
		if n.right == nil {
			// A spine: its subtree at the leftmost position, zeros
			// elsewhere.
			k, below := int(n.spineK), int(n.spineBelow)
			steps := min(k, l)
			if index>>uint(l-steps)&(1<<uint(steps)-1) != 0 {
				c.low = l
				return zeroes[k+below-l], nil
			}
			if steps < k {
				c.low = l
				return NewSpine(n.left, k-steps, below), nil
			}
			for s := 1; s < steps; s++ {
				c.path[l-s] = nil
			}
			n = n.left
			l -= steps
			continue
		}
		if index>>uint(l-1)&1 == 0 {
			n = n.left
		} else {
			n = n.right
		}
		l--
	}
	c.path[0] = n
	c.low = 0
	return n, nil
}
