package schema

import (
	"bytes"
	"errors"
	"testing"
)

// TestFieldBytes checks that the parts FieldBytes returns are the fields'
// serializations, fixed-size and variable-size, and that invalid offsets
// and sizes are errors.
func TestFieldBytes(t *testing.T) {
	u16s := Must(NewList(Uint16, 1024))
	typ := Must(NewContainer("Two",
		Field{Name: "a", Type: Uint16},
		Field{Name: "b", Type: u16s},
		Field{Name: "c", Type: Uint8},
		Field{Name: "d", Type: Must(NewByteList(64))}))
	// a = 0x0201, b = [5, 6], c = 7, d = "xyz"
	b := []byte{1, 2, 11, 0, 0, 0, 7, 15, 0, 0, 0, 5, 0, 6, 0, 'x', 'y', 'z'}
	if err := Validate(typ, b); err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]byte{{1, 2}, {5, 0, 6, 0}, {7}, []byte("xyz")} {
		got, err := typ.FieldBytes(b, i)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("field %d: %x, %v; want %x", i, got, err, want)
		}
	}
	empty := []byte{1, 2, 11, 0, 0, 0, 7, 11, 0, 0, 0}
	if got, err := typ.FieldBytes(empty, 3); err != nil || len(got) != 0 {
		t.Errorf("an empty last field: %x, %v", got, err)
	}
	for name, bad := range map[string][]byte{
		"short":                b[:10],
		"offset past end":      {1, 2, 40, 0, 0, 0, 7, 15, 0, 0, 0},
		"offsets crossed":      {1, 2, 15, 0, 0, 0, 7, 11, 0, 0, 0, 5, 0, 6, 0},
		"offset in fixed part": {1, 2, 3, 0, 0, 0, 7, 11, 0, 0, 0},
	} {
		if _, err := typ.FieldBytes(bad, 1); err == nil {
			t.Errorf("%s: no error", name)
		} else if !errors.Is(err, ErrOffset) && !errors.Is(err, ErrSize) {
			t.Errorf("%s: %v, want ErrOffset or ErrSize", name, err)
		}
	}
}
