package sszjson

import (
	"encoding/binary"
	"math/bits"
	"strconv"
)

// e19 is 10^19, the largest power of ten below 2^64: wide integers are
// converted to and from decimal 19 digits at a time.
const e19 = 10_000_000_000_000_000_000

// appendBigUint appends the decimal digits of the little-endian unsigned
// integer b of 16 or 32 bytes.
func appendBigUint(dst, b []byte) []byte {
	var limbs [4]uint64
	n := len(b) / 8
	for i := 0; i < n; i++ {
		limbs[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	for n > 1 && limbs[n-1] == 0 {
		n--
	}
	// 2^256 < 10^78: at most 5 groups of 19 digits.
	var groups [5]uint64
	g := 0
	for n > 1 {
		var r uint64
		for i := n - 1; i >= 0; i-- {
			limbs[i], r = bits.Div64(r, limbs[i], e19)
		}
		groups[g] = r
		g++
		for n > 1 && limbs[n-1] == 0 {
			n--
		}
	}
	// Dividing only values of 2 limbs or more leaves a nonzero quotient:
	// the leading digits, then the groups zero-padded to 19 digits.
	dst = strconv.AppendUint(dst, limbs[0], 10)
	for g--; g >= 0; g-- {
		var digits [19]byte
		v := groups[g]
		for i := 18; i >= 0; i-- {
			digits[i] = byte('0' + v%10)
			v /= 10
		}
		dst = append(dst, digits[:]...)
	}
	return dst
}

// parseUint appends the little-endian bytes (size 1 to 32) of the value
// of the decimal string s, or returns dst and a reason it is not one.
func parseUint(dst, s []byte, size int) ([]byte, string) {
	if len(s) == 0 {
		return dst, "empty string"
	}
	if size <= 8 {
		var v uint64
		for _, c := range s {
			d := uint64(c) - '0'
			if d > 9 {
				return dst, "not a decimal integer"
			}
			hi, lo := bits.Mul64(v, 10)
			lo, carry := bits.Add64(lo, d, 0)
			if hi|carry != 0 {
				return dst, "out of range"
			}
			v = lo
		}
		if size < 8 && v>>(8*size) != 0 {
			return dst, "out of range"
		}
		var buf [8]byte
		binary.LittleEndian.PutUint64(buf[:], v)
		return append(dst, buf[:size]...), ""
	}
	var limbs [4]uint64
	n := size / 8
	for _, c := range s {
		d := uint64(c) - '0'
		if d > 9 {
			return dst, "not a decimal integer"
		}
		carry := d
		for i := 0; i < n; i++ {
			hi, lo := bits.Mul64(limbs[i], 10)
			var c uint64
			limbs[i], c = bits.Add64(lo, carry, 0)
			carry = hi + c
		}
		if carry != 0 {
			return dst, "out of range"
		}
	}
	for i := 0; i < n; i++ {
		dst = binary.LittleEndian.AppendUint64(dst, limbs[i])
	}
	return dst, ""
}
