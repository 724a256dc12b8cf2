package tree

import (
	"bytes"
	"fmt"
	"unsafe"
)

// Shape says how the bytes of one fixed-size value map onto a complete
// Merkle subtree of depth Depth: its leaves are, in order, the Parts, then
// zero chunks. A part is either at most 32 bytes of the value, zero-padded
// into one chunk, or a nested value with a Shape of its own whose root is
// the chunk. A uint64 is one raw part; a 48-byte public key is a shape of
// depth 1 with parts [0,32) and [32,48); a container is a shape with a part
// per field.
//
// Shapes are built once per type (package schema does it) and never change.
type Shape struct {
	size  int
	depth int
	parts []Part
	// raw is set when the shape is one raw part at offset 0 and depth 0:
	// the value's root is its bytes, zero-padded.
	raw bool
}

// Part is one leaf of a [Shape]: the bytes [Offset, Offset+Size) of the
// value, either zero-padded into a chunk (Shape nil, Size at most 32) or
// merkleized by Shape (Size equal to Shape's size).
type Part struct {
	Offset int
	Size   int
	Shape  *Shape
}

// ChunkShape is the shape of a 32-byte value whose root is the value itself
// (a Bytes32 root, or one chunk of packed basic values).
var ChunkShape = &Shape{size: 32, depth: 0, parts: []Part{{Offset: 0, Size: 32}}, raw: true}

// NewShape returns the shape of a value of size bytes whose subtree has the
// given depth and leaves parts. The parts must fit in 2^depth leaves and in
// the value.
func NewShape(size, depth int, parts []Part) (*Shape, error) {
	if depth < 0 || depth > 16 || len(parts) == 0 || len(parts) > 1<<uint(depth) {
		return nil, fmt.Errorf("%w: %d parts in a shape of depth %d", ErrLayout, len(parts), depth)
	}
	for i, p := range parts {
		if p.Offset < 0 || p.Size < 0 || p.Offset+p.Size > size {
			return nil, fmt.Errorf("%w: part %d [%d,%d) outside a value of %d bytes", ErrLayout, i, p.Offset, p.Offset+p.Size, size)
		}
		if p.Shape == nil && p.Size > 32 {
			return nil, fmt.Errorf("%w: raw part %d of %d bytes", ErrLayout, i, p.Size)
		}
		if p.Shape != nil && p.Shape.size != p.Size {
			return nil, fmt.Errorf("%w: part %d of %d bytes with a shape of %d", ErrLayout, i, p.Size, p.Shape.size)
		}
	}
	s := &Shape{size: size, depth: depth, parts: append([]Part(nil), parts...)}
	s.raw = depth == 0 && parts[0].Shape == nil && parts[0].Offset == 0
	return s, nil
}

// Size returns the number of bytes of a value of this shape.
func (s *Shape) Size() int { return s.size }

// Depth returns the depth of the subtree of a value of this shape.
func (s *Shape) Depth() int { return s.depth }

// IsRaw reports whether a value of this shape is its own root: one part of
// at most 32 bytes at offset 0, zero-padded into a chunk.
func (s *Shape) IsRaw() bool { return s.raw }

// Layout describes a page: a complete subtree of depth Depth whose
// 2^Depth leaves-of-interest are the roots of consecutive values of one
// Shape, stored back to back in the page's bytes. A page holding fewer
// values has zero chunks in the remaining positions, as a list's unused
// capacity has; a value whose bytes are cut short is zero-padded (only
// meaningful for raw chunks, where packed basic values end mid-chunk).
type Layout struct {
	elem  *Shape
	depth int
	// groupDepth is -1, or the height above the values of the nodes whose
	// roots a page keeps (see NewCachedLayout).
	groupDepth int
}

// NewLayout returns the layout of pages holding 2^depth values of shape elem.
func NewLayout(elem *Shape, depth int) (*Layout, error) {
	if elem == nil || depth < 0 || depth > 16 {
		return nil, fmt.Errorf("%w: page depth %d", ErrLayout, depth)
	}
	return &Layout{elem: elem, depth: depth, groupDepth: -1}, nil
}

// maxGroups bounds the groups of a page with a cache (see NewCachedLayout):
// which of them a new page takes over from its base is a bit mask.
const maxGroups = 64

// NewCachedLayout returns the layout of pages holding 2^depth values of
// shape elem that keep, besides their root, the roots of their groups: the
// nodes groupDepth levels above the values, each over 2^groupDepth
// consecutive values. A page computes them when it is hashed. A proof of
// one value then hashes the values of its group and the page levels above
// the groups, not every other value of the page; a page built from another
// by [NewPageFrom] takes over the roots of the groups whose bytes did not
// change, so that re-hashing it hashes the changed groups only. The price is
// 32 bytes per group.
//
// groupDepth must be below depth, and a page may have at most 64 groups.
func NewCachedLayout(elem *Shape, depth, groupDepth int) (*Layout, error) {
	l, err := NewLayout(elem, depth)
	if err != nil {
		return nil, err
	}
	if groupDepth < 0 || groupDepth >= depth || 1<<uint(depth-groupDepth) > maxGroups {
		return nil, fmt.Errorf("%w: groups of depth %d in pages of depth %d", ErrLayout, groupDepth, depth)
	}
	l.groupDepth = groupDepth
	return l, nil
}

// GroupDepth returns the height above the values of the nodes whose roots a
// page of this layout keeps, or -1 if it keeps only its root.
func (l *Layout) GroupDepth() int { return l.groupDepth }

// groups returns the number of groups whose roots a page keeps, 0 if none.
func (l *Layout) groups() int {
	if l.groupDepth < 0 {
		return 0
	}
	return 1 << uint(l.depth-l.groupDepth)
}

// Elem returns the shape of the values in a page.
func (l *Layout) Elem() *Shape { return l.elem }

// Depth returns the depth of a page's subtree above its values' roots.
func (l *Layout) Depth() int { return l.depth }

// Capacity returns how many values a page holds at most.
func (l *Layout) Capacity() int { return 1 << uint(l.depth) }

// Bytes returns the size of a full page's bytes.
func (l *Layout) Bytes() int { return l.elem.size << uint(l.depth) }

// TotalDepth returns the depth of a page's subtree down to its deepest
// chunk: the page levels plus the value shape's own (nested) levels.
func (l *Layout) TotalDepth() int { return l.depth + l.elem.totalDepth() }

func (s *Shape) totalDepth() int {
	d := 0
	for _, p := range s.parts {
		if p.Shape != nil {
			d = max(d, p.Shape.totalDepth())
		}
	}
	return s.depth + d
}

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

func (l *Layout) check(data []byte) error {
	if len(data) > l.Bytes() {
		return fmt.Errorf("%w: %d bytes in a page of %d", ErrLayout, len(data), l.Bytes())
	}
	if !l.elem.raw && len(data)%l.elem.size != 0 {
		return fmt.Errorf("%w: %d bytes are not whole values of %d bytes", ErrLayout, len(data), l.elem.size)
	}
	return nil
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

// expand builds the subtree of one value of shape s from its bytes, which may
// be cut short (zero-padded).
func (s *Shape) expand(b []byte) *Node {
	nodes := make([]*Node, len(s.parts))
	for i, p := range s.parts {
		lo, hi := min(p.Offset, len(b)), min(p.Offset+p.Size, len(b))
		if p.Shape != nil {
			nodes[i] = p.Shape.expand(b[lo:hi])
		} else {
			nodes[i] = NewLeafBytes(b[lo:hi])
		}
	}
	e, err := Build(s.depth, nodes, 0)
	if err != nil {
		panic(err) // NewShape checked the parts fit
	}
	return e
}

// HashValue returns the root of the value of shape s serialized in b, which
// must be s.Size() bytes, without building nodes: what the root of a page
// holding that one value would be.
func HashValue(s *Shape, b []byte) [32]byte {
	if len(b) != s.size {
		panic("tree: HashValue of a value of another size")
	}
	if s.raw {
		var c [32]byte
		copy(c[:], b)
		return c
	}
	ar := arenaPool.Get().(*arena)
	out := ar.take(1)
	var vb valueBuf
	src := [][]byte{b}
	hashValues(s, src, out, ar, &vb, 0)
	root := out[0]
	ar.reset()
	arenaPool.Put(ar)
	return root
}
