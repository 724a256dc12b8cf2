package view

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ssztree/ssztree/tree"
)

// sortedIndices checks that every index lies in [0, n) and returns them in
// increasing order: indices itself when already sorted, a sorted copy
// otherwise (the caller's slice is left as it was).
func sortedIndices(indices []int, n int, what any) ([]int, error) {
	for _, i := range indices {
		if i < 0 || i >= n {
			return nil, fmt.Errorf("%w: index %d of %v of length %d", ErrIndex, i, what, n)
		}
	}
	if slices.IsSorted(indices) {
		return indices, nil
	}
	if len(indices) < radixMin {
		s := slices.Clone(indices)
		slices.Sort(s)
		return s, nil
	}
	return radixSorted(indices, n), nil
}

// radixMin is the least number of indices that radixSorted sorts: below
// it, a comparison sort is as quick and needs no counts.
const radixMin = 512

// radixBits is the width of the digits radixSorted sorts by: an index of
// a list of 2^22 elements takes two passes, its counts 16 KiB of stack.
const radixBits = 11

// radixSorted returns a sorted copy of indices, whose values lie in [0, n):
// a least-significant-digit radix sort, a count and a stable scatter for
// each digit, linear in len(indices). A slot's 31,250 random participation
// indices sort this way in a fraction of a comparison sort's n log n steps
// (docs/performance.md#slot-and-epoch). The copy and the scatter's second
// buffer are one allocation.
func radixSorted(indices []int, n int) []int {
	k := len(indices)
	buf := make([]int, 2*k)
	src, dst := indices, buf[:k]
	spare := buf[k:]
	const mask = 1<<radixBits - 1
	var count [1 << radixBits]int
	for shift := 0; shift < max(1, bits.Len(uint(n-1))); shift += radixBits {
		clear(count[:])
		for _, v := range src {
			count[v>>shift&mask]++
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, v := range src {
			d := v >> shift & mask
			dst[count[d]] = v
			count[d]++
		}
		src, dst, spare = dst, spare, dst
	}
	return src
}

// updateElems rewrites the elements at the indices idx, which are sorted
// (an index may repeat) and in range, in one pass: edit is called for each
// with the element's index and its bytes, rewrites them in place and
// reports whether they changed. Each page touched is copied once, the
// pages that changed are made page nodes that take over the roots of their
// unchanged groups of values, and those and the pages written before
// (pending writes) are set into the data tree in one pass. A page that the
// sequence owns (see owned) is not copied: edit rewrites its bytes where
// they are, and the page node, whose root and changed groups' roots
// become unknown, is set into the tree again. If edit returns an error,
// or panics, the sequence is left as it was: nothing is published before
// every edit is done, and the elements of owned pages edited so far get
// their bytes back. edit must leave the bytes as they were when it returns
// an error or panics.
func (s *seq) updateElems(idx []int, edit func(i int, b []byte) (bool, error)) (err error) {
	if len(idx) == 0 {
		return nil
	}
	p := &s.pages
	if pc := p.count(p.size); pc > 1 && p.touched(idx, s.esize)*denseDen >= pc*denseNum {
		return s.updateDense(idx, edit)
	}
	o := s.ownedPages()
	// The pages changed in place, and the old bytes of the elements
	// changed in them, to put back if an edit fails.
	var undo undoLog
	defer func() {
		if undo.active {
			undo.restore(s.esize)
		}
	}()
	w := p.writes.Load()
	dirty := w.appendIndices(make([]uint64, 0, w.count()))
	// At most a page per index, and the dirty pages.
	most := min(len(idx), int(p.count(p.size))) + len(dirty)
	pidx, nodes := make([]uint64, 0, most), make([]*tree.Node, 0, most)
	replaced := make([]*tree.Node, 0, most) // the pages nodes replace, where known
	// flush adds the dirty pages below page i.
	flush := func(i uint64) {
		for len(dirty) > 0 && dirty[0] < i {
			d, _ := w.get(dirty[0])
			pidx, nodes = append(pidx, dirty[0]), append(nodes, p.dirtyNode(d, d.b))
			replaced = append(replaced, d.base)
			dirty = dirty[1:]
		}
	}
	// The pages come in increasing order: GetMany finds them a batch at
	// a time.
	bases := pageBases{p: p, idx: idx, esize: s.esize}
	for a := 0; a < len(idx); {
		pg, _, per := p.locate(idx[a] * s.esize)
		flush(pg)
		l, start, _ := p.geometry(pg)
		d, written := w.get(pg)
		if written {
			dirty = dirty[1:]
		} else {
			d = dirtyPage{index: pg, base: bases.node(pg)}
			if m := bases.ahead(pageAhead); m != nil {
				tree.PrefetchPage(m)
			}
			if b := s.rewritable(o, pg, d.base); b != nil {
				if !undo.active {
					undo.active = true
					undo.old = make([]byte, 0, (len(idx)-a)*s.esize)
				}
				undo.pages = append(undo.pages, d.base)
				changed, err := s.editPage(l, start, per, idx, &a, b, edit, &undo)
				undo.changed = append(undo.changed, changed)
				if err != nil {
					return err
				}
				if changed != 0 {
					// Its root is marked unknown below, once every edit
					// is done.
					pidx, nodes = append(pidx, pg), append(nodes, d.base)
					replaced = append(replaced, nil) // not replaced: no slab to count
				}
				continue
			}
			d.b = p.whole(pg, d.base)
		}
		b := pageCopy(d.b, min(per, p.size-start))
		changed, err := s.editPage(l, start, per, idx, &a, b, edit, nil)
		if err != nil {
			return err
		}
		var n *tree.Node
		switch {
		case changed == 0 && !written:
			continue // nothing to write
		case changed == 0:
			n = p.dirtyNode(d, d.b)
		case written:
			// Which groups the writes before changed is not known: the
			// page compares them with its base.
			n = p.dirtyNode(d, b)
		default:
			var err error
			if n, err = tree.NewPageOver(l, b, d.base, changed); err != nil {
				panic("view: " + err.Error())
			}
		}
		pidx, nodes = append(pidx, pg), append(nodes, n)
		replaced = append(replaced, d.base)
	}
	flush(^uint64(0))
	// Every edit is done: the pages changed in place take their new
	// bytes' roots, to be computed.
	undo.active = false
	for k, n := range undo.pages {
		if undo.changed[k] != 0 {
			tree.Rewritten(n, undo.changed[k])
		}
	}
	if len(nodes) == 0 {
		return nil
	}
	pidx, nodes = p.rehome(pidx, nodes, func(k int) *tree.Node { return replaced[k] }, &holders{of: &s.lk})
	rec := s.claim(o)
	if p.prog != nil {
		// A progressive tree's branches are made anew (its subtrees are
		// of several depths); its pages are owned as a bounded list's.
		data := p.prog.setPages(pidx, nodes, p.size)
		p.reset(data, p.size)
		s.own(rec, data, pidx, nodes)
		s.lk.changed()
		return nil
	}
	// The branches above the pages: those o owns change in place, the
	// others are made anew and owned from now on.
	data := must(tree.SetManyOwned(p.data.Load(), int(p.top), pidx, nodes, rec))
	if s.list {
		// The mix-in over the one replaced, as a commit makes it.
		mixed := tree.MixInOver(s.node, data, s.n)
		p.reset(data, p.size)
		s.node, s.nodeN, s.nodeData = mixed, s.n, data
	} else {
		p.reset(data, p.size)
	}
	s.own(rec, data, pidx, nodes)
	s.lk.changed()
	return nil
}

// rewritable returns the bytes of page pg, whose committed node is n,
// for a change in place, or nil unless the sequence owns it (o, which may
// be nil, says which it does) and tree.Rewritable allows it.
func (s *seq) rewritable(o *owned, pg uint64, n *tree.Node) []byte {
	if !o.has(pg) {
		return nil
	}
	_, start, per := s.pages.geometry(pg)
	if b := tree.Rewritable(n); len(b) == min(per, s.pages.size-start) {
		return b
	}
	return nil
}

// editPage calls edit on the elements of the page of layout l whose bytes
// b start at byte start of the sequence (per bytes a page), from idx[*a]
// on, moving *a past them, and returns the groups of values changed (bit
// min(g, 63) for group g; bit 0 where the layout keeps no groups' roots).
// With undo set, b is a committed page changed in place, the last of
// undo.pages: the old bytes of each element changed are kept in undo.
func (s *seq) editPage(l *tree.Layout, start, per int, idx []int, a *int, b []byte, edit func(i int, b []byte) (bool, error), undo *undoLog) (uint64, error) {
	gsize := 0 // bytes per group of values whose root the page keeps
	if gd := l.GroupDepth(); gd >= 0 {
		gsize = s.esize << uint(gd)
	}
	var changed uint64
	for ; *a < len(idx) && idx[*a]*s.esize < start+per; *a++ {
		in := idx[*a]*s.esize - start
		e := b[in : in+s.esize : in+s.esize]
		mark := 0
		if undo != nil {
			mark = len(undo.old)
			undo.old = append(undo.old, e...)
		}
		ch, err := edit(idx[*a], e)
		if err != nil {
			if undo != nil {
				undo.old = undo.old[:mark]
			}
			return changed, err
		}
		if undo != nil {
			if ch {
				undo.at = append(undo.at, uint64(len(undo.pages)-1)<<32|uint64(in))
			} else {
				undo.old = undo.old[:mark]
			}
		}
		if ch && gsize > 0 {
			changed |= 1 << uint(min(in/gsize, 63))
		} else if ch {
			changed = 1
		}
	}
	return changed, nil
}

// undoLog holds the pages updateElems changes in place, the groups it
// changed in each, and what it needs to put them back when an edit fails:
// where each element changed lies (at: its page's place in pages << 32 |
// its offset in the page) and its old bytes, back to back (old).
type undoLog struct {
	active  bool // pages are being changed in place
	pages   []*tree.Node
	changed []uint64
	at      []uint64
	old     []byte
}

// restore puts the old bytes of the elements, of esize bytes, back, the
// last change first (an element named twice was logged twice).
func (u *undoLog) restore(esize int) {
	for k := len(u.at) - 1; k >= 0; k-- {
		b := tree.Rewritable(u.pages[u.at[k]>>32])
		in := int(u.at[k] & (1<<32 - 1))
		copy(b[in:in+esize], u.old[k*esize:(k+1)*esize])
	}
}

// An update whose indices touch at least denseNum/denseDen of a sequence's
// pages rewrites all of its bytes at once (updateDense): a slot's 31,250
// random participation flags touch every page of a million. A page node
// and a path of branches for each page, allocated one by one, cost more
// than copying and hashing the few pages left untouched, and a tree built
// from the bytes takes its pages, their headers and its branches in slabs.
// A sequence of one page has no branches to save, and its slab of two
// nodes can round up past the two nodes allocated apart (on 386): it is
// updated page by page.
const denseNum, denseDen = 7, 8

// touched returns how many distinct pages hold the elements of esize bytes
// at the sorted indices idx.
func (p *pages) touched(idx []int, esize int) uint64 {
	var n uint64
	last := ^uint64(0)
	for _, i := range idx {
		if pg, _, _ := p.locate(i * esize); pg != last {
			n, last = n+1, pg
		}
	}
	return n
}

// updateDense is updateElems on a copy of all of the sequence's bytes,
// which then replace its tree: nothing is published before every edit is
// done.
func (s *seq) updateDense(idx []int, edit func(i int, b []byte) (bool, error)) error {
	data := s.bytes(make([]byte, 0, s.pages.size))
	changed := false
	for _, i := range idx {
		off := i * s.esize
		ch, err := edit(i, data[off:off+s.esize:off+s.esize])
		if err != nil {
			return err
		}
		changed = changed || ch
	}
	if !changed {
		return nil
	}
	s.pages.replace(data, true)
	s.ownAll()
	s.lk.changed()
	return nil
}

// pageBases finds the committed nodes of the pages that sorted element
// indices touch, for calls in increasing order of page: tree.GetMany walks
// to a batch of them at once, where a walk to each in turn would wait for
// every cold node on its path (docs/performance.md#slot-and-epoch).
type pageBases struct {
	p     *pages
	idx   []int // the element indices not yet looked at
	esize int
	at, n int // the next page of the batch, and how many it holds
	pages [pageBatch]uint64
	nodes [pageBatch]*tree.Node
}

// pageBatch is how many pages a pageBases finds at once.
const pageBatch = 64

// ahead returns the node k pages of the batch after the one node returned
// last, or nil past the batch.
func (b *pageBases) ahead(k int) *tree.Node {
	if b.at+k < b.n {
		return b.nodes[b.at+k]
	}
	return nil
}

// pageAhead is how many pages ahead of the one it copies updateElems asks
// for.
const pageAhead = 2

// node returns the committed node of page pg, at or after the page of the
// previous call.
func (b *pageBases) node(pg uint64) *tree.Node {
	if b.p.prog != nil {
		return b.p.prog.node(pg)
	}
	for b.at < b.n && b.pages[b.at] < pg {
		b.at++
	}
	if b.at < b.n && b.pages[b.at] == pg {
		return b.nodes[b.at]
	}
	// The next batch: pg and the distinct pages after it.
	b.at, b.n = 0, 0
	for len(b.idx) > 0 && b.n < pageBatch {
		i, _, _ := b.p.locate(b.idx[0] * b.esize)
		b.idx = b.idx[1:]
		if i < pg || b.n > 0 && b.pages[b.n-1] == i {
			continue
		}
		b.pages[b.n] = i
		b.n++
	}
	if b.n == 0 || b.pages[0] != pg {
		// A page no index named: not a call updateElems makes.
		panic("view: a page base asked out of order")
	}
	if err := tree.GetMany(b.p.data.Load(), int(b.p.top), b.pages[:b.n], b.nodes[:b.n]); err != nil {
		panic("view: page outside the data tree: " + err.Error())
	}
	return b.nodes[0]
}
