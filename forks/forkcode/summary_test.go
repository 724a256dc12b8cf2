package forkcode

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// TestSummary checks a summary's root and fields on a payload-like
// container with a list, a nested container and a shared field, and that
// a summary type that the value cannot give is an error naming the package.
func TestSummary(t *testing.T) {
	root := schema.Must(schema.NewByteVector(32))
	list := schema.Must(schema.NewList(schema.Uint64, 16))
	inner := schema.Must(schema.NewContainer("Inner",
		schema.Field{Name: "n", Type: schema.Uint64},
		schema.Field{Name: "items", Type: list},
	))
	innerHeader := schema.Must(schema.NewContainer("InnerHeader",
		schema.Field{Name: "n", Type: schema.Uint64},
		schema.Field{Name: "items_root", Type: root},
	))
	outer := schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "a", Type: schema.Uint64},
		schema.Field{Name: "inner", Type: inner},
		schema.Field{Name: "items", Type: list},
	))
	b := []byte{
		1, 0, 0, 0, 0, 0, 0, 0, // a
		16, 0, 0, 0, // offset of inner
		36, 0, 0, 0, // offset of items
		2, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, // inner: n, offset of items
		3, 0, 0, 0, 0, 0, 0, 0, // inner.items
		4, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, // items
	}
	v, err := view.DecodeContainer(outer, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []*schema.Container{
		schema.Must(schema.NewContainer("ByHeader", // X_header and X_root, fixed-size: a page
			schema.Field{Name: "a", Type: schema.Uint64},
			schema.Field{Name: "inner_header", Type: innerHeader},
			schema.Field{Name: "items_root", Type: root},
		)),
		schema.Must(schema.NewContainer("ByName", // a field of another container type
			schema.Field{Name: "a", Type: schema.Uint64},
			schema.Field{Name: "inner", Type: innerHeader},
			schema.Field{Name: "items", Type: list},
		)),
	} {
		s, err := Summary("p", v, to)
		if err != nil {
			t.Fatalf("%s: %v", to, err)
		}
		if s.HashTreeRoot() != v.HashTreeRoot() {
			t.Errorf("%s: the summary's root is not the value's", to)
		}
		if s.Uint(0) != 1 {
			t.Errorf("%s: a = %d, want 1", to, s.Uint(0))
		}
	}
	for _, to := range []*schema.Container{
		schema.Must(schema.NewContainer("Missing",
			schema.Field{Name: "a", Type: schema.Uint64},
			schema.Field{Name: "items", Type: list},
		)),
		schema.Must(schema.NewContainer("Renamed",
			schema.Field{Name: "b", Type: schema.Uint64},
			schema.Field{Name: "inner", Type: inner},
			schema.Field{Name: "items", Type: list},
		)),
		schema.Must(schema.NewContainer("Retyped",
			schema.Field{Name: "a", Type: schema.Uint64},
			schema.Field{Name: "inner", Type: innerHeader},
			schema.Field{Name: "items", Type: schema.Uint64},
		)),
		schema.Must(schema.NewContainer("NotARoot",
			schema.Field{Name: "a", Type: schema.Uint64},
			schema.Field{Name: "inner", Type: inner},
			schema.Field{Name: "items_root", Type: schema.Must(schema.NewByteList(32))},
		)),
	} {
		if _, err := Summary("p", v, to); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
			t.Errorf("a summary as %s: %v", to, err)
		}
	}
}

// TestExpand checks that expanding a summary with the part it summarizes
// gives the value back, and that a part whose header is not the summary's,
// or of a type the summary has no header of, is an error naming the
// package.
func TestExpand(t *testing.T) {
	root := schema.Must(schema.NewByteVector(32))
	list := schema.Must(schema.NewList(schema.Uint64, 16))
	inner := schema.Must(schema.NewContainer("Inner",
		schema.Field{Name: "n", Type: schema.Uint64},
		schema.Field{Name: "items", Type: list},
	))
	innerHeader := schema.Must(schema.NewContainer("InnerHeader",
		schema.Field{Name: "n", Type: schema.Uint64},
		schema.Field{Name: "items_root", Type: root},
	))
	middle := schema.Must(schema.NewContainer("Middle", schema.Field{Name: "inner", Type: inner}, schema.Field{Name: "items", Type: list}))
	blindMiddle := schema.Must(schema.NewContainer("BlindMiddle", schema.Field{Name: "inner_header", Type: innerHeader}, schema.Field{Name: "items", Type: list}))
	outer := schema.Must(schema.NewContainer("Outer", schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "middle", Type: middle}))
	blind := schema.Must(schema.NewContainer("Blind", schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "middle", Type: blindMiddle}))

	v, err := view.NewContainer(outer)
	if err != nil {
		t.Fatal(err)
	}
	v.SetUint(0, 7)
	in, err := view.DecodeContainer(inner, []byte{2, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	mid, _ := v.Field(1).(*view.Container)
	if err := mid.Set(0, in); err != nil {
		t.Fatal(err)
	}
	b, err := Summary("p", v, blind)
	if err != nil {
		t.Fatal(err)
	}
	if b.HashTreeRoot() != v.HashTreeRoot() {
		t.Fatal("the summary's root is not the value's")
	}
	got, err := Expand("p", b, outer, in)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := v.MarshalSSZ()
	if enc, _ := got.MarshalSSZ(); string(enc) != string(want) {
		t.Errorf("expanded to %x, want %x", enc, want)
	}

	other := in.Copy()
	other.SetUint(0, 3)
	if _, err := Expand("p", b, outer, other); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("expanding with another part: %v", err)
	}
	if _, err := Expand("p", b, outer, mid); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("expanding with a part of another type: %v", err)
	}
	if _, err := Expand("p", v, outer, in); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("expanding a value that holds no header: %v", err)
	}
}
