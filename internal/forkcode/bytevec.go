package forkcode

import (
	"encoding/hex"
	"fmt"

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
