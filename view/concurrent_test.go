package view

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// The tests of this file call every method that does not change a value
// from several goroutines at once, on one shared value, as Go allows for
// maps: run them under -race (.ci/run does), where a read that writes a
// cache or commits without synchronization is reported.

// concurrentState returns a value of the test schema state with some
// content in every field, hashed.
func concurrentState(t *testing.T) *Container {
	t.Helper()
	c := must(NewContainer(state))
	c.SetUint(0, 77)
	c.SetBool(7, true)
	fin := c.Field(1).(*Container)
	fin.SetUint(0, 5)
	vals := c.Field(2).(*CompactList)
	bals := c.Field(3).(*Uint64List)
	for i := 0; i < 300; i++ {
		v := make([]byte, validator.FixedSize())
		binary.LittleEndian.PutUint64(v[80:], 32e9+uint64(i))
		v[0] = byte(i)
		if err := vals.Append(v); err != nil {
			t.Fatal(err)
		}
		if err := bals.Append(uint64(i * 3)); err != nil {
			t.Fatal(err)
		}
	}
	bits := c.Field(4).(*Bitlist)
	for i := 0; i < 100; i++ {
		if err := bits.Append(i%3 == 0); err != nil {
			t.Fatal(err)
		}
	}
	roots := c.Field(5).(*CompactVector)
	r := make([]byte, 32)
	r[3] = 9
	if err := roots.Set(2, r); err != nil {
		t.Fatal(err)
	}
	structs := c.Field(6).(*List)
	for i := 0; i < 3; i++ {
		s := must(NewContainer(varTestStruct))
		s.SetUint(0, uint64(i))
		if err := s.Field(1).(*BasicList[uint16]).Append(uint16(i + 1)); err != nil {
			t.Fatal(err)
		}
		if err := structs.Append(s); err != nil {
			t.Fatal(err)
		}
	}
	c.HashTreeRoot()
	return c
}

// dirty makes writes on c, through c and through handles of every kind,
// and leaves them uncommitted.
func dirty(t *testing.T, c *Container) {
	t.Helper()
	c.SetUint(0, 78)
	c.Field(1).(*Container).SetUint(0, 6)
	bals := c.Field(3).(*Uint64List)
	for i := 0; i < bals.Len(); i += 7 {
		bals.Set(i, bals.Get(i)+1)
	}
	if err := bals.Append(12345); err != nil {
		t.Fatal(err)
	}
	vals := c.Field(2).(*CompactList)
	v := vals.Get(17)
	v[80]++
	if err := vals.Set(17, v); err != nil {
		t.Fatal(err)
	}
	c.Field(4).(*Bitlist).Set(5, true)
	s := c.Field(6).(*List).Get(1).(*Container)
	s.SetUint(2, 4)
	s.Field(1).(*BasicList[uint16]).Set(0, 99)
}

// readAll calls every read method on c and its handles and returns a
// digest of what they returned, the same from every goroutine.
func readAll(c *Container) string {
	var w bytes.Buffer
	fmt.Fprint(&w, c.HashTreeRoot(), c.Node().Root(), c.SizeSSZ(), c.Uint(0), c.Bool(7), c.Bytes(0))
	enc, err := c.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	enc2, _ := c.MarshalSSZTo(nil)
	fmt.Fprint(&w, len(enc), bytes.Equal(enc, enc2))
	var slot [8]byte
	c.LoadBytes(0, slot[:])
	fmt.Fprint(&w, slot)
	fin := c.Field(1).(*Container)
	fmt.Fprint(&w, fin.Uint(0), fin.Bytes(1), fin.HashTreeRoot())

	vals := c.Field(2).(*CompactList)
	fmt.Fprint(&w, vals.Len(), vals.Get(17), vals.HashTreeRoot(), vals.SizeSSZ())
	b := make([]byte, vals.ElemSize())
	vals.Load(vals.Len()-1, b)
	fmt.Fprint(&w, b)
	for i, v := range vals.All() {
		if i%50 == 0 {
			fmt.Fprint(&w, v[80])
		}
	}
	bals := c.Field(3).(*Uint64List)
	sum := uint64(0)
	for _, v := range bals.All() {
		sum += v
	}
	for v := range bals.Values() {
		sum += v
	}
	for i := 0; i < bals.Len(); i++ {
		sum += bals.Get(i)
	}
	fmt.Fprint(&w, sum, bals.Len(), len(bals.Bytes()), bals.HashTreeRoot(), bals.Node().Root())
	bits := c.Field(4).(*Bitlist)
	fmt.Fprint(&w, bits.Get(5), bits.Count(), bits.Bits(), bits.Len(), bits.HashTreeRoot())
	roots := c.Field(5).(*CompactVector)
	fmt.Fprint(&w, roots.Get(2), roots.HashTreeRoot())
	structs := c.Field(6).(*List)
	for i, s := range structs.All() {
		sc := s.(*Container)
		fmt.Fprint(&w, i, sc.Uint(0), sc.Uint(2), sc.Field(1).(*BasicList[uint16]).Get(0), sc.HashTreeRoot())
	}
	fmt.Fprint(&w, structs.Get(1).(*Container).Field(1).(*BasicList[uint16]).Len(), structs.HashTreeRoot())

	g, leaf, branch, err := ProveBranch(c, "balances[21]")
	if err != nil || !tree.VerifyProof(c.HashTreeRoot(), g, leaf, branch) {
		panic(fmt.Sprintf("proof of balances[21]: %v", err))
	}
	p, err := Prove(c, "finalized.epoch", "validators[17].effective_balance", "structs[1].B[0]")
	if err != nil {
		panic(err)
	}
	fmt.Fprint(&w, leaf, len(p.Leaves))
	cp := c.Copy()
	fmt.Fprint(&w, cp.HashTreeRoot())
	return w.String()
}

// readConcurrently runs readAll on c from several goroutines at once and
// checks that each saw what want describes.
func readConcurrently(t *testing.T, c *Container, want string) {
	t.Helper()
	const readers = 4
	got := make([]string, readers)
	var start, done sync.WaitGroup
	start.Add(1)
	for r := range readers {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			got[r] = readAll(c)
		}()
	}
	start.Done()
	done.Wait()
	for r, g := range got {
		if g != want {
			t.Errorf("reader %d saw another value:\n%s\nwant\n%s", r, g, want)
		}
	}
}

func TestConcurrentReadersOfHashedValue(t *testing.T) {
	want := readAll(concurrentState(t))
	readConcurrently(t, concurrentState(t), want)
}

func TestConcurrentReadersOfUncommittedValue(t *testing.T) {
	ref := concurrentState(t)
	dirty(t, ref)
	want := readAll(ref)
	c := concurrentState(t)
	dirty(t, c)
	readConcurrently(t, c, want)
	// The readers committed c: it is the value the writes made.
	if c.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatal("root after concurrent readers differs")
	}
}

// readElements reads elements of every paged field of c before anything
// commits it, so that these reads run beside another reader's commit.
func readElements(c *Container) string {
	var w bytes.Buffer
	bals := c.Field(3).(*Uint64List)
	sum := uint64(0)
	for i := 0; i < bals.Len(); i++ {
		sum += bals.Get(i)
	}
	vals := c.Field(2).(*CompactList)
	fmt.Fprint(&w, sum, bals.Bytes()[:16], vals.Get(17), c.Field(4).(*Bitlist).Get(5), c.Field(5).(*CompactVector).Get(2))
	return w.String()
}

// TestConcurrentReadsDuringCommit has readers of pending writes read
// elements while others commit them by hashing: element reads take no
// lock, so the commit must leave what they read as it was.
func TestConcurrentReadsDuringCommit(t *testing.T) {
	ref := concurrentState(t)
	dirty(t, ref)
	wantElems, want := readElements(ref), readAll(ref)
	for range 20 {
		c := concurrentState(t)
		dirty(t, c)
		const readers = 4
		got := make([]string, readers)
		var start, done sync.WaitGroup
		start.Add(1)
		for r := range readers {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				if r%2 == 0 {
					got[r] = readElements(c) + readAll(c)
				} else {
					got[r] = readAll(c) + readElements(c)
				}
			}()
		}
		start.Done()
		done.Wait()
		for r, g := range got {
			w := wantElems + want
			if r%2 == 1 {
				w = want + wantElems
			}
			if g != w {
				t.Fatalf("reader %d saw another value:\n%s\nwant\n%s", r, g, w)
			}
		}
		// A write after the readers' commit starts from the committed
		// value: the dirty pages the commit kept are settled first.
		bals := c.Field(3).(*Uint64List)
		bals.Set(3, 1)
		refCopy := ref.Copy()
		refCopy.Field(3).(*Uint64List).Set(3, 1)
		if c.HashTreeRoot() != refCopy.HashTreeRoot() {
			t.Fatal("root after a write that follows concurrent readers differs")
		}
	}
}

// TestConcurrentReadersOfFreshHandles has readers take handles no reader
// took before, on a value never hashed: handles are created, and caches
// filled, by the readers.
func TestConcurrentReadersOfFreshHandles(t *testing.T) {
	ref := concurrentState(t)
	want := readAll(ref)
	b, err := ref.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	readConcurrently(t, must(DecodeContainer(state, b)), want)
}

// TestHandlesOfConcurrentReaders checks that readers taking the handle on
// one field get one handle: a write through the handle any of them got
// reaches the value.
func TestHandlesOfConcurrentReaders(t *testing.T) {
	c := concurrentState(t)
	b := must(c.MarshalSSZ())
	c = must(DecodeContainer(state, b))
	const readers = 4
	got := make([]*Uint64List, readers)
	var wg sync.WaitGroup
	for r := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[r] = c.Field(3).(*Uint64List)
		}()
	}
	wg.Wait()
	for r, l := range got {
		l.Set(r, 1000+uint64(r))
	}
	bals := c.Field(3).(*Uint64List)
	for r := range readers {
		if bals.Get(r) != 1000+uint64(r) {
			t.Errorf("write through the handle of reader %d lost", r)
		}
	}
}

// TestConcurrentReadersOfUnion reads a union whose selected value has
// writes not yet committed, from several goroutines at once.
func TestConcurrentReadersOfUnion(t *testing.T) {
	ut := schema.Must(schema.NewUnion(nil, checkpoint, schema.Uint16))
	newUnion := func() *Union {
		u := must(NewUnion(ut))
		b := make([]byte, checkpoint.FixedSize())
		b[0] = 3
		if err := u.Select(1, b); err != nil {
			t.Fatal(err)
		}
		u.HashTreeRoot()
		u.Value().(*Container).SetUint(0, 9)
		return u
	}
	read := func(u *Union) string {
		v := u.Value().(*Container)
		return fmt.Sprint(u.Selector(), v.Uint(0), v.HashTreeRoot(), u.ValueBytes(), u.SizeSSZ(), u.HashTreeRoot(), u.Copy().HashTreeRoot())
	}
	want := read(newUnion())
	u := newUnion()
	got := make([]string, 4)
	var wg sync.WaitGroup
	for r := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[r] = read(u)
		}()
	}
	wg.Wait()
	for r, g := range got {
		if g != want {
			t.Errorf("reader %d saw %s, want %s", r, g, want)
		}
	}
}
