package schema

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

func bitsOf(s string) []bool {
	out := make([]bool, len(s))
	for i, c := range s {
		out[i] = c == '1'
	}
	return out
}

func progressiveContainers() []*ProgressiveContainer {
	single := Must(NewProgressiveContainer("Single", bitsOf("1"), field("A", Byte)))
	varc := Must(NewProgressiveContainer("Var", bitsOf("10101"),
		field("A", Byte), field("B", Must(NewList(Uint16, 123))), field("C", NewProgressiveBitlist())))
	return []*ProgressiveContainer{
		single,
		Must(NewProgressiveContainer("Fixed", bitsOf("0111"), field("A", Uint8), field("B", Uint64), field("C", Boolean))),
		Must(NewProgressiveContainer("List", bitsOf("00001"), field("C", NewProgressiveBitlist()))),
		varc,
		Must(NewProgressiveContainer("Wide", bitsOf("1010100010001100000011"),
			field("A", Byte), field("B", Must(NewList(Uint16, 123))), field("C", NewProgressiveBitlist()),
			field("D", Must(NewProgressiveList(Uint64))), field("E", Must(NewProgressiveList(Boolean))),
			field("F", Must(NewProgressiveList(varc))), field("G", Must(NewList(single, 10))),
			field("H", Must(NewProgressiveList(varc))))),
	}
}

func TestProgressiveContainerRoots(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 17))
	for _, typ := range progressiveContainers() {
		for range 30 {
			b := randomValue(r, typ, 30)
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v: %v", typ, err)
			}
			if got, want := nd.Root(), refRoot(typ, b); got != want {
				t.Errorf("%v %x: root %x, reference %x", typ, b, got, want)
			}
			out, err := typ.Encode(nil, nd)
			if err != nil || !bytes.Equal(out, b) {
				t.Errorf("%v: re-encoding differs (%v)", typ, err)
			}
			if size, err := typ.Size(nd); err != nil || size != len(b) {
				t.Errorf("%v: size %d, want %d (%v)", typ, size, len(b), err)
			}
		}
		def, err := typ.Encode(nil, typ.Default())
		if err != nil {
			t.Fatalf("%v: default: %v", typ, err)
		}
		if got, want := typ.Default().Root(), refRoot(typ, def); got != want {
			t.Errorf("%v: default root %x, reference %x", typ, got, want)
		}
	}
}

func TestProgressiveContainerGindex(t *testing.T) {
	// Field C of List sits at position 4: subtree 1 (positions 1..4), index
	// 3 there: data gindex 27, under the mix-in 43.
	l := progressiveContainers()[2]
	g, err := Gindex(l, "C")
	if err != nil || g != 43 {
		t.Errorf("List.C: gindex %d, want 43 (%v)", g, err)
	}
	for _, typ := range progressiveContainers() {
		b := randomValue(rand.New(rand.NewPCG(1, 2)), typ, 5)
		nd := must(typ.Decode(b))
		for i := range typ.NumFields() {
			name := typ.Field(i).Name
			g, err := Gindex(typ, name)
			if err != nil {
				t.Fatalf("%v.%s: %v", typ, name, err)
			}
			leaf, branch, err := tree.Prove(nd, g)
			if err != nil {
				t.Fatalf("%v.%s: %v", typ, name, err)
			}
			fields := must(typ.Fields(nd))
			if leaf != fields[i].Root() || !tree.VerifyProof(nd.Root(), g, leaf, branch) {
				t.Errorf("%v.%s: the proof does not give the field's root", typ, name)
			}
		}
	}
}

func TestProgressiveContainerIllegal(t *testing.T) {
	many := make([]bool, 257)
	many[256] = true
	cases := []struct {
		name   string
		active []bool
		fields []Field
	}{
		{"no fields", bitsOf("1"), nil},
		{"no active_fields", nil, []Field{field("A", Byte)}},
		{"trailing 0", bitsOf("10"), []Field{field("A", Byte)}},
		{"more 1s", bitsOf("11"), []Field{field("A", Byte)}},
		{"fewer 1s", bitsOf("01"), []Field{field("A", Byte), field("B", Byte)}},
		{"257 entries", many, []Field{field("A", Byte)}},
		{"duplicate names", bitsOf("11"), []Field{field("A", Byte), field("A", Byte)}},
	}
	for _, c := range cases {
		if _, err := NewProgressiveContainer("P", c.active, c.fields...); !errors.Is(err, ErrIllegalType) {
			t.Errorf("%s: %v, want ErrIllegalType", c.name, err)
		}
	}
	ok := make([]bool, 256)
	ok[255] = true
	if _, err := NewProgressiveContainer("P", ok, field("A", Byte)); err != nil {
		t.Errorf("256 entries: %v", err)
	}
}

func TestProgressiveContainerInvalid(t *testing.T) {
	varc := progressiveContainers()[3] // fixed part: A (1), offsets of B and C (8)
	for _, b := range [][]byte{
		nil,
		{1, 9, 0, 0, 0, 9, 0, 0},           // short fixed part
		{1, 10, 0, 0, 0, 10, 0, 0, 0, 1},   // first offset beyond the fixed part
		{1, 8, 0, 0, 0, 9, 0, 0, 0, 1},     // first offset inside the fixed part
		{1, 9, 0, 0, 0, 10, 0, 0, 0, 0},    // C beyond the end
		{1, 9, 0, 0, 0, 9, 0, 0, 0, 0},     // C without delimiter
		{1, 9, 0, 0, 0, 10, 0, 0, 0, 7, 1}, // B of an odd byte count
	} {
		if _, err := varc.Decode(b); err == nil {
			t.Errorf("%v: %x decoded", varc, b)
		}
	}
}

// TestProgressiveEncodeNoAllocs checks that encoding and sizing a
// progressive list of composite values (of progressive containers, of
// containers with a variable field) into a buffer with room allocates
// nothing, over lengths that span several subtrees and windows of the
// elements' walk, and that the encoding is the input.
func TestProgressiveEncodeNoAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation figures differ under coverage or the race detector")
	}
	r := rand.New(rand.NewPCG(31, 32))
	varc := Must(NewContainer("Var", field("a", Uint8), field("b", Must(NewByteList(40)))))
	var types []Type
	for _, p := range progressiveContainers() {
		types = append(types, p, Must(NewProgressiveList(p)))
	}
	types = append(types, Must(NewProgressiveList(varc)), Must(NewProgressiveList(Must(NewVector(Uint64, 600)))))
	for _, typ := range types {
		for _, n := range []int{0, 1, 5, 64, 65, 86, 341, 342} {
			var b []byte
			if _, ok := typ.(*ProgressiveContainer); ok {
				b = randomValue(r, typ, 4)
			} else {
				b = valueOfLength(r, typ, n)
			}
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v of %d: %v", typ, n, err)
			}
			buf := make([]byte, 0, len(b))
			var out []byte
			if a := testing.AllocsPerRun(5, func() { out, err = typ.Encode(buf, nd) }); a != 0 {
				t.Errorf("%v of %d: encode into a buffer with room: %v allocations, want 0", typ, n, a)
			}
			if err != nil || !bytes.Equal(out, b) {
				t.Errorf("%v of %d: encoding differs from the input (%v)", typ, n, err)
			}
			var size int
			if a := testing.AllocsPerRun(5, func() { size, err = typ.Size(nd) }); a != 0 {
				t.Errorf("%v of %d: size: %v allocations, want 0", typ, n, a)
			}
			if err != nil || size != len(b) {
				t.Errorf("%v of %d: size %d, want %d (%v)", typ, n, size, len(b), err)
			}
		}
	}
}

// TestFixedProgressiveContainerNested checks a fixed-size progressive
// container as a field of a container and as the element of a vector and
// a list: they keep a subtree each, as it has no shape of its bytes, where
// a fixed-size container of the same size would be compact.
func TestFixedProgressiveContainerNested(t *testing.T) {
	p, err := NewProgressiveContainer("P", bitsOf("101"), Field{"a", Uint64}, Field{"c", Uint32})
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewContainer("C", Field{"x", Uint8}, Field{"p", p})
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewVector(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewList(p, 5)
	if err != nil {
		t.Fatal(err)
	}
	if c.IsCompact() || !c.IsFixedSize() || c.FixedSize() != 13 {
		t.Fatalf("%v: compact %v, fixed size %d", c, c.IsCompact(), c.FixedSize())
	}
	r := rand.New(rand.NewPCG(5, 8))
	for _, typ := range []Type{c, v, l} {
		for range 20 {
			b := randomValue(r, typ, 5)
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v: %v", typ, err)
			}
			if got, want := nd.Root(), refRoot(typ, b); got != want {
				t.Errorf("%v %x: root %x, reference %x", typ, b, got, want)
			}
			if out, err := typ.Encode(nil, nd); err != nil || !bytes.Equal(out, b) {
				t.Errorf("%v: re-encoding differs (%v)", typ, err)
			}
		}
	}
}
