package view

import "github.com/ssztree/ssztree/tree"

// owned records the nodes of a sequence's committed data tree that the
// sequence's own writes made since a tree holding them was last handed
// out ([link.share]: Node, Copy, a value set into another): nodes that
// no copy, snapshot, cache or other value can reach, which a write may
// then change in place ([tree.Rewritten], [tree.SetManyOwned]) instead
// of copying them. They are pages (of a bounded or a progressive list),
// and the branches above pages of a bounded list that a bulk update's
// SetManyOwned made one by one (never a slab's, whose dead
// nodes must point only into their own build: see tree.SetMany).
//
// The record describes one data tree, data, and holds while neither the
// view nor a view above it was shared since it was made (stamp; see
// link.shared): a commit or a reset that replaces the tree (and drops
// data, which would keep the tree alive), anything that hands the tree or
// a tree holding it out, and the view joining or leaving a family leave
// it stale, and a stale record owns nothing. Only writers, which have
// exclusive access to the family, read or change it, and commits, which
// a reader may make under the family's lock, only to drop data.
type owned struct {
	stamp uint64 // handed out when the record was made (see shareStamps)
	data  *tree.Node
	// pages has bit i%64 of word i/64 set for each page i owned.
	pages []uint64
	// branches[h-1] has a bit for each branch owned at height h above the
	// pages (index i: bit i%64 of word i/64); top is the data tree's
	// height, whose root is never changed in place, so that a new data
	// tree is a new node.
	branches [][]uint64
	top      int
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
	return o != nil && hasBit(o.pages, i)
}

// claim returns o, the record ownedPages returned, or when it is nil an
// empty record (the old one's, cleared), to record what a write makes in
// the data tree. The caller is a writer.
func (s *seq) claim(o *owned) *owned {
	if o != nil {
		return o
	}
	o = s.pages.owner
	if o == nil {
		o = new(owned)
		s.pages.owner = o
	}
	clear(o.pages)
	for _, b := range o.branches {
		clear(b)
	}
	o.data, o.top = nil, int(s.pages.top)
	return o
}

// OwnsBranch implements [tree.BranchOwner].
func (o *owned) OwnsBranch(h int, i uint64) bool {
	return h < o.top && h <= len(o.branches) && hasBit(o.branches[h-1], i)
}

// MadeBranch implements [tree.BranchOwner].
func (o *owned) MadeBranch(h int, i uint64) {
	for len(o.branches) < h {
		o.branches = append(o.branches, nil)
	}
	o.branches[h-1] = setBit(o.branches[h-1], i)
}

// own records that s's writes made the pages idx (the page nodes nodes;
// zero subtrees, which every tree shares, are left out) of its new data
// tree data, beside what o, from claim, owned in the tree data replaces
// (which it still holds where idx does not name it), and stamps o. The
// caller is a writer.
func (s *seq) own(o *owned, data *tree.Node, idx []uint64, nodes []*tree.Node) {
	for k, i := range idx {
		if nodes[k].IsPage() {
			o.pages = setBit(o.pages, i)
		} else if i/64 < uint64(len(o.pages)) {
			o.pages[i/64] &^= 1 << (i % 64)
		}
	}
	o.stamp = shareStamps.Add(1)
	o.data = data
}

// ownAll records that s's writes made every page of its data tree, which
// it has just built whole from bytes (the branches above them, in slabs,
// it does not own). The caller is a writer.
func (s *seq) ownAll() {
	p := &s.pages
	if p.prog != nil {
		return
	}
	o := s.claim(nil)
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

// hasBit reports whether bit i of the bitmap b is set.
func hasBit(b []uint64, i uint64) bool {
	return i/64 < uint64(len(b)) && b[i/64]&(1<<(i%64)) != 0
}

// setBit sets bit i of the bitmap b, growing it as needed.
func setBit(b []uint64, i uint64) []uint64 {
	for uint64(len(b)) <= i/64 {
		b = append(b, 0)
	}
	b[i/64] |= 1 << (i % 64)
	return b
}
