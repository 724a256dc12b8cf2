package tree

import "fmt"

// walkPages appends the first w.left page-level nodes below n, top levels
// above the pages, with nil for each page position inside a zero subtree.
func (w *nodeWalker) walkPages(n *Node, top int, l *Layout) error {
	if w.left == 0 {
		return nil
	}
	if top == 0 {
		w.dst = append(w.dst, n)
		w.left--
		return nil
	}
	if n.RootKnown() && n.root == zeroes[top+l.depth].root {
		k := min(w.left, uint64(1)<<min(uint(top), 62))
		for i := uint64(0); i < k; i++ {
			w.dst = append(w.dst, nil)
		}
		w.left -= k
		return nil
	}
	if n.left == nil {
		return fmt.Errorf("%w: leaf %d levels above the pages", ErrNavigation, top)
	}
	if n.right == nil && int(n.spineK) <= top {
		// A spine: its subtree, then the zero subtrees at its right.
		k := int(n.spineK)
		if err := w.walkPages(n.left, top-k, l); err != nil {
			return err
		}
		for j := k; j >= 1 && w.left > 0; j-- {
			c := min(w.left, uint64(1)<<min(uint(top-j), 62))
			for i := uint64(0); i < c; i++ {
				w.dst = append(w.dst, nil)
			}
			w.left -= c
		}
		return nil
	}
	left, right := n.Children()
	if err := w.walkPages(left, top-1, l); err != nil {
		return err
	}
	return w.walkPages(right, top-1, l)
}

// Nodes appends to dst the first count nodes at the given depth below n, in
// order, in one walk. Pages met above that depth are expanded.
func Nodes(dst []*Node, n *Node, depth int, count uint64) ([]*Node, error) {
	if depth < 64 && count > uint64(1)<<uint(depth) {
		return dst, fmt.Errorf("%w: %d nodes at depth %d", ErrNavigation, count, depth)
	}
	w := nodeWalker{dst: dst, left: count}
	err := w.walk(n, depth)
	return w.dst, err
}

type nodeWalker struct {
	dst  []*Node
	left uint64
}

func (w *nodeWalker) walk(n *Node, depth int) error {
	if w.left == 0 {
		return nil
	}
	if depth == 0 {
		w.dst = append(w.dst, n)
		w.left--
		return nil
	}
	if n.IsLeaf() {
		return fmt.Errorf("%w: leaf %d levels above the target depth", ErrNavigation, depth)
	}
	if n.isSpine() && int(n.spineK) <= depth {
		// A spine: its subtree, then the zero subtrees at its right, whose
		// nodes at the target depth are all the same zero subtree.
		k := int(n.spineK)
		if err := w.walk(n.left, depth-k); err != nil {
			return err
		}
		zero := zeroes[int(n.spineK)+int(n.spineBelow)-depth]
		for j := k; j >= 1 && w.left > 0; j-- {
			c := min(w.left, uint64(1)<<min(uint(depth-j), 62))
			for i := uint64(0); i < c; i++ {
				w.dst = append(w.dst, zero)
			}
			w.left -= c
		}
		return nil
	}
	left, right := n.Children()
	if left == nil {
		return fmt.Errorf("%w: single-chunk page %d levels above the target depth", ErrNavigation, depth)
	}
	if err := w.walk(left, depth-1); err != nil {
		return err
	}
	return w.walk(right, depth-1)
}
