package schema

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/ssztree/ssztree/tree"
)

// Bitvector is the type Bitvector[N]: N bits, packed into bytes from the
// least significant bit.
type Bitvector struct {
	common
	n      uint64
	bytes  int
	depth  int
	layout *tree.Layout
	shp    *tree.Shape
}

// NewBitvector returns the type Bitvector[n]. Bitvector[0] is illegal.
func NewBitvector(n uint64) (*Bitvector, error) {
	if n == 0 {
		return nil, fmt.Errorf("%w: Bitvector[0]: bitvectors of length 0 are illegal", ErrIllegalType)
	}
	if n > 8*maxFixedSize {
		return nil, fmt.Errorf("%w: Bitvector[%d] is larger than %d bytes", ErrIllegalType, n, uint64(maxFixedSize))
	}
	bytes := int((n + 7) / 8)
	v := &Bitvector{n: n, bytes: bytes, depth: depthOf(packedChunks(uint64(bytes), 1))}
	v.common.t = v
	v.layout = chunkLayouts[min(v.depth, maxPageDepth)]
	if bytes <= compactBytes {
		v.shp = packedShape(bytes)
	}
	return v, nil
}

// Len returns N, the number of bits.
func (v *Bitvector) Len() uint64 { return v.n }

// PageLayout returns the layout of the pages holding the bits.
func (v *Bitvector) PageLayout() *tree.Layout { return v.layout }

// String implements [Type].
func (v *Bitvector) String() string { return "Bitvector[" + strconv.FormatUint(v.n, 10) + "]" }

// IsFixedSize implements [Type].
func (v *Bitvector) IsFixedSize() bool { return true }

// FixedSize implements [Type].
func (v *Bitvector) FixedSize() int { return v.bytes }

// MinSize implements [Type].
func (v *Bitvector) MinSize() uint64 { return uint64(v.bytes) }

// MaxSize implements [Type].
func (v *Bitvector) MaxSize() uint64 { return uint64(v.bytes) }

// ChunkCount implements [Type].
func (v *Bitvector) ChunkCount() uint64 { return bitChunks(v.n) }

// Depth implements [Type].
func (v *Bitvector) Depth() int         { return v.depth }
func (v *Bitvector) shape() *tree.Shape { return v.shp }
func (v *Bitvector) needsCheck() bool   { return v.n%8 != 0 }

func (v *Bitvector) makeDefault() *tree.Node { return tree.Zero(v.depth) }

func (v *Bitvector) validate(b []byte, at int) error {
	if len(b) != v.bytes {
		return decodeError(v, at, ErrSize, "%d bytes, want %d", len(b), v.bytes)
	}
	if extra := v.n % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
		return decodeError(v, at+len(b)-1, ErrPadding, "last byte 0x%02x", b[len(b)-1])
	}
	return nil
}

func (v *Bitvector) decode(b []byte, at int) (*tree.Node, error) {
	if err := v.validate(b, at); err != nil {
		return nil, err
	}
	if isRaw(v.shp) {
		return leafOf(b), nil
	}
	return tree.BuildPages(v.layout, v.depth, b)
}

func (v *Bitvector) encode(dst []byte, n *tree.Node) ([]byte, error) {
	if isRaw(v.shp) {
		return readLeaf(v, dst, n, v.bytes)
	}
	out, err := tree.AppendData(dst, n, v.depth, v.layout, v.bytes)
	if err != nil {
		return dst, treeError(v, "%v", err)
	}
	return out, nil
}

func (v *Bitvector) size(*tree.Node) (int, error) { return v.bytes, nil }

func (v *Bitvector) child(s PathStep) (uint64, Type, error) {
	if !s.IsIndex() || s.Index >= v.n {
		return 0, nil, noStep(v, s)
	}
	return 1<<uint(v.depth) | s.Index/256, Boolean, nil
}

// Bitlist is the type Bitlist[N]: up to N bits. Its serialization ends with
// a delimiter bit set just past the last bit; its tree, like a list's, is a
// branch over the packed bits (without the delimiter) and the length in bits.
type Bitlist struct {
	common
	limit  uint64
	depth  int
	layout *tree.Layout
}

// NewBitlist returns the type Bitlist[limit].
func NewBitlist(limit uint64) (*Bitlist, error) {
	l := &Bitlist{limit: limit, depth: depthOf(bitChunks(limit))}
	l.common.t = l
	l.layout = chunkLayouts[min(l.depth, maxPageDepth)]
	return l, nil
}

// Limit returns N, the most bits a value may hold.
func (l *Bitlist) Limit() uint64 { return l.limit }

// PageLayout returns the layout of the pages holding the bits.
func (l *Bitlist) PageLayout() *tree.Layout { return l.layout }

// DataDepth returns the depth of the tree of packed bits.
func (l *Bitlist) DataDepth() int { return l.depth }

// String implements [Type].
func (l *Bitlist) String() string { return "Bitlist[" + strconv.FormatUint(l.limit, 10) + "]" }

// IsFixedSize implements [Type].
func (l *Bitlist) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (l *Bitlist) FixedSize() int { return 0 }

// MinSize implements [Type].
func (l *Bitlist) MinSize() uint64 { return 1 }

// MaxSize implements [Type].
func (l *Bitlist) MaxSize() uint64 { return l.limit/8 + 1 }

// ChunkCount implements [Type].
func (l *Bitlist) ChunkCount() uint64 { return bitChunks(l.limit) }

// Depth implements [Type].
func (l *Bitlist) Depth() int         { return l.depth }
func (l *Bitlist) shape() *tree.Shape { return nil }
func (l *Bitlist) needsCheck() bool   { return true }

func (l *Bitlist) makeDefault() *tree.Node {
	return tree.NewBranch(tree.Zero(l.depth), tree.Zero(0))
}

func (l *Bitlist) validate(b []byte, at int) error {
	_, err := l.count(b, at)
	return err
}

// count returns the number of bits of the bitlist serialized in b, which
// must end in its delimiter bit and be within the limit.
func (l *Bitlist) count(b []byte, at int) (uint64, error) {
	n, err := bitlistCount(l, b, at)
	if err != nil {
		return 0, err
	}
	if n > l.limit {
		return 0, decodeError(l, at, ErrLimit, "%d bits, limit %d", n, l.limit)
	}
	return n, nil
}

// bitlistCount returns the number of bits of a bitlist of type t
// serialized in b: the position of the delimiter, the last byte's highest
// set bit, which must be there.
func bitlistCount(t Type, b []byte, at int) (uint64, error) {
	if len(b) == 0 {
		return 0, decodeError(t, at, ErrBitlist, "no bytes")
	}
	last := b[len(b)-1]
	if last == 0 {
		return 0, decodeError(t, at+len(b)-1, ErrBitlist, "last byte is zero")
	}
	return uint64(8*(len(b)-1) + bits.Len8(last) - 1), nil
}

func (l *Bitlist) decode(b []byte, at int) (*tree.Node, error) {
	n, err := l.count(b, at)
	if err != nil {
		return nil, err
	}
	data := b[:(n+7)/8]
	if n%8 == 0 {
		return tree.BuildPagesMixIn(l.layout, l.depth, data, n)
	}
	// The delimiter shares the last byte with data bits: clear it in a
	// copy, which the pages then own.
	data = append([]byte(nil), data...)
	data[len(data)-1] &^= 1 << (n % 8)
	return tree.BuildPagesMixInOwned(l.layout, l.depth, data, n)
}

// Length returns the number of bits of the bitlist whose tree is n.
func (l *Bitlist) Length(n *tree.Node) (uint64, error) {
	_, length, err := l.parts(n)
	return length, err
}

// Split returns the tree of the packed bits and the number of bits of the
// bitlist whose tree is n.
func (l *Bitlist) Split(n *tree.Node) (data *tree.Node, length uint64, err error) {
	return l.parts(n)
}

func (l *Bitlist) parts(n *tree.Node) (*tree.Node, uint64, error) {
	return splitLength(l, n, l.limit)
}

func (l *Bitlist) encode(dst []byte, n *tree.Node) ([]byte, error) {
	data, length, err := l.parts(n)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst, err = tree.AppendData(dst, data, l.depth, l.layout, int((length+7)/8))
	if err != nil {
		return dst, treeError(l, "%v", err)
	}
	if length%8 == 0 {
		return append(dst, 1), nil
	}
	dst[start+int(length/8)] |= 1 << (length % 8)
	return dst, nil
}

func (l *Bitlist) size(n *tree.Node) (int, error) {
	_, length, err := l.parts(n)
	return int(length/8) + 1, err
}

func (l *Bitlist) child(s PathStep) (uint64, Type, error) {
	if s.Name == "__len__" {
		return 3, Uint64, nil
	}
	if !s.IsIndex() || s.Index >= l.limit {
		return 0, nil, noStep(l, s)
	}
	return 2<<uint(l.depth) | s.Index/256, Boolean, nil
}

// bitChunks returns the chunks n bits fill.
func bitChunks(n uint64) uint64 { return n/256 + min(1, n%256) }
