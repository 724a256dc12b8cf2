package view

import "github.com/ssztree/ssztree/tree"

// owned records the pages of a sequence's committed data tree that the
// sequence's own writes made since a tree holding them was last handed
// out ([link.share]: Node, Copy, a value set into another): pages that no
// copy, snapshot, cache or other value can reach, which a write may then
// change in place ([tree.Rewritten]) instead of copying them.
//
// The record describes one data tree, data, and holds while neither the
// view nor a view above it was shared since it was made (stamp; see
// link.shared): a commit or a reset that replaces the tree (and drops
// data, which would keep the tree alive), anything that hands the tree or
// a tree holding it out, and the view joining or leaving a family leave
// it stale, and a stale record owns nothing. Only writers, which have exclusive access to the family,
// read or change it: a commit that a reader makes under the family's lock
// replaces the data tree and so leaves the record stale.
type owned struct {
	stamp uint64 // handed out when the record was made (see shareStamps)
	data  *tree.Node
	// pages has bit i%64 of word i/64 set for each page i owned.
	pages []uint64
}

// ownedPages returns the record of the pages s owns in its committed data
// tree, or nil when it owns none. The caller is a writer.
func (s *seq) ownedPages() *owned {
	o := s.pages.owner
	if o == nil || o.data != s.pages.data.Load() || s.lk.sharedSince(o.stamp) {
		return nil
	}
	return o
}

// has reports whether o, which may be nil, owns page i.
func (o *owned) has(i uint64) bool {
	return o != nil && i/64 < uint64(len(o.pages)) && o.pages[i/64]&(1<<(i%64)) != 0
}

// own records that s's writes made the pages idx (the page nodes nodes;
// zero subtrees, which every tree shares, are left out) of its new data
// tree data, beside those it owned in the tree data replaces (which it
// still holds where idx does not name them). The caller is a writer, and
// o is what ownedPages returned before the change, or nil.
func (s *seq) own(o *owned, data *tree.Node, idx []uint64, nodes []*tree.Node) {
	if o == nil {
		o = s.pages.owner
		if o == nil {
			o = new(owned)
			s.pages.owner = o
		}
		clear(o.pages)
	}
	for k, i := range idx {
		if !nodes[k].IsPage() {
			if i/64 < uint64(len(o.pages)) {
				o.pages[i/64] &^= 1 << (i % 64)
			}
			continue
		}
		for uint64(len(o.pages)) <= i/64 {
			o.pages = append(o.pages, 0)
		}
		o.pages[i/64] |= 1 << (i % 64)
	}
	o.stamp = shareStamps.Add(1)
	o.data = data
}

// ownAll records that s's writes made every page of its data tree, which
// it has just built whole from bytes. The caller is a writer.
func (s *seq) ownAll() {
	p := &s.pages
	if p.prog != nil {
		return
	}
	o := p.owner
	if o == nil {
		o = new(owned)
		p.owner = o
	}
	count := p.count(p.size)
	o.pages = append(o.pages[:0], make([]uint64, (count+63)/64)...)
	for i := range o.pages {
		o.pages[i] = ^uint64(0)
	}
	if r := count % 64; r != 0 {
		o.pages[len(o.pages)-1] = 1<<r - 1
	}
	o.stamp = shareStamps.Add(1)
	o.data = p.data.Load()
}
