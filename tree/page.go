package tree

import (
	"bytes"
	"unsafe"
)

type page struct {
	layout *Layout
	data   []byte
	// group0 is the first of the roots of the page's groups if its layout
	// keeps them (see NewCachedLayout), nil otherwise; layout.groups() of
	// them follow (see groups). They are all valid once the page's node has
	// a known root: the goroutine that publishes the root writes those not
	// taken over from a base page, before publishing it. A pointer, not a
	// slice, keeps the header of every page 16 bytes smaller.
	group0 *[32]byte
	// lent marks the groups whose roots were taken over from a base page
	// when the page was made: known before the page is hashed, never
	// written after.
	lent uint64
}

// groups returns the roots of the page's groups, nil if it keeps none.
func (p *page) groups() [][32]byte {
	if p.group0 == nil {
		return nil
	}
	return unsafe.Slice(p.group0, p.layout.groups())
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
	n, err := NewPage(l, data)
	if err != nil || base == nil || base.page == nil || base.page.layout != l || l.groups() == 0 || !base.RootKnown() {
		return n, err
	}
	size := l.elem.size << uint(l.groupDepth)
	old := base.page.data
	roots, lend := n.page.groups(), base.page.groups()
	for g := range roots {
		lo := g * size
		a := data[min(lo, len(data)):min(lo+size, len(data))]
		b := old[min(lo, len(old)):min(lo+size, len(old))]
		if len(a) > 0 && bytes.Equal(a, b) {
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
	return n.page.data, n.page.layout, true
}

// expand builds the subtree a page stands for out of leaves and branches.
// The result's root is the page's, reused if known.
func (p *page) expand(n *Node) *Node {
	l := p.layout
	count := (len(p.data) + l.elem.size - 1) / l.elem.size
	values := make([]*Node, count)
	for i := range values {
		end := min(len(p.data), (i+1)*l.elem.size)
		values[i] = l.elem.expand(p.data[i*l.elem.size : end])
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
