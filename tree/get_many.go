package tree

import "fmt"

// GetMany sets out[i] to the node at (depth, indices[i]) below n, as Get
// does for each, for indices in increasing order (an index may repeat).
//
// Get walks one path at a time, and each step waits for the node before
// it: in a tree the collector has just left cold, a step is a cache miss,
// and the walk to one of 529 random balances' pages is six of them in a
// row. GetMany walks the paths level by level instead, all of a batch at
// once: the nodes of one level are loaded by independent reads, so the
// processor has many misses in flight instead of one. A path that meets a
// stem it does not pass straight through, a page above depth or a leaf
// is finished by Get. It returns an error, as Get does, if an index is not
// below 2^depth, if the indices are not in increasing order or if a leaf
// is met above depth.
func GetMany(n *Node, depth int, indices []uint64, out []*Node) error {
	if len(indices) != len(out) {
		return fmt.Errorf("%w: %d indices for %d nodes", ErrNavigation, len(indices), len(out))
	}
	if len(indices) == 0 {
		return nil
	}
	for i := 1; i < len(indices); i++ {
		if indices[i] < indices[i-1] {
			return fmt.Errorf("%w: indices not in increasing order at %d", ErrNavigation, i)
		}
	}
	if err := checkPosition(depth, indices[len(indices)-1]); err != nil {
		return err
	}
	for len(indices) > 0 {
		k := min(len(indices), getManyBatch)
		if err := getBatch(n, depth, indices[:k], out[:k]); err != nil {
			return err
		}
		indices, out = indices[k:], out[k:]
	}
	return nil
}

// getManyBatch is how many paths GetMany walks at once: enough misses to
// keep a core's memory requests in flight, and two levels of spans that
// stay on the stack (6 KiB).
const getManyBatch = 128

// span is a node that GetMany's walk has reached at level l above the
// target depth, and the indices [lo, hi) of the batch below it.
type span struct {
	n      *Node
	l      int32
	lo, hi int32
}

// getBatch is GetMany for at most getManyBatch sorted indices in range.
func getBatch(root *Node, depth int, indices []uint64, out []*Node) error {
	var bufs [2][getManyBatch]span
	cur := append(bufs[0][:0], span{root, int32(depth), 0, int32(len(indices))})
	next := bufs[1][:0]
	for len(cur) > 0 {
		next = next[:0]
		for _, s := range cur {
			if s.l == 0 {
				for i := s.lo; i < s.hi; i++ {
					out[i] = s.n
				}
				continue
			}
			n, l := s.n, int(s.l)
			if n.right == nil {
				// A stem whose subtree holds every index of the span
				// is passed in one step; anything else (a stem with an
				// index in its zeros, a page above depth, a leaf) is
				// rare, and Get finishes it.
				k := int(n.stemK)
				if n.left != nil && k <= l && inSpine(indices[s.lo:s.hi], l, k) {
					next = append(next, span{n.left, int32(l - k), s.lo, s.hi})
					continue
				}
				mask := uint64(1)<<uint(l) - 1
				for i := s.lo; i < s.hi; i++ {
					m, err := Get(n, l, indices[i]&mask)
					if err != nil {
						return err
					}
					out[i] = m
				}
				continue
			}
			// The first index of the span in the right subtree.
			bit := uint64(1) << uint(l-1)
			split := s.lo
			for split < s.hi && indices[split]&bit == 0 {
				split++
			}
			if split > s.lo {
				next = append(next, span{n.left, int32(l - 1), s.lo, split})
			}
			if split < s.hi {
				next = append(next, span{n.right, int32(l - 1), split, s.hi})
			}
		}
		// The nodes of the next level are loaded together: without the
		// hint, a level's loads overlap only as far as the processor's
		// window reaches ahead.
		for _, s := range next {
			prefetchNode(s.n)
		}
		cur, next = next, cur
	}
	return nil
}

// inSpine reports whether the indices below a node at level l, sorted,
// all lie in the subtree of a stem of k levels there: the k bits of each
// below level l are zero. The indices share their bits from level l up,
// so the last has the highest of those k bits of them all.
func inSpine(indices []uint64, l, k int) bool {
	last := indices[len(indices)-1] & (uint64(1)<<uint(l) - 1)
	return last>>uint(l-k) == 0
}
