package difftest

import (
	"encoding/binary"
	"strings"

	"github.com/ssztree/ssztree/schema"
)

// CloseGaps returns b without the gaps of its layout as a value of t: the
// bytes between the end of a container's fixed part and the start of its
// first variable-size part, where the container's first offset points
// past its fixed part, with the offsets after each gap moved back. The
// specification's deserialization rejects such bytes ("Scope: Extra
// unused bytes", ssz/simple-serialize.md); decoders that read the fields
// from where the offsets say and never check the first offset decode the
// value b would be without them. It returns b itself when it has no gap.
func CloseGaps(t schema.Type, b []byte) []byte {
	// One gap at a time: closing one moves the others.
	for range maxSites {
		l := walkLayout(t, b)
		if len(l.gaps) == 0 {
			return b
		}
		g := l.gaps[0]
		b = splice(l, b, g.start, g.end, g.end, nil)
	}
	return b
}

// ShiftGaps returns b as a decoder sees it that reads every variable-size
// part one after the other, from the end of its container's fixed part on,
// taking the parts' lengths from the offsets: each gap ([CloseGaps]) kept
// in place as the first part's first bytes, the parts after it (in the
// container and around it) read that many bytes earlier, so that as many
// bytes at the end of b are never read, and the offsets that point past
// the gap moved back by it (the container's own and those of the
// containers around it; those inside the parts are relative to them). It
// returns b itself when it has no gap.
func ShiftGaps(t schema.Type, b []byte) []byte {
	for range maxSites {
		l := walkLayout(t, b)
		if len(l.gaps) == 0 {
			return b
		}
		g := l.gaps[0]
		n := g.end - g.start
		out := make([]byte, 0, len(b)-n)
		out = append(out, b[:len(b)-n]...)
		for _, o := range l.offsets {
			// The offsets of the container and of those around it, which
			// lie before the gap; those inside its fields keep theirs.
			if o.base > g.base || o.pos+4 > g.start {
				continue
			}
			v := int(binary.LittleEndian.Uint32(b[o.pos:]))
			if o.base+v >= g.end {
				binary.LittleEndian.PutUint32(out[o.pos:], uint32(v-n))
			}
		}
		b = out
	}
	return b
}

// ShiftedGapClass is the known class of the decoders that accept an input
// with a gap after a container's fixed part and read it as [ShiftGaps]
// does: the disagreement matches when ssztree rejects the input, the peer
// accepts it, and ssztree accepts the shifted input with the peer's root.
func ShiftedGapClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK {
			return false
		}
		shifted := ShiftGaps(t, input)
		if len(shifted) == len(input) {
			return false
		}
		r := Ours(t, shifted)
		return r.OK && r.Root == theirs.Root
	}}
}

// GapClass is the known class of the decoders that accept an input with
// a gap after a container's fixed part ([CloseGaps]), which the
// specification rejects: the disagreement matches when ssztree rejects
// the input, the peer accepts it, and ssztree accepts the input without
// its gaps. If sameValue is set, the peer must also have decoded the value
// without the gaps (its root is ssztree's of that input); otherwise the
// value it made of the bytes does not matter.
func GapClass(name string, sameValue bool) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK {
			return false
		}
		closed := CloseGaps(t, input)
		if len(closed) == len(input) {
			return false
		}
		r := Ours(t, closed)
		return r.OK && (!sameValue || r.Root == theirs.Root)
	}}
}

// FullBitlistClass is the known class of the decoders that reject a
// Bitlist[N], N a multiple of 8, holding N bits: N/8 bytes of bits and a
// byte with the delimiter, which they count as one byte too many. The
// disagreement matches when ssztree accepts the input, the peer rejects
// it, and the input holds such a bitlist.
func FullBitlistClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if !ours.OK || theirs.OK || theirs.Panic != "" {
			return false
		}
		for _, s := range walkLayout(t, input).bitlists {
			if s.limit > 0 && s.limit%8 == 0 && uint64(s.end-s.start) == s.limit/8+1 {
				return true
			}
		}
		return false
	}}
}

// PanicClass is the known class of a peer's panic on input that ssztree
// rejects, in the function named by where (a part of the panic's stack,
// "view.(*ComplexListTypeDef).Deserialize").
func PanicClass(name, where string) Known {
	return Known{Name: name, Match: func(_ schema.Type, _ []byte, _ string, ours, theirs Result) bool {
		return !ours.OK && ours.Panic == "" && strings.Contains(theirs.Panic, where)
	}}
}

// BoolClass is the known class of the decoders that accept a boolean byte
// other than 0 and 1, which the specification rejects ("boolean byte
// neither 0 nor 1"; ssz/simple-serialize.md serializes a boolean as one
// byte, 0 or 1, and deserialization inverts it): the disagreement matches
// when ssztree rejects the input, the peer accepts it, and ssztree
// accepts the input with every such boolean byte set to 1.
func BoolClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK {
			return false
		}
		c := clone(input)
		changed := false
		for _, p := range walkLayout(t, input).bools {
			if c[p] > 1 {
				c[p], changed = 1, true
			}
		}
		return changed && Ours(t, c).OK
	}}
}

// PaddingClass is the known class of the decoders that accept a
// Bitvector[N], N not a multiple of 8, with bits set past its length in
// its last byte, which the specification rejects (its ssz_generic cases
// bitvec_N_max_N+1 and the like are invalid: bytes that no value
// serializes to). The disagreement matches when ssztree rejects the input,
// the peer accepts it, and ssztree accepts it with those bits cleared.
func PaddingClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK {
			return false
		}
		c := clone(input)
		changed := false
		for _, p := range walkLayout(t, input).paddings {
			if c[p.pos]&p.mask != 0 {
				c[p.pos] &^= p.mask
				changed = true
			}
		}
		return changed && Ours(t, c).OK
	}}
}

// UnionTailClass is the known class of the decoders that read a union's
// selected value from the start of the bytes after the selector and
// ignore the bytes after it (None followed by bytes, a uint16 followed by
// more), which the specification rejects: a union's data is "the
// remainder of the scope", deserialized as the selected type, and unused
// bytes make the input invalid (ssz/simple-serialize.md, Deserialization).
// The disagreement matches when ssztree rejects an input holding a union,
// the peer accepts it, and its re-encoding is shorter than the input and
// valid for ssztree, with the root the peer gave.
func UnionTailClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK || len(theirs.Encoding) >= len(input) {
			return false
		}
		if len(walkLayout(t, input).selectors) == 0 {
			return false
		}
		r := Ours(t, theirs.Encoding)
		return r.OK && r.Root == theirs.Root
	}}
}

// VectorOffsetClass is the known class of the decoders that never check
// the first offset of a vector of variable-size elements: its number of
// elements is the vector's length, so they read the elements from the end
// of the offsets on, with the lengths the later offsets give, whatever the
// first offset says. The specification rejects it: the offsets of a
// vector's elements start where its fixed part (the offsets) ends, and
// serialization is injective (ssz/simple-serialize.md, Deserialization).
// The disagreement matches when ssztree rejects an input holding such a
// vector whose first offset is not the end of its offsets, the peer
// accepts it, and its re-encoding is valid for ssztree, with the root the
// peer gave.
func VectorOffsetClass(name string) Known {
	return Known{Name: name, Match: func(t schema.Type, input []byte, _ string, ours, theirs Result) bool {
		if ours.OK || !theirs.OK {
			return false
		}
		wrong := false
		for _, s := range walkLayout(t, input).vectorFirsts {
			if uint64(binary.LittleEndian.Uint32(input[s.pos:])) != s.want {
				wrong = true
				break
			}
		}
		if !wrong {
			return false
		}
		r := Ours(t, theirs.Encoding)
		return r.OK && r.Root == theirs.Root
	}}
}
