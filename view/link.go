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
	// versioned is set once the view, a family root, is among the
	// versions (see versions), under their lock.
	versioned bool
	// pending is set while the view, or a handle it gave out, has writes
	// not yet committed.
	pending atomic.Bool
	// mu is the family's lock when the view is a root.
	mu sync.Mutex
	// shared is the stamp (see shareStamps) of the last call that handed
	// the view's tree out, to a copy, to another value or to the caller
	// (Node, Copy), or of the view's joining or leaving a family; 0 if
	// none. Such a call ends the ownership of the nodes that writes made
	// in the view's tree, its handles' included (see owned).
	shared atomic.Uint64
}

// shareStamps is the last stamp handed out to a record of the nodes a view
// owns (see owned), stamps in increasing order from 1. A view shared
// takes the last one: a record holds while no view on its way to the
// family's root has been shared since it was made, that is while none has
// a stamp as large as the record's. Stamps hold no pointer, so that a
// record keeps no view alive.
var shareStamps atomic.Uint64

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
	t := l.top()
	t.mu.Lock()
	return &t.mu
}

// top returns the link of the family's root.
func (l *link) top() *link {
	for l.parent != nil {
		l = l.parent.link()
	}
	return l
}

// share records that the view's tree is handed out: the nodes that writes
// made in it are no longer the family's alone. Readers may call it at
// once; it stores only when a record was made since the view was last
// shared, so that readers sharing a value over and over do not write to
// it.
func (l *link) share() {
	if t := shareStamps.Load(); l.shared.Load() < t {
		l.shared.Store(t)
	}
}

// sharedSince reports whether the view, or a view above it in its family
// (whose tree holds the view's), was shared after the record stamped t
// was made.
func (l *link) sharedSince(t uint64) bool {
	for {
		if l.shared.Load() >= t {
			return true
		}
		if l.parent == nil {
			return false
		}
		l = l.parent.link()
	}
}

// adopt makes the view a handle of p at index i: what it owned is
// forgotten, as the views above it were shared without its knowing.
func (l *link) adopt(p parent, i uint64) {
	l.parent, l.index, l.flagged = p, i, false
	l.share()
	if l.versioned {
		forgetVersion(l) // no longer a family root (see versions)
	}
}

// detach makes the view a value of its own, no longer a handle: what it
// owned is forgotten, as the views that were above it may be shared
// without its knowing.
func (l *link) detach() {
	l.parent, l.flagged = nil, false
	l.share()
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
