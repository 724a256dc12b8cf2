package tree

import (
	"sync/atomic"
	"unsafe"
)

// slabPage is the header of a slab of pages that BuildPages copies from
// its input (kind inPageSlab): the one page header its pages share, and
// which of them versions of the trees holding them have replaced. A slab's allocations stay alive while any of its pages does, so a
// few pages left of a slab whose others were replaced pin all of it: a
// node's changes replace most pages of a large list in time (an epoch
// changes the validators it touches), and the survivors scattered over
// every slab would hold the whole decoded list beside the new pages.
// [Supersede] counts the replacements, and says when the survivors
// should move to allocations of their own ([Rehome]).
type slabPage struct {
	page
	// replaced is the first of the words that mark the pages replaced, a
	// bit each (markWords of them, made at the first replacement, one
	// allocation), and count counts them: a page replaced in several
	// versions (copies of a state on different branches) counts once.
	replaced atomic.Pointer[atomic.Uint64]
	count    atomic.Int32
}

// markWords returns the number of words that mark the replaced pages of a
// slab of count pages.
func markWords(count int) int { return (count + 63) / 64 }

// slabPageSize is what a slab's header takes, for Memory.
var slabPageSize = int(unsafe.Sizeof(slabPage{}))

// newSlabPage returns the header of a slab of pages of layout l over data.
func newSlabPage(l *Layout, data []byte) *page {
	return &(&slabPage{page: page{layout: l, data: data}}).page
}

// rehomeNum/rehomeDen is the share of a slab's pages whose replacement
// makes Supersede say that the others should move: one in four. Until then
// a list holds its slab beside the copies of the pages replaced, at most a
// quarter more than its bytes; past it, the survivors move once, a copy of
// at most three quarters of the slab. Three in four left a list whose
// changes touch half its pages (balance and effective balance changes
// without an epoch's sweep) at nearly twice its bytes
// (docs/performance.md#memory).
const (
	rehomeNum = 1
	rehomeDen = 4
)

// Supersede records that the page node n, replaced by another version of
// its page in a new version of a tree, is no longer in that version. When
// n is a page of a slab that BuildPages made, and one in four of the
// slab's pages have been replaced (in any version of any tree that shares
// the slab, each page counted once), this one included, it returns the
// slab's page count and n's place in it, at: the slab holds the pages at
// positions [p-at, p-at+count) of the tree whose page at position p is n.
// The caller then moves the others of those still in its tree to pages of
// their own ([Rehome]), so that the slab can be freed once no other
// version holds it; each version that still holds some of a slab's pages
// moves them when it next replaces one, so that a version that tipped the
// count (a short-lived copy) does not leave the long-lived one pinning the
// slab. It returns ok false otherwise.
//
// Safe for concurrent use: versions of one tree may be changed by several
// goroutines at once. A slab's marks (a bit a page) are made at its first
// replacement; a slab never changed costs nothing more.
func Supersede(n *Node) (at, count int, ok bool) {
	if n == nil || n.page == nil || n.slab>>14 != inPageSlab || !n.inPagesSlab() {
		return 0, 0, false
	}
	count, at = n.slabLen(), n.slabAt()
	if count < 2 {
		return 0, 0, false
	}
	sp := (*slabPage)(unsafe.Pointer(n.page))
	first := sp.replaced.Load()
	if first == nil {
		m := &make([]atomic.Uint64, markWords(count))[0]
		if sp.replaced.CompareAndSwap(nil, m) {
			first = m
		} else {
			first = sp.replaced.Load()
		}
	}
	marks := unsafe.Slice(first, markWords(count))
	bit := uint64(1) << uint(at%64)
	replaced := sp.count.Load()
	if marks[at/64].Or(bit)&bit == 0 {
		replaced = sp.count.Add(1) // not replaced before, in another version
	}
	if int(replaced) < (count*rehomeNum+rehomeDen-1)/rehomeDen {
		return 0, 0, false
	}
	return at, count, true
}

// SlabReplaced returns, for a page node n of a slab that BuildPages made,
// how many of the slab's pages have been replaced (as [Supersede] counts
// them) and how many it has; 0, 0 for any other node.
func SlabReplaced(n *Node) (replaced, count int) {
	if n == nil || n.page == nil || n.slab>>14 != inPageSlab || !n.inPagesSlab() {
		return 0, 0
	}
	return int((*slabPage)(unsafe.Pointer(n.page)).count.Load()), n.slabLen()
}

// Rehome returns a copy of the page node n with bytes of its own and the
// roots of its groups taken over (hashing it hashes the page's levels
// above its groups only), when n is a page of the same slab as the page
// node of, which [Supersede] named; otherwise it returns nil. The copy
// holds nothing of the slab.
func Rehome(n, of *Node) *Node {
	if n == nil || of == nil || n.page == nil || n.page != of.page || !n.inPagesSlab() {
		return nil
	}
	l := n.page.layout
	b := n.pageBytes()
	m, err := NewPageFrom(l, append(make([]byte, 0, len(b)), b...), n)
	if err != nil {
		panic("tree: " + err.Error()) // a page's own bytes fit its layout
	}
	return m
}
