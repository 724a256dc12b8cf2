package tree

import (
	"maps"
	"slices"
	"sync"
	"unsafe"
)

// Where a node was allocated, as its slab field records it, so that memory
// accounting finds from any node the whole allocation it keeps alive. A Node
// has two bytes of padding after stemK and stemBelow; slab takes them, so
// recording costs no memory and no work after the node is made: tree's
// mutations never read or write it.
//
// slab is 0 for a node that is its own allocation (a [Node], or a page's node
// and header allocated together), slabStatic for the package's zero
// subtrees, which count nothing, and otherwise kind<<14 | (len-1)<<7 | at:
// the node is element at of an array of len elements, of one of the kinds
// below. Every array of nodes the package allocates is kept within
// maxSlabLen elements for this, but the pages of BuildPages (kinds
// inPageSlab and inOwnedPageSlab, not in a slab of lists): they record
// kind<<14 | at, at below maxPageSlabLen, and find the slab's length in
// their one header, ceil(len(data)/PageSize), every page holding at least
// a byte of it.
const (
	inNodeSlab      = 1 // an array of Nodes ([]Node): branches, leaves, a mix-in pair
	inPageSlab      = 2 // the nodes of BuildPages (a []Node, a []page, group roots, bytes)
	inOwnedPageSlab = 3 // the same over bytes the caller gave (BuildPagesOwned)

	slabStatic     = 0xffff
	maxSlabLen     = 128
	maxPageSlabLen = 1<<14 - 1
)

// slabTag returns the slab field of element at of an array of length n of
// the given kind.
func slabTag(kind, at, n int) uint16 {
	t := uint16(kind<<14 | (n-1)<<7 | at)
	if n > maxSlabLen || at >= n || t == slabStatic {
		panic("tree: slab outside the accounting's encoding")
	}
	return t
}

// pageSlabTag returns the slab field of page at of a slab of BuildPages of
// the given kind.
func pageSlabTag(kind, at int) uint16 {
	if at >= maxPageSlabLen || kind < inPageSlab {
		panic("tree: page slab outside the accounting's encoding")
	}
	return uint16(kind<<14 | at)
}

// inPagesSlab reports whether n is a page of a slab of BuildPages, whose
// slab field has the encoding of pageSlabTag.
func (n *Node) inPagesSlab() bool {
	_, list := n.list()
	return n.slab>>14 >= inPageSlab && n.page != nil && !list
}

func (n *Node) slabAt() int {
	if n.inPagesSlab() {
		return int(n.slab & (1<<14 - 1))
	}
	return int(n.slab & 0x7f)
}

func (n *Node) slabLen() int {
	if n.inPagesSlab() {
		per := n.page.layout.PageSize()
		return (len(n.page.data) + per - 1) / per
	}
	return int(n.slab>>7&0x7f) + 1
}

// Size classes of the Go heap. An allocation takes the smallest class that
// holds it; above maxSmallAlloc, whole runtime pages. An object with
// pointers larger than mallocHeaderMin carries an 8-byte header in front
// (runtime/malloc.go since Go 1.22: mallocHeaderSize, minSizeForMallocHeader).
const (
	maxSmallAlloc   = 32 << 10
	largePage       = 8 << 10
	mallocHeader    = 8
	mallocHeaderMin = 512
)

var (
	classesOnce sync.Once
	classes     []int // the small size classes, ascending
)

// heapSize returns the bytes the Go heap takes for an allocation of size
// bytes, with pointers or not. The small classes are read from the running
// runtime (append rounds a new slice's capacity up to its class), so they
// follow the Go release.
func heapSize(size int, pointers bool) int64 {
	if size <= 0 {
		return 0
	}
	classesOnce.Do(func() {
		for s := 1; s <= maxSmallAlloc; {
			c := cap(slices.Grow([]byte(nil), s))
			classes = append(classes, c)
			s = c + 1
		}
	})
	if pointers && size > mallocHeaderMin && size+mallocHeader <= maxSmallAlloc {
		size += mallocHeader
	}
	if size > maxSmallAlloc {
		return int64((size + largePage - 1) / largePage * largePage)
	}
	i, _ := slices.BinarySearch(classes, size)
	return int64(classes[i])
}

var (
	nodeSize     = int(unsafe.Sizeof(Node{}))
	pageSize     = int(unsafe.Sizeof(page{}))
	pageNodeSize = int(unsafe.Sizeof(pageNode{}))
)

// Memory counts the heap bytes that a set of roots holds: every node,
// page and allocation reachable from any of them, each counted once however
// many roots reach it, at the size the Go heap gives it. An array of nodes
// allocated together (decoding and bulk builds allocate nodes, pages and
// their bytes in slabs) counts whole while any of its nodes is reachable,
// since the collector frees it only then.
//
// Memory remembers what it has counted: a reference count for every node it
// reached (how many counted parents and added roots point at it) and for
// every slab (how many counted nodes lie in it). Adding a root walks only
// the nodes not counted yet, stopping at the first counted node of every
// path, so adding a snapshot that shares all but a few paths with the set
// costs those paths; removing one walks only the nodes no other root
// reaches. What Memory keeps for this is not part of [Memory.Bytes]:
// [Memory.OwnBytes] estimates it, about 20 bytes for each node it counts.
//
// A Memory holds the roots added to it, and so keeps them alive, until they
// are removed. Bytes outside the tree (a view's pending writes, the Go
// values a caller holds) are not counted. Pages made by [NewPage] count
// their bytes at cap(data), as the allocation of their own that NewPage
// expects; pages of [BuildPagesOwned] count the bytes of their slab, not
// the rest of the caller's buffer, which stays alive with them.
//
// The zero value is an empty set ready to use. A Memory is not safe for
// concurrent use; its nodes may be read and hashed by others meanwhile.
type Memory struct {
	roots map[*Node]int
	// nodes holds the counted nodes, by address. Most have one counted
	// parent or root; shared holds those that have more, with the count
	// less one, so that the set of all takes 8 bytes a slot (see addrSet).
	nodes  addrSet
	shared map[uintptr]uint32
	// allocs holds the counted allocations that nodes share (slabs, the
	// bytes of pages), with their counted nodes and size; a node that is
	// an allocation of its own counts its bytes without an entry.
	allocs map[uintptr]held
	bytes  int64
	// peak is the most entries each map (shared, allocs, roots) has held
	// since it was made: a Go map keeps the tables it grew to until it is
	// dropped.
	peak  [3]int
	stack []*Node
}

type held struct {
	nodes uint32
	bytes uint32
}

// Bytes returns the heap bytes the set holds.
func (m *Memory) Bytes() int64 { return m.bytes }

// Slot sizes of the maps of a Memory, in bytes: a key, and a value aligned
// to it.
var memorySlots = [3]int64{
	int64(unsafe.Sizeof(struct {
		k uintptr
		v uint32
	}{})), // shared
	int64(unsafe.Sizeof(struct {
		k uintptr
		v held
	}{})), // allocs
	int64(unsafe.Sizeof(struct {
		k *Node
		v int
	}{})), // roots
}

// OwnBytes returns an estimate of the heap bytes that the set's own
// bookkeeping holds, beside the trees it counts: the table of its nodes,
// and its maps' entries at their average cost, counted at the most each
// has held since it was last compacted. An entry of a Go map costs its
// slot and a control byte, in tables that are between 7/16 and 7/8 full
// (they double when full): 15/8 of that is the middle. It is within a
// third of the heap the set takes (TestMemoryOwnBytes): about 16 bytes a
// counted node, a third of a node's 64.
func (m *Memory) OwnBytes() int64 {
	b := m.nodes.bytes() + heapSize(int(unsafe.Sizeof((*Node)(nil)))*cap(m.stack), true)
	for i, p := range m.peak {
		b += int64(p) * (memorySlots[i] + 1) * 15 / 8
	}
	return b
}

// notePeak records the maps' sizes after they grew.
func (m *Memory) notePeak() {
	m.peak[0] = max(m.peak[0], len(m.shared))
	m.peak[1] = max(m.peak[1], len(m.allocs))
	m.peak[2] = max(m.peak[2], len(m.roots))
}

// compact rebuilds the maps once the entries of all three fall below a
// quarter of their peak (as an Index does, see compactBelow), so that a
// set that shrank does not keep the tables of its largest size. The
// table of nodes shrinks by itself.
func (m *Memory) compact() {
	if compactBelow*(len(m.shared)+len(m.allocs)+len(m.roots)) >= m.peak[0]+m.peak[1]+m.peak[2] {
		return
	}
	m.shared = maps.Clone(m.shared)
	m.allocs = maps.Clone(m.allocs)
	m.roots = maps.Clone(m.roots)
	m.peak = [3]int{}
	m.notePeak()
}

// Len returns the number of roots in the set, each counted as often as it
// was added.
func (m *Memory) Len() int {
	n := 0
	for _, c := range m.roots {
		n += c
	}
	return n
}

// Nodes returns the number of distinct nodes the set counts (zero subtrees
// excluded).
func (m *Memory) Nodes() int { return m.nodes.len() }

// Add adds root to the set and returns the bytes this added: those of the
// nodes and allocations no root of the set reached before. Adding a root
// already in the set adds nothing and needs as many Removes.
func (m *Memory) Add(root *Node) int64 {
	if root == nil {
		return 0
	}
	if m.roots == nil {
		m.roots = make(map[*Node]int)
		m.shared = make(map[uintptr]uint32)
		m.allocs = make(map[uintptr]held)
	}
	m.roots[root]++
	before := m.bytes
	m.stack = append(m.stack[:0], root)
	for len(m.stack) > 0 {
		n := m.pop()
		if n.slab == slabStatic {
			continue
		}
		key := uintptr(unsafe.Pointer(n))
		if !m.nodes.add(key) {
			m.shared[key]++
			continue // counted, with all below it
		}
		m.bytes += m.allocations(n, m.hold)
		switch {
		case n.right != nil:
			m.stack = append(m.stack, n.right, n.left)
		case n.left != nil:
			m.stack = append(m.stack, n.left) // a stem: the rest is zero
		}
	}
	m.notePeak()
	return m.bytes - before
}

// Remove removes root from the set, once, and returns the bytes this
// released: those no other root of the set reaches. Removing a root that
// is not in the set does nothing.
func (m *Memory) Remove(root *Node) int64 {
	c, ok := m.roots[root]
	if !ok {
		return 0
	}
	if c > 1 {
		m.roots[root] = c - 1
	} else {
		delete(m.roots, root)
	}
	before := m.bytes
	m.stack = append(m.stack[:0], root)
	for len(m.stack) > 0 {
		n := m.pop()
		if n.slab == slabStatic {
			continue
		}
		key := uintptr(unsafe.Pointer(n))
		if c, ok := m.shared[key]; ok {
			if c > 1 {
				m.shared[key] = c - 1
			} else {
				delete(m.shared, key)
			}
			continue
		}
		m.nodes.remove(key)
		m.bytes -= m.allocations(n, m.release)
		switch {
		case n.right != nil:
			m.stack = append(m.stack, n.right, n.left)
		case n.left != nil:
			m.stack = append(m.stack, n.left)
		}
	}
	m.compact()
	return before - m.bytes
}

// Extra returns the bytes that adding root would add to the set, leaving
// the set as it was.
func (m *Memory) Extra(root *Node) int64 {
	b := m.Add(root)
	m.Remove(root)
	return b
}

// Reset empties the set, letting go of its roots and of its maps.
func (m *Memory) Reset() { *m = Memory{stack: m.stack[:0]} }

// Size returns the heap bytes the subtrees of roots hold together, each
// node and allocation counted once: what [Memory.Bytes] says after adding
// them all to an empty set.
func Size(roots ...*Node) int64 {
	var m Memory
	for _, r := range roots {
		m.Add(r)
	}
	return m.bytes
}

// pop takes the last node off the walk's stack, clearing its slot so that
// the stack keeps no node alive after the walk.
func (m *Memory) pop() *Node {
	last := len(m.stack) - 1
	n := m.stack[last]
	m.stack[last] = nil
	m.stack = m.stack[:last]
	return n
}

func (m *Memory) hold(base uintptr, bytes int64) {
	h := m.allocs[base]
	if h.nodes == 0 {
		h.bytes = uint32(bytes)
		m.bytes += bytes
	}
	h.nodes++
	m.allocs[base] = h
}

func (m *Memory) release(base uintptr, _ int64) {
	h := m.allocs[base]
	if h.nodes <= 1 {
		m.bytes -= int64(h.bytes)
		delete(m.allocs, base)
		return
	}
	h.nodes--
	m.allocs[base] = h
}

// allocations calls f with the base address and heap size of every
// allocation that node n keeps alive by itself (not through its children)
// and shares with other nodes, and returns the heap size of n's own
// allocation if it is one of its own (0 in a slab). It reads the other
// elements of n's slab, which are alive while n is.
func (m *Memory) allocations(n *Node, f func(base uintptr, bytes int64)) int64 {
	at := uintptr(n.slabAt())
	switch n.slab >> 14 { // the kind
	case 0:
		if n.page == nil {
			return heapSize(nodeSize, true)
		}
		pg := n.page
		if c := cap(pg.data); c > 0 {
			f(uintptr(unsafe.Pointer(unsafe.SliceData(pg.data))), heapSize(c, false))
		}
		if pg.group0 != nil {
			f(uintptr(unsafe.Pointer(pg.group0)), heapSize(32*pg.layout.groups(), false))
		}
		return heapSize(pageNodeSize, true)
	case inNodeSlab:
		base := uintptr(unsafe.Pointer(n)) - at*uintptr(nodeSize)
		f(base, heapSize(n.slabLen()*nodeSize, true))
	case inPageSlab, inOwnedPageSlab:
		// The slab's nodes, its one header (see page), its pages' group
		// roots and bytes.
		k := n.slabLen()
		f(uintptr(unsafe.Pointer(n))-at*uintptr(nodeSize), heapSize(k*nodeSize, true))
		pg := n.page
		if n.slab>>14 == inPageSlab && n.inPagesSlab() {
			f(uintptr(unsafe.Pointer(pg)), heapSize(slabPageSize, true)) // see newSlabPage
			if m := (*slabPage)(unsafe.Pointer(pg)).replaced.Load(); m != nil {
				f(uintptr(unsafe.Pointer(m)), heapSize(8*markWords(k), false))
			}
		} else {
			f(uintptr(unsafe.Pointer(pg)), heapSize(pageSize, true))
		}
		if pg.group0 != nil {
			f(uintptr(unsafe.Pointer(pg.group0)), heapSize(32*k*pg.layout.groups(), false))
		}
		if c := cap(pg.data); c > 0 {
			base := uintptr(unsafe.Pointer(unsafe.SliceData(pg.data)))
			if n.slab>>14 == inOwnedPageSlab {
				f(base, int64(c)) // a part of the caller's buffer
			} else {
				f(base, heapSize(c, false))
			}
		}
	}
	return 0
}
