package schema

import (
	"fmt"
	"strconv"

	"github.com/ssztree/ssztree/tree"
)

// List is the type List[T, N]: up to N values of type T. List[byte, N] is
// ByteList[N]. Its tree is a branch over the data tree and a leaf holding
// the length (mix_in_length).
type List struct {
	common
	elements
	limit uint64
}

// NewList returns the type List[elem, limit].
func NewList(elem Type, limit uint64) (*List, error) {
	e, err := newElements(elem, limit)
	if err != nil {
		return nil, err
	}
	l := &List{elements: e, limit: limit}
	l.common.t = l
	return l, nil
}

// NewByteList returns the type ByteList[limit]: List[byte, limit].
func NewByteList(limit uint64) (*List, error) { return NewList(Byte, limit) }

// Limit returns N, the most elements a value may hold.
func (l *List) Limit() uint64 { return l.limit }

// String implements [Type].
func (l *List) String() string {
	if l.elem == Byte {
		return "ByteList[" + strconv.FormatUint(l.limit, 10) + "]"
	}
	return fmt.Sprintf("List[%v, %d]", l.elem, l.limit)
}

// IsFixedSize implements [Type].
func (l *List) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (l *List) FixedSize() int { return 0 }

// MinSize implements [Type].
func (l *List) MinSize() uint64 { return 0 }

// MaxSize implements [Type].
func (l *List) MaxSize() uint64 {
	if l.esize > 0 {
		return satMul(l.limit, uint64(l.esize))
	}
	return satMul(l.limit, satAdd(4, l.elem.MaxSize()))
}

// ChunkCount implements [Type].
func (l *List) ChunkCount() uint64 { return l.chunkCount(l.limit) }

// Depth implements [Type].
func (l *List) Depth() int         { return l.depth }
func (l *List) shape() *tree.Shape { return nil }
func (l *List) needsCheck() bool   { return true }

func (l *List) makeDefault() *tree.Node {
	return tree.NewBranch(tree.Zero(l.depth), tree.Zero(0))
}

func (l *List) validate(b []byte, at int) error {
	if len(b) == 0 {
		return nil
	}
	if l.esize > 0 {
		n, err := l.count(b, at)
		if err != nil {
			return err
		}
		return l.validateFixed(b, n, at)
	}
	n, err := l.variableCount(b, at)
	if err != nil {
		return err
	}
	if err := checkOffsets(l, b, n, at); err != nil {
		return err
	}
	return validateParts(l.elem, b, n, at)
}

func (l *List) decode(b []byte, at int) (*tree.Node, error) {
	if len(b) == 0 {
		// The shared default: an input of empty lists (4 bytes of offset
		// each) would otherwise cost a mix-in of its own per element, 20
		// times the input.
		return l.Default(), nil
	}
	if l.esize > 0 {
		n, err := l.count(b, at)
		if err != nil {
			return nil, err
		}
		node, _, err := l.buildFixed(l, b, n, at, true, false)
		return node, err
	}
	n, err := l.variableCount(b, at)
	if err != nil {
		return nil, err
	}
	offsets, err := readOffsets(l, b, n, at)
	if err != nil {
		return nil, err
	}
	return l.buildVariable(b, offsets, at, true)
}

// variableCount returns the number of variable-size elements serialized
// in b, which is not empty, from its first offset, within the limit.
func (l *List) variableCount(b []byte, at int) (int, error) {
	n, err := firstOffsetCount(l, b, at)
	if err != nil {
		return 0, err
	}
	if uint64(n) > l.limit {
		return 0, decodeError(l, at, ErrLimit, "%d elements, limit %d", n, l.limit)
	}
	return n, nil
}

// firstOffsetCount returns the number of variable-size elements of a list
// of type t serialized in b, which is not empty, as its first offset says.
func firstOffsetCount(t Type, b []byte, at int) (int, error) {
	if len(b) < 4 {
		return 0, decodeError(t, at, ErrSize, "%d bytes cannot hold an offset", len(b))
	}
	first := le32(b)
	if first%4 != 0 || first == 0 || first > int64(len(b)) {
		return 0, decodeError(t, at, ErrOffset, "first offset %d in %d bytes", first, len(b))
	}
	return int(first / 4), nil
}

// count returns the number of fixed-size elements serialized in b, which
// must be whole elements and within the limit.
func (l *List) count(b []byte, at int) (int, error) {
	if len(b)%l.esize != 0 {
		return 0, decodeError(l, at, ErrSize, "%d bytes are not whole elements of %d bytes", len(b), l.esize)
	}
	n := len(b) / l.esize
	if uint64(n) > l.limit {
		return 0, decodeError(l, at, ErrLimit, "%d elements, limit %d", n, l.limit)
	}
	return n, nil
}

// Length returns the length of the list whose tree is n.
func (l *List) Length(n *tree.Node) (int, error) {
	_, length, err := l.parts(n)
	return length, err
}

// Split returns the data tree and the length of the list whose tree is n.
func (l *List) Split(n *tree.Node) (data *tree.Node, length uint64, err error) {
	return splitLength(l, n, l.limit)
}

func (l *List) parts(n *tree.Node) (*tree.Node, int, error) {
	data, length, err := splitLength(l, n, l.limit)
	return data, int(length), err
}

// splitLength splits the tree of a list or bitlist of type t into its data
// tree and the length mixed in, which must not be above limit.
func splitLength(t Type, n *tree.Node, limit uint64) (*tree.Node, uint64, error) {
	if !n.IsBranch() {
		return nil, 0, treeError(t, "the tree is not a branch")
	}
	data, lengthNode := n.Children()
	if !lengthNode.IsLeaf() {
		return nil, 0, treeError(t, "the length is not a leaf")
	}
	length := leUint64(lengthNode.Chunk())
	if length > limit {
		return nil, 0, treeError(t, "length %d above the limit %d", length, limit)
	}
	return data, length, nil
}

func (l *List) encode(dst []byte, n *tree.Node) ([]byte, error) {
	data, length, err := l.parts(n)
	if err != nil {
		return dst, err
	}
	return l.elements.encode(l, dst, data, length)
}

func (l *List) size(n *tree.Node) (int, error) {
	data, length, err := l.parts(n)
	if err != nil {
		return 0, err
	}
	return l.elements.size(l, data, length)
}

func (l *List) child(s PathStep) (uint64, Type, error) {
	if s.Name == "__len__" {
		return 3, Uint64, nil
	}
	if !s.IsIndex() || s.Index >= l.limit {
		return 0, nil, noStep(l, s)
	}
	pos, t := l.elemPosition(s.Index)
	return 2<<uint(l.depth) | pos, t, nil
}
