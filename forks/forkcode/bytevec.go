package forkcode

import (
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/ssztree/ssztree/schema"
)

// This file holds the methods of a byte-vector type of a fork package,
// type Root [32]byte say: each takes the array as the slice v (v[:]) and
// the package and type names for its errors.

// UnmarshalSSZ copies b into v. It returns an error wrapping
// schema.ErrSize, leaving v unchanged, if b is not of v's length.
func UnmarshalSSZ(v, b []byte, pkg, name string) error {
	if len(b) != len(v) {
		// Out of line, so that UnmarshalSSZ inlines into the methods
		// that the views call for every element they read.
		return sizeError(pkg, name, len(b), len(v))
	}
	copy(v, b)
	return nil
}

func sizeError(pkg, name string, got, want int) error {
	return fmt.Errorf("%s: %s: %w: %d bytes, want %d", pkg, name, schema.ErrSize, got, want)
}

// String returns v in hex, after 0x.
func String(v []byte) string { return string(MarshalText(v)) }

// Format writes v for fmt's verb, as the Format method of a byte-vector
// type, pkg.name, does (see fmt.Formatter): %x and %X write the bytes in
// hex without 0x, honouring flags, width and precision as fmt does for a
// []byte ("% x", "%#x"); %v, %+v and %s write String's 0x text, and %q it
// quoted, padded to a width as fmt pads a string; %#v writes Go syntax,
// pkg.name{0x1, 0x2, ...}, as fmt writes a byte array. Other verbs (%d)
// format the bytes as fmt formats a []byte.
func Format(f fmt.State, verb rune, v []byte, pkg, name string) {
	switch verb {
	case 'v', 's', 'q':
		if verb == 'v' && f.Flag('#') {
			goSyntax(f, v, pkg, name)
			return
		}
		// The flags of %+v mean nothing for a string; %q keeps # and +.
		if verb == 'v' {
			verb = 's'
		}
		fmt.Fprintf(f, fmt.FormatString(f, verb), String(v))
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), v)
	}
}

// goSyntax writes v as %#v writes an array of bytes, under the type's
// name: phase0.Version{0x1, 0x0, 0xff, 0x0}.
func goSyntax(f fmt.State, v []byte, pkg, name string) {
	b := make([]byte, 0, len(pkg)+len(name)+3+6*len(v))
	b = append(append(append(append(b, pkg...), '.'), name...), '{')
	for i, c := range v {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, uint64(c), 16)
	}
	f.Write(append(b, '}'))
}

// MarshalText returns v in hex, after 0x, as JSON has it.
func MarshalText(v []byte) []byte {
	return hex.AppendEncode(append(make([]byte, 0, 2+2*len(v)), "0x"...), v)
}

// UnmarshalText sets v from text, 0x and then the hex digits of exactly
// len(v) bytes, in either case. On error v is unchanged.
func UnmarshalText(v, text []byte, pkg, name string) error {
	if len(text) != 2+2*len(v) || text[0] != '0' || text[1] != 'x' || !isHex(text[2:]) {
		return fmt.Errorf("%s: %s: want 0x and %d bytes in hex, got %q", pkg, name, len(v), excerpt(text))
	}
	hex.Decode(v, text[2:]) // cannot fail: checked above
	return nil
}

func isHex(s []byte) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// maxExcerpt bounds the bytes of input an error message quotes: a blob's
// hex is 256 KiB.
const maxExcerpt = 80

func excerpt(text []byte) string {
	if len(text) > maxExcerpt {
		return string(text[:maxExcerpt]) + "..."
	}
	return string(text)
}
