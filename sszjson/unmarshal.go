package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"slices"
	"strconv"

	"github.com/ssztree/ssztree/schema"
)

// value appends the serialization of the value of type t whose JSON is at
// pos.
func (d *decoder) value(dst []byte, t schema.Type) ([]byte, error) {
	d.ws()
	at := d.pos
	switch t := t.(type) {
	case *schema.Uint:
		s, err := d.stringOf(t)
		if err != nil {
			return dst, err
		}
		if t.IsByte() {
			return d.hexBytes(dst, s, at, 1, 1)
		}
		out, why := parseUint(dst, s, t.FixedSize())
		if why != "" {
			return dst, d.errorf(ErrValue, at, "%s: %s", excerpt(s), why)
		}
		return out, nil
	case *schema.Bool:
		switch {
		case d.literal("true"):
			return append(dst, 1), nil
		case d.literal("false"):
			return append(dst, 0), nil
		}
		return dst, d.kindError("true or false")
	case *schema.Bitvector:
		size := uint64(t.FixedSize())
		return d.bitfield(dst, t, size, size)
	case *schema.Bitlist:
		return d.bitfield(dst, t, 1, t.Limit()/8+1)
	case *schema.ProgressiveBitlist:
		return d.bitfield(dst, t, 1, math.MaxUint64)
	case *schema.Vector:
		return d.elems(dst, t, t.Elem(), t.Len(), true)
	case *schema.List:
		return d.elems(dst, t, t.Elem(), t.Limit(), false)
	case *schema.ProgressiveList:
		return d.elems(dst, t, t.Elem(), math.MaxUint64, false)
	case *schema.Container:
		return d.container(dst, t)
	case *schema.ProgressiveContainer:
		return d.container(dst, t)
	case *schema.Union, *schema.CompatibleUnion:
		return d.union(dst, t)
	}
	return dst, d.errorf(ErrUnsupportedType, at, "%v", t)
}

// stringOf reads the string at pos, which holds a value of type t, or
// the envelope's version when t is nil.
func (d *decoder) stringOf(t schema.Type) ([]byte, error) {
	if d.peek() != '"' {
		return nil, d.kindError("a string")
	}
	return d.str(maxEscapedOf(t))
}

// maxEscapedOf returns the longest a string holding a value of type t can
// be in the input, every character escaped (6 bytes, "\u0030"): its
// 0x-prefixed hex digits, or the 78 decimal digits of a uint256.
func maxEscapedOf(t schema.Type) int {
	if t == nil {
		return maxEscapedString
	}
	chars := max(t.MaxSize(), 39) // 2 hex digits a byte; 78 decimal digits
	if chars > math.MaxInt32/16 {
		return math.MaxInt32
	}
	return 6 * (2 + 2*int(chars))
}

// hexBytes appends the bytes of the hex-byte-string s, found at offset at,
// which must be min to max bytes long.
func (d *decoder) hexBytes(dst, s []byte, at int, min, max uint64) ([]byte, error) {
	if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
		return dst, d.errorf(ErrValue, at, "hex-byte-string without 0x prefix: %s", excerpt(s))
	}
	digits := s[2:]
	if len(digits)%2 != 0 {
		return dst, d.errorf(ErrValue, at, "odd number of hex digits (%d)", len(digits))
	}
	switch n := uint64(len(digits) / 2); {
	case min == max && n != min:
		return dst, d.errorf(ErrLength, at, "%d bytes, want %d", n, min)
	case n < min:
		return dst, d.errorf(ErrLength, at, "%d bytes, want at least %d", n, min)
	case n > max:
		return dst, d.errorf(ErrLength, at, "%d bytes, above the limit of %d", n, max)
	}
	out, err := hex.AppendDecode(dst, digits)
	if err != nil {
		return dst, d.errorf(ErrValue, at, "invalid hex-byte-string: %v", err)
	}
	return out, nil
}

// bitfield appends the bytes of the bitvector or bitlist whose
// hex-byte-string is at pos, min to max bytes long, and checks them as SSZ
// decoding does (padding, delimiter bit, limit): errors wrap sentinels of
// package schema.
func (d *decoder) bitfield(dst []byte, t schema.Type, min, max uint64) ([]byte, error) {
	at := d.pos
	s, err := d.stringOf(t)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	if dst, err = d.hexBytes(dst, s, at, min, max); err != nil {
		return dst, err
	}
	if err := checkBits(t, dst[start:], at); err != nil {
		err.Offset = at
		return dst[:start], err
	}
	return dst, nil
}

// elems appends the serialization of the vector (of n elements) or list
// (of at most n elements) of type t whose JSON is at pos.
func (d *decoder) elems(dst []byte, t, elem schema.Type, n uint64, vector bool) ([]byte, error) {
	at := d.pos
	if u, ok := elem.(*schema.Uint); ok && u.IsByte() {
		s, err := d.stringOf(t)
		if err != nil {
			return dst, err
		}
		if vector {
			return d.hexBytes(dst, s, at, n, n)
		}
		return d.hexBytes(dst, s, at, 0, n)
	}
	if d.peek() != '[' {
		return dst, d.kindError("an array")
	}
	d.pos++
	start := len(dst)
	fixed := elem.IsFixedSize()
	var offsets []int
	var count uint64
	for first := true; ; first = false {
		more, err := d.more(first)
		if err != nil {
			return dst, err
		}
		if !more {
			break
		}
		if count == n {
			e := d.errorf(ErrLength, d.pos, "more than the limit of %d elements", n)
			if vector {
				e.Detail = "more than " + strconv.FormatUint(n, 10) + " elements"
			}
			return dst, e
		}
		if !fixed {
			offsets = append(offsets, len(dst)-start)
		}
		if dst, err = d.value(dst, elem); err != nil {
			return dst, inPath(err, schema.IndexStep(count), elem)
		}
		count++
	}
	if vector && count != n {
		return dst, d.errorf(ErrLength, at, "%d elements, want %d", count, n)
	}
	if fixed {
		return dst, nil
	}
	// The offsets go before the elements, whose number is known only now.
	m := 4 * len(offsets)
	end := len(dst)
	dst = slices.Grow(dst, m)[:end+m]
	copy(dst[start+m:], dst[start:end])
	for i, off := range offsets {
		if uint64(off+m) > math.MaxUint32 {
			return dst, d.errorf(ErrLength, at, "serialization larger than 4 GiB")
		}
		binary.LittleEndian.PutUint32(dst[start+4*i:], uint32(off+m))
	}
	return dst, nil
}

// fieldIndex returns the index of c's field named name, or -1; guess is
// the likely index (members usually come in field order).
func fieldIndex(c fielded, name []byte, guess int) int {
	if guess < c.NumFields() && c.Field(guess).Name == string(name) {
		return guess
	}
	for i := 0; i < c.NumFields(); i++ {
		if c.Field(i).Name == string(name) {
			return i
		}
	}
	return -1
}

// container appends the serialization of the container value of type c
// whose JSON object is at pos. Fields are serialized in field order as
// their members arrive; a member that comes before its turn is skipped and
// decoded when its turn comes.
func (d *decoder) container(dst []byte, c fielded) ([]byte, error) {
	at := d.pos
	if d.peek() != '{' {
		return dst, d.kindError("an object")
	}
	d.pos++
	nf := c.NumFields()
	start := len(dst)
	variable := !c.IsFixedSize()
	if variable {
		// The fixed part, filled in as the fields arrive.
		dst = append(dst, make([]byte, fixedPartSize(c))...)
	}
	var seen uint64
	var seenMany []bool
	if nf > 64 {
		seenMany = make([]bool, nf)
	}
	var pending []int // offset in the input of a field's value, or -1
	next := 0         // the next field to serialize
	for first := true; ; first = false {
		name, ok, err := d.key(first)
		if err != nil {
			return dst, err
		}
		if !ok {
			break
		}
		i := fieldIndex(c, name, next)
		if i < 0 {
			if err := d.unknown(); err != nil {
				return dst, err
			}
			continue
		}
		if seenMany != nil && seenMany[i] || seenMany == nil && seen>>i&1 != 0 {
			return dst, inPath(d.errorf(ErrField, d.pos, "duplicate member"), schema.FieldStep(c.Field(i).Name), c.Field(i).Type)
		}
		if seenMany != nil {
			seenMany[i] = true
		} else {
			seen |= 1 << i
		}
		if i != next {
			if pending == nil {
				pending = make([]int, nf)
				for j := range pending {
					pending[j] = -1
				}
			}
			pending[i] = d.pos
			if err := d.skip(0); err != nil {
				return dst, err
			}
			continue
		}
		if dst, err = d.field(dst, c, i, start, variable); err != nil {
			return dst, err
		}
		for next++; next < nf && pending != nil && pending[next] >= 0; next++ {
			resume := d.pos
			d.pos = pending[next]
			if dst, err = d.field(dst, c, next, start, variable); err != nil {
				return dst, err
			}
			d.pos = resume
		}
	}
	if next < nf {
		return dst, inPath(d.errorf(ErrField, at, "missing member"), schema.FieldStep(c.Field(next).Name), c.Field(next).Type)
	}
	return dst, nil
}

// field serializes field i of the container c whose serialization starts
// at start: appends it, or for a variable-size container puts a fixed-size
// field in the fixed part and appends a variable-size one after its
// offset. Fields must come in order.
func (d *decoder) field(dst []byte, c fielded, i, start int, variable bool) ([]byte, error) {
	f := c.Field(i)
	var err error
	switch {
	case !variable:
		dst, err = d.value(dst, f.Type)
	case f.Type.IsFixedSize():
		end := len(dst)
		if dst, err = d.value(dst, f.Type); err == nil {
			copy(dst[start+c.FieldOffset(i):], dst[end:])
			dst = dst[:end]
		}
	default:
		off := len(dst) - start
		if uint64(off) > math.MaxUint32 {
			return dst, d.errorf(ErrLength, d.pos, "serialization larger than 4 GiB")
		}
		binary.LittleEndian.PutUint32(dst[start+c.FieldOffset(i):], uint32(off))
		dst, err = d.value(dst, f.Type)
	}
	if err != nil {
		return dst, inPath(err, schema.FieldStep(f.Name), f.Type)
	}
	return dst, nil
}

// union appends the serialization of the value of the union or compatible
// union u whose selector object is at pos.
func (d *decoder) union(dst []byte, u schema.Type) ([]byte, error) {
	at := d.pos
	if d.peek() != '{' {
		return dst, d.kindError("an object")
	}
	d.pos++
	sel, dataAt := -1, -1
	haveData := false
	for first := true; ; first = false {
		name, ok, err := d.key(first)
		if err != nil {
			return dst, err
		}
		if !ok {
			break
		}
		switch string(name) {
		case "selector":
			if sel >= 0 {
				return dst, inPath(d.errorf(ErrField, d.pos, "duplicate member"), schema.FieldStep("selector"), schema.Uint8)
			}
			if sel, err = d.selector(u); err != nil {
				return dst, inPath(err, schema.FieldStep("selector"), schema.Uint8)
			}
			dst = append(dst, byte(sel))
			if dataAt >= 0 {
				resume := d.pos
				d.pos = dataAt
				if dst, err = d.unionData(dst, u, sel); err != nil {
					return dst, err
				}
				d.pos = resume
			}
		case "data":
			if haveData {
				return dst, inPath(d.errorf(ErrField, d.pos, "duplicate member"), schema.FieldStep("data"), option(u, sel))
			}
			haveData = true
			if sel >= 0 {
				if dst, err = d.unionData(dst, u, sel); err != nil {
					return dst, err
				}
			} else {
				dataAt = d.pos
				if err := d.skip(0); err != nil {
					return dst, err
				}
			}
		default:
			if err := d.unknown(); err != nil {
				return dst, err
			}
		}
	}
	switch {
	case sel < 0:
		return dst, inPath(d.errorf(ErrField, at, "missing member"), schema.FieldStep("selector"), schema.Uint8)
	case !haveData:
		return dst, inPath(d.errorf(ErrField, at, "missing member"), schema.FieldStep("data"), option(u, sel))
	}
	return dst, nil
}

// selector reads the selector of the union or compatible union u at pos:
// a string of the decimal digits of a uint8, as the specification's JSON
// mapping writes it ({"selector": string, "data": type}), naming one of u's
// options.
func (d *decoder) selector(u schema.Type) (int, error) {
	at := d.pos
	s, err := d.stringOf(schema.Uint8)
	if err != nil {
		return 0, err
	}
	b, reason := parseUint(nil, s, 1)
	if reason != "" {
		return 0, d.errorf(ErrValue, at, "selector %s: %s", excerpt(s), reason)
	}
	if _, ok := unionOption(u, int(b[0])); ok {
		return int(b[0]), nil
	}
	return 0, d.errorf(ErrValue, at, "selector %s names no option of %v", s, u)
}

// unionData appends the serialization of the value of option sel of the
// union or compatible union u whose JSON is at pos: null for None.
func (d *decoder) unionData(dst []byte, u schema.Type, sel int) ([]byte, error) {
	opt, _ := unionOption(u, sel)
	if opt != nil {
		out, err := d.value(dst, opt)
		if err != nil {
			return dst, inPath(err, schema.FieldStep("data"), opt)
		}
		return out, nil
	}
	d.ws()
	if !d.literal("null") {
		return dst, inPath(d.kindError("null for None"), schema.FieldStep("data"), nil)
	}
	return dst, nil
}

// option returns the type of option sel of the union or compatible union
// u, or nil if sel is not known yet (negative) or names None.
func option(u schema.Type, sel int) schema.Type {
	opt, _ := unionOption(u, sel)
	return opt
}

// unionOption returns the type of option sel of the union or compatible
// union u (nil for None), and whether sel names an option.
func unionOption(u schema.Type, sel int) (schema.Type, bool) {
	switch u := u.(type) {
	case *schema.Union:
		if sel >= 0 && sel < u.Options() {
			return u.Option(sel), true
		}
	case *schema.CompatibleUnion:
		if o := u.Option(sel); o != nil {
			return o, true
		}
	}
	return nil, false
}
