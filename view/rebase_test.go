package view

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
	"github.com/ssztree/ssztree/tree"
)

// rebaseTypes are the types rebase is fuzzed on: every kind of data tree,
// lists whose last pages end in zero values, nested values.
var rebaseTypes = func() []schema.Type {
	inner := schema.Must(schema.NewContainer("Inner", field("a", schema.Uint16),
		field("b", schema.Must(schema.NewList(schema.Uint64, 100))), field("c", schema.Must(schema.NewBitlist(40)))))
	return []schema.Type{
		uint64List, validatorList, state, varTestStruct,
		schema.Must(schema.NewList(schema.Uint8, 3000)),
		schema.Must(schema.NewList(checkpoint, 300)),
		schema.Must(schema.NewList(bytes32, 500)),
		schema.Must(schema.NewVector(bytes32, 70)),
		schema.Must(schema.NewList(inner, 20)),
		schema.Must(schema.NewList(schema.Must(schema.NewUnion(nil, schema.Uint32, inner)), 10)),
		schema.Must(schema.NewByteList(5000)),
	}
}()

// near returns a valid value of type t near the one serialized in a: a few
// bytes changed, the value with zero values appended to or dropped from
// its lists (through a view), or another random value.
func near(r *rand.Rand, t schema.Type, a []byte) []byte {
	switch r.IntN(3) {
	case 0:
		b, err := samples.Random(r, t, 40)
		if err != nil {
			panic(err)
		}
		return b
	case 1:
		for try := 0; try < 8 && len(a) > 0; try++ {
			b := append([]byte(nil), a...)
			for k := r.IntN(4); k >= 0; k-- {
				b[r.IntN(len(b))] = byte(r.Uint32())
			}
			if _, err := t.Decode(b); err == nil {
				return b
			}
		}
		return a
	}
	// Zero elements appended: the same data root as a's, a longer list.
	if l, ok := t.(*schema.List); ok && l.Elem().IsFixedSize() {
		n := uint64(len(a) / l.Elem().FixedSize())
		extra := min(uint64(r.IntN(20)), l.Limit()-n)
		return append(append([]byte(nil), a...), make([]byte, int(extra)*l.Elem().FixedSize())...)
	}
	return a
}

// checkRebase decodes a and b separately, rebases b's view on a's and on
// an index of a, and checks that b's value, root and encoding are
// unchanged, that a value equal to a ends up as a's tree, and that b can
// still be written.
func checkRebase(t *testing.T, typ schema.Type, a, b []byte) {
	t.Helper()
	va, err := Decode(typ, a)
	if err != nil {
		t.Fatalf("%v: %v", typ, err)
	}
	for _, how := range []string{"base", "index"} {
		vb, err := Decode(typ, b)
		if err != nil {
			t.Fatalf("%v: %v", typ, err)
		}
		if how == "base" {
			if err := Rebase(vb, va); err != nil {
				t.Fatal(err)
			}
		} else {
			idx := tree.NewIndex()
			idx.Add(va.Node())
			RebaseOn(vb, idx)
		}
		expectValue(t, vb, b)
		// Rebased by position, an equal value is the base's tree; by the
		// index, equal subtrees of the base at several places may end up as
		// one, the first the index holds.
		if bytes.Equal(a, b) && how == "base" && vb.Node() != va.Node() {
			t.Fatalf("%v (%s): equal values, not one tree after rebase", typ, how)
		}
		if how == "index" {
			idx := tree.NewIndex()
			idx.Add(va.Node())
			if idx.Rebase(va.Node()) != va.Node() {
				t.Fatalf("%v: an indexed tree rebased on its index is not itself", typ)
			}
			idx.Remove(va.Node())
			if idx.Len() != 0 {
				t.Fatalf("%v: %d nodes left in an index after removing the one tree added", typ, idx.Len())
			}
		}
		// Still a value that can be written: its default, then b again.
		if err := vb.UnmarshalSSZ(b); err != nil {
			t.Fatal(err)
		}
		expectValue(t, vb, b)
	}
}

// FuzzRebase checks rebase on random values and values near them: after
// rebase, a value's root and encoding are those of its bytes.
func FuzzRebase(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		r := rand.New(rand.NewPCG(seed, 1))
		typ := rebaseTypes[r.IntN(len(rebaseTypes))]
		a, err := samples.Random(r, typ, 60)
		if err != nil {
			t.Fatal(err)
		}
		checkRebase(t, typ, a, near(r, typ, a))
	})
}

func TestRebaseReference(t *testing.T) {
	for i, typ := range rebaseTypes {
		for s := 0; s < 40; s++ {
			r := rand.New(rand.NewPCG(uint64(i), uint64(s)))
			a, err := samples.Random(r, typ, 60)
			if err != nil {
				t.Fatal(err)
			}
			b := near(r, typ, a)
			checkRebase(t, typ, a, b)
			checkRebase(t, typ, b, a)
			checkRebase(t, typ, a, a)
		}
	}
}

// TestRebaseZeroTail rebases lists on shorter ones whose data trees have
// the same root: the tail of zero values must stay.
func TestRebaseZeroTail(t *testing.T) {
	flags := schema.Must(schema.NewList(schema.Uint8, 3000))
	checkRebase(t, flags, []byte{1, 2}, []byte{1, 2, 0})
	checkRebase(t, flags, []byte{1, 2, 0, 0}, []byte{1, 2})
	v := make([]byte, validator.FixedSize())
	v[0] = 7
	checkRebase(t, validatorList, v, append(append([]byte(nil), v...), make([]byte, validator.FixedSize())...))
	checkRebase(t, validatorList, append(append([]byte(nil), v...), make([]byte, 2*validator.FixedSize())...), v)
}

// TestRebaseShares checks that a value decoded separately, one element
// changed, shares everything else with its base after rebase.
func TestRebaseShares(t *testing.T) {
	vals := make([]byte, 1000*validator.FixedSize())
	for i := range vals {
		vals[i] = byte(i * 7)
	}
	for i := 0; i < 1000; i++ {
		vals[i*validator.FixedSize()+88] = 0 // slashed: a boolean
	}
	va, err := Decode(validatorList, vals)
	if err != nil {
		t.Fatal(err)
	}
	changed := append([]byte(nil), vals...)
	changed[500*validator.FixedSize()] ^= 1
	vb, err := Decode(validatorList, changed)
	if err != nil {
		t.Fatal(err)
	}
	if err := Rebase(vb, va); err != nil {
		t.Fatal(err)
	}
	expectValue(t, vb, changed)
	l := validatorList.PageLayout()
	top := validatorList.DataDepth() - l.Depth()
	da, _ := va.Node().Children()
	db, _ := vb.Node().Children()
	shared := 0
	for p := uint64(0); p < 1000/uint64(l.Capacity())+1; p++ {
		x, err := tree.Get(da, top, p)
		if err != nil {
			t.Fatal(err)
		}
		y, err := tree.Get(db, top, p)
		if err != nil {
			t.Fatal(err)
		}
		if x == y {
			shared++
		} else if p != 500/uint64(l.Capacity()) {
			t.Errorf("page %d not shared", p)
		}
	}
	if want := 1000/l.Capacity() + 1 - 1; shared != want {
		t.Errorf("%d pages shared, want %d", shared, want)
	}
	if err := Rebase(vb, mustView(t, varTestStruct)); err == nil {
		t.Error("rebase on a value of another type")
	}
}

func mustView(t *testing.T, typ schema.Type) View {
	v, err := New(typ)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
