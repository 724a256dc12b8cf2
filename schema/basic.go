package schema

import (
	"fmt"

	"github.com/ssztree/ssztree/tree"
)

// Uint is the type uintN for N in 8, 16, 32, 64, 128 and 256, and byte.
type Uint struct {
	common
	bytes  int
	isByte bool
	raw    *tree.Shape
}

// The unsigned integer types, and byte: the same as uint8 in serialization
// and hashing, but opaque data rather than a number in text formats.
var (
	Uint8   = newUint(1, false)
	Uint16  = newUint(2, false)
	Uint32  = newUint(4, false)
	Uint64  = newUint(8, false)
	Uint128 = newUint(16, false)
	Uint256 = newUint(32, false)
	Byte    = newUint(1, true)
)

func newUint(bytes int, isByte bool) *Uint {
	u := &Uint{bytes: bytes, isByte: isByte}
	u.common.t = u
	u.raw = rawShape(bytes)
	return u
}

func rawShape(size int) *tree.Shape {
	if size == 32 {
		return tree.ChunkShape
	}
	return must(tree.NewShape(size, 0, []tree.Segment{{Offset: 0, Size: size}}))
}

// Bits returns N, the width of the integer in bits.
func (u *Uint) Bits() int { return u.bytes * 8 }

// IsByte reports whether u is byte rather than uint8.
func (u *Uint) IsByte() bool { return u.isByte }

// String implements [Type].
func (u *Uint) String() string {
	if u.isByte {
		return "byte"
	}
	return fmt.Sprintf("uint%d", u.bytes*8)
}

// IsFixedSize implements [Type].
func (u *Uint) IsFixedSize() bool { return true }

// FixedSize implements [Type].
func (u *Uint) FixedSize() int { return u.bytes }

// MinSize implements [Type].
func (u *Uint) MinSize() uint64 { return uint64(u.bytes) }

// MaxSize implements [Type].
func (u *Uint) MaxSize() uint64 { return uint64(u.bytes) }

// ChunkCount implements [Type].
func (u *Uint) ChunkCount() uint64 { return 1 }

// Depth implements [Type].
func (u *Uint) Depth() int { return 0 }

func (u *Uint) makeDefault() *tree.Node { return tree.Zero(0) }
func (u *Uint) shape() *tree.Shape      { return u.raw }
func (u *Uint) needsCheck() bool        { return false }

func (u *Uint) validate(b []byte, at int) error {
	if len(b) != u.bytes {
		return decodeError(u, at, ErrSize, "%d bytes, want %d", len(b), u.bytes)
	}
	return nil
}

func (u *Uint) decode(b []byte, at int) (*tree.Node, error) {
	if err := u.validate(b, at); err != nil {
		return nil, err
	}
	return leafOf(b), nil
}

func (u *Uint) encode(dst []byte, n *tree.Node) ([]byte, error) {
	return readLeaf(u, dst, n, u.bytes)
}

func (u *Uint) size(*tree.Node) (int, error) { return u.bytes, nil }

func (u *Uint) child(s PathStep) (uint64, Type, error) { return 0, nil, noStep(u, s) }

// Bool is the type boolean.
type Bool struct {
	common
}

// Boolean is the type boolean: one byte, 0 or 1.
var Boolean = newBool()

func newBool() *Bool {
	b := &Bool{}
	b.common.t = b
	return b
}

// String implements [Type].
func (*Bool) String() string { return "boolean" }

// IsFixedSize implements [Type].
func (*Bool) IsFixedSize() bool { return true }

// FixedSize implements [Type].
func (*Bool) FixedSize() int { return 1 }

// MinSize implements [Type].
func (*Bool) MinSize() uint64 { return 1 }

// MaxSize implements [Type].
func (*Bool) MaxSize() uint64 { return 1 }

// ChunkCount implements [Type].
func (*Bool) ChunkCount() uint64 { return 1 }

// Depth implements [Type].
func (*Bool) Depth() int              { return 0 }
func (*Bool) makeDefault() *tree.Node { return tree.Zero(0) }
func (*Bool) shape() *tree.Shape      { return Uint8.raw }
func (*Bool) needsCheck() bool        { return true }

func (t *Bool) validate(b []byte, at int) error {
	if len(b) != 1 {
		return decodeError(t, at, ErrSize, "%d bytes, want 1", len(b))
	}
	if b[0] > 1 {
		return decodeError(t, at, ErrBoolean, "byte 0x%02x", b[0])
	}
	return nil
}

func (t *Bool) decode(b []byte, at int) (*tree.Node, error) {
	if err := t.validate(b, at); err != nil {
		return nil, err
	}
	return leafOf(b), nil
}

func (t *Bool) encode(dst []byte, n *tree.Node) ([]byte, error) {
	return readLeaf(t, dst, n, 1)
}

func (*Bool) size(*tree.Node) (int, error) { return 1, nil }

func (t *Bool) child(s PathStep) (uint64, Type, error) { return 0, nil, noStep(t, s) }

// isBasic reports whether t is a basic type, whose values pack into chunks.
func isBasic(t Type) bool {
	switch t.(type) {
	case *Uint, *Bool:
		return true
	}
	return false
}

// checkBools validates the bytes of packed booleans, the elements of a
// vector or list; an error names the element at fault.
func checkBools(b []byte, at int) error {
	for i, c := range b {
		if c > 1 {
			return inField(decodeError(Boolean, at+i, ErrBoolean, "byte 0x%02x", c), IndexStep(uint64(i)))
		}
	}
	return nil
}
