package view

import (
	"slices"
	"sync"
	"sync/atomic"
	"weak"
)

// versions knows the versions of values that copies made (see
// [Container.CopyTo]): the family roots that share a tree because one was
// copied from the other, each with when it was made and its lineage (the
// values copied, directly or not, from one value). A list whose writes have
// replaced most of a slab's pages moves the pages left in the slab to
// allocations of their own, so that the slab can be freed ([tree.Supersede],
// pages.rehome); that pays only when no other version still holds the
// pages the writes replaced, or the move copies what the slab, kept alive
// by that version, holds anyway (a node's snapshots one epoch apart would
// each hold a copy of the survivors beside their slabs). A version made
// before a write holds what the write replaced, and one made after it does
// not; so a list waits while any other live version of its lineage was made
// before its slab's last replacement, and moves the survivors at its next
// commit that writes pages once none is, or once three in four of the
// slab's pages are replaced (pages.rehome, mostlyReplaced).
//
// The versions are kept by weak pointers to the family roots' links, so
// that knowing a version keeps nothing alive: a version counts until a
// collection finds it unreachable. Only copies of a container that is a
// family root, with a built tree or at least versionedBytes kept to build
// one from, are known: a tree handed out by Node, a copy of a list (its
// Copy goes through Node) or of a field's container, and a copy that joins
// another value as a field are not, and a list moves its survivors beside
// them as it does when nothing else holds the slab.
var versions struct {
	mu sync.Mutex
	// known holds the versions known, by the link of each family root. A
	// link in it has versioned set.
	known []version
	// recent caches the lineage of the last two family roots of a copy,
	// its source and the copy, so that copies of one value, or each of the
	// last, find their source's lineage without a search.
	recent [2]version
	// lineages is the last lineage given out.
	lineages uint64
	// pruneAt is the length of known at which the next copy drops the
	// versions no longer live: twice the live ones at the last pruning.
	pruneAt int
}

// A version is a family root, when it was made (0 for the value a first
// copy was made from: whatever it holds may be the oldest) and its lineage.
type version struct {
	root          weak.Pointer[link]
	made, lineage uint64
}

// versionedBytes is the fewest bytes a container decoded lazily, its tree
// not built yet, keeps for a copy of it to be a version: a gossip object's
// copies, made by the thousand, would each pay for a weak pointer for
// slabs of a few pages; a state's or a block's bytes are above it.
const versionedBytes = 64 << 10

// versionClock orders the copies and the replacements of pages that the
// versions compare: each takes the next value.
var versionClock atomic.Uint64

// noteCopy records that the family root dst was made a copy of the family
// root src: src, if not known yet, as a version made before anything, of
// a new lineage, and dst as made now, of src's lineage.
func noteCopy(src, dst *link) {
	ws, wd := weak.Make(src), weak.Make(dst)
	now := versionClock.Add(1)
	versions.mu.Lock()
	defer versions.mu.Unlock()
	var lineage uint64
	if src.versioned {
		lineage = lineageOf(ws)
	} else {
		versions.lineages++
		lineage = versions.lineages
		versions.known = append(versions.known, version{ws, 0, lineage})
		src.versioned = true
	}
	d := version{wd, now, lineage}
	versions.known = append(versions.known, d)
	dst.versioned = true
	versions.recent = [2]version{{root: ws, lineage: lineage}, d}
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

// lineageOf returns the lineage of the known version w.
func lineageOf(w weak.Pointer[link]) uint64 {
	for _, v := range versions.recent {
		if v.root == w {
			return v.lineage
		}
	}
	for _, v := range versions.known {
		if v.root == w {
			return v.lineage
		}
	}
	panic("view: a version marked known is not")
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
	versions.recent = [2]version{}
	l.versioned = false
}

// oldestOther returns when the oldest live version of the family root
// me's lineage, other than me, was made, and false if no other is known.
func oldestOther(me *link) (uint64, bool) {
	versions.mu.Lock()
	defer versions.mu.Unlock()
	if !me.versioned {
		return 0, false // no copy was made of it, nor it of another
	}
	wme := weak.Make(me)
	lineage := lineageOf(wme)
	oldest, found := uint64(0), false
	for _, v := range versions.known {
		if v.lineage == lineage && v.root != wme && (!found || v.made < oldest) && v.root.Value() != nil {
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
