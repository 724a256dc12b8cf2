package view

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Two containers of one shape (compatible: the same field names in the
// same order, of compatible types) and a union of them.
var (
	pointA     = schema.Must(schema.NewContainer("PointA", field("x", schema.Uint64), field("tags", schema.Must(schema.NewList(schema.Uint16, 5)))))
	pointB     = schema.Must(schema.NewContainer("PointB", field("x", schema.Uint64), field("tags", schema.Must(schema.NewList(schema.Uint16, 5)))))
	pointUnion = schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{3: pointA, 9: pointB}))
)

// pointBytes returns the serialization of a point {x, tags} after the
// selector sel.
func pointBytes(sel byte, x byte, tags ...byte) []byte {
	b := []byte{sel, x, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0}
	for _, t := range tags {
		b = append(b, t, 0)
	}
	return b
}

func TestCompatibleUnionView(t *testing.T) {
	u, err := NewCompatibleUnion(pointUnion)
	if err != nil {
		t.Fatal(err)
	}
	expectValue(t, u, pointBytes(3, 0))
	if u.Selector() != 3 || u.Option() != pointA {
		t.Fatalf("default: selector %d, option %v", u.Selector(), u.Option())
	}
	if v, err := New(pointUnion); err != nil || v.(*CompatibleUnion).Selector() != 3 {
		t.Fatalf("New: %v, %v", v, err)
	}

	// The data is a handle that writes through.
	d := u.Data().(*Container)
	d.SetUint(0, 7)
	tags := d.Field(1).(*BasicList[uint16])
	if err := tags.Append(5); err != nil {
		t.Fatal(err)
	}
	expectValue(t, u, pointBytes(3, 7, 5))
	if got := u.DataBytes(); string(got) != string(pointBytes(3, 7, 5)[1:]) {
		t.Errorf("DataBytes = %x", got)
	}

	// Copies are independent.
	c := u.Copy()
	d.SetUint(0, 8)
	expectValue(t, c, pointBytes(3, 7, 5))
	expectValue(t, u, pointBytes(3, 8, 5))

	// Select replaces the value; the handle given out before is a value of
	// its own from then on.
	if err := u.Select(9, pointBytes(0, 1, 2, 3)[1:]); err != nil {
		t.Fatal(err)
	}
	expectValue(t, u, pointBytes(9, 1, 2, 3))
	d.SetUint(0, 100)
	expectValue(t, u, pointBytes(9, 1, 2, 3))
	if u.Data().Type() != pointB {
		t.Errorf("data of selector 9 is a %v", u.Data().Type())
	}

	// Errors change nothing.
	if err := u.Select(4, pointBytes(0, 1)[1:]); !errors.Is(err, schema.ErrSelector) {
		t.Errorf("Select(4): %v, want ErrSelector", err)
	}
	if err := u.Select(3, []byte{1, 2, 3}); !errors.Is(err, schema.ErrSize) {
		t.Errorf("Select of 3 bytes: %v, want ErrSize", err)
	}
	if err := u.SetData(3, must(NewContainer(pointB))); !errors.Is(err, ErrWrongType) {
		t.Errorf("SetData of a PointB as option 3: %v, want ErrWrongType", err)
	}
	if err := u.SetData(0, must(NewContainer(pointA))); !errors.Is(err, schema.ErrSelector) {
		t.Errorf("SetData(0): %v, want ErrSelector", err)
	}
	if err := u.UnmarshalSSZ([]byte{4}); err == nil {
		t.Error("UnmarshalSSZ of an unknown selector: no error")
	}
	expectValue(t, u, pointBytes(9, 1, 2, 3))

	// SetData shares the value's tree; later changes to it stay its own.
	p := must(DecodeContainer(pointA, pointBytes(0, 42, 1)[1:]))
	if err := u.SetData(3, p); err != nil {
		t.Fatal(err)
	}
	p.SetUint(0, 43)
	expectValue(t, u, pointBytes(3, 42, 1))

	// A proof of data.x holds for either option: x has one gindex in both.
	g, leaf, branch, err := ProveBranch(u, "data.x")
	if err != nil || leaf[0] != 42 || !tree.VerifyProof(u.HashTreeRoot(), g, leaf, branch) {
		t.Errorf("proof of data.x: gindex %d, leaf %x, %v", g, leaf, err)
	}
	if err := u.Select(9, pointBytes(0, 42)[1:]); err != nil {
		t.Fatal(err)
	}
	if g9, leaf9, _, err := ProveBranch(u, "data.x"); err != nil || g9 != g || leaf9 != leaf {
		t.Errorf("proof of data.x of option 9: gindex %d, leaf %x, %v; want %d", g9, leaf9, err, g)
	}

	if _, err := DecodeCompatibleUnion(pointUnion, []byte{3}); err == nil {
		t.Error("DecodeCompatibleUnion of a selector alone: no error")
	}
}

// TestCompatibleUnionField checks a compatible union inside a container:
// the field's handle, and its data's, write through to the container.
func TestCompatibleUnionField(t *testing.T) {
	outer := schema.Must(schema.NewContainer("Outer", field("a", schema.Uint8), field("u", pointUnion)))
	c := must(NewContainer(outer))
	u := c.Field(1).(*CompatibleUnion)
	u.Data().(*Container).SetUint(0, 5)
	want := append([]byte{0, 5, 0, 0, 0}, pointBytes(3, 5)...)
	expectValue(t, c, want)
	if err := u.Select(9, pointBytes(0, 6, 1)[1:]); err != nil {
		t.Fatal(err)
	}
	expectValue(t, c, append([]byte{0, 5, 0, 0, 0}, pointBytes(9, 6, 1)...))
	u.Data().(*Container).SetUint(0, 7)
	expectValue(t, c, append([]byte{0, 5, 0, 0, 0}, pointBytes(9, 7, 1)...))
}

// TestCompatibleUnionBasic checks a compatible union of basic options,
// whose data has no view.
func TestCompatibleUnionBasic(t *testing.T) {
	bu := schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{1: schema.Uint8, 2: schema.Byte}))
	u := must(DecodeCompatibleUnion(bu, []byte{2, 0xab}))
	if u.Data() != nil || string(u.DataBytes()) != "\xab" || u.Selector() != 2 {
		t.Fatalf("data %v, bytes %x, selector %d", u.Data(), u.DataBytes(), u.Selector())
	}
	if err := u.Select(1, []byte{7}); err != nil {
		t.Fatal(err)
	}
	expectValue(t, u, []byte{1, 7})
}
