package view

import (
	"sync"
	"sync/atomic"
)

// parent is a view that hands out handles to its parts.
type parent interface {
	// childChanged records that the handle at index has pending writes.
	childChanged(index uint64)
	link() *link
}

// link ties a handle to the view it came from, and holds what concurrent
// readers of the view need.
//
// A view and the handles it gave out, transitively, form a family whose
// root is the view that is no handle. Readers of a family synchronize on
// the lock of its root, and only when the view they read has pending
// writes: every write sets pending, on the view and (through its parent)
// on every view above it, and a commit, which applies them all, clears it.
// A view whose pending is clear is its committed tree and caches filled by
// atomic publication: readers read it without a lock, and the only reader
// that writes it, a commit of a view above it, leaves it alone.
type link struct {
	parent parent
	index  uint64
	// flagged is set once the parent knows of pending writes, so that
	// repeated writes notify it once per commit.
	flagged bool
	// pending is set while the view, or a handle it gave out, has writes
	// not yet committed.
	pending atomic.Bool
	// mu is the family's lock when the view is a root.
	mu sync.Mutex
}

// changed tells the parent chain that the view has pending writes.
func (l *link) changed() {
	if !l.pending.Load() {
		l.pending.Store(true)
	}
	if l.parent != nil && !l.flagged {
		l.flagged = true
		l.parent.childChanged(l.index)
	}
}

// settled records that the view has no pending writes: its commit applied
// them.
func (l *link) settled() {
	if l.pending.Load() {
		l.pending.Store(false)
	}
}

// lock takes the lock of the view's family, the one of its root, and
// returns it. The chain of parents changes only by writes, which readers
// never run alongside.
func (l *link) lock() *sync.Mutex {
	for l.parent != nil {
		l = l.parent.link()
	}
	l.mu.Lock()
	return &l.mu
}

// lockIfPending takes the lock of the view's family if the view has
// pending writes, and returns it, or nil; see [unlock].
func (l *link) lockIfPending() *sync.Mutex {
	if !l.pending.Load() {
		return nil
	}
	return l.lock()
}

// unlock releases what lockIfPending took.
func unlock(mu *sync.Mutex) {
	if mu != nil {
		mu.Unlock()
	}
}
