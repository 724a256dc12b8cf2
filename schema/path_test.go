package schema

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

func TestParsePath(t *testing.T) {
	for path, want := range map[string]Path{
		"":                                 nil,
		"slot":                             {FieldStep("slot")},
		"[3]":                              {IndexStep(3)},
		"[0][10]":                          {IndexStep(0), IndexStep(10)},
		"validators[12].effective_balance": {FieldStep("validators"), IndexStep(12), FieldStep("effective_balance")},
		"balances.__len__":                 {FieldStep("balances"), FieldStep("__len__")},
		"u.data.x[18446744073709551615]":   {FieldStep("u"), FieldStep("data"), FieldStep("x"), IndexStep(1<<64 - 1)},
	} {
		got, err := ParsePath(path)
		if err != nil || len(got) != len(want) {
			t.Errorf("ParsePath(%q) = %v, %v; want %v", path, got, err, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("ParsePath(%q)[%d] = %#v, want %#v", path, i, got[i], want[i])
			}
		}
		if s := got.String(); s != path {
			t.Errorf("ParsePath(%q).String() = %q", path, s)
		}
	}
	for _, bad := range []string{
		".slot", "slot.", "a..b", "a[", "a[]", "a[1", "a[x]", "a[-1]", "a[01]", "a[+1]",
		"a[18446744073709551616]", "a]", "a b", "a.1", "1a", "a[1]b", "a.[1]", "BeaconState:slot",
	} {
		if p, err := ParsePath(bad); !errors.Is(err, ErrPath) {
			t.Errorf("ParsePath(%q) = %v, %v; want ErrPath", bad, p, err)
		}
	}
}

func TestJoinPath(t *testing.T) {
	for _, tc := range []struct {
		step PathStep
		rest string
		want string
	}{
		{FieldStep("a"), "", "a"},
		{FieldStep("a"), "b", "a.b"},
		{FieldStep("a"), "[2].b", "a[2].b"},
		{IndexStep(2), "", "[2]"},
		{IndexStep(2), "b", "[2].b"},
		{IndexStep(2), "[3]", "[2][3]"},
	} {
		if got := JoinPath(tc.step, tc.rest); got != tc.want {
			t.Errorf("JoinPath(%v, %q) = %q, want %q", tc.step, tc.rest, got, tc.want)
		}
	}
}

func TestLocateUnion(t *testing.T) {
	one := Must(NewContainer("One", field("x", Uint8), field("u", Must(NewUnion(nil, checkpoint)))))
	for path, want := range map[string]uint64{
		"u":               3,
		"u.selector":      3*2 + 1,
		"u.data":          3 * 2,
		"u.data.root":     (3*2)*2 + 1,
		"u.data.epoch":    (3 * 2) * 2,
		"u.data.__len__":  0,
		"u.selector.x":    0,
		"u.value":         0,
		"u[0]":            0,
		"u.data.root.x":   0,
		"u.data.epoch[0]": 0,
	} {
		g, err := Gindex(one, path)
		if want == 0 {
			if !errors.Is(err, ErrPath) {
				t.Errorf("Gindex(One, %q) = %d, %v; want ErrPath", path, g, err)
			}
			continue
		}
		if err != nil || uint64(g) != want {
			t.Errorf("Gindex(One, %q) = %d, %v; want %d", path, g, err, want)
		}
	}
	two := Must(NewUnion(nil, checkpoint, Uint64))
	if g, typ, err := Locate(two, "data"); err != nil || g != 2 || typ != nil {
		t.Errorf("Locate(%v, data) = %d, %v, %v; want 2 and no type", two, g, typ, err)
	}
	if _, _, err := Locate(two, "data.root"); !errors.Is(err, ErrPath) {
		t.Errorf("Locate(%v, data.root): %v, want ErrPath", two, err)
	}
}

// TestErrorPathsLocate corrupts every byte of values of nested types and
// checks, with checkErrorPath, that every path a decoding error reports
// parses back to a part of the type the error names.
func TestErrorPathsLocate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	types := []Type{
		complexStruct,
		Must(NewList(complexStruct, 3)),
		Must(NewVector(Must(NewList(varTestStruct, 3)), 2)),
		Must(NewContainer("Unions",
			field("a", Must(NewList(Must(NewUnion(nil, varTestStruct)), 3))),
			field("b", Must(NewUnion(nil, complexStruct, Must(NewList(Boolean, 9))))))),
		Must(NewList(Must(NewContainer("Bits", field("v", Must(NewBitvector(9))), field("l", Must(NewBitlist(20))))), 4)),
	}
	deep := 0
	for _, typ := range types {
		for range 3 {
			b := randomValue(r, typ, 3)
			if _, err := typ.Decode(b); err != nil {
				t.Fatalf("%v: random value does not decode: %v", typ, err)
			}
			for i := range b {
				for _, flip := range []byte{0x01, 0x40, 0xff} {
					b[i] ^= flip
					_, err := typ.Decode(b)
					b[i] ^= flip
					var e *Error
					if err == nil {
						continue
					}
					if !errors.As(err, &e) {
						t.Fatalf("%v: %v is not an *Error", typ, err)
					}
					checkErrorPath(t, typ, e)
					if strings.Count(e.Path, ".")+strings.Count(e.Path, "[") >= 2 {
						deep++
					}
				}
			}
		}
	}
	if deep == 0 {
		t.Error("no error had a path of two steps or more")
	}
}

// TestLocateIn checks that LocateIn follows a value's selector below the
// data of a union whose options differ, where Locate cannot, and finds
// the node that holds the part.
func TestLocateIn(t *testing.T) {
	two := Must(NewContainer("Two", field("x", Uint8), field("u", Must(NewUnion(nil, checkpoint, Uint64)))))
	// x = 7, u = selector 1, checkpoint{epoch: 9, root: 0x11...}.
	b := append([]byte{7, 5, 0, 0, 0, 1, 9, 0, 0, 0, 0, 0, 0, 0}, bytesOf(0x11, 32)...)
	n, err := two.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Locate(two, "u.data.root"); !errors.Is(err, ErrPath) {
		t.Errorf("Locate(Two, u.data.root): %v, want ErrPath", err)
	}
	g, part, err := LocateIn(two, n, "u.data.root")
	if err != nil || g != (3*2)*2+1 || part.String() != "ByteVector[32]" {
		t.Fatalf("LocateIn(Two, u.data.root) = %d, %v, %v; want 13 of ByteVector[32]", g, part, err)
	}
	leaf, err := tree.GetGindex(n, g)
	if err != nil || leaf.Root() != [32]byte(bytesOf(0x11, 32)) {
		t.Errorf("node at %d: %v, %v; want the root 0x11...", g, leaf, err)
	}
	// Selector 2 (uint64): the data has no fields.
	n2, err := two.Decode([]byte{7, 5, 0, 0, 0, 2, 9, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := LocateIn(two, n2, "u.data.root"); !errors.Is(err, ErrPath) {
		t.Errorf("LocateIn(Two, uint64 data, u.data.root): %v, want ErrPath", err)
	}
	if _, _, err := LocateIn(two, nil, "u"); !errors.Is(err, ErrTree) {
		t.Errorf("LocateIn of a nil tree: %v, want ErrTree", err)
	}
}

func bytesOf(c byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return b
}
