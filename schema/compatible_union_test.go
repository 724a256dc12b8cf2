package schema

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

// The shapes of the specification's example (ssz/simple-serialize.md,
// "Composite types"): Square and Circle share color at position 2 and
// keep side and radius at positions of their own.
var (
	square = Must(NewProgressiveContainer("Square", bitsOf("101"), field("side", Uint16), field("color", Uint8)))
	circle = Must(NewProgressiveContainer("Circle", bitsOf("011"), field("radius", Uint16), field("color", Uint8)))
	shape  = Must(NewCompatibleUnion(map[int]Type{1: square, 2: circle}))
)

// compatibleUnions returns compatible unions of the test structs of the
// spec's compatible_unions handler and others.
func compatibleUnions() []*CompatibleUnion {
	pcs := progressiveContainers()
	single, list, varc := pcs[0], pcs[2], pcs[3]
	return []*CompatibleUnion{
		Must(NewCompatibleUnion(map[int]Type{1: single})),
		Must(NewCompatibleUnion(map[int]Type{2: list, 3: varc})),
		Must(NewCompatibleUnion(map[int]Type{1: single, 2: list, 3: varc, 4: single})),
		shape,
		Must(NewCompatibleUnion(map[int]Type{127: Uint8, 5: Byte})),
		Must(NewCompatibleUnion(map[int]Type{1: Must(NewProgressiveList(varc)), 2: Must(NewProgressiveList(single))})),
		Must(NewCompatibleUnion(map[int]Type{7: Must(NewList(Uint16, 9)), 9: Must(NewList(Uint16, 9))})),
		Must(NewCompatibleUnion(map[int]Type{1: Must(NewCompatibleUnion(map[int]Type{3: square})), 2: Must(NewCompatibleUnion(map[int]Type{1: circle, 2: square}))})),
	}
}

func TestCompatibleUnionIllegal(t *testing.T) {
	otherColor := Must(NewProgressiveContainer("Other", bitsOf("0011"), field("radius", Uint16), field("color", Uint8)))
	cases := []struct {
		name    string
		options map[int]Type
	}{
		{"no options", nil},
		{"selector 0", map[int]Type{0: Uint8}},
		{"selector 128", map[int]Type{128: Uint8}},
		{"selector -1", map[int]Type{-1: Uint8}},
		{"selector 256", map[int]Type{256: Uint8}},
		{"nil option", map[int]Type{1: nil}},
		{"uint8 and uint16", map[int]Type{1: Uint8, 2: Uint16}},
		{"color elsewhere", map[int]Type{1: square, 2: otherColor}},
		{"container and progressive container", map[int]Type{1: square, 2: Must(NewContainer("Square", field("side", Uint16), field("color", Uint8)))}},
	}
	for _, c := range cases {
		if u, err := NewCompatibleUnion(c.options); !errors.Is(err, ErrIllegalType) {
			t.Errorf("%s: %v, %v; want ErrIllegalType", c.name, u, err)
		}
	}
	if s := shape.String(); s != "CompatibleUnion({1: Square, 2: Circle})" {
		t.Errorf("String() = %q", s)
	}
}

func TestCompatible(t *testing.T) {
	l16 := Must(NewList(Uint16, 10))
	small := Must(NewContainer("Small", field("A", Uint16), field("B", Uint16)))
	cases := []struct {
		name string
		a, b Type
		want bool
	}{
		{"uint8 and byte", Uint8, Byte, true},
		{"uint8 and uint16", Uint8, Uint16, false},
		{"uint8 and boolean", Uint8, Boolean, false},
		{"bitlists of one limit", Must(NewBitlist(5)), Must(NewBitlist(5)), true},
		{"bitlists of two limits", Must(NewBitlist(5)), Must(NewBitlist(6)), false},
		{"bitvectors of one length", Must(NewBitvector(5)), Must(NewBitvector(5)), true},
		{"bitvector and bitlist", Must(NewBitvector(5)), Must(NewBitlist(5)), false},
		{"lists of byte and uint8", Must(NewByteList(7)), Must(NewList(Uint8, 7)), true},
		{"lists of two limits", l16, Must(NewList(Uint16, 11)), false},
		{"lists of other elements", l16, Must(NewList(Uint32, 10)), false},
		{"vectors of byte and uint8", Must(NewByteVector(7)), Must(NewVector(Uint8, 7)), true},
		{"vectors of two lengths", Must(NewByteVector(7)), Must(NewByteVector(8)), false},
		{"vector and list", Must(NewByteVector(7)), Must(NewByteList(7)), false},
		{"progressive lists", Must(NewProgressiveList(Uint8)), Must(NewProgressiveByteList()), true},
		{"progressive lists of other elements", Must(NewProgressiveList(Uint8)), Must(NewProgressiveList(Uint16)), false},
		{"progressive list and list", Must(NewProgressiveList(Uint8)), Must(NewByteList(1 << 30)), false},
		{"progressive bitlists", NewProgressiveBitlist(), NewProgressiveBitlist(), true},
		{"progressive bitlist and bitlist", NewProgressiveBitlist(), Must(NewBitlist(8)), false},
		{"containers of one shape", small, Must(NewContainer("Other", field("A", Uint16), field("B", Uint16))), true},
		{"containers of other names", small, Must(NewContainer("Small", field("A", Uint16), field("C", Uint16))), false},
		{"containers of other order", small, Must(NewContainer("Small", field("B", Uint16), field("A", Uint16))), false},
		{"containers of more fields", small, Must(NewContainer("Small", field("A", Uint16), field("B", Uint16), field("C", Uint16))), false},
		{"Square and Circle", square, circle, true},
		{"Square and itself rebuilt", square, Must(NewProgressiveContainer("S", bitsOf("101"), field("side", Uint16), field("color", Uint8))), true},
		{"color of another type", square, Must(NewProgressiveContainer("C", bitsOf("011"), field("radius", Uint16), field("color", Uint16))), false},
		{"side at another position", square, Must(NewProgressiveContainer("C", bitsOf("011"), field("side", Uint16), field("color", Uint8))), false},
		{"other name at a shared position", square, Must(NewProgressiveContainer("C", bitsOf("011"), field("radius", Uint16), field("colour", Uint8))), false},
		{"disjoint", square, Must(NewProgressiveContainer("D", bitsOf("0001"), field("x", Uint64))), true},
		{"compatible unions", shape, Must(NewCompatibleUnion(map[int]Type{9: circle})), true},
		{"compatible unions of incompatible options", shape, Must(NewCompatibleUnion(map[int]Type{1: Uint8})), false},
		{"unions of one shape", Must(NewUnion(nil, Uint8)), Must(NewUnion(nil, Byte)), true},
		{"unions of other options", Must(NewUnion(nil, Uint8)), Must(NewUnion(Uint8, Uint8)), false},
		{"union and compatible union", Must(NewUnion(square)), Must(NewCompatibleUnion(map[int]Type{1: square})), false},
	}
	for _, c := range cases {
		if got := Compatible(c.a, c.b); got != c.want {
			t.Errorf("%s: Compatible(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
		if got := Compatible(c.b, c.a); got != c.want {
			t.Errorf("%s: Compatible(%v, %v) = %v, want %v", c.name, c.b, c.a, got, c.want)
		}
	}
}

func TestCompatibleUnionRoots(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, typ := range compatibleUnions() {
		for range 30 {
			b := randomValue(r, typ, 8)
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v %x: %v", typ, b, err)
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
			sel, _, err := typ.Selected(nd)
			if err != nil || sel != int(b[0]) {
				t.Errorf("%v: Selected = %d, %v; want %d", typ, sel, err, b[0])
			}
		}
		// The default is the lowest selector's option, at its default.
		def, err := typ.Encode(nil, typ.Default())
		if err != nil {
			t.Fatalf("%v: default: %v", typ, err)
		}
		low := typ.Selectors()[0]
		want := append([]byte{byte(low)}, must(typ.Option(low).Encode(nil, typ.Option(low).Default()))...)
		if !bytes.Equal(def, want) {
			t.Errorf("%v: default encodes to %x, want %x", typ, def, want)
		}
		if got, want := typ.Default().Root(), refRoot(typ, def); got != want {
			t.Errorf("%v: default root %x, reference %x", typ, got, want)
		}
	}
}

func TestCompatibleUnionInvalid(t *testing.T) {
	pcs := progressiveContainers()
	abca := compatibleUnions()[2]
	for _, c := range []struct {
		b    []byte
		want error
	}{
		{nil, ErrSize},
		{[]byte{0, 1}, ErrSelector},
		{[]byte{5, 1}, ErrSelector},
		{[]byte{128, 1}, ErrSelector},
		{[]byte{255, 1}, ErrSelector},
		{[]byte{1}, ErrSize},       // Single without its byte
		{[]byte{1, 7, 0}, ErrSize}, // Single and a byte more
		{[]byte{2}, ErrSize},       // List without its offset
		{[]byte{2, 4, 0, 0, 0, 0}, ErrBitlist},
		{[]byte{2, 5, 0, 0, 0, 0, 1}, ErrOffset},
		{append([]byte{3}, must(pcs[2].Encode(nil, pcs[2].Default()))...), ErrSize}, // List's bytes as Var
	} {
		_, err := abca.Decode(c.b)
		var e *Error
		if !errors.Is(err, c.want) || !errors.As(err, &e) || e.Top != abca.String() {
			t.Errorf("%x: %v, want an *Error wrapping %v", c.b, err, c.want)
		}
	}
	// The error of a part of the data names its path.
	_, err := abca.Decode([]byte{2, 4, 0, 0, 0, 0})
	var e *Error
	if !errors.As(err, &e) || e.Path != "data.C" || e.Offset != 5 {
		t.Errorf("bitlist without delimiter: %v (path %q, offset %d)", err, e.Path, e.Offset)
	}
}

func TestCompatibleUnionGindex(t *testing.T) {
	// Square and Circle share color at position 2: subtree 1 (gindex 6
	// below the progressive tree's root), leaf 1 of its 4, gindex 25;
	// below the active_fields mix-in 41; below the selector's mix-in 73.
	// Side (position 0) is at 2, 4, 8; radius (position 1) at 24, 40, 72.
	for _, c := range []struct {
		path string
		want tree.Gindex
	}{
		{"", 1}, {"data", 2}, {"selector", 3},
	} {
		if g, err := Gindex(shape, c.path); err != nil || g != c.want {
			t.Errorf("Gindex(%q) = %d, %v; want %d", c.path, g, err, c.want)
		}
	}
	if _, err := Gindex(shape, "data.color"); !errors.Is(err, ErrPath) {
		t.Errorf("data.color of options of two types, by type alone: %v, want ErrPath", err)
	}
	sq := must(shape.Decode([]byte{1, 7, 0, 9}))  // side 7, color 9
	ci := must(shape.Decode([]byte{2, 10, 0, 9})) // radius 10, color 9
	for _, c := range []struct {
		n    *tree.Node
		path string
		want tree.Gindex
		leaf byte
	}{
		{sq, "data.color", 73, 9}, {ci, "data.color", 73, 9},
		{sq, "data.side", 8, 7}, {ci, "data.radius", 72, 10},
		{sq, "selector", 3, 1}, {ci, "selector", 3, 2},
	} {
		g, typ, err := LocateIn(shape, c.n, c.path)
		if err != nil || g != c.want {
			t.Errorf("LocateIn(%q) = %d, %v; want %d", c.path, g, err, c.want)
			continue
		}
		if typ == nil || typ.FixedSize() > 2 {
			t.Errorf("LocateIn(%q): type %v", c.path, typ)
		}
		leaf, branch, err := tree.Prove(c.n, g)
		if err != nil || leaf[0] != c.leaf || !tree.VerifyProof(c.n.Root(), g, leaf, branch) {
			t.Errorf("%s: proof of leaf %x (%v) does not hold %d", c.path, leaf, err, c.leaf)
		}
	}
	if _, _, err := LocateIn(shape, sq, "data.radius"); !errors.Is(err, ErrPath) {
		t.Errorf("data.radius of a Square: %v, want ErrPath", err)
	}
	// One proof of color holds for a Square and a Circle alike.
	gs := []tree.Gindex{3, 73}
	for _, n := range []*tree.Node{sq, ci} {
		p, err := tree.ProveMulti(n, gs)
		if err != nil || !tree.VerifyMultiproof(n.Root(), p.Indices, p.Leaves, p.HelperRoots) || p.Leaves[1][0] != 9 {
			t.Errorf("multiproof of selector and color: %v", err)
		}
	}
	// A union whose options are all one type is located by type alone.
	one := compatibleUnions()[2]
	if g, typ, err := Locate(Must(NewCompatibleUnion(map[int]Type{1: square, 3: square})), "data.side"); err != nil || g != 8 || typ != Uint16 {
		t.Errorf("data.side of one option type: %d, %v, %v", g, typ, err)
	}
	if _, _, err := Locate(one, "data.A"); !errors.Is(err, ErrPath) {
		t.Errorf("%v: data.A by type alone: %v, want ErrPath", one, err)
	}
}
