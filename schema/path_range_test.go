package schema

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

func TestParsePathRange(t *testing.T) {
	for path, want := range map[string]Path{
		"balances[0:10]":                     {FieldStep("balances"), RangeStep(0, 10)},
		"validators[0:64].effective_balance": {FieldStep("validators"), RangeStep(0, 64), FieldStep("effective_balance")},
		"[3:4][0:18446744073709551615]":      {RangeStep(3, 4), RangeStep(0, 1<<64-1)},
	} {
		got, err := ParsePath(path)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParsePath(%q) = %v, %v; want %v", path, got, err, want)
		}
		if s := got.String(); s != path {
			t.Errorf("ParsePath(%q).String() = %q", path, s)
		}
	}
	for _, bad := range []string{
		"a[2:2]", "a[3:1]", "a[1:]", "a[:2]", "a[1:2", "a[01:2]", "a[1:02]", "a[1::2]", "a[1:2:3]",
		"a[1:18446744073709551616]", "a[0:1", "a[0:1x]",
	} {
		if p, err := ParsePath(bad); !errors.Is(err, ErrPath) {
			t.Errorf("ParsePath(%q) = %v, %v; want ErrPath", bad, p, err)
		}
	}
}

func TestExpand(t *testing.T) {
	p, _ := ParsePath("a[0:2].b[5:7]")
	got, err := p.Expand(4)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, q := range got {
		s = append(s, q.String())
	}
	if want := []string{"a[0].b[5]", "a[0].b[6]", "a[1].b[5]", "a[1].b[6]"}; !slices.Equal(s, want) {
		t.Errorf("Expand = %v, want %v", s, want)
	}
	if _, err := p.Expand(3); !errors.Is(err, ErrPath) {
		t.Errorf("Expand(3) of 4 paths: %v, want ErrPath", err)
	}
	huge, _ := ParsePath("a[0:18446744073709551615][0:18446744073709551615]")
	if _, err := huge.Expand(1 << 20); !errors.Is(err, ErrPath) {
		t.Errorf("Expand of 2^128 paths: %v, want ErrPath", err)
	}
}

// rangeTypes returns a small state of each kind, bounded and progressive,
// with their validators, balances and a bitlist.
func rangeTypes(t *testing.T) []Type {
	t.Helper()
	v := Must(NewContainer("V",
		field("pubkey", Must(NewByteVector(48))), field("effective_balance", Uint64), field("slashed", Boolean)))
	bounded := Must(NewContainer("S",
		field("slot", Uint64),
		field("validators", Must(NewList(v, 1<<40))),
		field("balances", Must(NewList(Uint64, 1<<40))),
		field("bits", Must(NewBitlist(2048)))))
	progressive := Must(NewProgressiveContainer("P", []bool{true, false, true, true, true},
		field("slot", Uint64),
		field("validators", Must(NewProgressiveList(v))),
		field("balances", Must(NewProgressiveList(Uint64))),
		field("bits", NewProgressiveBitlist())))
	return []Type{bounded, progressive}
}

// rangeValue returns the bytes of a value of either rangeTypes with n
// validators and balances and 300 bits.
func rangeValue(n int) []byte {
	b := binary.LittleEndian.AppendUint64(nil, 99)
	off := 8 + 12
	b = binary.LittleEndian.AppendUint32(b, uint32(off))
	off += n * 57
	b = binary.LittleEndian.AppendUint32(b, uint32(off))
	off += n * 8
	b = binary.LittleEndian.AppendUint32(b, uint32(off))
	for i := range n {
		b = append(b, bytesOf(byte(i), 48)...)
		b = binary.LittleEndian.AppendUint64(b, 32e9+uint64(i))
		b = append(b, byte(i%2))
	}
	for i := range n {
		b = binary.LittleEndian.AppendUint64(b, 31e9+uint64(i))
	}
	bits := bytesOf(0x55, 300/8+1)
	bits[len(bits)-1] = 1 << (300 % 8)
	return append(b, bits...)
}

func TestLocateAll(t *testing.T) {
	for _, typ := range rangeTypes(t) {
		n, err := typ.Decode(rangeValue(20))
		if err != nil {
			t.Fatal(err)
		}
		parts, err := LocateAllIn(typ, n, "validators[3:6].effective_balance", 100)
		if err != nil || len(parts) != 3 {
			t.Fatalf("%v: LocateAllIn = %v, %v", typ, parts, err)
		}
		for i, p := range parts {
			path := fmt.Sprintf("validators[%d].effective_balance", 3+i)
			g, pt, err := Locate(typ, path)
			if err != nil || p.Gindex != g || p.Type != pt || p.Path.String() != path {
				t.Errorf("%v: part %d = %v %d %v, want %s %d %v (%v)", typ, i, p.Path, p.Gindex, p.Type, path, g, pt, err)
			}
		}
		gs, err := Gindices(typ, "balances[0:10]", 100)
		if err != nil || len(gs) != 3 {
			t.Errorf("%v: Gindices(balances[0:10]) = %v, %v; want 3 chunks", typ, gs, err)
		}
		for i, g := range gs {
			want, _ := Gindex(typ, fmt.Sprintf("balances[%d]", 4*i))
			if g != want {
				t.Errorf("%v: chunk %d of balances[0:10] at %d, want %d", typ, i, g, want)
			}
		}
		if _, _, err := Locate(typ, "balances[0:10]"); !errors.Is(err, ErrPath) {
			t.Errorf("%v: Locate of a range: %v, want ErrPath", typ, err)
		}
		if _, err := LocateAllIn(typ, n, "balances[10:21]", 100); !errors.Is(err, ErrPastLength) {
			t.Errorf("%v: a range past the length: %v, want ErrPastLength", typ, err)
		}
		if _, err := LocateAll(typ, "balances[0:101]", 100); !errors.Is(err, ErrPath) {
			t.Errorf("%v: 101 parts with max 100: %v, want ErrPath", typ, err)
		}
	}
}

func TestLeafGindices(t *testing.T) {
	for _, typ := range rangeTypes(t) {
		n, err := typ.Decode(rangeValue(20))
		if err != nil {
			t.Fatal(err)
		}
		gindex := func(path string) tree.Gindex {
			g, err := Gindex(typ, path)
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		pk := gindex("validators[12].pubkey")
		want := []tree.Gindex{2 * pk, 2*pk + 1, gindex("validators[12].effective_balance"), gindex("validators[12].slashed")}
		got, err := LeafGindices(typ, n, []string{"validators[12]"}, 100)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%v: LeafGindices(validators[12]) = %v, %v; want %v", typ, got, err, want)
		}
		got, err = LeafGindices(typ, n, []string{"balances", "bits", "slot"}, 100)
		want = nil
		for i := 0; i < 20; i += 4 {
			want = append(want, gindex(fmt.Sprintf("balances[%d]", i)))
		}
		want = append(want, gindex("balances.__len__"), gindex("bits[0]"), gindex("bits[256]"), gindex("bits.__len__"), gindex("slot"))
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%v: LeafGindices(balances, bits, slot) = %v, %v; want %v", typ, got, err, want)
		}
		// The whole value: every chunk, and they give its root.
		all, err := LeafGindices(typ, n, []string{""}, 1000)
		if err != nil || len(all) != 1+20*4+1+5+1+2+1 {
			t.Fatalf("%v: LeafGindices of the whole value: %d leaves, %v", typ, len(all), err)
		}
		mp, err := tree.ProveMulti(n, all)
		if err != nil || !mp.Verify(n.Root()) {
			t.Errorf("%v: the proof of every leaf does not verify: %v", typ, err)
		}
		if len(mp.HelperIndices) != 0 && typ.String() == "S" {
			// Only the zero padding of the lists' capacity is left to the helpers.
			for _, h := range mp.HelperRoots {
				if !isZeroHash(h) {
					t.Errorf("%v: a helper that is not a zero subtree: %x", typ, h)
				}
			}
		}
		if _, err := LeafGindices(typ, n, []string{"validators"}, 80); !errors.Is(err, ErrPath) {
			t.Errorf("%v: 81 leaves with max 80: %v, want ErrPath", typ, err)
		}
		if _, err := LeafGindices(typ, n, []string{"validators[20]"}, 80); !errors.Is(err, ErrPastLength) {
			t.Errorf("%v: leaves past the length: %v, want ErrPastLength", typ, err)
		}
	}
}

func isZeroHash(h [32]byte) bool {
	for d := 0; d < 64; d++ {
		if tree.ZeroRoot(d) == h {
			return true
		}
	}
	return false
}

// FuzzParsePath parses any text as a path: an error wrapping ErrPath, or a
// path that prints back to the text and expands (up to a bound) into paths
// without ranges.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"", "slot", "validators[12].effective_balance", "balances[0:10]",
		"a[0:2].b[5:7]", "a[2:2]", "a[01]", "u.data.x[18446744073709551615]", "[3:4][0:18446744073709551615]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(s)
		if err != nil {
			if !errors.Is(err, ErrPath) {
				t.Fatalf("ParsePath(%q): error not wrapping ErrPath: %v", s, err)
			}
			return
		}
		if p.String() != s {
			t.Fatalf("ParsePath(%q).String() = %q", s, p.String())
		}
		paths, err := p.Expand(64)
		if err != nil {
			if !errors.Is(err, ErrPath) {
				t.Fatalf("Expand: %v", err)
			}
			return
		}
		for _, q := range paths {
			for _, st := range q {
				if st.IsRange() {
					t.Fatalf("%q expands to %q, with a range", s, q)
				}
			}
		}
	})
}
