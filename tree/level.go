package tree

import "fmt"

// levelWalk visits the nodes at one depth below a subtree, left to right: the
// one recursion over branches, stems, zero subtrees and pages that [Nodes]
// and [AppendData] share. A stem's zero subtrees, and a subtree whose known
// root is the zero root of its depth, are visited as one run of positions
// that all hold the shared zero subtree of the target depth, without
// descending into them; a page above the target depth is expanded.
type levelWalk struct {
	// left is how many positions at the target depth remain to visit.
	left uint64
	// height is the depth of the subtrees at the target depth, or -1 if it
	// is unknown; only with it are zero subtrees recognized by their roots
	// (stems say their own heights).
	height int
	// What the walk does with each node at the target depth, in order (a run
	// of k positions in one zero subtree holds the shared zero subtree of
	// height height at each): with read.l nil it appends the node to
	// nodes, once a position; otherwise it reads the bytes of the positions
	// into read's buffer. Fields, not a function or pointers, so that a walk
	// allocates nothing of its own.
	nodes []*Node
	read  pageReader
}

// pageReader is where a walk reads pages to: the bytes of the positions
// from the one numbered at on, pages of layout l, into out.
type pageReader struct {
	l   *Layout
	out []byte
	at  int
}

// visit does what w does with n, at k positions (see levelWalk).
func (w *levelWalk) visit(n *Node, k uint64) error {
	if r := &w.read; r.l != nil {
		per := r.l.PageSize()
		b := r.out[min(len(r.out), r.at*per):min(len(r.out), (r.at+int(k))*per)]
		r.at += int(k)
		return readPages(b, n, r.l)
	}
	for ; k > 0; k-- {
		w.nodes = append(w.nodes, n)
	}
	return nil
}

func (w *levelWalk) walk(n *Node, depth int) error {
	if w.left == 0 {
		return nil
	}
	if depth == 0 {
		w.left--
		return w.visit(n, 1)
	}
	if w.height >= 0 && depth+w.height <= MaxDepth && n.RootKnown() && n.root == zeroes[depth+w.height].root {
		return w.zeros(zeroes[w.height], depth)
	}
	if n.isStem() && int(n.stemK) <= depth {
		// The stem's subtree, then the zero subtrees at its right.
		k := int(n.stemK)
		if err := w.walk(n.left, depth-k); err != nil {
			return err
		}
		zero := zeroes[k+int(n.stemBelow)-depth]
		for j := k; j >= 1 && w.left > 0; j-- {
			if err := w.zeros(zero, depth-j); err != nil {
				return err
			}
		}
		return nil
	}
	left, right, err := descend(n, depth)
	if err != nil {
		return err
	}
	if err := w.walk(left, depth-1); err != nil {
		return err
	}
	return w.walk(right, depth-1)
}

// zeros visits the positions of a zero subtree depth levels above the
// target depth, as far as left goes, as one run of zero.
func (w *levelWalk) zeros(zero *Node, depth int) error {
	k := min(w.left, uint64(1)<<min(uint(depth), 63))
	w.left -= k
	return w.visit(zero, k)
}

// Nodes appends to dst the first count nodes at the given depth below n, in
// order, in one walk. Pages met above that depth are expanded.
func Nodes(dst []*Node, n *Node, depth int, count uint64) ([]*Node, error) {
	if depth < 0 || depth > MaxDepth {
		return dst, fmt.Errorf("%w: depth %d outside 0..%d", ErrNavigation, depth, MaxDepth)
	}
	if depth < 64 && count > uint64(1)<<uint(depth) {
		return dst, fmt.Errorf("%w: %d nodes at depth %d", ErrNavigation, count, depth)
	}
	w := levelWalk{left: count, height: -1, nodes: dst}
	err := w.walk(n, depth)
	return w.nodes, err
}

// Fill sets out to the nodes at the given depth below n at positions from
// to from+len(out)-1, in order: what Nodes returns of them, into the
// caller's slice, which may live on its stack (Fill keeps no reference to
// it), so that a caller can walk many positions a window at a time
// without a slice of their length. A stem's zero subtrees are filled
// with the shared zero subtree of the target depth without descending
// into them; pages met above that depth are expanded.
func Fill(out []*Node, n *Node, depth int, from uint64) error {
	if depth < 0 || depth > MaxDepth {
		return fmt.Errorf("%w: depth %d outside 0..%d", ErrNavigation, depth, MaxDepth)
	}
	if depth < 64 && (from > uint64(1)<<uint(depth) || uint64(len(out)) > uint64(1)<<uint(depth)-from) {
		return fmt.Errorf("%w: positions %d to %d at depth %d", ErrNavigation, from, from+uint64(len(out)), depth)
	}
	return fill(out, n, depth, from)
}

// fill is Fill past its checks: from+len(out) is within the 2^depth
// positions of n's subtree.
func fill(out []*Node, n *Node, depth int, from uint64) error {
	if len(out) == 0 {
		return nil
	}
	if depth == 0 {
		out[0] = n
		return nil
	}
	if n.isStem() && int(n.stemK) <= depth {
		// The stem's subtree holds the first 2^(depth-k) positions, zero
		// subtrees the rest.
		k := int(n.stemK)
		in := len(out)
		if span := depth - k; span < 63 {
			in = int(min(uint64(len(out)), (uint64(1)<<uint(span))-min(from, uint64(1)<<uint(span))))
		}
		if err := fill(out[:in], n.left, depth-k, from); err != nil {
			return err
		}
		zero := zeroes[k+int(n.stemBelow)-depth]
		for i := in; i < len(out); i++ {
			out[i] = zero
		}
		return nil
	}
	left, right, err := descend(n, depth)
	if err != nil {
		return err
	}
	if depth-1 >= 63 {
		// The left half holds more positions than any slice.
		return fill(out, left, depth-1, from)
	}
	half := uint64(1) << uint(depth-1)
	in := 0
	if from < half {
		in = int(min(uint64(len(out)), half-from))
		if err := fill(out[:in], left, depth-1, from); err != nil {
			return err
		}
	}
	return fill(out[in:], right, depth-1, max(from, half)-half)
}

// descend returns the children of n, a node depth levels above the depth
// a walk reads at, or an error if n has none there (a leaf, or a page of
// one chunk).
func descend(n *Node, depth int) (left, right *Node, err error) {
	if n.IsLeaf() {
		return nil, nil, fmt.Errorf("%w: leaf %d levels above the target depth", ErrNavigation, depth)
	}
	left, right = n.Children()
	if left == nil {
		return nil, nil, fmt.Errorf("%w: single-chunk page %d levels above the target depth", ErrNavigation, depth)
	}
	return left, right, nil
}
