package tree

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Tuning numbers of the subtree split; their figures are in
// docs/performance.md#tuning-numbers.
const (
	// splitJunctions bounds how deep HashAll splits the unknown part of a
	// tree into subtrees hashed apart: a subtree lies below at most
	// splitJunctions junctions, branches whose children are both unknown,
	// so that a root makes at most 2^splitJunctions of them. More junctions
	// balance the goroutines'
	// shares better, but a sparse change then makes many subtrees of a page
	// or two, whose levels of a pair or two each cost a call to the kernel:
	// with ten, 1,000 random balances made about a thousand, and a probe
	// found them slower than with no split
	// (docs/performance.md#tuning-numbers). A cold state's top takes the
	// six; the large batches of pages of its fields are shared among the
	// goroutines again (taskQueue.hashShared), and their levels split when
	// far larger (aloneFactor).
	splitJunctions = 6
	// parallelTasks is the fewest subtrees HashAll hashes in parallel:
	// fewer are the change of a field or two, small enough that waking a
	// second goroutine is unlikely to pay (a choice, not measured).
	parallelTasks = 4
	// parallelWork is the least work, in pair hashes, of the unknown part
	// of HashAll's trees that it splits into subtrees hashed in parallel:
	// a gossip object (an aggregate of about 40 pairs, a column sidecar of
	// about 700) makes parallelTasks subtrees and more, and starting and
	// waiting for goroutines cost it more than its hashing
	// (docs/performance.md#tuning-numbers).
	parallelWork = 2048
	// aloneFactor scales the sizes from which the levels of one of the
	// split's subtrees are split across goroutines again. A progressive
	// list is a chain of junctions whose left subtrees grow by 4 at each:
	// the split's junctions run out along it, and its last subtree, most
	// of the list, is one subtree of the split. Its levels are far larger
	// than those of the split's other subtrees, whose goroutines would only
	// wait for each other. (Its pages are shared with the goroutines that
	// have no subtree left: taskQueue.hashShared.)
	aloneFactor = 16
)

// aloneScale returns the factor of the sizes from which a level is split
// across goroutines: aloneFactor within one of the split's subtrees.
func aloneScale(alone bool) int {
	if alone {
		return aloneFactor
	}
	return 1
}

// split adds to h.tasks the subtrees of n's unknown part that lie below
// junctions more junctions (see splitJunctions), or at a page: the subtrees HashAll
// hashes apart before the branches above them. A branch whose children
// are both known is no subtree: the branches above are hashed with it.
func (h *hasher) split(n *Node, junctions int) {
	for n.state.Load() != rootKnown {
		if n.page != nil || junctions == 0 {
			h.tasks = append(h.tasks, n)
			return
		}
		if n.right == nil { // a stem: its subtree, then its levels
			n = n.left
			continue
		}
		l, r := n.left.state.Load() != rootKnown, n.right.state.Load() != rootKnown
		switch {
		case l && r:
			junctions--
			h.split(n.left, junctions)
			n = n.right
		case l:
			n = n.left
		case r:
			n = n.right
		default:
			return
		}
	}
}

// hasWork reports whether the unknown parts of roots hold at least work
// pair hashes, an estimate in which a page counts one a chunk of its bytes.
// It stops once they do: a large tree costs it a walk of about work nodes.
func hasWork(roots []*Node, work int) bool {
	for _, r := range roots {
		if work = workLeft(r, work); work <= 0 {
			return true
		}
	}
	return false
}

// workLeft returns budget less the pair hashes of n's unknown part (see
// hasWork), or a number at most 0 once they reach it.
func workLeft(n *Node, budget int) int {
	for budget > 0 && n.state.Load() != rootKnown {
		switch {
		case n.page != nil:
			return budget - max(1, n.page.layout.PageSize()/32)
		case n.right == nil:
			budget -= int(n.stemK)
			n = n.left
		default:
			budget = workLeft(n.left, budget-1)
			n = n.right
		}
	}
	return budget
}

// taskQueue hands the subtrees of one HashAll to the goroutines that hash
// them, one at a time, so that goroutines that took small ones take more.
// A goroutine that finds no subtree left helps with the large batches of
// pages the others offer (hashShared) until every subtree is hashed; one
// that starts after every subtree was taken reads none of them: the caller
// does not wait for it, only for the subtrees taken and the goroutines
// helping, and may reuse the slice as soon as they are done.
type taskQueue struct {
	tasks []*Node
	next  atomic.Int64 // the next subtree to take
	left  atomic.Int64 // subtrees not yet hashed
	done  chan struct{}

	mu sync.Mutex
	// changed is signalled, under mu, when a share is offered, when the
	// last subtree is hashed and when the last helper leaves: what
	// goroutines without a subtree wait for, and hashTasks at the end.
	changed sync.Cond
	shares  []*share // work offered and not yet all taken or hashed
	helpers int      // goroutines in help
}

// hashTasks hashes the subtrees tasks, each as HashAll would, on up to
// GOMAXPROCS goroutines, the caller's among them, and returns once all are
// hashed.
func hashTasks(tasks []*Node) {
	q := &taskQueue{tasks: tasks, done: make(chan struct{})}
	q.changed.L = &q.mu
	q.left.Store(int64(len(tasks)))
	for range min(runtime.GOMAXPROCS(0), len(tasks)) - 1 {
		go q.work()
	}
	q.work()
	<-q.done
	q.mu.Lock()
	for q.helpers > 0 {
		q.changed.Wait()
	}
	q.mu.Unlock()
}

// work hashes subtrees of q until none is left to take, then helps with
// the pages the goroutines still hashing offer (hashShared) until every
// subtree is hashed. Each subtree is hashed by one goroutine, which shares
// its large batches of pages, its levels split again only when far larger
// than elsewhere (aloneFactor).
func (q *taskQueue) work() {
	var h *hasher
	for {
		i := q.next.Add(1) - 1
		if i >= int64(len(q.tasks)) {
			break
		}
		if h == nil {
			h = hashers.get()
			h.q = q
		}
		h.collect(q.tasks[i])
		h.run()
		h.reset()
		if q.left.Add(-1) == 0 {
			q.mu.Lock()
			q.changed.Broadcast()
			q.mu.Unlock()
			close(q.done)
		}
	}
	if h != nil {
		h.q = nil
		hashers.put(h)
	}
	q.help()
}

// help hashes the work offered to q (hashShared), with scratch of the
// arena pool, until every subtree of q is hashed. hashTasks waits for the
// goroutines in help to leave it, so that HashAll returns with its
// scratch given back, as it did when every batch it split had goroutines
// of its own (a test of the live heap reads it right after).
func (q *taskQueue) help() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.left.Load() == 0 {
		return
	}
	q.helpers++
	defer func() {
		if q.helpers--; q.helpers == 0 {
			q.changed.Broadcast()
		}
	}()
	for q.left.Load() > 0 {
		var open *share
		for _, s := range q.shares {
			if s.rs.next.Load() < int64(s.rs.n) {
				open = s
				break
			}
		}
		if open == nil {
			q.changed.Wait()
			continue
		}
		q.mu.Unlock()
		withArena(open.help)
		q.mu.Lock()
	}
}

// share is work that one of hashTasks' goroutines does in ranges, with
// the help of the others once they have no subtree left.
type share struct {
	rs   *ranges
	hash func(lo, hi int, ar *arena)
	left atomic.Int64 // items not yet hashed
	done chan struct{}
}

// help hashes ranges of s until none is left to take, with ar as scratch;
// the goroutine that hashes the last item closes s.done.
func (s *share) help(ar *arena) {
	for lo, hi, ok := s.rs.take(); ok; lo, hi, ok = s.rs.take() {
		s.hash(lo, hi, ar)
		if s.left.Add(int64(lo-hi)) == 0 {
			close(s.done)
		}
	}
}

// hashShared calls hash on every range of rs, with ar as scratch or with
// that of one of the goroutines of q that have no subtree left and help,
// and returns once all are hashed.
func (q *taskQueue) hashShared(rs *ranges, ar *arena, hash func(lo, hi int, ar *arena)) {
	if rs.n == 0 {
		return
	}
	s := &share{rs: rs, hash: hash, done: make(chan struct{})}
	s.left.Store(int64(rs.n))
	q.mu.Lock()
	q.shares = append(q.shares, s)
	q.changed.Broadcast()
	q.mu.Unlock()
	s.help(ar)
	<-s.done
	q.mu.Lock()
	i := slices.Index(q.shares, s)
	q.shares = slices.Delete(q.shares, i, i+1)
	q.mu.Unlock()
}
