package difftest

import (
	"encoding/binary"
	"math"

	"github.com/ssztree/ssztree/schema"
)

// maxGrowth bounds the bytes a mutation may add to an input (a list grown
// to its limit): larger growths are left out, since a decoder rejects or
// accepts them for the same reason as a smaller list past a smaller limit.
const maxGrowth = 1 << 20

// A mutation changes an encoding at one site of its layout. apply returns
// the mutated bytes, a new slice; aux is a second selector for the
// mutations that have several variants at one site (which byte of a list
// to flip).
type mutation struct {
	kind  string
	apply func(b []byte, aux uint32) []byte
}

// Mutate applies to b, an encoding of a value of t (valid or not), the
// structure-aware mutation that sel picks: 0 leaves b as it is; otherwise
// sel-1 picks, modulo their number, one of the mutations of b's layout
// ([Mutations]), and the quotient is passed to it as its variant.
func Mutate(t schema.Type, b []byte, sel uint32) []byte {
	if sel == 0 {
		return b
	}
	ms := mutations(t, b)
	if len(ms) == 0 {
		return b
	}
	i := (sel - 1) % uint32(len(ms))
	return ms[i].apply(b, (sel-1)/uint32(len(ms)))
}

// Mutations returns the kinds of the structure-aware mutations of b, an
// encoding of a value of t ("offset", "truncate", "limit"...), in the
// order [Mutate] selects them (sel = index+1).
func Mutations(t schema.Type, b []byte) []string {
	ms := mutations(t, b)
	kinds := make([]string, len(ms))
	for i, m := range ms {
		kinds[i] = m.kind
	}
	return kinds
}

// mutations lists the mutations of b's layout: offsets moved by ±1, to
// the start and past the end of their value and to the largest offset;
// truncations at, before and after every boundary between parts; lists
// of fixed-size elements grown to their limit and past it, and shrunk by
// one element; bitlists with their delimiter removed or doubled, a zero
// byte after it, or grown past their limit; bytes flipped inside lists
// (nested ones first); union selectors set to every other selector and
// past the last; booleans set to 2; bitvector padding bits set.
func mutations(t schema.Type, b []byte) []mutation {
	l := walkLayout(t, b)
	var ms []mutation
	add := func(kind string, f func(b []byte, aux uint32) []byte) {
		ms = append(ms, mutation{kind, f})
	}
	for _, o := range l.offsets {
		v := int(binary.LittleEndian.Uint32(b[o.pos:]))
		for _, nv := range []int{v + 1, v - 1, 0, o.end - o.base, o.end - o.base + 1, math.MaxUint32} {
			add("offset", func(b []byte, _ uint32) []byte { return setOffset(b, o.pos, nv) })
		}
	}
	for _, p := range l.bounds {
		for _, q := range []int{p - 1, p, p + 1} {
			if q >= 0 && q < len(b) {
				add("truncate", func(b []byte, _ uint32) []byte { return clone(b[:q]) })
			}
		}
	}
	// Nested lists first: their bytes are reached by fewer random inputs.
	for pass := range 2 {
		for _, s := range l.lists {
			if (s.depth > 1) != (pass == 0) || s.end <= s.start {
				continue
			}
			add("flip", func(b []byte, aux uint32) []byte {
				c := clone(b)
				i := s.start + int(aux/8)%(s.end-s.start)
				c[i] ^= 1 << (aux % 8)
				return c
			})
		}
	}
	for _, s := range l.lists {
		if s.elemSize == 0 {
			continue
		}
		n := (s.end - s.start) / s.elemSize
		if n > 0 {
			add("shrink", func(b []byte, _ uint32) []byte { return splice(l, b, s.end-s.elemSize, s.end, s.end, nil) })
		}
		if s.limit == 0 {
			add("grow", func(b []byte, _ uint32) []byte { return growList(l, b, s, n+1) })
			continue
		}
		if (s.limit+1)*uint64(s.elemSize) <= maxGrowth {
			add("limit", func(b []byte, _ uint32) []byte { return growList(l, b, s, int(s.limit)) })
			add("past-limit", func(b []byte, _ uint32) []byte { return growList(l, b, s, int(s.limit)+1) })
		}
	}
	for _, s := range l.bitlists {
		if s.end <= s.start {
			continue
		}
		last := s.end - 1
		add("no-delimiter", func(b []byte, _ uint32) []byte {
			// Clearing only the delimiter would make the highest bit
			// below it the delimiter: the whole last byte goes to 0.
			c := clone(b)
			c[last] = 0
			return c
		})
		add("double-delimiter", func(b []byte, _ uint32) []byte {
			c := clone(b)
			if d := c[last]; d != 0 && d < 0x80 {
				c[last] = d | d<<1
				return c
			}
			return splice(l, b, s.end, s.end, s.end, []byte{1})
		})
		add("zero-after-delimiter", func(b []byte, _ uint32) []byte { return splice(l, b, s.end, s.end, s.end, []byte{0}) })
		if s.limit > 0 && s.limit/8+2 <= maxGrowth {
			for _, bits := range []uint64{s.limit, s.limit + 1} {
				add("bitlist-length", func(b []byte, aux uint32) []byte {
					// bits ones (or the pattern aux picks), then the delimiter.
					data := make([]byte, bits/8+1)
					for i := range data {
						data[i] = 0xff ^ byte(aux)
					}
					data[bits/8] = 1 << (bits % 8)
					if bits%8 != 0 {
						data[bits/8] |= 0xff >> (8 - bits%8)
					}
					return splice(l, b, s.start, s.end, s.end, data)
				})
			}
		}
	}
	for _, s := range l.selectors {
		for _, v := range append(append([]int(nil), s.selectors...), maxOf(s.selectors)+1, 0xff) {
			add("selector", func(b []byte, _ uint32) []byte {
				c := clone(b)
				c[s.pos] = byte(v)
				return c
			})
		}
	}
	for _, p := range l.bools {
		add("boolean", func(b []byte, aux uint32) []byte {
			c := clone(b)
			c[p] = 2 + byte(aux%254)
			return c
		})
	}
	for _, p := range l.paddings {
		add("padding", func(b []byte, _ uint32) []byte {
			c := clone(b)
			c[p.pos] |= 0x80
			return c
		})
	}
	return ms
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

func maxOf(s []int) int {
	m := -1
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

func setOffset(b []byte, pos, v int) []byte {
	c := clone(b)
	binary.LittleEndian.PutUint32(c[pos:], uint32(v))
	return c
}

// growList returns b with the list s holding n elements: its elements
// repeated, or zero elements if it has none.
func growList(l *layout, b []byte, s listSite, n int) []byte {
	have := (s.end - s.start) / s.elemSize
	data := make([]byte, 0, n*s.elemSize)
	for i := range n {
		if have == 0 {
			data = append(data, make([]byte, s.elemSize)...)
			continue
		}
		e := s.start + (i%have)*s.elemSize
		data = append(data, b[e:e+s.elemSize]...)
	}
	from := s.end
	if s.end == s.start {
		from++ // an empty list: the offsets at its start name it
	}
	return splice(l, b, s.start, s.end, from, data)
}

// splice returns b with b[p:q] replaced by data (a range that holds no
// offset: the elements of a list of fixed-size values, a bitlist), and
// every offset of l that belongs to a value starting before p and points
// at or past from moved by the change in length, so that the parts after
// the replaced range stay where their offsets say they are. from is q
// where the range is not empty; for an insertion at the end of a part, it
// is where the next part starts.
func splice(l *layout, b []byte, p, q, from int, data []byte) []byte {
	delta := len(data) - (q - p)
	out := make([]byte, 0, len(b)+delta)
	out = append(out, b[:p]...)
	out = append(out, data...)
	out = append(out, b[q:]...)
	for _, o := range l.offsets {
		if o.base >= p || o.pos+4 > len(b) || (o.pos < q && o.pos+4 > p) {
			// An offset inside the replaced range: only a layout walked
			// from invalid bytes has one; it goes with the range.
			continue
		}
		v := int(binary.LittleEndian.Uint32(b[o.pos:]))
		if o.base+v < from {
			continue
		}
		pos := o.pos
		if pos >= q {
			pos += delta
		}
		binary.LittleEndian.PutUint32(out[pos:], uint32(v+delta))
	}
	return out
}
