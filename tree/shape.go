package tree

import "fmt"

// maxShapeDepth is the depth of the deepest subtree a [Shape] or a
// [Layout] describes: 2^16 segments or values, far above any SSZ container (a
// BeaconState has 2^5 fields) or page. The bound lets the walks keep the
// levels of such a subtree in fixed arrays.
const maxShapeDepth = 16

// levelRoots holds the roots of the levels of a shape's or page's subtree,
// one slice a height, from the leaves (index 0) up.
type levelRoots [maxShapeDepth + 1][][32]byte

// Shape says how the bytes of one fixed-size value map onto a complete
// Merkle subtree of depth Depth: its leaves are, in order, the Segments,
// then zero chunks. A segment is either at most 32 bytes of the value, zero-padded
// into one chunk, or a nested value with a Shape of its own whose root is
// the chunk. A uint64 is one raw segment; a 48-byte public key is a
// shape of depth 1 with segments [0,32) and [32,48); a container is a shape
// with a segment per field. (Segment is this package's word: "part" means
// a part of a value by path, a field or an element, in packages schema and
// view.)
//
// Shapes are built once per type (package schema does it) and never change.
type Shape struct {
	size     int
	depth    int
	segments []Segment
	// raw is set when the shape is one raw segment at offset 0 and depth 0:
	// the value's root is its bytes, zero-padded.
	raw bool
}

// Segment is one leaf of a [Shape]: the bytes [Offset, Offset+Size) of the
// value, either zero-padded into a chunk (Shape nil, Size at most 32) or
// merkleized by Shape (Size equal to Shape's size).
type Segment struct {
	Offset int
	Size   int
	Shape  *Shape
}

// ChunkShape is the shape of a 32-byte value whose root is the value itself
// (a Bytes32 root, or one chunk of packed basic values).
var ChunkShape = &Shape{size: 32, depth: 0, segments: []Segment{{Offset: 0, Size: 32}}, raw: true}

// NewShape returns the shape of a value of size bytes whose subtree has the
// given depth and leaves segs. The segments must fit in 2^depth leaves and in
// the value.
func NewShape(size, depth int, segs []Segment) (*Shape, error) {
	if depth < 0 || depth > maxShapeDepth || len(segs) == 0 || len(segs) > 1<<uint(depth) {
		return nil, fmt.Errorf("%w: %d segments in a shape of depth %d", ErrLayout, len(segs), depth)
	}
	for i, p := range segs {
		if p.Offset < 0 || p.Size < 0 || p.Offset+p.Size > size {
			return nil, fmt.Errorf("%w: segment %d [%d,%d) outside a value of %d bytes", ErrLayout, i, p.Offset, p.Offset+p.Size, size)
		}
		if p.Shape == nil && p.Size > 32 {
			return nil, fmt.Errorf("%w: raw segment %d of %d bytes", ErrLayout, i, p.Size)
		}
		if p.Shape != nil && p.Shape.size != p.Size {
			return nil, fmt.Errorf("%w: segment %d of %d bytes with a shape of %d", ErrLayout, i, p.Size, p.Shape.size)
		}
	}
	s := &Shape{size: size, depth: depth, segments: append([]Segment(nil), segs...)}
	s.raw = depth == 0 && segs[0].Shape == nil && segs[0].Offset == 0
	return s, nil
}

// Size returns the number of bytes of a value of this shape.
func (s *Shape) Size() int { return s.size }

// Depth returns the depth of the subtree of a value of this shape.
func (s *Shape) Depth() int { return s.depth }

// IsRaw reports whether a value of this shape is its own root: one segment of
// at most 32 bytes at offset 0, zero-padded into a chunk.
func (s *Shape) IsRaw() bool { return s.raw }

func (s *Shape) totalDepth() int {
	d := 0
	for _, p := range s.segments {
		if p.Shape != nil {
			d = max(d, p.Shape.totalDepth())
		}
	}
	return s.depth + d
}

// expand builds the subtree of one value of shape s from its bytes, which may
// be cut short (zero-padded).
func (s *Shape) expand(b []byte) *Node {
	nodes := make([]*Node, len(s.segments))
	for i, p := range s.segments {
		lo, hi := min(p.Offset, len(b)), min(p.Offset+p.Size, len(b))
		if p.Shape != nil {
			nodes[i] = p.Shape.expand(b[lo:hi])
		} else {
			nodes[i] = NewLeafBytes(b[lo:hi])
		}
	}
	e, err := Build(s.depth, nodes, 0)
	if err != nil {
		panic(err) // NewShape checked the segments fit
	}
	return e
}

// totalLeaves counts the chunks a value of shape s is hashed from, nested
// shapes included.
func (s *Shape) totalLeaves() int {
	n := 1 << uint(s.depth)
	for _, p := range s.segments {
		if p.Shape != nil {
			n += p.Shape.totalLeaves()
		}
	}
	return n
}
