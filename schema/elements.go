package schema

import (
	"fmt"
	"math/bits"

	"github.com/ssztree/ssztree/tree"
)

// maxPageDepth caps a page at 16 values (or 16 chunks of packed values),
// whatever their byte size: each value is at least one chunk to hash, and a
// change re-hashes its whole page. 16 chunks (512 bytes) of packed values
// halve the hashing of scattered single changes (1,000 random balances:
// 15 pair hashes a page instead of 31) for 0.1 % more memory than 32
// (BenchmarkStateChanges in package capella).
const maxPageDepth = 4

// maxBytePageDepth caps the pages of byte lists and byte vectors (opaque
// data: transactions, extra data) at 128 chunks (4 KiB): they are written
// whole, not byte by byte, so larger pages cost nothing per change and make
// decoding them an eighth of the nodes (a 1 MiB byte list decodes in 256
// pages, not 2,048).
const maxBytePageDepth = 7

// chunkLayouts[d] is the layout of pages of 2^d chunks of packed bytes.
var chunkLayouts = func() (ls [maxBytePageDepth + 1]*tree.Layout) {
	for d := range ls {
		ls[d] = must(tree.NewLayout(tree.ChunkShape, d))
	}
	return ls
}()

// must is Must for values built from definitions known to be valid.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// elements describes how a vector or a list stores its elements: packed into
// chunks (basic elements), in pages of whole values (compact fixed-size
// elements), or one subtree per element.
type elements struct {
	elem   Type
	packed bool
	// esize is the size of a fixed-size element, 0 for variable-size ones.
	esize int
	// depth is the depth of the data tree: down to chunks when packed, to
	// element roots otherwise.
	depth int
	// layout is the layout of the pages at the bottom of the data tree, or
	// nil when each element is a subtree of its own.
	layout *tree.Layout
}

func newElements(elem Type, capacity uint64) (elements, error) {
	if elem == nil {
		return elements{}, fmt.Errorf("%w: nil element type", ErrIllegalType)
	}
	e := elements{elem: elem}
	if elem.IsFixedSize() {
		e.esize = elem.FixedSize()
	}
	if isBasic(elem) {
		e.packed = true
		e.depth = depthOf(packedChunks(capacity, e.esize))
		pd := maxPageDepth
		if u, ok := elem.(*Uint); ok && u.IsByte() {
			pd = maxBytePageDepth
		}
		e.layout = chunkLayouts[min(e.depth, pd)]
		return e, nil
	}
	e.depth = depthOf(capacity)
	if s := elem.shape(); s != nil {
		l, err := e.pageLayout(s)
		if err != nil {
			return elements{}, err
		}
		e.layout = l
	}
	return e, nil
}

// cachedPageBytes bounds the bytes of a page of composite values that keeps
// the roots of its groups of values (see [tree.NewCachedLayout]), and
// groupBytes is the least a group holds, so that the roots cost at most 32
// bytes per 192 of values. A page of 16 validators (1,936 bytes) keeps the
// roots of its 8 pairs: a proof of a validator's field hashes the validator
// and its neighbour and the page's upper levels (18 pair hashes), not the
// other 15 validators (136); re-hashing a page after one validator changed
// hashes one pair too. Pages twice the size of pageBytes pay for the roots
// with half the page nodes: the live heap of a 1,000,000-validator state is
// lower than with pages of 8 validators and no roots.
const (
	cachedPageBytes = 2048
	groupBytes      = 192
)

// pageLayout returns the layout of pages of e's composite values of shape
// s: pages that keep the roots of their groups where a page holds more
// than one group, plain pages of at most pageBytes otherwise.
func (e *elements) pageLayout(s *tree.Shape) (*tree.Layout, error) {
	if isRaw(s) {
		if s.Size() == 32 {
			s = tree.ChunkShape
		}
	} else {
		pd := max(0, min(bits.Len(uint(cachedPageBytes/e.esize))-1, maxPageDepth, e.depth))
		gd := 0
		for e.esize<<uint(gd) < groupBytes {
			gd++
		}
		if gd < pd {
			return tree.NewCachedLayout(s, pd, gd)
		}
	}
	pd := max(0, min(bits.Len(uint(pageBytes/e.esize))-1, maxPageDepth, e.depth))
	return tree.NewLayout(s, pd)
}

// packedChunks returns the chunks n packed values of size bytes fill.
func packedChunks(n uint64, size int) uint64 {
	hi, lo := bits.Mul64(n, uint64(size))
	if hi != 0 {
		return 1 << 59 // beyond any real limit; keeps depthOf meaningful
	}
	return lo/32 + min(1, lo%32)
}

// chunkCount is the spec's chunk_count for capacity elements.
func (e *elements) chunkCount(capacity uint64) uint64 {
	if e.packed {
		return packedChunks(capacity, e.esize)
	}
	return capacity
}

// PageLayout returns the layout of the pages at the bottom of the data tree,
// or nil when each element is a subtree of its own.
func (e *elements) PageLayout() *tree.Layout { return e.layout }

// DataDepth returns the depth of the data tree: down to chunks for basic
// elements, to element roots otherwise.
func (e *elements) DataDepth() int { return e.depth }

// Elem returns the element type.
func (e *elements) Elem() Type { return e.elem }

// buildFixed validates and builds the data tree of n fixed-size elements
// serialized in b (n*esize bytes); for a list (list set), the list's tree:
// the data tree with n mixed in, built together. With keep set, pages of
// elements are built over one copy of b, made once b is checked, which
// they own and buildFixed returns (see [DecodeKept]); otherwise kept is
// nil.
func (e *elements) buildFixed(t Type, b []byte, n, at int, list, keep bool) (node *tree.Node, kept []byte, err error) {
	if err := e.validateFixed(b, n, at); err != nil {
		return nil, nil, err
	}
	if e.layout != nil {
		switch {
		case keep:
			kept = append([]byte(nil), b...)
			if list {
				node, err = tree.BuildPagesMixInOwned(e.layout, e.depth, kept, uint64(n))
			} else {
				node, err = tree.BuildPagesOwned(e.layout, e.depth, kept)
			}
		case list:
			node, err = tree.BuildPagesMixIn(e.layout, e.depth, b, uint64(n))
		default:
			node, err = tree.BuildPages(e.layout, e.depth, b)
		}
		return node, kept, err
	}
	nodes := make([]*tree.Node, n)
	for i := range nodes {
		var err error
		if nodes[i], err = e.elem.decode(b[i*e.esize:(i+1)*e.esize], at+i*e.esize); err != nil {
			return nil, nil, inField(err, IndexStep(uint64(i)))
		}
	}
	node, err = e.build(nodes, list)
	return node, nil, err
}

// build returns the data tree over nodes, the elements' trees, or for a
// list (list set) the list's tree.
func (e *elements) build(nodes []*tree.Node, list bool) (*tree.Node, error) {
	if list {
		return tree.BuildMixIn(e.depth, nodes, 0, uint64(len(nodes)))
	}
	return tree.Build(e.depth, nodes, 0)
}

// buildVariable builds the data tree of variable-size elements serialized in
// b, starting at the given offsets; for a list (list set), the list's tree.
func (e *elements) buildVariable(b []byte, offsets []int, at int, list bool) (*tree.Node, error) {
	if inner, ok := e.elem.(*List); ok && inner.packed {
		return e.buildPackedLists(inner, b, offsets, at, list)
	}
	nodes := make([]*tree.Node, len(offsets))
	for i, off := range offsets {
		end := len(b)
		if i+1 < len(offsets) {
			end = offsets[i+1]
		}
		var err error
		if nodes[i], err = e.elem.decode(b[off:end], at+off); err != nil {
			return nil, inField(err, IndexStep(uint64(i)))
		}
	}
	return e.build(nodes, list)
}

// buildPackedLists is buildVariable for elements that are lists of basic
// values (a payload's transactions): each element is checked as
// List.decode checks it, all of them before anything is allocated for
// their trees (a rejected input costs no more than its offsets and nodes),
// and their trees are built together by tree.BuildPagesMixIns, a few
// allocations for many short lists; an empty one is the list type's shared
// default, as List.decode makes it.
func (e *elements) buildPackedLists(inner *List, b []byte, offsets []int, at int, list bool) (*tree.Node, error) {
	for i, off := range offsets {
		end := len(b)
		if i+1 < len(offsets) {
			end = offsets[i+1]
		}
		p := b[off:end]
		if len(p) == 0 {
			continue
		}
		if _, err := inner.count(p, at+off); err != nil {
			return nil, inField(err, IndexStep(uint64(i)))
		}
		if inner.elem.needsCheck() {
			if err := checkBools(p, at+off); err != nil {
				return nil, inField(err, IndexStep(uint64(i)))
			}
		}
	}
	nodes := make([]*tree.Node, len(offsets))
	empty := inner.Default()
	for i := range nodes {
		nodes[i] = empty
	}
	if err := tree.BuildPagesMixIns(nodes, inner.layout, inner.depth, b, offsets, inner.esize); err != nil {
		return nil, treeError(inner, "%v", err)
	}
	return e.build(nodes, list)
}

// readOffsets reads the n offsets at the start of b that point to n
// variable-size parts, and checks them: the first is 4n, the end of the
// offsets; none goes backwards or past the end of b.
func readOffsets(t Type, b []byte, n, at int) ([]int, error) {
	if err := checkOffsets(t, b, n, at); err != nil {
		return nil, err
	}
	offsets := make([]int, n)
	for i := range offsets {
		offsets[i] = int(le32(b[4*i:]))
	}
	return offsets, nil
}

// checkOffsets checks the n offsets at the start of b as readOffsets does,
// without keeping them.
func checkOffsets(t Type, b []byte, n, at int) error {
	if len(b) < 4*n {
		return decodeError(t, at, ErrSize, "%d bytes cannot hold %d offsets", len(b), n)
	}
	prev := 4 * n
	for i := 0; i < n; i++ {
		off := le32(b[4*i:])
		switch {
		case i == 0 && off != int64(4*n):
			return decodeError(t, at, ErrOffset, "first offset %d, want %d (the end of the offsets)", off, 4*n)
		case off < int64(prev):
			return decodeError(t, at+4*i, ErrOffset, "offset %d of element %d is below the previous %d", off, i, prev)
		case off > int64(len(b)):
			return decodeError(t, at+4*i, ErrOffset, "offset %d of element %d is past the end (%d bytes)", off, i, len(b))
		}
		prev = int(off)
	}
	return nil
}

// validateParts checks the n variable-size elements of type elem
// serialized in b, whose offsets checkOffsets has checked, as decoding
// them does, with the same errors, building nothing.
func validateParts(elem Type, b []byte, n, at int) error {
	for i := 0; i < n; i++ {
		off := int(le32(b[4*i:]))
		end := len(b)
		if i+1 < n {
			end = int(le32(b[4*(i+1):]))
		}
		if err := elem.validate(b[off:end], at+off); err != nil {
			return inField(err, IndexStep(uint64(i)))
		}
	}
	return nil
}

// validateFixed checks the n fixed-size elements serialized in b as
// buildFixed does, building nothing.
func (e *elements) validateFixed(b []byte, n, at int) error {
	if !e.elem.needsCheck() {
		return nil
	}
	if e.packed {
		return checkBools(b, at)
	}
	for i := 0; i < n; i++ {
		if err := e.elem.validate(b[i*e.esize:(i+1)*e.esize], at+i*e.esize); err != nil {
			return inField(err, IndexStep(uint64(i)))
		}
	}
	return nil
}

// encode appends the serialization of the first n elements of the data tree.
func (e *elements) encode(t Type, dst []byte, data *tree.Node, n int) ([]byte, error) {
	if e.layout != nil {
		out, err := tree.AppendData(dst, data, e.depth, e.layout, n*e.esize)
		if err != nil {
			return dst, treeError(t, "%v", err)
		}
		return out, nil
	}
	start := len(dst)
	if e.esize == 0 {
		dst = append(dst, make([]byte, 4*n)...)
	}
	// The elements' trees a window at a time, in an array on the stack:
	// no slice of n nodes.
	var window [walkWindow]*tree.Node
	inner, packedLists := e.elem.(*List)
	packedLists = packedLists && inner.layout != nil
	for from := 0; from < n; from += walkWindow {
		nodes := window[:min(walkWindow, n-from)]
		if err := tree.Fill(nodes, data, e.depth, uint64(from)); err != nil {
			return dst, treeError(t, "%v", err)
		}
		if packedLists {
			var err error
			if dst, err = encodePackedLists(t, inner, dst, start, from, nodes); err != nil {
				return dst, err
			}
			continue
		}
		for j, nd := range nodes {
			i := from + j
			if e.esize == 0 {
				if err := putOffset(t, dst[start+4*i:], len(dst)-start); err != nil {
					return dst, err
				}
			}
			var err error
			if dst, err = e.elem.encode(dst, nd); err != nil {
				return dst, inField(err, IndexStep(uint64(i)))
			}
		}
	}
	return dst, nil
}

// encodePackedLists appends the serialization of nodes, the trees of lists
// of basic values (a payload's transactions) from element from on, and
// writes their offsets at start: the lengths of the whole window first,
// then the data, so that the reads of the lengths' leaves, each a likely
// cache miss, overlap rather than wait on one another and on the copies.
func encodePackedLists(t Type, inner *List, dst []byte, start, from int, nodes []*tree.Node) ([]byte, error) {
	var datas [walkWindow]*tree.Node
	var lengths [walkWindow]uint64
	for j, nd := range nodes {
		var err error
		if datas[j], lengths[j], err = splitLength(inner, nd, inner.limit); err != nil {
			return dst, inField(err, IndexStep(uint64(from+j)))
		}
	}
	for j := range nodes {
		if err := putOffset(t, dst[start+4*(from+j):], len(dst)-start); err != nil {
			return dst, err
		}
		out, err := tree.AppendData(dst, datas[j], inner.depth, inner.layout, int(lengths[j])*inner.esize)
		if err != nil {
			return dst, inField(treeError(inner, "%v", err), IndexStep(uint64(from+j)))
		}
		dst = out
	}
	return dst, nil
}

// walkWindow is how many elements' trees encode and size take from the
// data tree at once (tree.Fill), in an array on the stack: each window
// costs a descent from the top, 64 elements make it a small share.
const walkWindow = 64

// putOffset writes an offset, which must fit in 4 bytes.
func putOffset(t Type, b []byte, off int) error {
	if uint64(off) > 0xffffffff {
		return &Error{Top: t.String(), Type: t.String(), Offset: -1, Err: ErrSize, Detail: fmt.Sprintf("offset %d does not fit in 4 bytes", off)}
	}
	putLE32(b, off)
	return nil
}

// size returns the serialized size of the first n elements of the data tree.
func (e *elements) size(t Type, data *tree.Node, n int) (int, error) {
	if e.esize > 0 {
		return n * e.esize, nil
	}
	total := 4 * n
	var window [walkWindow]*tree.Node
	for from := 0; from < n; from += walkWindow {
		nodes := window[:min(walkWindow, n-from)]
		if err := tree.Fill(nodes, data, e.depth, uint64(from)); err != nil {
			return 0, treeError(t, "%v", err)
		}
		for j, nd := range nodes {
			s, err := e.elem.size(nd)
			if err != nil {
				return 0, inField(err, IndexStep(uint64(from+j)))
			}
			total += s
		}
	}
	return total, nil
}

// zeroData returns the data tree of n default elements.
func (e *elements) zeroData(n uint64) *tree.Node {
	if e.packed || e.layout != nil && e.layout.Elem() == tree.ChunkShape {
		return tree.Zero(e.depth)
	}
	if e.layout != nil {
		return must(tree.BuildPages(e.layout, e.depth, make([]byte, int(n)*e.esize)))
	}
	nodes := make([]*tree.Node, n)
	def := e.elem.Default()
	for i := range nodes {
		nodes[i] = def
	}
	return must(tree.Build(e.depth, nodes, 0))
}

// elemPosition returns the position below the data tree's root of element i,
// and the element's type, for generalized indices.
func (e *elements) elemPosition(i uint64) (uint64, Type) {
	if e.packed {
		return i * uint64(e.esize) / 32, e.elem
	}
	return i, e.elem
}

// packedShape returns the shape of size bytes of packed data: a chunk part
// each.
func packedShape(size int) *tree.Shape {
	chunks := (size + 31) / 32
	segs := make([]tree.Segment, chunks)
	for i := range segs {
		segs[i] = tree.Segment{Offset: 32 * i, Size: min(32, size-32*i)}
	}
	return must(tree.NewShape(size, depthOf(uint64(chunks)), segs))
}
