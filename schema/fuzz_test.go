package schema

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The fuzz targets below decode arbitrary bytes as values of SSZ types and
// check, through checkRoundTrip, that decoding never panics, that it accepts
// exactly the inputs a flat reference validator (refValid) accepts, that
// whatever decodes encodes back byte for byte and hashes as the flat
// reference refRoot does, and that whatever fails to decode fails with an
// *Error naming one of the decoding sentinel errors.
//
// A target that covers several types takes a selector byte first, which
// picks the type (modulo the length of the target's list). The lists cover
// every type of the specification's ssz_generic test cases, plus larger
// types whose values span several pages. testdata/fuzz holds those cases
// (files named valid_<case> and invalid_<case>) as seeds, with the selector
// of their type: add new types at the end of a list.
//
// Run a target with, for example,
//
//	go test ./schema -run '^$' -fuzz '^FuzzBasicVector$' -fuzztime 60s -fuzzminimizetime 5s
//
// The default -fuzzminimizetime of 60s lets the minimization of one large
// new interesting input take up a worker for a whole minute.

// fuzzMaxInput bounds the inputs the targets decode: larger ones are
// skipped, since they cost time and find nothing smaller ones do not.
const fuzzMaxInput = 64 << 10

// decodeErrors are the sentinel errors a failed Decode may wrap.
var decodeErrors = []error{ErrSize, ErrOffset, ErrLimit, ErrBitlist, ErrPadding, ErrBoolean, ErrSelector}

// checkRoundTrip decodes input as a value of type typ and checks the
// properties every decoder must have. Decoding succeeds exactly when the
// flat reference refValid accepts the input, and Validate returns the
// error Decode does, as does Root. If it succeeds, the value encodes back
// to input exactly, Size reports len(input), and the tree's root and
// Root's are refRoot's; the tree does not share the input's bytes. If it
// fails, the error is an *Error for typ wrapping one of decodeErrors, at
// an offset within the input.
func checkRoundTrip(t *testing.T, typ Type, input []byte) {
	t.Helper()
	if len(input) > fuzzMaxInput {
		return
	}
	// Decode a private copy, which is then overwritten: the tree must not
	// share the bytes it was decoded from.
	b := append([]byte(nil), input...)
	n, err := typ.Decode(b)
	if verr := Validate(typ, input); fmt.Sprint(verr) != fmt.Sprint(err) {
		t.Fatalf("%v: Validate error %v, Decode error %v\ninput %x", typ, verr, err, input)
	}
	root, rerr := Root(typ, input)
	if fmt.Sprint(rerr) != fmt.Sprint(err) {
		t.Fatalf("%v: Root error %v, Decode error %v\ninput %x", typ, rerr, err, input)
	}
	if valid := refValid(typ, input); valid != (err == nil) {
		t.Fatalf("%v: Decode error %v, but the reference says valid = %v\ninput %x", typ, err, valid, input)
	}
	if err != nil {
		if n != nil {
			t.Fatalf("%v: Decode returned a tree and the error %v", typ, err)
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%v: Decode error %v (%T) is not an *Error\ninput %x", typ, err, err, input)
		}
		if e.Top != typ.String() {
			t.Fatalf("%v: Decode error %q names the top type %q\ninput %x", typ, err, e.Top, input)
		}
		if e.Offset < 0 || e.Offset > len(input) {
			t.Fatalf("%v: Decode error %q at offset %d of %d bytes\ninput %x", typ, err, e.Offset, len(input), input)
		}
		checkErrorPath(t, typ, e)
		for _, s := range decodeErrors {
			if errors.Is(err, s) {
				return
			}
		}
		t.Fatalf("%v: Decode error %q wraps no decoding sentinel error\ninput %x", typ, err, input)
	}
	for i := range b {
		b[i] ^= 0xa5
	}

	if uint64(len(input)) < typ.MinSize() || uint64(len(input)) > typ.MaxSize() {
		t.Fatalf("%v: decoded %d bytes, outside [MinSize %d, MaxSize %d]\ninput %x", typ, len(input), typ.MinSize(), typ.MaxSize(), input)
	}
	prefix := []byte{0xee, 0xff}
	out, err := typ.Encode(prefix, n)
	if err != nil {
		t.Fatalf("%v: Encode of a decoded value: %v\ninput %x", typ, err, input)
	}
	if !bytes.Equal(out[:len(prefix)], prefix) || !bytes.Equal(out[len(prefix):], input) {
		t.Fatalf("%v: Encode appends\n%x\nto %x; input\n%x", typ, out[len(prefix):], out[:len(prefix)], input)
	}
	if size, err := typ.Size(n); err != nil || size != len(input) {
		t.Fatalf("%v: Size = %d, %v; want %d\ninput %x", typ, size, err, len(input), input)
	}
	want := refRoot(typ, input)
	if got := n.Root(); got != want {
		t.Fatalf("%v: root %x, reference %x\ninput %x", typ, got, want, input)
	}
	if root != want {
		t.Fatalf("%v: Root %x, reference %x\ninput %x", typ, root, want, input)
	}
	// Hashing must leave the tree as it was.
	if again, err := typ.Encode(nil, n); err != nil || !bytes.Equal(again, input) {
		t.Fatalf("%v: after hashing, Encode gives %x, %v\ninput %x", typ, again, err, input)
	}
	// A container's fields, cut from the valid bytes, are valid values of
	// their types, and the variable-size ones follow each other to the end.
	if c, ok := typ.(*Container); ok {
		next := c.fixedPart
		for i := range c.NumFields() {
			f := c.Field(i).Type
			part, err := c.FieldBytes(input, i)
			if err == nil {
				err = Validate(f, part)
			}
			if err != nil {
				t.Fatalf("%v: FieldBytes of field %d: %v\ninput %x", typ, i, err, input)
			}
			if !f.IsFixedSize() {
				if at := cap(input) - cap(part); at != next {
					t.Fatalf("%v: field %d at byte %d, want %d\ninput %x", typ, i, at, next, input)
				}
				next += len(part)
			}
		}
		if next != len(input) && len(c.variable) > 0 {
			t.Fatalf("%v: the fields end at byte %d of %d\ninput %x", typ, next, len(input), input)
		}
	}
}

// refValid reports whether b is the serialization of a value of type t. It
// is written straight from the specification's rules, like refRoot, and
// shares no code with the decoders.
func refValid(t Type, b []byte) bool {
	switch t := t.(type) {
	case *Uint:
		return len(b) == t.FixedSize()
	case *Bool:
		return len(b) == 1 && b[0] <= 1
	case *Bitvector:
		n := t.Len()
		return uint64(len(b)) == (n+7)/8 && (n%8 == 0 || b[len(b)-1]>>(n%8) == 0)
	case *Bitlist:
		if len(b) == 0 || b[len(b)-1] == 0 {
			return false
		}
		return uint64(8*(len(b)-1)+bits.Len8(b[len(b)-1])-1) <= t.Limit()
	case *Vector:
		if t.Elem().IsFixedSize() {
			return uint64(len(b)) == t.Len()*uint64(t.Elem().FixedSize()) && refValidSeq(t.Elem(), b, int(t.Len()))
		}
		return refValidSeq(t.Elem(), b, int(t.Len()))
	case *List:
		if t.Elem().IsFixedSize() {
			size := t.Elem().FixedSize()
			return len(b)%size == 0 && uint64(len(b)/size) <= t.Limit() && refValidSeq(t.Elem(), b, len(b)/size)
		}
		if len(b) == 0 {
			return true
		}
		if len(b) < 4 {
			return false
		}
		first := binary.LittleEndian.Uint32(b)
		return first%4 == 0 && first > 0 && uint64(first/4) <= t.Limit() && refValidSeq(t.Elem(), b, int(first/4))
	case *Container:
		var fixed int
		for i := 0; i < t.NumFields(); i++ {
			if s := t.Field(i).Type.FixedSize(); t.Field(i).Type.IsFixedSize() {
				fixed += s
			} else {
				fixed += 4
			}
		}
		if len(b) < fixed {
			return false
		}
		var starts []int
		for i := 0; i < t.NumFields(); i++ {
			if !t.Field(i).Type.IsFixedSize() {
				starts = append(starts, int(binary.LittleEndian.Uint32(b[t.FieldOffset(i):])))
			}
		}
		if len(starts) == 0 && len(b) != fixed || !refValidOffsets(starts, fixed, len(b)) {
			return false
		}
		k := 0
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i).Type
			part := b[t.FieldOffset(i):min(len(b), t.FieldOffset(i)+f.FixedSize())]
			if !f.IsFixedSize() {
				end := len(b)
				if k+1 < len(starts) {
					end = starts[k+1]
				}
				part = b[starts[k]:end]
				k++
			}
			if !refValid(f, part) {
				return false
			}
		}
		return true
	case *Union:
		if len(b) == 0 || int(b[0]) >= t.Options() {
			return false
		}
		if t.Option(int(b[0])) == nil {
			return len(b) == 1
		}
		return refValid(t.Option(int(b[0])), b[1:])
	case *ProgressiveList:
		// A list without a limit.
		if t.Elem().IsFixedSize() {
			size := t.Elem().FixedSize()
			return len(b)%size == 0 && refValidSeq(t.Elem(), b, len(b)/size)
		}
		if len(b) == 0 {
			return true
		}
		if len(b) < 4 {
			return false
		}
		first := binary.LittleEndian.Uint32(b)
		return first%4 == 0 && first > 0 && refValidSeq(t.Elem(), b, int(first/4))
	case *ProgressiveBitlist:
		return len(b) > 0 && b[len(b)-1] != 0
	case *ProgressiveContainer:
		// Serialized as a container of its fields.
		return refValid(t.fields, b)
	case *CompatibleUnion:
		return len(b) > 0 && t.Option(int(b[0])) != nil && refValid(t.Option(int(b[0])), b[1:])
	}
	panic(fmt.Sprintf("refValid: unknown type %T", t))
}

// refValidSeq reports whether b holds n valid values of type elem: back to
// back if elem is fixed-size, else after n offsets.
func refValidSeq(elem Type, b []byte, n int) bool {
	if elem.IsFixedSize() {
		size := elem.FixedSize()
		for i := 0; i < n; i++ {
			if !refValid(elem, b[i*size:(i+1)*size]) {
				return false
			}
		}
		return true
	}
	if len(b) < 4*n {
		return false
	}
	starts := make([]int, n)
	for i := range starts {
		starts[i] = int(binary.LittleEndian.Uint32(b[4*i:]))
	}
	if !refValidOffsets(starts, 4*n, len(b)) {
		return false
	}
	for i, start := range starts {
		end := len(b)
		if i+1 < n {
			end = starts[i+1]
		}
		if !refValid(elem, b[start:end]) {
			return false
		}
	}
	return true
}

// refValidOffsets reports whether the offsets of variable-size parts are
// valid: the first where the fixed part ends, none going backwards, none
// past the end.
func refValidOffsets(starts []int, fixed, size int) bool {
	prev := fixed
	for i, s := range starts {
		if i == 0 && s != fixed || s < prev || s > size {
			return false
		}
		prev = s
	}
	return true
}

// fuzzTypes runs f over inputs prefixed with a selector byte choosing one
// of types, seeded with random valid values of each type (testdata/fuzz
// holds more seeds).
func fuzzTypes(f *testing.F, types []Type) {
	r := rand.New(rand.NewPCG(uint64(len(types)), 7))
	for i, typ := range types {
		for _, maxLen := range []int{0, 2, 5} {
			f.Add(byte(i), randomValue(r, typ, maxLen))
		}
	}
	f.Fuzz(func(t *testing.T, sel byte, b []byte) {
		checkRoundTrip(t, types[int(sel)%len(types)], b)
	})
}

// The spec's ssz_generic lengths of vectors, bitvectors and bitlists.
var genericLengths = []uint64{1, 2, 3, 4, 5, 8, 16, 31, 512, 513}

func bitvectors(lengths ...uint64) []Type {
	var ts []Type
	for _, n := range lengths {
		ts = append(ts, Must(NewBitvector(n)))
	}
	return ts
}

func bitlists(limits ...uint64) []Type {
	var ts []Type
	for _, n := range limits {
		ts = append(ts, Must(NewBitlist(n)))
	}
	return ts
}

// basicVectors returns Vector[elem, n] for the spec's basic element types
// and lengths, elements first, followed by extra.
func basicVectors(extra ...Type) []Type {
	var ts []Type
	for _, elem := range []Type{Boolean, Uint8, Uint16, Uint32, Uint64, Uint128, Uint256} {
		for _, n := range genericLengths {
			ts = append(ts, Must(NewVector(elem, n)))
		}
	}
	return append(ts, extra...)
}

// The types of the fuzz targets, indexed by the selector byte.
var (
	fuzzUints      = []Type{Uint8, Uint16, Uint32, Uint64, Uint128, Uint256, Byte}
	fuzzBitvectors = bitvectors(slices.Concat(genericLengths, []uint64{9, 32, 256, 257, 8192, 10000})...)
	fuzzBitlists   = bitlists(slices.Concat(genericLengths, []uint64{0, 32, 256, 2048, 8193, 1 << 20})...)

	fuzzBasicVectors = basicVectors(
		bytes32, bytes48, Must(NewByteVector(96)), Must(NewVector(Uint16, 7)),
		Must(NewVector(Boolean, 1500)), Must(NewVector(Uint8, 3000)),
		Must(NewVector(Uint64, 200)), Must(NewVector(Uint256, 100)))

	fuzzBasicLists = []Type{
		Must(NewList(Uint64, 0)), Must(NewList(Uint64, 3)), Must(NewList(Uint64, 1<<40)),
		Must(NewList(Boolean, 100)), Must(NewList(Boolean, 5000)),
		Must(NewList(Uint8, 33)), Must(NewList(Uint16, 128)), Must(NewList(Uint16, 1024)),
		Must(NewList(Uint32, 9)), Must(NewList(Uint128, 31)), Must(NewList(Uint256, 70)),
		Must(NewByteList(0)), Must(NewByteList(1)), Must(NewByteList(256)), Must(NewByteList(1 << 30)),
	}

	fuzzCompositeLists = []Type{
		// Fixed-size elements, stored in pages.
		Must(NewList(validator, 1<<40)), Must(NewList(checkpoint, 3)), Must(NewList(checkpoint, 1<<24)),
		Must(NewList(bytes32, 8192)), Must(NewList(bytes48, 100)), Must(NewList(singleField, 40)),
		Must(NewList(smallTestStruct, 1000)), Must(NewList(fixedTestStruct, 4)),
		Must(NewList(Must(NewBitvector(4)), 50)), Must(NewList(Must(NewBitvector(513)), 4)),
		Must(NewList(Must(NewVector(Boolean, 3)), 10)), Must(NewList(attestationData, 20)),
		Must(NewVector(validator, 9)), Must(NewVector(checkpoint, 1000)), Must(NewVector(singleField, 40)),
		Must(NewVector(fixedTestStruct, 4)), Must(NewVector(bytes32, 100)),
		// Variable-size elements, one subtree each.
		Must(NewList(varTestStruct, 5)), Must(NewList(bitsStruct, 6)), Must(NewList(complexStruct, 2)),
		Must(NewList(Must(NewList(Uint16, 5)), 7)), Must(NewList(Must(NewByteList(40)), 4)),
		Must(NewList(Must(NewByteList(4)), 1)), Must(NewList(Must(NewBitlist(8)), 6)),
		Must(NewList(Must(NewList(Must(NewList(Uint8, 3)), 3)), 3)),
		// Lists of lists of basic values, decoded in bulk: more than a
		// slab of them, some of several pages, booleans to check.
		Must(NewList(Must(NewByteList(5000)), 70)), Must(NewList(Must(NewList(Boolean, 9)), 70)),
		Must(NewVector(Must(NewList(Uint64, 600)), 65)),
		Must(NewVector(varTestStruct, 2)), Must(NewVector(Must(NewByteList(40)), 3)),
		Must(NewVector(Must(NewBitlist(3)), 2)), Must(NewVector(Must(NewList(Uint8, 2)), 1)),
		// Elements of odd shapes: single-chunk values that are not basic,
		// values of odd sizes, of a whole page and of more than a page.
		Must(NewVector(checkpoint, 1)), Must(NewVector(bytes32, 1)), Must(NewVector(singleField, 1)),
		Must(NewVector(Must(NewBitvector(4)), 1)), Must(NewVector(wrap32, 3)), Must(NewList(wrap32, 5)),
		Must(NewList(Must(NewByteVector(31)), 40)), Must(NewList(Must(NewByteVector(33)), 40)),
		Must(NewList(Must(NewByteVector(1024)), 3)), Must(NewList(Must(NewBitvector(8192)), 2)),
		Must(NewVector(Must(NewByteVector(1025)), 2)), Must(NewList(bigStruct, 3)),
	}

	fuzzContainers = []Type{
		singleField, smallTestStruct, fixedTestStruct, varTestStruct, complexStruct, bitsStruct,
		validator, checkpoint, attestationData, attestation, flagsStruct, bigStruct,
		wrap32,
		Must(NewContainer("WrapCheckpoint", field("c", checkpoint))),
		Must(NewContainer("WrapKey", field("k", bytes48))),
		Must(NewContainer("Nested", field("a", Must(NewContainer("Inner", field("b", singleField)))))),
		Must(NewContainer("Page", field("a", Must(NewByteVector(992))), field("b", Uint256))),
		Must(NewContainer("MoreThanAPage", field("a", Must(NewByteVector(992))), field("b", Uint256), field("c", Boolean))),
		Must(NewContainer("VarBig", field("big", bigStruct), field("l", Must(NewList(Uint8, 10))), field("f", flagsStruct))),
	}

	fuzzUnions = []Type{
		Must(NewUnion(nil, Uint64, complexStruct)), Must(NewUnion(Uint16)),
		Must(NewUnion(bitsStruct, Uint32, Must(NewList(Uint8, 10)))),
		Must(NewUnion(nil, Must(NewUnion(Uint8, Must(NewByteList(4)))))),
		Must(NewUnion(nil, checkpoint, validator, Must(NewBitlist(10)))),
		Must(NewList(Must(NewUnion(nil, validator, varTestStruct)), 5)),
		Must(NewVector(Must(NewUnion(nil, Uint8)), 3)),
		Must(NewContainer("WithUnion", field("a", Uint8), field("u", Must(NewUnion(nil, checkpoint, Must(NewBitlist(10))))), field("b", Boolean))),
	}
)

// Containers shaped like consensus ones, with compact containers nested in
// compact containers and fields that need validation below the top level.
var (
	attestationData = Must(NewContainer("AttestationData",
		field("slot", Uint64), field("index", Uint64), field("beacon_block_root", bytes32),
		field("source", checkpoint), field("target", checkpoint)))
	attestation = Must(NewContainer("Attestation",
		field("aggregation_bits", Must(NewBitlist(2048))), field("data", attestationData),
		field("signature", Must(NewByteVector(96)))))
	flagsStruct = Must(NewContainer("FlagsStruct",
		field("a", Boolean), field("b", Must(NewVector(Boolean, 3))), field("c", Must(NewBitvector(9))),
		field("d", checkpoint), field("e", Must(NewVector(fixedTestStruct, 2)))))
	wrap32    = Must(NewContainer("Wrap32", field("root", bytes32)))
	bigStruct = Must(NewContainer("Big", field("roots", Must(NewVector(bytes32, 100))), field("keys", Must(NewVector(bytes48, 30))), field("x", Uint8)))
)

// FuzzUint checks the round-trip properties of checkRoundTrip for uint8 to
// uint256 and byte.
func FuzzUint(f *testing.F) { fuzzTypes(f, fuzzUints) }

// FuzzBoolean checks the round-trip properties of checkRoundTrip for boolean.
func FuzzBoolean(f *testing.F) {
	for _, s := range []string{"", "\x00", "\x01", "\x02", "\xff", "\x00\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkRoundTrip(t, Boolean, b)
	})
}

// FuzzBitvector checks the round-trip properties of checkRoundTrip for
// bitvectors of the spec's test lengths and longer ones of several pages.
func FuzzBitvector(f *testing.F) { fuzzTypes(f, fuzzBitvectors) }

// FuzzBitlist checks the round-trip properties of checkRoundTrip for
// bitlists of the spec's test limits and larger ones of several pages.
func FuzzBitlist(f *testing.F) { fuzzTypes(f, fuzzBitlists) }

// FuzzBasicVector checks the round-trip properties of checkRoundTrip for
// vectors of booleans and of uint8 to uint256, of the spec's test lengths
// and some others, byte vectors included.
func FuzzBasicVector(f *testing.F) { fuzzTypes(f, fuzzBasicVectors) }

// FuzzBasicList checks the round-trip properties of checkRoundTrip for lists
// of basic values, byte lists included, of limits from 0 to 2^40.
func FuzzBasicList(f *testing.F) { fuzzTypes(f, fuzzBasicLists) }

// FuzzCompositeList checks the round-trip properties of checkRoundTrip for
// lists and vectors of composite values: of fixed-size containers, byte
// vectors and bitvectors stored in pages, and of variable-size values
// (containers, lists, bitlists) with offsets.
func FuzzCompositeList(f *testing.F) { fuzzTypes(f, fuzzCompositeLists) }

// FuzzContainer checks the round-trip properties of checkRoundTrip for the
// spec's ssz_generic test containers and containers shaped like consensus
// ones.
func FuzzContainer(f *testing.F) { fuzzTypes(f, fuzzContainers) }

// FuzzUnion checks the round-trip properties of checkRoundTrip for unions,
// with and without None, nested, and inside lists, vectors and containers.
func FuzzUnion(f *testing.F) { fuzzTypes(f, fuzzUnions) }

// checkErrorPath checks that the path of e, an error about a value of type
// typ, is in the notation of ParsePath and names a part of the type the
// error says: printed, parsed and printed again it is the same, and
// Locate finds a part of type e.Type there. Below the data of a union
// whose options differ in type, which Locate cannot follow by type alone,
// it checks the path up to that data.
func checkErrorPath(t *testing.T, typ Type, e *Error) {
	t.Helper()
	p, err := ParsePath(e.Path)
	if err != nil {
		t.Fatalf("%v: error %q: path does not parse: %v", typ, e, err)
	}
	if p.String() != e.Path {
		t.Fatalf("%v: error %q: path parses to %q", typ, e, p)
	}
	part := typ
	for k := range p {
		_, next, err := Locate(typ, p[:k+1].String())
		if err != nil {
			if part == nil {
				return // below a union's data of no one type
			}
			t.Fatalf("%v: error %q: Locate(%q): %v", typ, e, p[:k+1], err)
		}
		part = next
	}
	if part != nil && part.String() != e.Type {
		t.Fatalf("%v: error %q: Locate finds a part of type %v", typ, e, part)
	}
}
