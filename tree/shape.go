package tree

import "fmt"

// maxShapeDepth is the depth of the deepest subtree a [Shape] or a
// [Layout] describes: 2^16 parts or values, far above any SSZ container (a
// BeaconState has 2^5 fields) or page. The bound lets the walks keep the
// levels of such a subtree in fixed arrays.
const maxShapeDepth = 16

// levelRoots holds the roots of the levels of a shape's or page's subtree,
// one slice a height, from the leaves (index 0) up.
type levelRoots [maxShapeDepth + 1][][32]byte

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
	if depth < 0 || depth > maxShapeDepth || len(parts) == 0 || len(parts) > 1<<uint(depth) {
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

func (s *Shape) totalDepth() int {
	d := 0
	for _, p := range s.parts {
		if p.Shape != nil {
			d = max(d, p.Shape.totalDepth())
		}
	}
	return s.depth + d
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

// totalLeaves counts the chunks a value of shape s is hashed from, nested
// shapes included.
func (s *Shape) totalLeaves() int {
	n := 1 << uint(s.depth)
	for _, p := range s.parts {
		if p.Shape != nil {
			n += p.Shape.totalLeaves()
		}
	}
	return n
}
