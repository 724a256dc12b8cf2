package tree

import "runtime"

// Tuning numbers. Their figures and how they were found are in
// docs/performance.md#tuning-numbers.
const (
	// parallelPairs is the smallest level of branches, in pair hashes, that
	// is split across goroutines: below it, starting and waiting for the
	// goroutines costs more than the second core saves. The value comes
	// from a prototype of the design measured on 2 cores and has not been
	// measured again on this code.
	parallelPairs = 8192
	// parallelValues is the smallest number of page values whose hashing is
	// split across goroutines; chosen like parallelPairs.
	parallelValues = 4096
	// batchBytes bounds the leaf chunks hashed per batch of pages, so that a
	// batch's buffers stay in L2 while the values pass level by level
	// (measured against 64 and 256 KiB on the pages of a large list of
	// validators).
	batchBytes = 128 << 10
	// rangeBatches is the batches of pages a goroutine takes at a time
	// when hashPages splits pages across goroutines: few enough that the
	// goroutines finish close together, enough that taking a range and the
	// cache misses of its first batch, which no prefetch hides, stay rare.
	rangeBatches = 8
)

// HashAll computes the roots of roots and of every node below them whose
// root is unknown. It walks each tree, stopping at known roots, and hashes
// what it found bottom-up, level by level: first all pages, in batches per
// layout, then each height of branches as one batch of pair hashes. With
// GOMAXPROCS above 1 it first cuts the unknown part into subtrees below
// the top (split) and, when there are enough of them and enough work,
// hashes them in that way on GOMAXPROCS goroutines, each taking one
// subtree at a time and, once none is left, ranges of the pages of the
// subtrees still being hashed, before it hashes the branches above them;
// otherwise it hashes large batches of pages and large levels on several
// goroutines.
//
// HashAll may run in many goroutines at once over trees that share nodes:
// each goroutine hashes what it found unknown, and only the first to finish
// a node writes its root.
func HashAll(roots ...*Node) {
	h := hashers.get()
	if runtime.GOMAXPROCS(0) > 1 {
		// The subtrees below the top, in parallel when there are enough of
		// them; the pass below then hashes what lies above them.
		for _, r := range roots {
			h.split(r, splitJunctions)
		}
		// The work is weighed below the subtrees, not from the roots: the
		// split has walked the top already.
		if len(h.tasks) >= parallelTasks && hasWork(h.tasks, parallelWork) {
			hashTasks(h.tasks)
		}
		clear(h.tasks)
		h.tasks = h.tasks[:0]
	}
	for _, r := range roots {
		h.collect(r)
	}
	h.run()
	h.reset()
	hashers.put(h)
}

// hashers holds the hashers of HashAll between calls, the small ones across
// garbage collections too.
var hashers = keptPool[hasher]{bytes: (*hasher).bytes}

type pageBatch struct {
	layout *Layout
	pages  []*Node
}

type hasher struct {
	levels  [][]*Node // levels[h]: unknown branches of height h (h >= 1)
	stems   [][]*Node // stems[h]: unknown stems whose first level is at height h
	batches []pageBatch
	arena   arena
	tasks   []*Node // subtrees to hash apart (split)
	// q is set while the hasher hashes a subtree in one of the goroutines
	// of hashTasks: its large batches of pages are hashed with the help of
	// q's other goroutines, not on goroutines of their own, and its levels
	// are split across goroutines again only when far larger
	// (aloneFactor).
	q *taskQueue
}

// collect adds the unknown nodes of n's subtree to h and returns n's height
// above the pages and leaves: -1 if n's root is known, 0 for an unknown page.
func (h *hasher) collect(n *Node) int {
	if n.state.Load() == rootKnown {
		return -1
	}
	if n.page != nil {
		h.addPage(n)
		return 0
	}
	if n.right == nil {
		// A stem: hashed, all its levels in a row, once its subtree is
		// hashed; nothing above it needs its root before its top level.
		start := max(h.collect(n.left), 0) + 1
		for len(h.stems) <= start {
			h.stems = append(h.stems, nil)
		}
		h.stems[start] = append(h.stems[start], n)
		return start + int(n.stemK) - 1
	}
	height := max(h.collect(n.left), h.collect(n.right), 0) + 1
	for len(h.levels) <= height {
		h.levels = append(h.levels, nil)
	}
	h.levels[height] = append(h.levels[height], n)
	return height
}

func (h *hasher) addPage(n *Node) {
	l := n.page.layout
	// Pages of one layout usually come in long runs: look at the last batch
	// first.
	for i := len(h.batches) - 1; i >= 0; i-- {
		if h.batches[i].layout == l {
			h.batches[i].pages = append(h.batches[i].pages, n)
			return
		}
	}
	if len(h.batches) < cap(h.batches) {
		// Reuse the pages slice a batch of an earlier call left.
		h.batches = h.batches[:len(h.batches)+1]
		b := &h.batches[len(h.batches)-1]
		b.layout, b.pages = l, append(b.pages[:0], n)
		return
	}
	h.batches = append(h.batches, pageBatch{layout: l, pages: []*Node{n}})
}

func (h *hasher) run() {
	for _, g := range h.batches {
		hashPages(g.layout, g.pages, &h.arena, h.q)
	}
	for height := 1; height < max(len(h.levels), len(h.stems)); height++ {
		if height < len(h.stems) && len(h.stems[height]) > 0 {
			hashSpines(h.stems[height], &h.arena)
		}
		if height < len(h.levels) && len(h.levels[height]) > 0 {
			hashBranches(h.levels[height], &h.arena, h.q != nil)
		}
	}
}

// hashSpines hashes stems whose subtrees' roots are known, level by level:
// each level is one batch of pairs (the root so far, a zero root) for every
// stem that has that many levels.
func hashSpines(stems []*Node, ar *arena) {
	cur := ar.take(len(stems))
	for i, n := range stems {
		cur[i] = n.left.root
	}
	in := ar.take(2 * len(stems))
	active := len(stems)
	for step := 0; active > 0; step++ {
		k := 0
		for i, n := range stems {
			if int(n.stemK) > step {
				in[2*k] = cur[i]
				in[2*k+1] = zeroes[int(n.stemBelow)+step].root
				k++
			}
		}
		out := ar.take(k)
		hashPairs(out, in[:2*k])
		k = 0
		active = 0
		for i, n := range stems {
			if int(n.stemK) > step {
				cur[i] = out[k]
				k++
				if int(n.stemK) > step+1 {
					active++
				}
			}
		}
	}
	for i, n := range stems {
		n.publish(&cur[i])
	}
}

// bytes returns the scratch h holds, in bytes.
func (h *hasher) bytes() int {
	const ptr = 8 // bytes of a pointer, 4 on 32-bit platforms: an upper bound
	n := h.arena.bytes() + ptr*(cap(h.levels)+cap(h.stems)+cap(h.tasks)) + 32*cap(h.batches)
	for _, l := range h.levels {
		n += ptr * cap(l)
	}
	for _, l := range h.stems {
		n += ptr * cap(l)
	}
	for _, b := range h.batches[:cap(h.batches)] {
		n += ptr * cap(b.pages)
	}
	return n
}

func (h *hasher) reset() {
	for i := range h.levels {
		clear(h.levels[i])
		h.levels[i] = h.levels[i][:0]
	}
	for i := range h.stems {
		clear(h.stems[i])
		h.stems[i] = h.stems[i][:0]
	}
	for i := range h.batches {
		clear(h.batches[i].pages)
	}
	h.batches = h.batches[:0]
	h.arena.reset()
}

// hashBranches hashes a level of branches whose children's roots are known,
// split across goroutines when large (far larger when alone).
func hashBranches(level []*Node, ar *arena, alone bool) {
	workers := 1
	if len(level) >= parallelPairs*aloneScale(alone) {
		workers = min(runtime.GOMAXPROCS(0), len(level)/(parallelPairs/2))
	}
	if workers <= 1 {
		hashBranchRange(level, ar)
		return
	}
	fanOut(len(level), workers, func(lo, hi int) error {
		withArena(func(a *arena) { hashBranchRange(level[lo:hi], a) })
		return nil
	})
}

func hashBranchRange(level []*Node, ar *arena) {
	in := ar.take(2 * len(level))
	out := ar.take(len(level))
	for i, n := range level {
		in[2*i] = n.left.root
		in[2*i+1] = n.right.root
	}
	hashPairs(out, in)
	for i, n := range level {
		n.publish(&out[i])
	}
	ar.release(3 * len(level))
}

// HashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1], for
// i < len(in)/2, with the kernel every root of this package is hashed
// with: for callers that hash a layout of their own, without nodes. len(in)
// must be even, out at least half as long, and they must not overlap.
func HashPairs(out, in [][32]byte) {
	if len(in)%2 != 0 || len(out) < len(in)/2 {
		panic("tree: HashPairs of an odd input or a short output")
	}
	hashPairs(out, in)
}
