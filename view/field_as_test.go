package view

import (
	"testing"
)

// TestFieldAsSameHandle checks, with gwei a named element type as the
// fork packages' Gwei is (its handle's type differs from the default one), that FieldAs hands out one typed handle per
// field, writing through to the container, and that a getter called again
// allocates nothing.
func TestFieldAsSameHandle(t *testing.T) {
	c, err := NewContainer(state)
	if err != nil {
		t.Fatal(err)
	}
	balances := func() *BasicList[gwei] { return must(FieldAs(c, 3, AsBasicList[gwei])) }
	a := balances()
	if err := a.Append(5); err != nil {
		t.Fatal(err)
	}
	if b := balances(); b != a {
		t.Errorf("FieldAs returned %p, then %p", a, b)
	}
	if got := must(AsBasicList[uint64](c.Field(3))).Get(0); got != 5 {
		t.Errorf("balance 0 through Field = %d, want 5 written through FieldAs", got)
	}
	if c.Field(3) != c.Field(3) {
		t.Error("Field returned two views of one handle")
	}
	before := c.HashTreeRoot()
	balances().Set(0, 6)
	if c.HashTreeRoot() == before {
		t.Error("a write through FieldAs's handle left the root unchanged")
	}
	// Another conversion of the same field replaces the cached one.
	if got := must(FieldAs(c, 3, AsBasicList[uint64])).Get(0); got != 6 {
		t.Errorf("balance 0 = %d, want 6", got)
	}
	if _, err := FieldAs(c, 1, AsBasicList[uint64]); err == nil {
		t.Error("FieldAs of a checkpoint as a list: no error")
	}
	if raceEnabled {
		return
	}
	balances()
	if n := testing.AllocsPerRun(50, func() { balances().Set(0, 7) }); n != 0 {
		t.Errorf("a getter and a write: %v allocations, want 0", n)
	}
}

// TestFieldAsProgressive checks FieldAs on a progressive container: one
// typed handle per field, writing through, and no allocation for a getter
// called again.
func TestFieldAsProgressive(t *testing.T) {
	c := must(NewProgressiveContainer(progressiveState))
	i := -1
	for k := range progressiveState.NumFields() {
		if progressiveState.Field(k).Name == "balances" {
			i = k
		}
	}
	balances := func() *ProgressiveBasicList[gwei] { return must(FieldAs(c, i, AsProgressiveBasicList[gwei])) }
	a := balances()
	if err := a.Append(5); err != nil {
		t.Fatal(err)
	}
	if b := balances(); b != a {
		t.Errorf("FieldAs returned %p, then %p", a, b)
	}
	before := c.HashTreeRoot()
	balances().Set(0, 6)
	if c.HashTreeRoot() == before {
		t.Error("a write through FieldAs's handle left the root unchanged")
	}
	if got := must(AsProgressiveBasicList[uint64](c.Field(i))).Get(0); got != 6 {
		t.Errorf("balance 0 through Field = %d, want 6", got)
	}
	if raceEnabled {
		return
	}
	balances()
	if n := testing.AllocsPerRun(50, func() { balances().Set(0, 7) }); n != 0 {
		t.Errorf("a getter and a write: %v allocations, want 0", n)
	}
}
