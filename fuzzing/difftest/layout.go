package difftest

import (
	"encoding/binary"

	"github.com/ssztree/ssztree/schema"
)

// maxSites bounds the sites of each kind that a walk records, so that a
// large state (a million validators, each with a boolean) costs a bounded
// walk: the first sites of a kind are kept, in the order of the bytes.
const maxSites = 1 << 12

// An offsetSite is a 4-byte offset of a valid encoding: at pos, relative
// to base, the start of the container or list whose fixed part holds it,
// which ends at end (the end of the value the offset belongs to).
type offsetSite struct {
	pos, base, end int
}

// A listSite is the byte range [start, end) of a list's elements, at a
// nesting depth (the top value is depth 0). elemSize is the size of a
// fixed-size element and 0 for variable-size elements; limit is the list's
// limit, 0 for a progressive list.
type listSite struct {
	start, end, depth int
	elemSize          int
	limit             uint64
}

// A bitlistSite is the byte range [start, end) of a bitlist, whose last
// byte holds the delimiter; limit is 0 for a progressive bitlist.
type bitlistSite struct {
	start, end int
	limit      uint64
}

// A selectorSite is the selector byte of a union at pos, with the
// selectors the union accepts.
// A paddingSite is the last byte of a bitvector, at pos, whose bits in
// mask lie past the bitvector's length.
type paddingSite struct {
	pos  int
	mask byte
}

type selectorSite struct {
	pos       int
	selectors []int
}

// A layout is what a walk of an encoding found: the places where a
// structure-aware mutation changes the meaning of the bytes.
type layout struct {
	offsets   []offsetSite
	lists     []listSite
	bitlists  []bitlistSite
	selectors []selectorSite
	// bools are the positions of boolean bytes.
	bools []int
	// paddings are the last bytes of the bitvectors whose length is not a
	// multiple of 8.
	paddings []paddingSite
	// bounds are the starts and ends of the variable-size parts: where a
	// truncation cuts a value between two of its parts.
	bounds []int
	// gaps are the byte ranges between the end of a container's fixed
	// part and the start of its first variable-size part that its first
	// offset points past: bytes no value serializes to.
	gaps []gap
	// vectorFirsts are the first offsets of the vectors of variable-size
	// elements, each with the value it must have.
	vectorFirsts []vectorFirstSite
}

// A vectorFirstSite is the first offset, at pos, of a vector of n
// variable-size elements: valid only if it is 4n, the end of the offsets.
type vectorFirstSite struct {
	pos  int
	want uint64
}

// A gap is the byte range [start, end) in the container whose encoding
// starts at base.
type gap struct{ start, end, base int }

func appendCapped[T any](s []T, v T) []T {
	if len(s) >= maxSites {
		return s
	}
	return append(s, v)
}

// walkLayout records the layout of b, an encoding of a value of type t.
// It is tolerant: where b does not have the layout t demands (a fuzzed
// input), it stops descending and keeps what it found so far.
func walkLayout(t schema.Type, b []byte) *layout {
	l := &layout{}
	l.walk(t, b, 0, len(b), 0)
	return l
}

// walk records the layout of b[at:end], a value of type t at the given
// nesting depth.
func (l *layout) walk(t schema.Type, b []byte, at, end, depth int) {
	if at < 0 || end > len(b) || at > end {
		return
	}
	switch t := t.(type) {
	case *schema.Bool:
		if end-at == 1 {
			l.bools = appendCapped(l.bools, at)
		}
	case *schema.Bitvector:
		if t.Len()%8 != 0 && end > at {
			l.paddings = appendCapped(l.paddings, paddingSite{end - 1, byte(0xff << (t.Len() % 8))})
		}
	case *schema.Bitlist:
		l.bitlists = appendCapped(l.bitlists, bitlistSite{at, end, t.Limit()})
	case *schema.ProgressiveBitlist:
		l.bitlists = appendCapped(l.bitlists, bitlistSite{at, end, 0})
	case *schema.Vector:
		if !t.Elem().IsFixedSize() && end-at >= 4 {
			l.vectorFirsts = appendCapped(l.vectorFirsts, vectorFirstSite{at, 4 * t.Len()})
		}
		l.walkElements(t.Elem(), b, at, end, depth, nil)
	case *schema.List:
		l.walkElements(t.Elem(), b, at, end, depth, &listSite{limit: t.Limit()})
	case *schema.ProgressiveList:
		l.walkElements(t.Elem(), b, at, end, depth, &listSite{})
	case *schema.Container:
		fields := make([]schema.Type, t.NumFields())
		for i := range fields {
			fields[i] = t.Field(i).Type
		}
		l.walkFields(fields, t.FieldOffset, b, at, end, depth)
	case *schema.ProgressiveContainer:
		fields := make([]schema.Type, t.NumFields())
		for i := range fields {
			fields[i] = t.Field(i).Type
		}
		l.walkFields(fields, t.FieldOffset, b, at, end, depth)
	case *schema.Union:
		if end > at {
			l.selectors = appendCapped(l.selectors, selectorSite{at, seq(t.Options())})
			if s := int(b[at]); s < t.Options() && t.Option(s) != nil {
				l.walk(t.Option(s), b, at+1, end, depth+1)
			}
		}
	case *schema.CompatibleUnion:
		if end > at {
			l.selectors = appendCapped(l.selectors, selectorSite{at, t.Selectors()})
			if o := t.Option(int(b[at])); o != nil {
				l.walk(o, b, at+1, end, depth+1)
			}
		}
	}
}

// seq returns 0, 1, ..., n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// walkElements records the elements of a vector or list of elem in
// b[at:end]; list is the list's site to complete and record, nil for a
// vector.
func (l *layout) walkElements(elem schema.Type, b []byte, at, end, depth int, list *listSite) {
	if list != nil {
		list.start, list.end, list.depth = at, end, depth
		if elem.IsFixedSize() {
			list.elemSize = elem.FixedSize()
		}
		l.lists = appendCapped(l.lists, *list)
	}
	if elem.IsFixedSize() {
		size := elem.FixedSize()
		if !descends(elem) || size == 0 {
			return
		}
		for p := at; p+size <= end; p += size {
			l.walk(elem, b, p, p+size, depth+1)
		}
		return
	}
	if end-at < 4 {
		return
	}
	first := int(binary.LittleEndian.Uint32(b[at:]))
	if first%4 != 0 || first == 0 || first > end-at {
		return
	}
	n := first / 4
	starts := make([]int, n)
	for i := range n {
		pos := at + 4*i
		l.offsets = appendCapped(l.offsets, offsetSite{pos, at, end})
		starts[i] = at + int(binary.LittleEndian.Uint32(b[pos:]))
	}
	l.walkParts(elem, starts, b, end, depth)
}

// walkParts records the variable-size parts that start at starts, each
// of type t (or of the types ts if given), the last ending at end.
func (l *layout) walkParts(t schema.Type, starts []int, b []byte, end, depth int) {
	l.walkPartsOf(func(int) schema.Type { return t }, starts, b, end, depth)
}

func (l *layout) walkPartsOf(typ func(i int) schema.Type, starts []int, b []byte, end, depth int) {
	for i, s := range starts {
		e := end
		if i+1 < len(starts) {
			e = starts[i+1]
		}
		if s < 0 || s > e || e > end {
			return
		}
		l.bounds = appendCapped(l.bounds, s)
		l.walk(typ(i), b, s, e, depth+1)
	}
	l.bounds = appendCapped(l.bounds, end)
}

// walkFields records the fields of a container in b[at:end]; offset
// gives the position of field i in the fixed part.
func (l *layout) walkFields(fields []schema.Type, offset func(int) int, b []byte, at, end, depth int) {
	var starts []int
	var variable []schema.Type
	fixedEnd := at
	for i, f := range fields {
		pos := at + offset(i)
		if f.IsFixedSize() {
			fixedEnd = pos + f.FixedSize()
		} else {
			fixedEnd = pos + 4
		}
	}
	for i, f := range fields {
		pos := at + offset(i)
		if f.IsFixedSize() {
			if pos+f.FixedSize() > end {
				return
			}
			if descends(f) {
				l.walk(f, b, pos, pos+f.FixedSize(), depth+1)
			}
			continue
		}
		if pos+4 > end {
			return
		}
		l.offsets = appendCapped(l.offsets, offsetSite{pos, at, end})
		starts = append(starts, at+int(binary.LittleEndian.Uint32(b[pos:])))
		variable = append(variable, f)
	}
	if len(starts) > 0 && starts[0] > fixedEnd && starts[0] <= end {
		l.gaps = appendCapped(l.gaps, gap{fixedEnd, starts[0], at})
	}
	l.walkPartsOf(func(i int) schema.Type { return variable[i] }, starts, b, end, depth)
}

// descends reports whether a fixed-size value of type t can hold a site:
// a boolean, a bitvector with padding, or a container or vector of those.
func descends(t schema.Type) bool {
	switch t := t.(type) {
	case *schema.Bool:
		return true
	case *schema.Bitvector:
		return t.Len()%8 != 0
	case *schema.Vector:
		return descends(t.Elem())
	case *schema.Container:
		for i := range t.NumFields() {
			if descends(t.Field(i).Type) {
				return true
			}
		}
	case *schema.ProgressiveContainer:
		for i := range t.NumFields() {
			if descends(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
