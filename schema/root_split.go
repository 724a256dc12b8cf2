package schema

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Tuning numbers of Root's split; how they were chosen is in
// docs/performance.md#tuning-numbers.
const (
	// splitBytes is the smallest serialization whose root Root splits
	// across goroutines: a gossip object (an aggregate, an attestation) is
	// hashed in microseconds, less than waking another goroutine costs; a
	// block of a full payload holds hundreds of kilobytes of transactions
	// and attestations.
	splitBytes = 64 << 10
	// taskBytes is the serialization of the values of one task of the
	// split: a list of composite values of at least this many bytes is
	// cut into runs of values of about as many bytes, each hashed on its
	// own. Tasks of a few hundred pair hashes each keep each goroutine's
	// batches wide (the values of a run are hashed together, height by
	// height) and give the goroutines enough tasks to share evenly.
	taskBytes = 16 << 10
	// splitListBytes is the smallest serialization of a list's or
	// vector's values that Root hashes apart: half a run, so that a list
	// of one large value (a block's attester slashing of two full
	// committees' indices, just under 16 KiB) runs beside the other
	// tasks rather than after them all, on the caller's goroutine alone.
	splitListBytes = taskBytes / 2
)

// A task is a run of values of a list or vector whose root Root computes
// apart from the rest of the layout, possibly on another goroutine: values
// lo to hi-1 of the n of type elem serialized in b (elementRoots' b, n and
// size). For a list or vector of a bounded depth, the run is an aligned
// subtree of 2^depth values and its root is that subtree's (zero values
// after the last); for a progressive list (depth < 0) the run is of one
// value (hi = lo+1) or more, a root a value. The roots go to the leaves from
// leaf on.
type task struct {
	elem            Type
	b               []byte
	lo, hi, n, size int
	depth           int
	leaf            int
}

// splitElements returns the root of the data tree of the n values of
// elementRoots, to depth (progressive when depth < 0), whose runs of
// values of about taskBytes it leaves to tasks (runTasks), each a leaf of
// the layout that its task fills. Below a bounded depth, a run is an
// aligned subtree of 2^k values, k chosen by the values' mean size, so
// that the levels of the list's tree below height k are hashed in the
// tasks too, and at least two runs are made of more than one value.
func (m *merkle) splitElements(elem Type, b []byte, n, size, depth int) ref {
	mark := len(m.stack)
	if depth < 0 {
		m.splitRuns(elem, b, n, size)
		r := m.progressive(m.stack[mark:])
		m.stack = m.stack[:mark]
		return r
	}
	k := 0
	for k < depth && uint64(2<<k)*uint64(len(b)) <= taskBytes*uint64(n) && n > 2<<k {
		k++
	}
	for lo := 0; lo < n; lo += 1 << k {
		m.tasks = append(m.tasks, task{elem: elem, b: b, lo: lo, hi: min(n, lo+1<<k), n: n, size: size, depth: k, leaf: len(m.leaves)})
		m.stack = append(m.stack, m.leaf(nil))
	}
	r := m.merkleizeFrom(m.stack[mark:], k, depth)
	m.stack = m.stack[:mark]
	return r
}

// splitRuns pushes, for each of the n values of elementRoots, a leaf its
// root will fill, and adds tasks of runs of values of about taskBytes
// bytes that compute those roots.
func (m *merkle) splitRuns(elem Type, b []byte, n, size int) {
	lo, start := 0, 0 // the task's first value and where it starts in b
	if size == 0 {
		start = int(le32(b))
	}
	leaf := len(m.leaves)
	for i := range n {
		m.stack = append(m.stack, m.leaf(nil))
		end := len(b)
		if size > 0 {
			end = (i + 1) * size
		} else if i+1 < n {
			end = int(le32(b[4*i+4:]))
		}
		if end-start >= taskBytes || i+1 == n {
			m.tasks = append(m.tasks, task{elem: elem, b: b, lo: lo, hi: i + 1, n: n, size: size, depth: -1, leaf: leaf + lo})
			lo, start = i+1, end
		}
	}
}

// runTasks computes the roots of every task into its leaves, on up to
// GOMAXPROCS goroutines, the caller's among them, each taking one task at
// a time with a merkle of its own; it returns once all are done. The tasks
// write disjoint leaves of m, whose layout is complete: m.leaves is not
// grown while they run.
func (m *merkle) runTasks() {
	var next atomic.Int64
	work := func() {
		sub := merklePool.Get().(*merkle)
		for {
			i := int(next.Add(1) - 1)
			if i >= len(m.tasks) {
				break
			}
			sub.run(&m.tasks[i], m.leaves)
		}
		merklePool.Put(sub)
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(m.tasks)) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	clear(m.tasks)
	m.tasks = m.tasks[:0]
}

// run lays out the values of t, hashes them together, height by height,
// writes their roots (or their subtree's, when t.depth >= 0) to leaves and
// resets m.
func (m *merkle) run(t *task, leaves [][32]byte) {
	for i := t.lo; i < t.hi; i++ {
		m.stack = append(m.stack, m.value(t.elem, elementPart(t.b, i, t.n, t.size)))
	}
	if t.depth >= 0 {
		m.stack[0] = m.merkleize(m.stack, t.depth)
		m.stack = m.stack[:1]
	}
	m.hash()
	for j, r := range m.stack {
		leaves[t.leaf+j] = m.val(r)
	}
	m.reset()
}
