package view

import (
	"slices"
	"sync"
	"sync/atomic"
	"weak"
)

// versions knows the values that copies made (see [Container.CopyTo]):
// the versions of a value that share its tree, each from when it was made.
// A list whose writes have replaced most of a slab's pages moves the pages
// left in the slab to allocations of their own, so that the slab can be
// freed ([tree.Supersede], pages.rehome); that pays only when no other
// version still holds the pages the writes replaced, or the move copies
// what the slab, kept alive by that version, holds anyway (a node's
// snapshots one epoch apart would each hold a copy of the survivors beside
// their slabs). A version made before a write holds what the write
// replaced, and one made after it does not; so a list waits while any
// other live version was made before its slab's last replacement, and
// moves the survivors at a later commit once none is, or once three in
// four of the slab's pages are replaced (pages.rehome, mostlyReplaced).
//
// The versions are kept by weak pointers to the family roots' links, so
// that knowing a version keeps nothing alive: a version is live while its
// view is reachable. A tree handed out by Node, not by a copy of a view, is
// not known: a list moves its survivors beside such a tree, as it does
// when nothing else holds the slab. The versions of all values are kept
// together, not by value: a process holding two unrelated states may wait
// for the other's versions, which holds a slab a little longer, never
// copies more.
var versions struct {
	mu sync.Mutex
	// known holds the versions known, by the link of each family root, and
	// when each was made: 0 for the value a first copy was made from. A
	// link in it has versioned set.
	known []version
	// pruneAt is the length of known at which the next copy drops the
	// versions no longer live: twice the live ones at the last pruning.
	pruneAt int
}

// A version is a family root that a copy made or was made from.
type version struct {
	root weak.Pointer[link]
	made uint64
}

// versionClock orders the copies and the replacements of pages that the
// versions compare: each takes the next value.
var versionClock atomic.Uint64

// noteCopy records that the family root dst was made a copy of the family
// root src: src, if not known yet, as a version made before anything
// (whatever it holds may be the oldest), and dst as made now.
func noteCopy(src, dst *link) {
	wd := weak.Make(dst)
	now := versionClock.Add(1)
	versions.mu.Lock()
	defer versions.mu.Unlock()
	if !src.versioned {
		src.versioned = true
		versions.known = append(versions.known, version{weak.Make(src), 0})
	}
	dst.versioned = true
	versions.known = append(versions.known, version{wd, now})
	if len(versions.known) >= versions.pruneAt {
		live := slices.DeleteFunc(versions.known, func(v version) bool { return v.root.Value() == nil })
		if cap(live) > 4*max(len(live), 16) {
			// A burst of copies no collection ran during: give its room
			// back.
			live = slices.Clone(live)
		}
		versions.known = live
		versions.pruneAt = max(64, 2*len(live))
	}
}

// forgetVersion drops the version l, which joins a family as a handle:
// its family's root stands for it. What l's tree holds of another
// version's slabs is not known any more (a list moves its survivors
// beside it, as beside a tree handed out by Node).
func forgetVersion(l *link) {
	versions.mu.Lock()
	defer versions.mu.Unlock()
	w := weak.Make(l)
	versions.known = slices.DeleteFunc(versions.known, func(v version) bool { return v.root == w })
	l.versioned = false
}

// oldestOther returns when the oldest live version other than the family
// root me was made, and false if no other is known.
func oldestOther(me *link) (uint64, bool) {
	versions.mu.Lock()
	defer versions.mu.Unlock()
	oldest, found := uint64(0), false
	for _, v := range versions.known {
		if l := v.root.Value(); l != nil && l != me && (!found || v.made < oldest) {
			oldest, found = v.made, true
		}
	}
	return oldest, found
}

// familyRoot returns the link of the root of l's family.
func familyRoot(l *link) *link {
	for l.parent != nil {
		l = l.parent.link()
	}
	return l
}

// holders answers, for the family of one view, whether a version other
// than the family's root, made before a moment t of versionClock, is live:
// one that may hold the pages replaced until t. It asks versions once, at
// its first question. On the stack of a commit, it allocates nothing.
type holders struct {
	of     *link // a view of the family
	oldest uint64
	found  bool
	asked  bool
}

// before reports whether such a version is live.
func (h *holders) before(t uint64) bool {
	if !h.asked {
		h.oldest, h.found = oldestOther(familyRoot(h.of))
		h.asked = true
	}
	return h.found && h.oldest < t
}
