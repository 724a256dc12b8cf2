package difftest

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// testType is Container{A: List[uint16, 4], B: Bitlist[8], C: boolean},
// and testInput a value of it: A = [1, 2], B = [1, 0], C = true.
var (
	testType = schema.Must(schema.NewContainer("T",
		schema.Field{Name: "A", Type: schema.Must(schema.NewList(schema.Uint16, 4))},
		schema.Field{Name: "B", Type: schema.Must(schema.NewBitlist(8))},
		schema.Field{Name: "C", Type: schema.Boolean},
	))
	testInput = []byte{9, 0, 0, 0, 13, 0, 0, 0, 1, 1, 0, 2, 0, 5}
)

// TestMutations checks what each mutation of testInput means to ssztree:
// the ones that keep the layout consistent (a list shrunk or grown to its
// limit, its offsets moved along) give valid values, the others invalid
// ones, each rejected for its own reason.
func TestMutations(t *testing.T) {
	if _, err := testType.Decode(testInput); err != nil {
		t.Fatal(err)
	}
	kinds := Mutations(testType, testInput)
	valid := map[string]bool{"shrink": true, "limit": true, "double-delimiter": true, "flip": true}
	seen := map[string]bool{}
	lengths := 0
	for i, kind := range kinds {
		b := Mutate(testType, testInput, uint32(i+1))
		want := valid[kind]
		if kind == "bitlist-length" {
			// Bitlist[8] with 8 bits, then with 9.
			want = lengths == 0
			lengths++
		}
		_, err := testType.Decode(b)
		if (err == nil) != want {
			t.Errorf("mutation %d (%s): %x decodes with error %v, want valid = %v", i+1, kind, b, err, want)
		}
		if bytes.Equal(b, testInput) {
			t.Errorf("mutation %d (%s) leaves the input as it is", i+1, kind)
		}
		seen[kind] = true
	}
	for _, kind := range []string{"offset", "truncate", "flip", "shrink", "limit", "past-limit", "no-delimiter",
		"double-delimiter", "zero-after-delimiter", "bitlist-length", "boolean"} {
		if !seen[kind] {
			t.Errorf("no %s mutation of %x", kind, testInput)
		}
	}
	if b := Mutate(testType, testInput, 0); !bytes.Equal(b, testInput) {
		t.Errorf("mutation 0 changed the input to %x", b)
	}
}

// TestGrowNested grows a list inside a nested container: the offsets of
// the enclosing container that point past it must move, so that the
// value stays valid and its last field unchanged.
func TestGrowNested(t *testing.T) {
	bytes8 := schema.Must(schema.NewByteList(8))
	inner := schema.Must(schema.NewContainer("Inner", schema.Field{Name: "L", Type: bytes8}))
	outer := schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "X", Type: inner}, schema.Field{Name: "Y", Type: bytes8}))
	// X = {L: [7]}, Y = [8, 9].
	input := []byte{8, 0, 0, 0, 13, 0, 0, 0, 4, 0, 0, 0, 7, 8, 9}
	if _, err := outer.Decode(input); err != nil {
		t.Fatal(err)
	}
	for i, kind := range Mutations(outer, input) {
		if kind != "limit" {
			continue
		}
		b := Mutate(outer, input, uint32(i+1))
		if _, err := outer.Decode(b); err != nil {
			t.Errorf("mutation %d (limit): %x: %v", i+1, b, err)
		}
		if !bytes.HasSuffix(b, []byte{8, 9}) {
			t.Errorf("mutation %d (limit): %x lost Y", i+1, b)
		}
	}
}

// TestCloseGaps checks that CloseGaps undoes a gap after the fixed part.
func TestCloseGaps(t *testing.T) {
	gapped := append(append(append([]byte(nil), testInput[:9]...), 0xaa, 0xbb), testInput[9:]...)
	gapped[0] += 2
	gapped[4] += 2
	if _, err := testType.Decode(gapped); err == nil {
		t.Fatalf("%x decodes", gapped)
	}
	if got := CloseGaps(testType, gapped); !bytes.Equal(got, testInput) {
		t.Errorf("CloseGaps(%x) = %x, want %x", gapped, got, testInput)
	}
	if got := CloseGaps(testType, testInput); !bytes.Equal(got, testInput) {
		t.Errorf("CloseGaps changed a value without gaps to %x", got)
	}
}

// TestShiftGaps checks ShiftGaps on a gap in a nested container: the gap's
// byte becomes the start of the inner list, every part after it is read
// one byte earlier, the last byte of the input is dropped, and the offsets
// of the inner and outer containers that point past the gap move back.
func TestShiftGaps(t *testing.T) {
	bytes8 := schema.Must(schema.NewByteList(8))
	inner := schema.Must(schema.NewContainer("Inner", schema.Field{Name: "L", Type: bytes8}))
	outer := schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "X", Type: inner}, schema.Field{Name: "Y", Type: bytes8}))
	// X = {L: [7]}, Y = [8, 9], with a gap byte 0xaa before L: the inner
	// offset is 5, the outer offset of Y 14.
	gapped := []byte{8, 0, 0, 0, 14, 0, 0, 0, 5, 0, 0, 0, 0xaa, 7, 8, 9}
	if _, err := outer.Decode(gapped); err == nil {
		t.Fatalf("%x decodes", gapped)
	}
	// Read in order from the inner fixed part's end: L = [0xaa], Y = [7, 8].
	want := []byte{8, 0, 0, 0, 13, 0, 0, 0, 4, 0, 0, 0, 0xaa, 7, 8}
	if got := ShiftGaps(outer, gapped); !bytes.Equal(got, want) {
		t.Errorf("ShiftGaps(%x) = %x, want %x", gapped, got, want)
	}
	plain := []byte{8, 0, 0, 0, 13, 0, 0, 0, 4, 0, 0, 0, 7, 8, 9}
	if got := ShiftGaps(outer, plain); !bytes.Equal(got, plain) {
		t.Errorf("ShiftGaps changed a value without gaps to %x", got)
	}
}
