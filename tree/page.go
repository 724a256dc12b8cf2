package tree

import (
	"bytes"
	"unsafe"
)

// page is the header of a page node, or the one header of all the pages of
// a slab of BuildPages or BuildPagesMixIns: a page node points at it and
// finds its own bytes and group roots in it by its place in the slab
// (Node.slabAt, 0 for a page of its own; for a slab of lists, the start its
// node records, see listPage). One header for a slab of 64 pages, instead of one of 48 bytes
// for each, is what makes a page of 16 balances cost 64 bytes of node and
// the branch above it beside its bytes (docs/states.md).
type page struct {
	layout *Layout
	// data holds the bytes of the header's pages back to back, each
	// layout.PageSize() bytes, all full but perhaps the last: page at of
	// a slab holds data[at*PageSize:], at most PageSize bytes of it. In a
	// slab of lists, each page holds a whole list of at most PageSize
	// bytes, from the start its node records (see listPage).
	data []byte
	// group0 is the first of the roots of the pages' groups if the layout
	// keeps them (see NewCachedLayout), nil otherwise: layout.groups() of
	// them per page, page after page. A page's are all valid once its node
	// has a known root: the goroutine that publishes the root writes those
	// not taken over from a base page, before publishing it. A pointer,
	// not a slice, keeps the header 16 bytes smaller.
	group0 *[32]byte
	// lent marks the groups whose roots were taken over from a base page
	// when the page was made (NewPageFrom, a page of its own; 0 in a
	// slab): known before the page is hashed, never written after, but
	// by Rewritten, which changes a page nobody else can reach.
	lent uint64
}

// listPage marks, in the list field of a page node (see Node.list), a page
// of a slab of lists (BuildPagesMixIns): the slab's pages hold lists of
// different lengths, back to back in the one header's data, and each finds
// its bytes by the start the field holds and the start of the next page of
// the slab (or the end of the data for the last). The start is below
// listPage: a slab of lists holds less than 32 KiB but for a first list
// that is larger alone.
const listPage = 1 << 15

// list returns the start of page node n's bytes in its header's data, and
// whether n is a page of a slab of lists.
func (n *Node) list() (start int, ok bool) {
	v := int(n.stemK) | int(n.stemBelow)<<8
	return v &^ listPage, v&listPage != 0
}

// setList records that page node n's bytes start at start of its header's
// data in a slab of lists.
func (n *Node) setList(start int) {
	if start >= listPage {
		panic("tree: a list's start outside its slab's field")
	}
	v := start | listPage
	n.stemK, n.stemBelow = uint8(v), uint8(v>>8)
}

// pageBytes returns the bytes of page node n.
func (n *Node) pageBytes() []byte {
	pg := n.page
	if lo, ok := n.list(); ok {
		hi := len(pg.data)
		if n.slabAt()+1 < n.slabLen() {
			// The next page of the slab, alive while n is.
			hi, _ = (*Node)(unsafe.Add(unsafe.Pointer(n), nodeSize)).list()
		}
		return pg.data[lo:hi:hi]
	}
	per := pg.layout.PageSize()
	// A page of its own (slab 0) or of a slab of BuildPages (pageSlabTag).
	lo := min(int(n.slab&(1<<14-1))*per, len(pg.data))
	hi := min(lo+per, len(pg.data))
	return pg.data[lo:hi:hi]
}

// pageGroups returns the roots of the groups of page node n, nil if its
// layout keeps none.
func (n *Node) pageGroups() [][32]byte {
	pg := n.page
	g := pg.layout.groups()
	if pg.group0 == nil || g == 0 {
		return nil
	}
	first := (*[32]byte)(unsafe.Add(unsafe.Pointer(pg.group0), n.slabAt()*g*32))
	return unsafe.Slice(first, g)
}

// newPageNode returns a page node over data, with room for its groups'
// roots if its layout keeps them.
func newPageNode(l *Layout, data []byte) *Node {
	pn := &pageNode{p: page{layout: l, data: data}}
	if g := l.groups(); g > 0 {
		pn.p.group0 = &make([][32]byte, g)[0]
	}
	pn.n.page = &pn.p
	return &pn.n
}

// NewPage returns a page node of the given layout over data, which the page
// owns from now on: the caller must not modify it. data holds whole values,
// at most l.Capacity() of them, except that with [ChunkShape] values the
// last chunk may be cut short.
func NewPage(l *Layout, data []byte) (*Node, error) {
	if err := l.check(data); err != nil {
		return nil, err
	}
	return newPageNode(l, data), nil
}

// NewPageFrom is NewPage for a page that replaces base, a page of the same
// layout, in a new version of a value: where the layout keeps the roots of
// groups and base's root is known, the new page takes over the roots of the
// groups whose bytes are the same in both, so that hashing it hashes the
// other groups only. With any other base it is NewPage.
func NewPageFrom(l *Layout, data []byte, base *Node) (*Node, error) {
	return newPageOver(l, data, base, func(a, b []byte, _ int) bool { return bytes.Equal(a, b) })
}

// NewPageOver is NewPageFrom for a caller that knows which groups of
// values it changed: bit g of changed is set for every group g whose bytes
// may differ from base's. The new page takes over the roots of the other
// groups without comparing their bytes, which the caller vouches are
// base's (its root would be wrong otherwise): a bulk update that rewrote a
// few values of each of many pages spares reading the rest of each page
// again. A group beyond 64 counts as changed.
func NewPageOver(l *Layout, data []byte, base *Node, changed uint64) (*Node, error) {
	return newPageOver(l, data, base, func(a, b []byte, g int) bool {
		return g < 64 && changed&(1<<uint(g)) == 0 && len(a) == len(b)
	})
}

// newPageOver returns a page over data that takes over from base the roots
// of the groups for which same(new bytes, base's bytes, group) holds.
func newPageOver(l *Layout, data []byte, base *Node, same func(a, b []byte, g int) bool) (*Node, error) {
	n, err := NewPage(l, data)
	if err != nil || base == nil || base.page == nil || base.page.layout != l || l.groups() == 0 || !base.RootKnown() {
		return n, err
	}
	size := l.elem.size << uint(l.groupDepth)
	old := base.pageBytes()
	roots, lend := n.pageGroups(), base.pageGroups()
	for g := range roots {
		lo := g * size
		a := data[min(lo, len(data)):min(lo+size, len(data))]
		b := old[min(lo, len(old)):min(lo+size, len(old))]
		if len(a) > 0 && same(a, b, g) {
			roots[g] = lend[g]
			n.page.lent |= 1 << uint(g)
		}
	}
	return n, nil
}

// PageData returns the bytes of a page, which the caller must not modify,
// and its layout. ok is false if n is not a page.
func (n *Node) PageData() (data []byte, l *Layout, ok bool) {
	if n.page == nil {
		return nil, nil, false
	}
	return n.pageBytes(), n.page.layout, true
}

// PrefetchPage asks the processor to start loading the bytes of page n,
// and of the roots of its groups if it keeps them (what NewPageOver reads
// of a base): a hint that changes no result. A caller about to read pages
// it found together (an update of scattered elements) loads the next ones
// while it works on this one. It reads n itself and does nothing if n is
// not a page.
func PrefetchPage(n *Node) {
	if n.page != nil {
		prefetch(n.pageBytes())
		if g := n.pageGroups(); len(g) > 0 {
			prefetch(unsafe.Slice(&g[0][0], 32*len(g)))
		}
	}
}

// prefetchNode asks the processor to start loading n's fields.
func prefetchNode(n *Node) {
	prefetch(unsafe.Slice((*byte)(unsafe.Pointer(n)), nodeSize))
}

// expand builds the subtree a page stands for out of leaves and branches.
// The result's root is the page's, reused if known.
func (p *page) expand(n *Node) *Node {
	l := p.layout
	data := n.pageBytes()
	count := (len(data) + l.elem.size - 1) / l.elem.size
	values := make([]*Node, count)
	for i := range values {
		end := min(len(data), (i+1)*l.elem.size)
		values[i] = l.elem.expand(data[i*l.elem.size : end])
	}
	e, err := Build(l.depth, values, 0)
	if err != nil {
		panic(err) // NewPage checked the data fits
	}
	if n.RootKnown() && !e.RootKnown() {
		e.publish(&n.root)
	}
	return e
}

// pageNode is a page's node and header, allocated together.
type pageNode struct {
	n Node
	p page
}
