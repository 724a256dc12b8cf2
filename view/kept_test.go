package view

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// checkEncoding fails unless v encodes to want, whole and appended to a
// prefix, and its root is that of the value built from want.
func checkEncoding(t *testing.T, what string, v View, want []byte) {
	t.Helper()
	got, err := v.(interface{ MarshalSSZ() ([]byte, error) }).MarshalSSZ()
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: MarshalSSZ differs from the model (error %v)", what, err)
	}
	got, err = v.(interface {
		MarshalSSZTo([]byte) ([]byte, error)
	}).MarshalSSZTo([]byte("prefix"))
	if err != nil || !bytes.Equal(got, append([]byte("prefix"), want...)) {
		t.Fatalf("%s: MarshalSSZTo differs from the model (error %v)", what, err)
	}
	ref := must(v.Type().Decode(want))
	if v.Node().Root() != ref.Root() {
		t.Fatalf("%s: root differs from the model's", what)
	}
}

// TestKeptBytes checks a list decoded on its own: it keeps the bytes it
// was decoded from, not the caller's buffer, encodes from them while
// unchanged, and after every kind of change encodes what a model holds and
// no longer keeps them.
func TestKeptBytes(t *testing.T) {
	typ := schema.Must(schema.NewList(schema.Uint64, 1<<20))
	r := rand.New(rand.NewPCG(7, 8))
	model := make([]uint64, 3000) // 94 pages of 256 bytes
	for i := range model {
		model[i] = r.Uint64()
	}
	in := encodeUint64s(model)
	l, err := DecodeBasicList[uint64](typ, in)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]byte(nil), in...)
	clear(in) // the view must not read the caller's buffer
	if l.seq.kept == nil {
		t.Fatal("a decoded list of 3,000 values keeps no bytes")
	}
	checkEncoding(t, "decoded", l, want)
	l.HashTreeRoot()
	checkEncoding(t, "hashed", l, want)

	c := l.Copy()
	steps := []struct {
		name string
		do   func()
	}{
		{"Set", func() { i := r.IntN(len(model)); model[i] = r.Uint64(); l.Set(i, model[i]) }},
		{"Append", func() { v := r.Uint64(); model = append(model, v); must(0, l.Append(v)) }},
		{"Pop", func() { model = model[:len(model)-1]; must(l.Pop()) }},
		{"DropFirst", func() { model = model[5:]; must(0, l.DropFirst(5)) }},
		{"Update", func() {
			for i := range model {
				model[i]++
			}
			l.Update(func(_ int, v uint64) uint64 { return v + 1 })
		}},
	}
	for _, s := range steps {
		// Each step starts again from a list that keeps its bytes.
		l = must(DecodeBasicList[uint64](typ, encodeUint64s(model)))
		s.do()
		checkEncoding(t, s.name, l, encodeUint64s(model))
		if l.seq.kept != nil {
			t.Fatalf("%s: the list keeps its decoded bytes after a change", s.name)
		}
	}
	checkEncoding(t, "the copy made before the changes", c, want)

	// UnmarshalSSZ replaces the value, and the bytes kept with it.
	l = must(DecodeBasicList[uint64](typ, want))
	other := encodeUint64s([]uint64{1, 2, 3, 4, 5})
	if err := l.UnmarshalSSZ(other); err != nil {
		t.Fatal(err)
	}
	checkEncoding(t, "UnmarshalSSZ", l, other)
}

// TestKeptBytesKinds checks the other sequences that keep their bytes: a
// vector of integers, of booleans, of 256-bit integers, and lists of
// fixed-size containers, encoded before and after a change.
func TestKeptBytesKinds(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	vec := schema.Must(schema.NewVector(schema.Uint64, 1000))
	v := must(DecodeBasicVector[uint64](vec, random(8000)))
	bools := schema.Must(schema.NewList(schema.Boolean, 500))
	boolBytes := make([]byte, 300)
	for i := range boolBytes {
		boolBytes[i] = byte(r.IntN(2))
	}
	bl := must(DecodeBoolList(bools, boolBytes))
	bigs := schema.Must(schema.NewVector(schema.Uint256, 40))
	u := must(DecodeUint256Vector(bigs, random(40*32)))
	cps := schema.Must(schema.NewList(checkpoint, 100))
	cl := must(DecodeCompactList(cps, random(60*checkpoint.FixedSize())))
	for _, c := range []struct {
		name   string
		v      View
		kept   *seq
		change func() // changes the value's first byte to 1 (or true)
	}{
		{"Vector[uint64]", v, v.seq, func() { v.Set(0, v.Get(0)&^0xff|1) }},
		{"List[boolean]", bl, bl.seq, func() { bl.Set(0, true) }},
		{"Vector[uint256]", u, u.seq, func() { x := u.Get(0); x[0] = x[0]&^0xff | 1; must(0, u.Set(0, &x)) }},
		{"List[Checkpoint]", cl, cl.seq, func() { e := bytes.Clone(cl.Get(0)); e[0] = 1; must(0, cl.Set(0, e)) }},
	} {
		if c.kept.kept == nil {
			t.Fatalf("%s: a decoded value keeps no bytes", c.name)
		}
		want := append([]byte(nil), c.kept.kept.b...)
		checkEncoding(t, c.name, c.v, want)
		c.change()
		want[0] = 1
		checkEncoding(t, c.name+" changed", c.v, want)
	}
}

// TestKeptBytesConcurrentReaders checks readers encoding and hashing a
// decoded list at once, with writes pending that the first of them
// commits: every reader sees the value written.
func TestKeptBytesConcurrentReaders(t *testing.T) {
	typ := schema.Must(schema.NewList(schema.Uint64, 1<<20))
	model := make([]uint64, 5000)
	for i := range model {
		model[i] = uint64(i) * 7
	}
	l := must(DecodeBasicList[uint64](typ, encodeUint64s(model)))
	model[4321] = 1
	l.Set(4321, 1) // pending: the readers below commit it
	want := encodeUint64s(model)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := l.MarshalSSZ(); err != nil || !bytes.Equal(got, want) {
				errs <- "a reader encoded another value"
			}
			l.HashTreeRoot()
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
