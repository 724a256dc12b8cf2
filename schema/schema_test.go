package schema

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

func field(name string, t Type) Field { return Field{Name: name, Type: t} }

// The ssz_generic test containers, and types shaped like consensus ones.
var (
	smallTestStruct = Must(NewContainer("SmallTestStruct", field("A", Uint16), field("B", Uint16)))
	fixedTestStruct = Must(NewContainer("FixedTestStruct", field("A", Uint8), field("B", Uint64), field("C", Uint32)))
	varTestStruct   = Must(NewContainer("VarTestStruct", field("A", Uint16), field("B", Must(NewList(Uint16, 1024))), field("C", Uint8)))
	complexStruct   = Must(NewContainer("ComplexTestStruct",
		field("A", Uint16),
		field("B", Must(NewList(Uint16, 128))),
		field("C", Uint8),
		field("D", Must(NewByteList(256))),
		field("E", varTestStruct),
		field("F", Must(NewVector(fixedTestStruct, 4))),
		field("G", Must(NewVector(varTestStruct, 2)))))
	bitsStruct = Must(NewContainer("BitsStruct",
		field("A", Must(NewBitlist(5))), field("B", Must(NewBitvector(2))), field("C", Must(NewBitvector(1))),
		field("D", Must(NewBitlist(6))), field("E", Must(NewBitvector(8)))))
	singleField = Must(NewContainer("SingleFieldTestStruct", field("A", Byte)))

	bytes48   = Must(NewByteVector(48))
	bytes32   = Must(NewByteVector(32))
	validator = Must(NewContainer("Validator",
		field("pubkey", bytes48), field("withdrawal_credentials", bytes32),
		field("effective_balance", Uint64), field("slashed", Boolean),
		field("activation_eligibility_epoch", Uint64), field("activation_epoch", Uint64),
		field("exit_epoch", Uint64), field("withdrawable_epoch", Uint64)))
	checkpoint = Must(NewContainer("Checkpoint", field("epoch", Uint64), field("root", bytes32)))
	deposit    = Must(NewContainer("Deposit", field("proof", Must(NewVector(bytes32, 33))), field("data", Must(NewByteVector(184)))))
)

func zoo() []Type {
	return []Type{
		Uint8, Uint16, Uint32, Uint64, Uint128, Uint256, Boolean, Byte,
		Must(NewBitvector(1)), Must(NewBitvector(9)), Must(NewBitvector(256)), Must(NewBitvector(513)), Must(NewBitvector(10000)),
		Must(NewBitlist(0)), Must(NewBitlist(1)), Must(NewBitlist(8)), Must(NewBitlist(513)), Must(NewBitlist(2048)), Must(NewBitlist(1 << 20)),
		Must(NewVector(Boolean, 33)), Must(NewVector(Uint16, 7)), Must(NewVector(Uint64, 200)), Must(NewVector(Uint256, 5)),
		Must(NewVector(Uint128, 513)), Must(NewVector(Uint8, 3000)),
		bytes32, bytes48, Must(NewByteVector(96)), Must(NewByteVector(2000)),
		Must(NewList(Uint64, 0)), Must(NewList(Uint64, 3)), Must(NewList(Uint64, 1<<40)), Must(NewList(Boolean, 100)),
		Must(NewByteList(1 << 30)), Must(NewList(Uint256, 70)),
		Must(NewList(bytes32, 8192)), Must(NewList(bytes48, 100)),
		Must(NewList(validator, 1<<40)), Must(NewVector(validator, 9)), Must(NewList(checkpoint, 3)),
		Must(NewVector(checkpoint, 1000)), Must(NewVector(singleField, 40)), Must(NewList(Must(NewBitvector(4)), 50)),
		Must(NewList(Must(NewList(Uint16, 5)), 7)), Must(NewVector(Must(NewByteList(40)), 3)),
		smallTestStruct, fixedTestStruct, varTestStruct, complexStruct, bitsStruct, singleField, validator, checkpoint,
		Must(NewContainer("Big", field("roots", Must(NewVector(bytes32, 100))), field("keys", Must(NewVector(bytes48, 30))), field("x", Uint8))),
		Must(NewUnion(nil, Uint64, complexStruct)), Must(NewUnion(Uint16)), Must(NewUnion(bitsStruct, nil2(), Must(NewList(Uint8, 10)))),
		Must(NewList(Must(NewUnion(nil, validator, varTestStruct)), 5)),
		// Compact values larger than a page: one per page.
		deposit, Must(NewList(deposit, 16)), Must(NewVector(deposit, 3)),
	}
}

// nil2 is a legal non-None second option (None is only legal first).
func nil2() Type { return Uint32 }

func TestRandomValuesRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, typ := range zoo() {
		t.Run(typ.String(), func(t *testing.T) {
			for round := 0; round < 8; round++ {
				b := randomValue(r, typ, []int{0, 1, 3, 40, 300}[round%5])
				n, err := typ.Decode(b)
				if err != nil {
					t.Fatalf("Decode of a valid value: %v\n%x", err, b)
				}
				if got, want := n.Root(), refRoot(typ, b); got != want {
					t.Fatalf("root %x, reference %x\n%x", got, want, b)
				}
				out, err := typ.Encode([]byte{0xee}, n)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out[1:], b) {
					t.Fatalf("Encode gives\n%x\nwant\n%x", out[1:], b)
				}
				if size, err := typ.Size(n); err != nil || size != len(b) {
					t.Fatalf("Size %d, %v; want %d", size, err, len(b))
				}
				if uint64(len(b)) < typ.MinSize() || uint64(len(b)) > typ.MaxSize() {
					t.Fatalf("%d bytes outside [MinSize %d, MaxSize %d]", len(b), typ.MinSize(), typ.MaxSize())
				}
				if err := Validate(typ, b); err != nil {
					t.Fatalf("Validate of a valid value: %v", err)
				}
				if typ.IsFixedSize() && len(b) != typ.FixedSize() {
					t.Fatalf("%d bytes of a fixed-size type of %d", len(b), typ.FixedSize())
				}
				// Every byte cut off or added must fail or decode to a value
				// that encodes back to those bytes exactly.
				for _, bad := range [][]byte{b[:max(0, len(b)-1)], append(append([]byte(nil), b...), 0)} {
					if m, err := typ.Decode(bad); err == nil {
						if again, _ := typ.Encode(nil, m); !bytes.Equal(again, bad) {
							t.Fatalf("accepted %x but encodes it as %x", bad, again)
						}
					}
				}
			}
			// The default value is the value all zeros decodes to, for
			// fixed-size types, and encodes and hashes as the reference says.
			def := typ.Default()
			enc, err := typ.Encode(nil, def)
			if err != nil {
				t.Fatal(err)
			}
			if def.Root() != refRoot(typ, enc) {
				t.Fatal("default root differs from the reference")
			}
			if typ.IsFixedSize() && !bytes.Equal(enc, make([]byte, typ.FixedSize())) {
				t.Fatalf("default encodes as %x", enc)
			}
		})
	}
}

func TestInvalid(t *testing.T) {
	list3 := Must(NewList(Uint64, 3))
	for _, tc := range []struct {
		typ  Type
		in   string // hex
		want error
	}{
		{Boolean, "02", ErrBoolean},
		{Boolean, "", ErrSize},
		{Boolean, "0000", ErrSize},
		{Uint16, "01", ErrSize},
		{Uint16, "010203", ErrSize},
		{Must(NewBitvector(9)), "ff03", ErrPadding},
		{Must(NewBitvector(9)), "ff", ErrSize},
		{Must(NewBitlist(8)), "", ErrBitlist},
		{Must(NewBitlist(8)), "ff00", ErrBitlist},
		{Must(NewBitlist(8)), "ff03", ErrLimit},
		{Must(NewVector(Boolean, 3)), "010201", ErrBoolean},
		{list3, "0100000000000000020000000000000003000000000000000400000000000000", ErrLimit},
		{list3, "01000000000000000200", ErrSize},
		{varTestStruct, "0100", ErrSize},
		{varTestStruct, "010008000000", ErrSize},
		{varTestStruct, "0100080000000a", ErrOffset},     // offset past the end
		{varTestStruct, "0100060000000a", ErrOffset},     // offset inside the fixed part
		{varTestStruct, "01000700000000010203", ErrSize}, // odd bytes in List[uint16]
		{Must(NewList(Must(NewByteList(4)), 4)), "0500000001", ErrOffset},
		{Must(NewList(Must(NewByteList(4)), 4)), "040000000102030405", ErrLimit},
		{Must(NewList(Must(NewByteList(4)), 4)), "0800000007000000", ErrOffset},
		{Must(NewList(Must(NewByteList(4)), 1)), "080000000800000000", ErrLimit},
		{Must(NewVector(Must(NewByteList(4)), 2)), "0c0000000c000000", ErrOffset},
		{Must(NewUnion(nil, Uint8)), "0001", ErrSelector},
		{Must(NewUnion(nil, Uint8)), "02", ErrSelector},
		{Must(NewUnion(nil, Uint8)), "", ErrSize},
		{validator, "00", ErrSize},
	} {
		b := mustHex(t, tc.in)
		n, err := tc.typ.Decode(b)
		if !errors.Is(err, tc.want) {
			t.Errorf("%v.Decode(%s) = %v, %v; want %v", tc.typ, tc.in, n, err, tc.want)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Top != tc.typ.String() {
			t.Errorf("%v.Decode(%s): error %v does not name the type", tc.typ, tc.in, err)
		}
	}
}

func TestErrorNamesPathAndOffset(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	b := randomValue(r, complexStruct, 5)
	n, err := complexStruct.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	// Break the first offset inside field G[1] (a VarTestStruct): it sits
	// 2 bytes into G[1]'s serialization.
	enc, _ := complexStruct.Encode(nil, n)
	gOff := int(le32(enc[complexStruct.FieldOffset(6):]))
	g1 := gOff + int(le32(enc[gOff+4:]))
	enc[g1+2] ^= 0x40
	_, err = complexStruct.Decode(enc)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("no *Error: %v", err)
	}
	if e.Path != "G[1]" || e.Offset != g1+2 || e.Type != "VarTestStruct" || !errors.Is(err, ErrOffset) {
		t.Fatalf("error %q: path %q, offset %d (want G[1] at %d), type %s", err, e.Path, e.Offset, g1+2, e.Type)
	}
	want := fmt.Sprintf("schema: ComplexTestStruct.G[1] (VarTestStruct) at byte %d: invalid offset: ", g1+2)
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to start with %q", err, want)
	}
}

func TestIllegalTypes(t *testing.T) {
	for name, err := range map[string]error{
		"Vector[uint8, 0]":  func() error { _, err := NewVector(Uint8, 0); return err }(),
		"Bitvector[0]":      func() error { _, err := NewBitvector(0); return err }(),
		"empty container":   func() error { _, err := NewContainer("Empty"); return err }(),
		"duplicate field":   func() error { _, err := NewContainer("D", field("a", Uint8), field("a", Uint8)); return err }(),
		"field a-b":         func() error { _, err := NewContainer("D", field("a-b", Uint8)); return err }(),
		"field 1a":          func() error { _, err := NewContainer("D", field("1a", Uint8)); return err }(),
		"field \"\"":        func() error { _, err := NewContainer("D", field("", Uint8)); return err }(),
		"Union[]":           func() error { _, err := NewUnion(); return err }(),
		"Union[None]":       func() error { _, err := NewUnion(nil); return err }(),
		"Union[uint8,None]": func() error { _, err := NewUnion(Uint8, nil); return err }(),
		"huge vector":       func() error { _, err := NewVector(Uint64, 1<<40); return err }(),
	} {
		if !errors.Is(err, ErrIllegalType) {
			t.Errorf("%s: %v, want ErrIllegalType", name, err)
		}
	}
}

func TestGindex(t *testing.T) {
	state := Must(NewContainer("State",
		field("slot", Uint64),
		field("finalized_checkpoint", checkpoint),
		field("validators", Must(NewList(validator, 1<<40))),
		field("balances", Must(NewList(Uint64, 1<<40))),
		field("bits", Must(NewBitlist(2048)))))
	for path, want := range map[string]tree.Gindex{
		"":                                 1,
		"slot":                             8,
		"finalized_checkpoint":             9,
		"finalized_checkpoint.root":        9*2 + 1,
		"validators":                       10,
		"validators.__len__":               21,
		"validators[0]":                    10 * 2 << 40,
		"validators[12].effective_balance": (10*2<<40|12)<<3 | 2,
		"validators[12].pubkey":            (10*2<<40 | 12) << 3,
		"balances[1000]":                   11*2<<38 | 250,
		"balances.__len__":                 23,
		"bits[300]":                        12*2<<3 | 1,
	} {
		got, err := Gindex(state, path)
		if err != nil || got != want {
			t.Errorf("Gindex(%q) = %d, %v; want %d", path, got, err, want)
		}
	}
	for _, bad := range []string{"nope", "slot.x", "validators[x]", "balances[1099511627776]", "finalized_checkpoint..root", "validators[1"} {
		if _, err := Gindex(state, bad); !errors.Is(err, ErrPath) {
			t.Errorf("Gindex(%q): %v, want ErrPath", bad, err)
		}
	}
}

func mustHex(t *testing.T, s string) []byte {
	b := make([]byte, len(s)/2)
	if _, err := fmt.Sscanf(s, "%x", &b); err != nil && s != "" {
		t.Fatal(err)
	}
	return b
}

// TestLargeValues covers the parallel hashing paths, which start at
// thousands of values per level.
func TestLargeValues(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, tc := range []struct {
		typ Type
		n   int
	}{
		{Must(NewList(checkpoint, 1<<24)), 300_000}, // 18,750 pages: parallel branch levels
		{Must(NewList(validator, 1<<40)), 20_000},   // parallel page hashing
		{Must(NewList(Uint64, 1<<40)), 200_000},
	} {
		esize := tc.typ.(*List).Elem().FixedSize()
		b := make([]byte, tc.n*esize)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if tc.typ.(*List).Elem() == validator {
			for i := 0; i < tc.n; i++ {
				b[i*121+88] &= 1
			}
		}
		n, err := tc.typ.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := n.Root(), refRoot(tc.typ, b); got != want {
			t.Fatalf("%v of %d: root %x, reference %x", tc.typ, tc.n, got, want)
		}
	}
}

// TestSizeError checks that SizeError is Validate's error for a fixed-size
// container of the wrong size, and that it refuses a variable-size
// container and the right size.
func TestSizeError(t *testing.T) {
	for _, n := range []int{0, 14, 16} {
		if got, want := SizeError(fixedTestStruct, n), Validate(fixedTestStruct, make([]byte, n)); got.Error() != want.Error() || !errors.Is(got, ErrSize) {
			t.Errorf("SizeError of %d bytes: %v, want %v", n, got, want)
		}
	}
	for name, f := range map[string]func(){
		"a variable-size container": func() { _ = SizeError(varTestStruct, 3) },
		"the right size":            func() { _ = SizeError(fixedTestStruct, 13) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SizeError of %s did not panic", name)
				}
			}()
			f()
		}()
	}
}
