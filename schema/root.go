package schema

import (
	"encoding/binary"
	"runtime"
	"slices"
	"sync"

	"github.com/ssztree/ssztree/tree"
)

// Root returns the hash_tree_root of the value of type t serialized in b,
// computed from the bytes without building the value's tree: for a value
// hashed once and dropped (a gossip object), a tree's nodes are work that
// nothing reads again. Invalid input gives the error [Validate] returns.
//
// Root lays the value's Merkle tree out as a list of pair hashes, each
// naming its two inputs, and hashes them by height: every pair whose
// inputs are known goes into one batch, so that the deepest chain of the
// value (a bitlist's padding, say) sets the number of calls of the
// hashing kernel, not the number of chunks or of composite values. With
// GOMAXPROCS above 1, a value of at least 64 KiB has the values of its
// large lists (a block's transactions and attestations) hashed in runs
// apart, on up to GOMAXPROCS goroutines, before the rest; otherwise it
// hashes on the calling goroutine only.
func Root(t Type, b []byte) ([32]byte, error) {
	if err := Validate(t, b); err != nil {
		return [32]byte{}, err
	}
	m := merklePool.Get().(*merkle)
	m.split = len(b) >= splitBytes && runtime.GOMAXPROCS(0) > 1
	root := m.root(t, b)
	m.reset()
	merklePool.Put(m)
	return root, nil
}

// merklePool keeps Root's scratch between calls. A pooled merkle that grew
// past maxPooledVals is dropped instead: one large value must not leave
// its scratch held for the small ones.
var merklePool = sync.Pool{New: func() any { return new(merkle) }}

// maxPooledVals bounds the leaves and pair outputs a pooled merkle keeps
// room for: 2 MiB of them, what a value of 1 MiB lays out (a blob
// sidecar's 128 KiB lay out 8,200).
const maxPooledVals = 1 << 16

// A ref names a 32-byte value of a merkle by its height h: the output of
// pair i of height h when h > 0, leaf i when h is 0, the root of the zero
// subtree of depth i when h is negative. A value of up to 32 GiB lays out
// fewer than 2^31 leaves or pairs of a height.
type ref struct{ h, i int32 }

func zeroRef(depth int) ref { return ref{-1, int32(depth)} }

// height returns the height of the value r names: 0 for a leaf or a zero
// subtree, whose roots are known before any hash.
func (r ref) height() int32 { return max(r.h, 0) }

// A pair is one hash of the layout, of its left and right inputs; its
// output is named by its height and its index among the pairs of that
// height.
type pair struct{ left, right ref }

// merkle is the Merkle layout of one value, built by a walk over its bytes
// and then hashed by height. The pairs are kept by height as they are
// laid out (a pair's height is known then: one more than its higher
// input's), and each height's outputs are hashed into a buffer of their
// own in that order: a batch of the kernel is gathered from the heights
// below and written where the heights above read it, with no pass that
// sorts the pairs by height and none that copies outputs back.
type merkle struct {
	leaves [][32]byte   // leaf chunks
	levels [][]pair     // levels[h]: the pairs of height h, levels[0] unused
	outs   [][][32]byte // outs[h][i]: the output of levels[h][i], once hashed
	stack  []ref        // the roots of the parts of the composite values being walked
	in     [][32]byte   // the inputs of one height's batch

	split bool   // values of many bytes together may be hashed apart (splitElements)
	tasks []task // the values to hash apart before the layout is hashed
}

func (m *merkle) reset() {
	vals := cap(m.leaves)
	for _, o := range m.outs {
		vals += cap(o)
	}
	if vals > maxPooledVals {
		*m = merkle{}
		return
	}
	m.leaves, m.stack = m.leaves[:0], m.stack[:0]
	m.split = false
	for i := range m.levels {
		m.levels[i] = m.levels[i][:0]
	}
}

// root lays out the value of type t serialized in b, which was validated,
// hashes its pairs and returns its root.
func (m *merkle) root(t Type, b []byte) [32]byte {
	// Room for what most values lay out, at once rather than by growing:
	// a leaf per 32 bytes, and a little more for small values whose
	// fields pad to a power of two.
	m.leaves = slices.Grow(m.leaves, len(b)/32+16)
	r := m.value(t, b)
	if len(m.tasks) > 0 {
		m.runTasks()
	}
	m.hash()
	return m.val(r)
}

func (m *merkle) val(r ref) [32]byte {
	switch {
	case r.h > 0:
		return m.outs[r.h][r.i]
	case r.h == 0:
		return m.leaves[r.i]
	}
	return tree.ZeroRoot(int(r.i))
}

// leaf adds the chunk of b (at most 32 bytes, zero-padded).
func (m *merkle) leaf(b []byte) ref {
	var c [32]byte
	copy(c[:], b)
	m.leaves = append(m.leaves, c)
	return ref{0, int32(len(m.leaves) - 1)}
}

func (m *merkle) leafUint64(v uint64) ref {
	var c [8]byte
	binary.LittleEndian.PutUint64(c[:], v)
	return m.leaf(c[:])
}

// pairOf adds the hash of left || right.
func (m *merkle) pairOf(left, right ref) ref {
	h := max(left.height(), right.height()) + 1
	for int(h) >= len(m.levels) {
		m.levels = append(m.levels, nil)
	}
	m.levels[h] = append(m.levels[h], pair{left, right})
	return ref{h, int32(len(m.levels[h]) - 1)}
}

// merkleize returns the root of the subtree of the given depth whose first
// leaves are refs, zero after them; it overwrites refs.
func (m *merkle) merkleize(refs []ref, depth int) ref {
	return m.merkleizeFrom(refs, 0, depth)
}

// merkleizeFrom returns the root of the subtree of the given depth whose
// first nodes at height from are refs (each the root of a subtree of depth
// from), zero subtrees after them; it overwrites refs.
func (m *merkle) merkleizeFrom(refs []ref, from, depth int) ref {
	if len(refs) == 0 {
		return zeroRef(depth)
	}
	n := len(refs)
	for level := from; level < depth; level++ {
		half := (n + 1) / 2
		for i := range half {
			right := zeroRef(level)
			if 2*i+1 < n {
				right = refs[2*i+1]
			}
			refs[i] = m.pairOf(refs[2*i], right)
		}
		n = half
	}
	return refs[0]
}

// pushChunks pushes a leaf for each chunk of b, the last zero-padded, and
// returns where they start on the stack.
func (m *merkle) pushChunks(b []byte) int {
	mark := len(m.stack)
	for off := 0; off < len(b); off += 32 {
		m.stack = append(m.stack, m.leaf(b[off:min(off+32, len(b))]))
	}
	return mark
}

// packed returns the root of the subtree of the given depth over the
// chunks of b, or of merkleize_progressive over them when depth < 0.
func (m *merkle) packed(b []byte, depth int) ref {
	mark := m.pushChunks(b)
	r := m.over(m.stack[mark:], depth)
	m.stack = m.stack[:mark]
	return r
}

// over is merkleize over refs to the given depth, or progressive when
// depth < 0.
func (m *merkle) over(refs []ref, depth int) ref {
	if depth < 0 {
		return m.progressive(refs)
	}
	return m.merkleize(refs, depth)
}

// progressive returns the root of merkleize_progressive over refs: subtree
// k, of depth 2k, over the next 4^k of them, each hashed with the spine
// after it, the last with a zero chunk. It overwrites refs.
func (m *merkle) progressive(refs []ref) ref {
	var subtrees [tree.ProgressiveLevels]ref
	k := 0
	for off := 0; off < len(refs); k++ {
		end := min(len(refs), off+1<<(2*k))
		subtrees[k] = m.merkleize(refs[off:end], 2*k)
		off = end
	}
	r := zeroRef(0)
	for k--; k >= 0; k-- {
		r = m.pairOf(subtrees[k], r)
	}
	return r
}

// bits returns the root of the bits of the bitlist of type t serialized
// in b, without its delimiter (over as packed), and their number.
func (m *merkle) bits(t Type, b []byte, depth int) (ref, uint64) {
	n := must(bitlistCount(t, b, 0))
	data := b[:(n+7)/8]
	mark := m.pushChunks(data)
	if n%8 != 0 {
		// The delimiter shares the last byte with data bits.
		last := &m.leaves[m.stack[len(m.stack)-1].i]
		last[(len(data)-1)%32] &^= 1 << (n % 8)
	}
	r := m.over(m.stack[mark:], depth)
	m.stack = m.stack[:mark]
	return r, n
}

// elementRoots pushes the roots of the n fixed-size values of type elem
// serialized in b, or of the variable-size ones whose offsets begin b when
// size is 0, and returns where they start on the stack.
func (m *merkle) elementRoots(elem Type, b []byte, n, size int) int {
	mark := len(m.stack)
	for i := range n {
		r := m.value(elem, elementPart(b, i, n, size))
		m.stack = append(m.stack, r)
	}
	return mark
}

// elementPart returns the serialization of value i of the n values of
// elementRoots.
func elementPart(b []byte, i, n, size int) []byte {
	if size > 0 {
		return b[i*size : (i+1)*size]
	}
	start, end := int(le32(b[4*i:])), len(b)
	if i+1 < n {
		end = int(le32(b[4*i+4:]))
	}
	return b[start:end]
}

// elements returns the root of the data tree of a list or vector of n
// values described by e and serialized in b, to depth (progressive when
// depth < 0).
func (m *merkle) elements(e *elements, b []byte, n, depth int) ref {
	if e.packed {
		return m.packed(b, depth)
	}
	if m.split && len(b) >= splitListBytes {
		// Values of many bytes together are hashed apart, on other
		// goroutines: their roots are leaves Root fills before it
		// hashes the rest. A single value makes a task too, which
		// runs beside the other tasks.
		return m.splitElements(e.elem, b, n, e.esize, depth)
	}
	mark := m.elementRoots(e.elem, b, n, e.esize)
	r := m.over(m.stack[mark:], depth)
	m.stack = m.stack[:mark]
	return r
}

// countIn returns the number of values of a list whose elements are
// described by e, serialized in b.
func (e *elements) countIn(b []byte) int {
	switch {
	case e.esize > 0:
		return len(b) / e.esize
	case len(b) == 0:
		return 0
	}
	return int(le32(b) / 4)
}

// fieldRoots pushes the roots of the fields of the container value
// serialized in b and returns where they start on the stack.
func (m *merkle) fieldRoots(c *Container, b []byte) int {
	var starts [fieldsOnStack]int
	varStart := must(c.partStarts(starts[:0], b, 0))
	mark := len(m.stack)
	k := 0 // the next variable-size field
	for i, f := range c.fields {
		part, _ := c.fieldPart(b, varStart, i, &k)
		r := m.value(f.Type, part)
		m.stack = append(m.stack, r)
	}
	return mark
}

// value lays out the value of type t serialized in b and returns its root.
func (m *merkle) value(t Type, b []byte) ref {
	switch t := t.(type) {
	case *Uint, *Bool:
		return m.leaf(b)
	case *Bitvector:
		return m.packed(b, t.depth)
	case *Bitlist:
		data, n := m.bits(t, b, t.depth)
		return m.pairOf(data, m.leafUint64(n))
	case *Vector:
		return m.elements(&t.elements, b, int(t.n), t.depth)
	case *List:
		n := t.countIn(b)
		return m.pairOf(m.elements(&t.elements, b, n, t.depth), m.leafUint64(uint64(n)))
	case *Container:
		mark := m.fieldRoots(t, b)
		r := m.merkleize(m.stack[mark:], t.depth)
		m.stack = m.stack[:mark]
		return r
	case *Union:
		data := zeroRef(0)
		if o := t.options[b[0]]; o != nil {
			data = m.value(o, b[1:])
		}
		return m.pairOf(data, m.leafUint64(uint64(b[0])))
	case *CompatibleUnion:
		return m.pairOf(m.value(t.options[b[0]], b[1:]), m.leafUint64(uint64(b[0])))
	case *ProgressiveList:
		e := &t.levels[0]
		n := e.countIn(b)
		return m.pairOf(m.elements(e, b, n, -1), m.leafUint64(uint64(n)))
	case *ProgressiveBitlist:
		data, n := m.bits(t, b, -1)
		return m.pairOf(data, m.leafUint64(n))
	case *ProgressiveContainer:
		mark := m.fieldRoots(t.fields, b)
		fields := len(m.stack) - mark
		// The leaves of active_fields: each field's root at its
		// position, zero chunks between.
		for range t.leaves {
			m.stack = append(m.stack, zeroRef(0))
		}
		leaves := m.stack[mark+fields:]
		for i, pos := range t.positions {
			leaves[pos] = m.stack[mark+i]
		}
		r := m.progressive(leaves)
		m.stack = m.stack[:mark]
		return m.pairOf(r, m.leaf(t.active[:]))
	}
	panic("schema: Root of an unknown type " + t.String())
}

// hash computes every pair's output, one batch of pair hashes per height,
// each height's inputs being outputs of the heights below.
func (m *merkle) hash() {
	for len(m.outs) < len(m.levels) {
		m.outs = append(m.outs, nil)
	}
	for h, level := range m.levels {
		if len(level) == 0 {
			continue
		}
		m.in = slices.Grow(m.in[:0], 2*len(level))[:2*len(level)]
		in := m.in
		for i, p := range level {
			in[2*i], in[2*i+1] = m.val(p.left), m.val(p.right)
		}
		m.outs[h] = slices.Grow(m.outs[h][:0], len(level))[:len(level)]
		tree.HashPairs(m.outs[h], in)
	}
}
