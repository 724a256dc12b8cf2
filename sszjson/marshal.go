package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"github.com/ssztree/ssztree/schema"
)

// sszError reports invalid SSZ bytes at offset at of the input, with one
// of the sentinel errors of package schema.
func sszError(sentinel error, at int, format string, args ...any) *Error {
	return &Error{Offset: at, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

// appendValue appends the JSON of the value of type t serialized in b,
// found at offset at of the input. It checks b as SSZ decoding does
// (package schema's Decode), so that invalid bytes give an error rather
// than JSON.
func appendValue(dst []byte, t schema.Type, b []byte, at int) ([]byte, error) {
	switch t := t.(type) {
	case *schema.Uint:
		if len(b) != t.FixedSize() {
			return dst, sszError(schema.ErrSize, at, "%d bytes, want %d", len(b), t.FixedSize())
		}
		if t.IsByte() {
			return appendHex(dst, b), nil
		}
		return appendUint(dst, b), nil
	case *schema.Bool:
		if len(b) != 1 {
			return dst, sszError(schema.ErrSize, at, "%d bytes, want 1", len(b))
		}
		if b[0] > 1 {
			return dst, sszError(schema.ErrBoolean, at, "byte 0x%02x", b[0])
		}
		return appendBool(dst, b[0]), nil
	case *schema.Bitvector, *schema.Bitlist, *schema.ProgressiveBitlist:
		if err := checkBits(t, b, at); err != nil {
			return dst, err
		}
		return appendHex(dst, b), nil
	case *schema.Vector:
		return appendElems(dst, t.Elem(), b, at, t.Len(), true)
	case *schema.List:
		return appendElems(dst, t.Elem(), b, at, t.Limit(), false)
	case *schema.ProgressiveList:
		return appendElems(dst, t.Elem(), b, at, math.MaxUint64, false)
	case *schema.Container:
		return appendContainer(dst, t, b, at)
	case *schema.ProgressiveContainer:
		return appendContainer(dst, t, b, at)
	case *schema.Union:
		return appendUnion(dst, t, b, at)
	case *schema.CompatibleUnion:
		return appendCompatibleUnion(dst, t, b, at)
	}
	return dst, &Error{Offset: -1, Err: ErrUnsupportedType, Detail: t.String()}
}

// checkBits checks the bytes of a bitvector (size, padding) or a bitlist
// (delimiter, limit), found at offset at of the input.
func checkBits(t schema.Type, b []byte, at int) *Error {
	switch t := t.(type) {
	case *schema.Bitvector:
		if len(b) != t.FixedSize() {
			return sszError(schema.ErrSize, at, "%d bytes, want %d", len(b), t.FixedSize())
		}
		if extra := t.Len() % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return sszError(schema.ErrPadding, at+len(b)-1, "last byte 0x%02x", b[len(b)-1])
		}
	case *schema.Bitlist, *schema.ProgressiveBitlist:
		if len(b) == 0 {
			return sszError(schema.ErrBitlist, at, "no bytes")
		}
		last := b[len(b)-1]
		if last == 0 {
			return sszError(schema.ErrBitlist, at+len(b)-1, "last byte is zero")
		}
		if l, ok := t.(*schema.Bitlist); ok {
			if n := uint64(8*(len(b)-1) + bits.Len8(last) - 1); n > l.Limit() {
				return sszError(schema.ErrLimit, at, "%d bits, limit %d", n, l.Limit())
			}
		}
	}
	return nil
}

// le32 reads an offset; on 32-bit platforms, offsets beyond math.MaxInt
// read as math.MaxInt, past the end of any input.
func le32(b []byte) int {
	return int(min(uint64(binary.LittleEndian.Uint32(b)), math.MaxInt))
}

// appendHex appends b as a hex-byte-string.
func appendHex(dst, b []byte) []byte {
	dst = append(dst, `"0x`...)
	dst = hex.AppendEncode(dst, b)
	return append(dst, '"')
}

func appendBool(dst []byte, b byte) []byte {
	if b != 0 {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// appendUint appends the little-endian unsigned integer b (1, 2, 4, 8, 16
// or 32 bytes) as a string of its decimal value.
func appendUint(dst, b []byte) []byte {
	dst = append(dst, '"')
	switch len(b) {
	case 1:
		dst = strconv.AppendUint(dst, uint64(b[0]), 10)
	case 2:
		dst = strconv.AppendUint(dst, uint64(binary.LittleEndian.Uint16(b)), 10)
	case 4:
		dst = strconv.AppendUint(dst, uint64(binary.LittleEndian.Uint32(b)), 10)
	case 8:
		dst = strconv.AppendUint(dst, binary.LittleEndian.Uint64(b), 10)
	default:
		dst = appendBigUint(dst, b)
	}
	return append(dst, '"')
}

// appendElems appends the JSON of the elements of a vector (of n
// elements) or a list (of at most n elements) serialized in b, found at
// offset at of the input.
func appendElems(dst []byte, elem schema.Type, b []byte, at int, n uint64, vector bool) ([]byte, error) {
	if u, ok := elem.(*schema.Uint); ok && u.IsByte() {
		switch {
		case vector && uint64(len(b)) != n:
			return dst, sszError(schema.ErrSize, at, "%d bytes, want %d", len(b), n)
		case uint64(len(b)) > n:
			return dst, sszError(schema.ErrLimit, at, "%d bytes, limit %d", len(b), n)
		}
		return appendHex(dst, b), nil
	}
	if elem.IsFixedSize() {
		size := uint64(elem.FixedSize())
		count := uint64(len(b)) / size
		switch {
		case vector && uint64(len(b)) != n*size:
			return dst, sszError(schema.ErrSize, at, "%d bytes, want %d", len(b), n*size)
		case uint64(len(b)) != count*size:
			return dst, sszError(schema.ErrSize, at, "%d bytes are not whole elements of %d bytes", len(b), size)
		case count > n:
			return dst, sszError(schema.ErrLimit, at, "%d elements, limit %d", count, n)
		}
		return appendFixedElems(dst, elem, b, at, int(count), int(size))
	}
	count := n
	if !vector {
		count = 0
		if len(b) > 0 {
			if len(b) < 4 {
				return dst, sszError(schema.ErrSize, at, "%d bytes cannot hold an offset", len(b))
			}
			first := le32(b)
			if first%4 != 0 || first == 0 || first > len(b) {
				return dst, sszError(schema.ErrOffset, at, "first offset %d in %d bytes", first, len(b))
			}
			count = uint64(first / 4)
			if count > n {
				return dst, sszError(schema.ErrLimit, at, "%d elements, limit %d", count, n)
			}
		}
	}
	if uint64(len(b)) < 4*count {
		return dst, sszError(schema.ErrSize, at, "%d bytes cannot hold %d offsets", len(b), count)
	}
	dst = append(dst, '[')
	k := int(count)
	for i := 0; i < k; i++ {
		start := le32(b[4*i:])
		end := len(b)
		if i+1 < k {
			end = le32(b[4*i+4:])
		}
		switch {
		case i == 0 && start != 4*k:
			return dst, sszError(schema.ErrOffset, at, "first offset %d, want %d (the end of the offsets)", start, 4*k)
		case end < start:
			return dst, sszError(schema.ErrOffset, at+4*i+4, "offset %d of element %d is below the previous %d", end, i+1, start)
		case end > len(b):
			return dst, sszError(schema.ErrOffset, at+4*i+4, "offset %d of element %d is past the end (%d bytes)", end, i+1, len(b))
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendValue(dst, elem, b[start:end], at+start); err != nil {
			return dst, inPath(err, schema.IndexStep(uint64(i)), elem)
		}
	}
	return append(dst, ']'), nil
}

// appendFixedElems appends the JSON array of the n elements of size bytes
// serialized in b, found at offset at of the input.
func appendFixedElems(dst []byte, elem schema.Type, b []byte, at, n, size int) ([]byte, error) {
	dst = append(dst, '[')
	switch e := elem.(type) {
	case *schema.Uint:
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendUint(dst, b[i*size:(i+1)*size])
		}
	case *schema.Bool:
		for i, c := range b {
			if c > 1 {
				return dst, inPath(sszError(schema.ErrBoolean, at+i, "byte 0x%02x", c), schema.IndexStep(uint64(i)), e)
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendBool(dst, c)
		}
	default:
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendValue(dst, e, b[i*size:(i+1)*size], at+i*size); err != nil {
				return dst, inPath(err, schema.IndexStep(uint64(i)), e)
			}
		}
	}
	return append(dst, ']'), nil
}

// fielded is a container or a progressive container: both are serialized,
// and written in JSON, as an object of their fields.
type fielded interface {
	schema.Type
	NumFields() int
	Field(i int) schema.Field
	FieldOffset(i int) int
}

// fixedPartSize returns the size of the fixed part of c's serialization.
func fixedPartSize(c fielded) int {
	last := c.NumFields() - 1
	size := 4
	if t := c.Field(last).Type; t.IsFixedSize() {
		size = t.FixedSize()
	}
	return c.FieldOffset(last) + size
}

// appendContainer appends the JSON object of the container value
// serialized in b, found at offset at of the input.
func appendContainer(dst []byte, c fielded, b []byte, at int) ([]byte, error) {
	fixedEnd := fixedPartSize(c)
	switch {
	case c.IsFixedSize() && len(b) != fixedEnd:
		return dst, sszError(schema.ErrSize, at, "%d bytes, want %d", len(b), fixedEnd)
	case len(b) < fixedEnd:
		return dst, sszError(schema.ErrSize, at, "%d bytes, shorter than the fixed part of %d", len(b), fixedEnd)
	}
	dst = append(dst, '{')
	nf := c.NumFields()
	prevEnd := -1 // the end of the previous variable-size field
	for i := 0; i < nf; i++ {
		f := c.Field(i)
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, f.Name)
		dst = append(dst, ':')
		off := c.FieldOffset(i)
		start, end := off, off+f.Type.FixedSize()
		if !f.Type.IsFixedSize() {
			// The offset of the first variable-size field must be the end
			// of the fixed part; each later one was checked as the end of
			// the one before.
			start = le32(b[off:])
			if prevEnd < 0 && start != fixedEnd {
				return dst, sszError(schema.ErrOffset, at+off, "offset of field %s is %d, want %d (the end of the fixed part)", f.Name, start, fixedEnd)
			}
			end = len(b)
			for j := i + 1; j < nf; j++ {
				if g := c.Field(j); !g.Type.IsFixedSize() {
					o := c.FieldOffset(j)
					end = le32(b[o:])
					switch {
					case end < start:
						return dst, sszError(schema.ErrOffset, at+o, "offset of field %s is %d, below the previous %d", g.Name, end, start)
					case end > len(b):
						return dst, sszError(schema.ErrOffset, at+o, "offset of field %s is %d, past the end (%d bytes)", g.Name, end, len(b))
					}
					break
				}
			}
			prevEnd = end
		}
		var err error
		if dst, err = appendValue(dst, f.Type, b[start:end], at+start); err != nil {
			return dst, inPath(err, schema.FieldStep(f.Name), f.Type)
		}
	}
	return append(dst, '}'), nil
}

// appendUnion appends the selector object of the union value serialized
// in b, found at offset at of the input.
func appendUnion(dst []byte, u *schema.Union, b []byte, at int) ([]byte, error) {
	if len(b) == 0 {
		return dst, sszError(schema.ErrSize, at, "no selector byte")
	}
	sel := int(b[0])
	if sel >= u.Options() {
		return dst, sszError(schema.ErrSelector, at, "selector %d of %d options", sel, u.Options())
	}
	dst = append(dst, `{"selector":"`...)
	dst = strconv.AppendUint(dst, uint64(sel), 10)
	dst = append(dst, `","data":`...)
	if opt := u.Option(sel); opt == nil {
		if len(b) != 1 {
			return dst, sszError(schema.ErrSelector, at+1, "None followed by %d bytes", len(b)-1)
		}
		dst = append(dst, "null"...)
	} else {
		var err error
		if dst, err = appendValue(dst, opt, b[1:], at+1); err != nil {
			return dst, inPath(err, schema.FieldStep("data"), opt)
		}
	}
	return append(dst, '}'), nil
}

// appendCompatibleUnion appends the selector object of the compatible
// union value serialized in b, found at offset at of the input, as
// appendUnion does for a union.
func appendCompatibleUnion(dst []byte, u *schema.CompatibleUnion, b []byte, at int) ([]byte, error) {
	if len(b) == 0 {
		return dst, sszError(schema.ErrSize, at, "no selector byte")
	}
	opt := u.Option(int(b[0]))
	if opt == nil {
		return dst, sszError(schema.ErrSelector, at, "selector %d names no option", b[0])
	}
	dst = append(dst, `{"selector":"`...)
	dst = strconv.AppendUint(dst, uint64(b[0]), 10)
	dst = append(dst, `","data":`...)
	dst, err := appendValue(dst, opt, b[1:], at+1)
	if err != nil {
		return dst, inPath(err, schema.FieldStep("data"), opt)
	}
	return append(dst, '}'), nil
}

// appendString appends s as a JSON string, escaping what JSON requires.
func appendString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}
