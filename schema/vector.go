package schema

import (
	"fmt"
	"strconv"

	"github.com/ssztree/ssztree/tree"
)

// Vector is the type Vector[T, N]: N values of type T. Vector[byte, N] is
// ByteVector[N] (BytesN).
type Vector struct {
	common
	elements
	n   uint64
	shp *tree.Shape
}

// NewVector returns the type Vector[elem, n]. A vector of length 0, or one
// whose fixed size does not fit in 4-byte offsets, is illegal.
func NewVector(elem Type, n uint64) (*Vector, error) {
	if n == 0 {
		return nil, fmt.Errorf("%w: Vector[%v, 0]: vectors of length 0 are illegal", ErrIllegalType, elem)
	}
	e, err := newElements(elem, n)
	if err != nil {
		return nil, err
	}
	v := &Vector{elements: e, n: n}
	v.common.t = v
	if v.esize > 0 && satMul(n, uint64(v.esize)) > maxFixedSize {
		return nil, fmt.Errorf("%w: %v is larger than %d bytes", ErrIllegalType, v, uint64(maxFixedSize))
	}
	if v.esize > 0 && v.FixedSize() <= compactBytes {
		if v.packed {
			v.shp = packedShape(v.FixedSize())
		} else {
			segs := make([]tree.Segment, n)
			for i := range segs {
				segs[i] = elemSegment(elem, i*v.esize)
			}
			if v.shp, err = tree.NewShape(v.FixedSize(), v.depth, segs); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// NewByteVector returns the type ByteVector[n]: Vector[byte, n].
func NewByteVector(n uint64) (*Vector, error) { return NewVector(Byte, n) }

// Len returns N, the number of elements.
func (v *Vector) Len() uint64 { return v.n }

// String implements [Type].
func (v *Vector) String() string {
	if v.elem == Byte {
		return "ByteVector[" + strconv.FormatUint(v.n, 10) + "]"
	}
	return fmt.Sprintf("Vector[%v, %d]", v.elem, v.n)
}

// IsFixedSize implements [Type].
func (v *Vector) IsFixedSize() bool { return v.esize > 0 }

// FixedSize implements [Type].
func (v *Vector) FixedSize() int {
	if v.esize == 0 {
		return 0
	}
	return int(v.n) * v.esize
}

// MinSize implements [Type].
func (v *Vector) MinSize() uint64 {
	if v.esize > 0 {
		return uint64(v.FixedSize())
	}
	return satMul(v.n, satAdd(4, v.elem.MinSize()))
}

// MaxSize implements [Type].
func (v *Vector) MaxSize() uint64 {
	if v.esize > 0 {
		return uint64(v.FixedSize())
	}
	return satMul(v.n, satAdd(4, v.elem.MaxSize()))
}

// ChunkCount implements [Type].
func (v *Vector) ChunkCount() uint64 { return v.chunkCount(v.n) }

// Depth implements [Type].
func (v *Vector) Depth() int         { return v.depth }
func (v *Vector) shape() *tree.Shape { return v.shp }
func (v *Vector) needsCheck() bool   { return v.esize > 0 && v.elem.needsCheck() }

func (v *Vector) makeDefault() *tree.Node { return v.zeroData(v.n) }

func (v *Vector) validate(b []byte, at int) error {
	if v.esize == 0 {
		if uint64(len(b)) < 4*v.n {
			return decodeError(v, at, ErrSize, "%d bytes cannot hold %d offsets", len(b), v.n)
		}
		if err := checkOffsets(v, b, int(v.n), at); err != nil {
			return err
		}
		return validateParts(v.elem, b, int(v.n), at)
	}
	if len(b) != v.FixedSize() {
		return decodeError(v, at, ErrSize, "%d bytes, want %d", len(b), v.FixedSize())
	}
	if !v.elem.needsCheck() {
		return nil
	}
	if v.packed {
		return checkBools(b, at)
	}
	for i := 0; i < int(v.n); i++ {
		if err := v.elem.validate(b[i*v.esize:(i+1)*v.esize], at+i*v.esize); err != nil {
			return inField(err, IndexStep(uint64(i)))
		}
	}
	return nil
}

func (v *Vector) decode(b []byte, at int) (*tree.Node, error) {
	if v.esize > 0 {
		if len(b) != v.FixedSize() {
			return nil, decodeError(v, at, ErrSize, "%d bytes, want %d", len(b), v.FixedSize())
		}
		if isRaw(v.shp) {
			if err := v.validate(b, at); err != nil {
				return nil, err
			}
			return leafOf(b), nil
		}
		node, _, err := v.buildFixed(v, b, int(v.n), at, false, false)
		return node, err
	}
	if uint64(len(b)) < 4*v.n {
		return nil, decodeError(v, at, ErrSize, "%d bytes cannot hold %d offsets", len(b), v.n)
	}
	offsets, err := readOffsets(v, b, int(v.n), at)
	if err != nil {
		return nil, err
	}
	return v.buildVariable(b, offsets, at, false)
}

func (v *Vector) encode(dst []byte, n *tree.Node) ([]byte, error) {
	if isRaw(v.shp) {
		return readLeaf(v, dst, n, v.FixedSize())
	}
	return v.elements.encode(v, dst, n, int(v.n))
}

func (v *Vector) size(n *tree.Node) (int, error) {
	if v.esize > 0 {
		return v.FixedSize(), nil
	}
	return v.elements.size(v, n, int(v.n))
}

func (v *Vector) child(s PathStep) (uint64, Type, error) {
	if !s.IsIndex() || s.Index >= v.n {
		return 0, nil, noStep(v, s)
	}
	pos, t := v.elemPosition(s.Index)
	return 1<<uint(v.depth) | pos, t, nil
}
