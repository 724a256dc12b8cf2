package view

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// progressiveFields are the fields of the progressive containers of the
// tests; a Container of the same fields serializes alike.
var progressiveFields = []schema.Field{
	field("slot", schema.Uint64),
	field("finalized", checkpoint),
	field("validators", progressiveValidatorList),
	field("balances", progressiveUint64List),
	field("bits", schema.NewProgressiveBitlist()),
	field("structs", progressiveListOf(varTestStruct)),
}

var (
	progressiveState = schema.Must(schema.NewProgressiveContainer("PState",
		[]bool{true, false, true, true, false, true, true, true}, progressiveFields...))
	progressiveStateRef = schema.Must(schema.NewContainer("PStateRef", progressiveFields...))
)

// containerOps is what the model test does to both containers.
type containerOps interface {
	View
	SetUint(i int, v uint64)
	Uint(i int) uint64
	Field(i int) View
	Bytes(i int) []byte
	SetBytes(i int, b []byte) error
	Set(i int, v View) error
}

// mutateContainer makes one random change to c through its API and its
// handles.
func mutateContainer(t *testing.T, r *rand.Rand, c containerOps, op, x int) {
	t.Helper()
	switch op {
	case 0:
		c.SetUint(0, uint64(x))
	case 1:
		c.Field(1).(*Container).SetUint(0, uint64(x))
	case 2:
		vals := must(AsProgressiveCompactList(c.Field(2)))
		v := make([]byte, validator.FixedSize())
		v[0], v[80] = byte(x), byte(x>>8)
		if vals.Len() > 0 && x%3 == 0 {
			if err := vals.Set(x%vals.Len(), v); err != nil {
				t.Fatal(err)
			}
		} else if err := vals.Append(v); err != nil {
			t.Fatal(err)
		}
	case 3:
		bals := must(AsProgressiveBasicList[uint64](c.Field(3)))
		switch {
		case bals.Len() > 0 && x%4 == 0:
			bals.Set(x%bals.Len(), uint64(x))
		case bals.Len() > 0 && x%4 == 1:
			if _, err := bals.Pop(); err != nil {
				t.Fatal(err)
			}
		default:
			if err := bals.Append(uint64(x)); err != nil {
				t.Fatal(err)
			}
		}
	case 4:
		if err := c.Field(4).(*ProgressiveBitlist).Append(x%2 == 0); err != nil {
			t.Fatal(err)
		}
	case 5:
		structs := c.Field(5).(*ProgressiveList)
		if structs.Len() > 0 && x%2 == 0 {
			s := structs.Get(x % structs.Len()).(*Container)
			s.SetUint(0, uint64(x&0xffff))
			if err := s.Field(1).(*BasicList[uint16]).Append(uint16(x)); err != nil && s.Field(1).(*BasicList[uint16]).Len() < 1024 {
				t.Fatal(err)
			}
			return
		}
		s := must(NewContainer(varTestStruct))
		s.SetUint(2, uint64(x&0xff))
		if err := structs.Append(s); err != nil {
			t.Fatal(err)
		}
	case 6:
		// Replace a whole field with another value.
		bals := must(NewProgressiveBasicList[uint64](progressiveUint64List))
		for i := range x % 30 {
			if err := bals.Append(uint64(i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Set(3, bals); err != nil {
			t.Fatal(err)
		}
	case 7:
		b := make([]byte, checkpoint.FixedSize())
		b[0] = byte(x)
		if err := c.SetBytes(1, b); err != nil {
			t.Fatal(err)
		}
	}
}

// TestProgressiveContainerModel applies the same random changes to a
// ProgressiveContainer and to a Container of the same fields: the two
// serialize alike, and the progressive one's root is that of a fresh
// decode (which package schema checks against the flat reference).
func TestProgressiveContainerModel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	c := must(NewProgressiveContainer(progressiveState))
	ref := must(NewContainer(progressiveStateRef))
	// A handle taken early writes through, before and after commits.
	early := must(AsProgressiveBasicList[uint64](c.Field(3)))
	var snaps []*ProgressiveContainer
	var snapBytes [][]byte
	for batch := range 30 {
		for range 1 + r.IntN(40) {
			op, x := r.IntN(8), r.IntN(1<<16)
			mutateContainer(t, r, c, op, x)
			mutateContainer(t, r, ref, op, x)
		}
		if batch%4 == 3 && early.Len() > 0 {
			early.Set(0, uint64(batch))
			must(AsProgressiveBasicList[uint64](ref.Field(3))).Set(0, uint64(batch))
		}
		want := must(ref.MarshalSSZ())
		expectValue(t, c, want)
		for i := range c.NumFields() {
			if !bytes.Equal(c.Bytes(i), ref.Bytes(i)) {
				t.Fatalf("batch %d: field %d differs", batch, i)
			}
		}
		if c.Uint(0) != ref.Uint(0) {
			t.Fatal("slot differs")
		}
		snaps, snapBytes = append(snaps, c.Copy()), append(snapBytes, want)
	}
	for i, s := range snaps {
		expectValue(t, s, snapBytes[i])
	}
	g, leaf, branch, err := ProveBranch(c, "balances.__len__")
	if err != nil || !tree.VerifyProof(c.HashTreeRoot(), g, leaf, branch) {
		t.Fatalf("proof of balances.__len__: %v", err)
	}
	if want := must(schema.Gindex(progressiveState, "balances.__len__")); g != want {
		t.Fatalf("gindex %d, want %d", g, want)
	}
}

// TestProgressiveContainerHandles checks that a handle writes to the value
// it came from, and only to it: not to a copy taken later, and that a field
// replaced moves its handle to the new value.
func TestProgressiveContainerHandles(t *testing.T) {
	c := must(NewProgressiveContainer(progressiveState))
	bals := must(AsProgressiveBasicList[uint64](c.Field(3)))
	if err := bals.Append(5); err != nil {
		t.Fatal(err)
	}
	cp := c.Copy()
	bals.Set(0, 6)
	if got := must(AsProgressiveBasicList[uint64](c.Field(3))).Get(0); got != 6 {
		t.Fatalf("the value reads %d through a new handle, want 6", got)
	}
	if got := must(AsProgressiveBasicList[uint64](cp.Field(3))).Get(0); got != 5 {
		t.Fatalf("the copy reads %d, want 5", got)
	}
	other := must(NewProgressiveBasicList[uint64](progressiveUint64List))
	for i := range 30 {
		if err := other.Append(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Set(3, other); err != nil {
		t.Fatal(err)
	}
	if bals.Len() != 30 || bals.Get(29) != 29 {
		t.Fatalf("the handle shows %d elements after the field was replaced, want 30", bals.Len())
	}
	bals.Set(29, 1)
	if must(AsProgressiveBasicList[uint64](c.Field(3))).Get(29) != 1 || other.Get(29) != 29 {
		t.Fatal("a write through the handle after a replacement went astray")
	}
	if err := c.Set(3, must(NewProgressiveBasicList[uint16](progressiveListOf(schema.Uint16)))); err == nil {
		t.Fatal("Set of a field to a value of another type succeeded")
	}
	if _, err := AsProgressiveBasicList[uint32](c.Field(3)); err == nil {
		t.Fatal("a list of uint64 viewed as uint32s")
	}

	// A new value decoded into c: each handle, kept by its field's
	// position (field 1 at 2, field 3 at 5), follows its own field.
	next := must(NewProgressiveContainer(progressiveState))
	next.Field(1).(*Container).SetUint(0, 77)
	if err := must(AsProgressiveBasicList[uint64](next.Field(3))).Append(41); err != nil {
		t.Fatal(err)
	}
	fin := c.Field(1).(*Container)
	if err := c.UnmarshalSSZ(must(next.MarshalSSZ())); err != nil {
		t.Fatal(err)
	}
	if fin.Uint(0) != 77 || bals.Len() != 1 || bals.Get(0) != 41 {
		t.Fatalf("after a decode, the handles read epoch %d and %d balances, want 77 and 1", fin.Uint(0), bals.Len())
	}
	expectValue(t, c, must(next.MarshalSSZ()))
}

// TestConcurrentReadersOfProgressiveContainer reads a progressive container
// whose fields have writes not yet committed from several goroutines at
// once (run under -race).
func TestConcurrentReadersOfProgressiveContainer(t *testing.T) {
	build := func() *ProgressiveContainer {
		c := must(NewProgressiveContainer(progressiveState))
		r := rand.New(rand.NewPCG(1, 1))
		for range 400 {
			mutateContainer(t, r, c, r.IntN(6), r.IntN(1<<16))
		}
		c.HashTreeRoot()
		for range 40 {
			mutateContainer(t, r, c, r.IntN(6), r.IntN(1<<16))
		}
		return c
	}
	read := func(c *ProgressiveContainer) string {
		var w bytes.Buffer
		bals := must(AsProgressiveBasicList[uint64](c.Field(3)))
		sum := uint64(0)
		for _, v := range bals.All() {
			sum += v
		}
		structs := c.Field(5).(*ProgressiveList)
		for i, s := range structs.All() {
			fmt.Fprint(&w, i, s.(*Container).Uint(0), s.HashTreeRoot())
		}
		var slot [8]byte
		c.LoadBytes(0, slot[:])
		fmt.Fprint(&w, sum, bals.Len(), c.Uint(0), slot, c.Bytes(1), c.Field(2).HashTreeRoot(), c.Field(4).(*ProgressiveBitlist).Count())
		fmt.Fprint(&w, c.HashTreeRoot(), c.SizeSSZ(), len(must(c.MarshalSSZ())), c.Copy().HashTreeRoot())
		p, err := Prove(c, "finalized.epoch", "balances[3]", "structs[0].B")
		if err != nil {
			panic(err)
		}
		fmt.Fprint(&w, len(p.Leaves))
		return w.String()
	}
	want := read(build())
	c := build()
	got := make([]string, 4)
	var wg sync.WaitGroup
	for r := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[r] = read(c)
		}()
	}
	wg.Wait()
	for r, g := range got {
		if g != want {
			t.Errorf("reader %d saw another value", r)
		}
	}
}

// TestProgressiveFieldAllocs checks that the getter of a composite field
// of a progressive container returns the same typed view on every call
// and allocates nothing after the first, as Container's does: the typed
// getters of Gloas' state call it for every read of a list.
func TestProgressiveFieldAllocs(t *testing.T) {
	c := must(NewProgressiveContainer(progressiveState))
	first := c.Field(3)
	if c.Field(3) != first {
		t.Fatal("two calls of Field return different views")
	}
	if n := testing.AllocsPerRun(100, func() { _ = c.Field(3); _ = c.Field(5) }); n != 0 {
		t.Fatalf("Field allocates %v times a call pair after the first", n)
	}
	bals := must(AsProgressiveBasicList[uint64](c.Field(3)))
	if err := bals.Append(9); err != nil {
		t.Fatal(err)
	}
	if got := must(AsProgressiveBasicList[uint64](c.Field(3))).Get(0); got != 9 || c.Field(3) != first {
		t.Fatalf("after a write through the handle, Field reads %d from %p, want 9 from %p", got, c.Field(3), first)
	}
}
