package schema

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ssztree/ssztree/tree"
)

// ProgressiveList is the type ProgressiveList[T] of EIP-7916: any number of
// values of type T, without a limit. ProgressiveList[byte] is
// ProgressiveByteList. Its tree is a branch over the progressive tree of its
// chunks or element roots (see package tree: subtrees of 1, 4, 16...
// leaves along a right spine, each holding pages at its bottom like a
// list's data tree) and a leaf holding the length (mix_in_length).
type ProgressiveList struct {
	common
	// levels[k] describes subtree k, of depth 2k.
	levels [tree.ProgressiveLevels]elements
}

// progressiveLayoutLevels is the number of subtrees whose page layouts
// differ: from subtree 4 (depth 8) on, every page layout has reached its
// largest depth (maxBytePageDepth), and deeper subtrees share it.
const progressiveLayoutLevels = 5

// NewProgressiveList returns the type ProgressiveList[elem].
func NewProgressiveList(elem Type) (*ProgressiveList, error) {
	l := &ProgressiveList{}
	for k := range l.levels {
		if k < progressiveLayoutLevels {
			capacity := uint64(1) << (2 * uint(k))
			if isBasic(elem) && elem != nil {
				capacity = capacity * 32 / uint64(elem.FixedSize())
			}
			e, err := newElements(elem, capacity)
			if err != nil {
				return nil, err
			}
			// Larger pages for packed integers (byte lists have their own).
			if e.packed && e.layout.Depth() == maxPageDepth && e.depth > maxPageDepth {
				e.layout = chunkLayouts[progressivePageDepth]
			}
			l.levels[k] = e
		} else {
			l.levels[k] = l.levels[progressiveLayoutLevels-1]
		}
		l.levels[k].depth = 2 * k
	}
	l.common.t = l
	return l, nil
}

// NewProgressiveByteList returns the type ProgressiveByteList:
// ProgressiveList[byte].
func NewProgressiveByteList() (*ProgressiveList, error) { return NewProgressiveList(Byte) }

// Elem returns the element type.
func (l *ProgressiveList) Elem() Type { return l.levels[0].elem }

// String implements [Type].
func (l *ProgressiveList) String() string {
	if l.Elem() == Byte {
		return "ProgressiveByteList"
	}
	return fmt.Sprintf("ProgressiveList[%v]", l.Elem())
}

// IsFixedSize implements [Type].
func (l *ProgressiveList) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (l *ProgressiveList) FixedSize() int { return 0 }

// MinSize implements [Type].
func (l *ProgressiveList) MinSize() uint64 { return 0 }

// MaxSize implements [Type]: a progressive list has no limit.
func (l *ProgressiveList) MaxSize() uint64 { return math.MaxUint64 }

// ChunkCount implements [Type]: a progressive list has no limit, and
// merkleize_progressive takes no chunk count; it returns 0.
func (l *ProgressiveList) ChunkCount() uint64 { return 0 }

// Depth implements [Type]: a progressive tree has no single depth; it
// returns 0, the depth of its first subtree.
func (l *ProgressiveList) Depth() int              { return 0 }
func (l *ProgressiveList) shape() *tree.Shape      { return nil }
func (l *ProgressiveList) needsCheck() bool        { return true }
func (l *ProgressiveList) makeDefault() *tree.Node { return tree.NewMixIn(tree.Zero(0), 0) }

func (l *ProgressiveList) validate(b []byte, at int) error {
	e := &l.levels[0]
	if e.esize > 0 {
		n, err := l.fixedCount(b, at)
		if err != nil {
			return err
		}
		return e.validateFixed(b, n, at)
	}
	if len(b) == 0 {
		return nil
	}
	n, err := l.variableCount(b, at)
	if err != nil {
		return err
	}
	if err := checkOffsets(l, b, n, at); err != nil {
		return err
	}
	return validateParts(e.elem, b, n, at)
}

// sharedCopyBytes bounds the progressive lists of fixed-size elements whose
// subtrees' pages share one copy of their bytes (see decode).
const sharedCopyBytes = 256 << 10

// fixedCount returns the number of fixed-size elements serialized in b,
// which must be whole elements that the progressive tree holds.
func (l *ProgressiveList) fixedCount(b []byte, at int) (int, error) {
	e := &l.levels[0]
	if len(b)%e.esize != 0 {
		return 0, decodeError(l, at, ErrSize, "%d bytes are not whole elements of %d bytes", len(b), e.esize)
	}
	n := len(b) / e.esize
	if tree.ProgressiveSubtrees(l.leaves(uint64(n))) > tree.ProgressiveLevels {
		return 0, decodeError(l, at, ErrSize, "%d elements, more than %d subtrees hold", n, tree.ProgressiveLevels)
	}
	return n, nil
}

// variableCount returns the number of variable-size elements serialized
// in b, which is not empty, from its first offset: as many as the
// progressive tree holds.
func (l *ProgressiveList) variableCount(b []byte, at int) (int, error) {
	n, err := firstOffsetCount(l, b, at)
	if err != nil {
		return 0, err
	}
	if tree.ProgressiveSubtrees(uint64(n)) > tree.ProgressiveLevels {
		return 0, decodeError(l, at, ErrSize, "%d elements, more than %d subtrees hold", n, tree.ProgressiveLevels)
	}
	return n, nil
}

// leaves returns the number of leaves (chunks or element roots) of n
// elements.
func (l *ProgressiveList) leaves(n uint64) uint64 {
	return l.levels[0].chunkCount(n)
}

// span returns the elements subtree k holds, and the bytes they take when
// they are fixed-size.
func (l *ProgressiveList) span(k int) uint64 {
	leaves := uint64(1) << (2 * uint(k))
	if l.levels[0].packed {
		return leaves * 32 / uint64(l.levels[0].esize)
	}
	return leaves
}

func (l *ProgressiveList) decode(b []byte, at int) (*tree.Node, error) {
	e := &l.levels[0]
	var n int
	var subtrees []*tree.Node
	if e.esize > 0 {
		var err error
		if n, err = l.fixedCount(b, at); err != nil {
			return nil, err
		}
		if err := e.validateFixed(b, n, at); err != nil {
			return nil, err
		}
		if e.layout != nil {
			// A small list: one copy of the bytes, which every subtree's
			// pages own, not a copy per subtree: a block's lists of a few
			// subtrees each decode in one allocation of bytes. A large
			// one (a state's): its pages copied slab by slab, as a bounded
			// list's are, so that a few pages left of a slab whose others
			// its changes replaced pin that slab (and not for long:
			// tree.Supersede), not the whole list.
			own := b
			if len(b) <= sharedCopyBytes {
				own = append([]byte(nil), b...)
			}
			for k, off := 0, 0; off < len(own); k++ {
				end := min(len(own), off+int(l.span(k))*e.esize)
				var sub *tree.Node
				var err error
				if len(b) <= sharedCopyBytes {
					sub, err = tree.BuildPagesOwned(l.levels[k].layout, 2*k, own[off:end:end])
				} else {
					sub, err = tree.BuildPages(l.levels[k].layout, 2*k, own[off:end])
				}
				if err != nil {
					return nil, err
				}
				subtrees = append(subtrees, sub)
				off = end
			}
			return tree.NewMixIn(tree.NewProgressive(subtrees), uint64(n)), nil
		}
		nodes := make([]*tree.Node, n)
		for i := range nodes {
			var err error
			if nodes[i], err = e.elem.decode(b[i*e.esize:(i+1)*e.esize], at+i*e.esize); err != nil {
				return nil, inField(err, IndexStep(uint64(i)))
			}
		}
		return l.fromNodes(nodes)
	}
	if len(b) == 0 {
		return l.Default(), nil
	}
	n, err := l.variableCount(b, at)
	if err != nil {
		return nil, err
	}
	offsets, err := readOffsets(l, b, n, at)
	if err != nil {
		return nil, err
	}
	nodes := make([]*tree.Node, n)
	for i, off := range offsets {
		end := len(b)
		if i+1 < len(offsets) {
			end = offsets[i+1]
		}
		if nodes[i], err = e.elem.decode(b[off:end], at+off); err != nil {
			return nil, inField(err, IndexStep(uint64(i)))
		}
	}
	return l.fromNodes(nodes)
}

// fromNodes returns the tree of the list whose elements' trees are nodes.
func (l *ProgressiveList) fromNodes(nodes []*tree.Node) (*tree.Node, error) {
	var subtrees []*tree.Node
	for k, off := 0, 0; off < len(nodes); k++ {
		end := min(len(nodes), off+int(l.span(k)))
		sub, err := tree.Build(2*k, nodes[off:end], 0)
		if err != nil {
			return nil, err
		}
		subtrees = append(subtrees, sub)
		off = end
	}
	return tree.NewMixIn(tree.NewProgressive(subtrees), uint64(len(nodes))), nil
}

// Length returns the length of the list whose tree is n.
func (l *ProgressiveList) Length(n *tree.Node) (int, error) {
	_, length, err := l.parts(n)
	return length, err
}

// Split returns the progressive data tree and the length of the list whose
// tree is n.
func (l *ProgressiveList) Split(n *tree.Node) (data *tree.Node, length uint64, err error) {
	return splitLength(l, n, math.MaxInt32)
}

// SubtreeLayout returns the layout of the pages at the bottom of subtree k
// (of depth 2k) of the progressive data tree, or nil when each element is a
// subtree of its own. It panics if k is not below tree.ProgressiveLevels.
func (l *ProgressiveList) SubtreeLayout(k int) *tree.Layout { return l.levels[k].layout }

func (l *ProgressiveList) parts(n *tree.Node) (*tree.Node, int, error) {
	data, length, err := splitLength(l, n, math.MaxInt32)
	return data, int(length), err
}

// subtrees appends to buf the subtrees of the data tree that hold n
// elements; buf may be an array of tree.ProgressiveLevels on the caller's
// stack, which holds them all.
func (l *ProgressiveList) subtrees(buf []*tree.Node, data *tree.Node, n int) ([]*tree.Node, error) {
	subs, err := tree.ProgressiveParts(buf, data, tree.ProgressiveSubtrees(l.leaves(uint64(n))))
	if err != nil {
		return nil, treeError(l, "%v", err)
	}
	return subs, nil
}

// eachElement calls fn with the index and the tree of each of the n
// elements held by subs (the data tree's subtrees), in order, for elements
// not stored in pages, until fn fails. It takes the trees a window at a
// time into an array on its stack (tree.Fill), so that walking the
// elements takes no slice of n nodes; fn gets one node at a time since a
// slice passed to a function value would move the array to the heap.
func (l *ProgressiveList) eachElement(subs []*tree.Node, n int, fn func(i int, nd *tree.Node) error) error {
	var window [walkWindow]*tree.Node
	done := 0
	for k, sub := range subs {
		count := min(n-done, int(l.span(k)))
		for from := 0; from < count; from += walkWindow {
			nodes := window[:min(walkWindow, count-from)]
			if err := tree.Fill(nodes, sub, 2*k, uint64(from)); err != nil {
				return treeError(l, "%v", err)
			}
			for j, nd := range nodes {
				if err := fn(done+from+j, nd); err != nil {
					return err
				}
			}
		}
		done += count
	}
	return nil
}

func (l *ProgressiveList) encode(dst []byte, n *tree.Node) ([]byte, error) {
	data, length, err := l.parts(n)
	if err != nil {
		return dst, err
	}
	e := &l.levels[0]
	var subArr [tree.ProgressiveLevels]*tree.Node
	subs, err := l.subtrees(subArr[:0], data, length)
	if err != nil {
		return dst, err
	}
	if e.layout != nil {
		left := length * e.esize
		for k, sub := range subs {
			size := min(left, int(l.span(k))*e.esize)
			if dst, err = tree.AppendData(dst, sub, 2*k, l.levels[k].layout, size); err != nil {
				return dst, treeError(l, "%v", err)
			}
			left -= size
		}
		return dst, nil
	}
	start := len(dst)
	if e.esize == 0 {
		dst = append(dst, make([]byte, 4*length)...)
	}
	err = l.eachElement(subs, length, func(i int, nd *tree.Node) error {
		if e.esize == 0 {
			if err := putOffset(l, dst[start+4*i:], len(dst)-start); err != nil {
				return err
			}
		}
		var err error
		if dst, err = e.elem.encode(dst, nd); err != nil {
			return inField(err, IndexStep(uint64(i)))
		}
		return nil
	})
	return dst, err
}

func (l *ProgressiveList) size(n *tree.Node) (int, error) {
	data, length, err := l.parts(n)
	if err != nil {
		return 0, err
	}
	e := &l.levels[0]
	if e.esize > 0 {
		return length * e.esize, nil
	}
	var subArr [tree.ProgressiveLevels]*tree.Node
	subs, err := l.subtrees(subArr[:0], data, length)
	if err != nil {
		return 0, err
	}
	total := 4 * length
	err = l.eachElement(subs, length, func(i int, nd *tree.Node) error {
		s, err := e.elem.size(nd)
		if err != nil {
			return inField(err, IndexStep(uint64(i)))
		}
		total += s
		return nil
	})
	if err != nil {
		return 0, err
	}
	return total, nil
}

func (l *ProgressiveList) child(s PathStep) (uint64, Type, error) {
	if s.Name == "__len__" {
		return 3, Uint64, nil
	}
	if !s.IsIndex() {
		return 0, nil, noStep(l, s)
	}
	pos, t := l.levels[0].elemPosition(s.Index)
	return progressivePosition(l, s, pos, t)
}

// progressivePosition returns the position below a progressive list's root
// (a mix-in over the progressive tree) of leaf pos.
func progressivePosition(t Type, s PathStep, pos uint64, elem Type) (uint64, Type, error) {
	g, err := tree.ProgressiveGindex(pos)
	if err != nil || bits.Len64(uint64(g)) > 62 {
		return 0, nil, noStep(t, s)
	}
	// Below the mix-in's left child (2): prefix g's path with it.
	top := bits.Len64(uint64(g)) - 1
	return uint64(g) | 2<<uint(top) ^ 1<<uint(top), elem, nil
}

// ProgressiveBitlist is the type ProgressiveBitList of EIP-7916: any number
// of bits, without a limit, serialized as a bitlist. Its tree is a branch
// over the progressive tree of its packed bits and a leaf holding the number
// of bits.
type ProgressiveBitlist struct {
	common
}

// NewProgressiveBitlist returns the type ProgressiveBitList.
func NewProgressiveBitlist() *ProgressiveBitlist {
	l := &ProgressiveBitlist{}
	l.common.t = l
	return l
}

// String implements [Type].
func (l *ProgressiveBitlist) String() string { return "ProgressiveBitList" }

// IsFixedSize implements [Type].
func (l *ProgressiveBitlist) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (l *ProgressiveBitlist) FixedSize() int { return 0 }

// MinSize implements [Type].
func (l *ProgressiveBitlist) MinSize() uint64 { return 1 }

// MaxSize implements [Type]: a progressive bitlist has no limit.
func (l *ProgressiveBitlist) MaxSize() uint64 { return math.MaxUint64 }

// ChunkCount implements [Type]: it returns 0, as for [ProgressiveList].
func (l *ProgressiveBitlist) ChunkCount() uint64 { return 0 }

// Depth implements [Type]: it returns 0, as for [ProgressiveList].
func (l *ProgressiveBitlist) Depth() int              { return 0 }
func (l *ProgressiveBitlist) shape() *tree.Shape      { return nil }
func (l *ProgressiveBitlist) needsCheck() bool        { return true }
func (l *ProgressiveBitlist) makeDefault() *tree.Node { return tree.NewMixIn(tree.Zero(0), 0) }

func (l *ProgressiveBitlist) validate(b []byte, at int) error {
	_, err := l.count(b, at)
	return err
}

// count returns the number of bits of the bitlist serialized in b, which
// must end in its delimiter bit and fit in the progressive tree.
func (l *ProgressiveBitlist) count(b []byte, at int) (uint64, error) {
	n, err := bitlistCount(l, b, at)
	if err != nil {
		return 0, err
	}
	if tree.ProgressiveSubtrees(bitChunks(n)) > tree.ProgressiveLevels {
		return 0, decodeError(l, at, ErrSize, "%d bits, more than %d subtrees hold", n, tree.ProgressiveLevels)
	}
	return n, nil
}

// bitLayout returns the page layout of subtree k of packed bits.
func bitLayout(k int) *tree.Layout { return chunkLayouts[min(2*k, maxPageDepth)] }

func (l *ProgressiveBitlist) decode(b []byte, at int) (*tree.Node, error) {
	n, err := l.count(b, at)
	if err != nil {
		return nil, err
	}
	// One copy of the bits, without the delimiter, which every subtree's
	// pages own.
	data := append([]byte(nil), b[:(n+7)/8]...)
	if n%8 != 0 {
		data[len(data)-1] &^= 1 << (n % 8)
	}
	var subtrees []*tree.Node
	for k, off := 0, 0; off < len(data); k++ {
		end := min(len(data), off+32<<(2*uint(k)))
		sub, err := tree.BuildPagesOwned(bitLayout(k), 2*k, data[off:end:end])
		if err != nil {
			return nil, err
		}
		subtrees = append(subtrees, sub)
		off = end
	}
	return tree.NewMixIn(tree.NewProgressive(subtrees), n), nil
}

// Length returns the number of bits of the bitlist whose tree is n.
func (l *ProgressiveBitlist) Length(n *tree.Node) (uint64, error) {
	_, length, err := splitLength(l, n, math.MaxInt32)
	return length, err
}

// Split returns the progressive data tree and the number of bits of the
// bitlist whose tree is n.
func (l *ProgressiveBitlist) Split(n *tree.Node) (data *tree.Node, length uint64, err error) {
	return splitLength(l, n, math.MaxInt32)
}

// SubtreeLayout returns the layout of the pages of packed bits at the
// bottom of subtree k (of depth 2k) of the progressive data tree.
func (l *ProgressiveBitlist) SubtreeLayout(k int) *tree.Layout { return bitLayout(k) }

func (l *ProgressiveBitlist) encode(dst []byte, n *tree.Node) ([]byte, error) {
	data, length, err := splitLength(l, n, math.MaxInt32)
	if err != nil {
		return dst, err
	}
	var subArr [tree.ProgressiveLevels]*tree.Node
	subs, err := tree.ProgressiveParts(subArr[:0], data, tree.ProgressiveSubtrees(bitChunks(length)))
	if err != nil {
		return dst, treeError(l, "%v", err)
	}
	start := len(dst)
	left := int((length + 7) / 8)
	for k, sub := range subs {
		size := min(left, 32<<(2*uint(k)))
		if dst, err = tree.AppendData(dst, sub, 2*k, bitLayout(k), size); err != nil {
			return dst, treeError(l, "%v", err)
		}
		left -= size
	}
	if length%8 == 0 {
		return append(dst, 1), nil
	}
	dst[start+int(length/8)] |= 1 << (length % 8)
	return dst, nil
}

func (l *ProgressiveBitlist) size(n *tree.Node) (int, error) {
	_, length, err := splitLength(l, n, math.MaxInt32)
	return int(length/8) + 1, err
}

func (l *ProgressiveBitlist) child(s PathStep) (uint64, Type, error) {
	if s.Name == "__len__" {
		return 3, Uint64, nil
	}
	if !s.IsIndex() {
		return 0, nil, noStep(l, s)
	}
	return progressivePosition(l, s, s.Index/256, Boolean)
}

// progressivePageDepth is the depth of the pages of packed integers in the
// subtrees of a progressive list of more than 2^maxPageDepth chunks: 32
// chunks (1 KiB), not a bounded list's 16. Each page costs its node, its
// header and about one branch above it (some 176 bytes): with pages of 16
// chunks, 1,000,000 uint64s held 1.37 × their SSZ size, with 32, 1.19 ×
// (TestProgressiveHeap in package view), within DESIGN §5's 1.3 × for the
// progressive lists of a state, for 16 more pair hashes per changed page.
const progressivePageDepth = 5
