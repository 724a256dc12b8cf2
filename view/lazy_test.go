package view

import (
	"bytes"
	"encoding/binary"
	"errors"
	"sync"
	"testing"
	"unsafe"

	"github.com/ssztree/ssztree/schema"
)

// lazyInput returns the serialization of concurrentState's value and its
// root, from a tree built at once.
func lazyInput(t *testing.T) ([]byte, [32]byte) {
	t.Helper()
	c := concurrentState(t)
	b, err := c.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	return b, c.HashTreeRoot()
}

// TestLazyDecode checks a container that keeps its bytes: before and
// after its tree is built it reads, hashes and encodes as the value
// decoded at once, the caller's buffer is not kept, the bytes stay once
// the tree is built and serve its encoding, and a write leaves the lazy
// state.
func TestLazyDecode(t *testing.T) {
	b, root := lazyInput(t)
	in := append([]byte(nil), b...)
	c, err := DecodeContainer(state, in)
	if err != nil {
		t.Fatal(err)
	}
	clear(in) // the view must not read the caller's buffer
	if c.lazy == nil || c.node != nil {
		t.Fatal("DecodeContainer built the tree of a small container")
	}
	if got, _ := c.MarshalSSZ(); !bytes.Equal(got, b) || c.SizeSSZ() != len(b) {
		t.Fatal("encoding before the tree is built differs")
	}
	if c.lazy.n != nil {
		t.Fatal("encoding built the tree")
	}
	want := readAll(concurrentState(t))
	if got := readAll(c); got != want {
		t.Fatalf("reads of the lazy value differ:\n%s\nwant\n%s", got, want)
	}
	if c.HashTreeRoot() != root {
		t.Fatal("root differs")
	}
	if !bytes.Equal(c.encoding(), b) {
		t.Fatal("the built value does not encode from its bytes")
	}
	if got, _ := c.MarshalSSZTo([]byte{1, 2}); !bytes.Equal(got[2:], b) || got[0] != 1 {
		t.Fatal("MarshalSSZTo after hashing differs")
	}
	if a := testing.AllocsPerRun(10, func() { c.MarshalSSZTo(make([]byte, 0, len(b))) }); a > 1 {
		t.Errorf("encoding the hashed value allocates %v times, want the buffer only", a)
	}

	ref := concurrentState(t)
	dirty(t, ref)
	dirty(t, c)
	if c.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatal("root after writes differs")
	}
	if c.lazy != nil || c.encoding() != nil {
		t.Fatal("a write kept the lazy state")
	}
	got, _ := c.MarshalSSZ()
	wantEnc, _ := ref.MarshalSSZ()
	if !bytes.Equal(got, wantEnc) || bytes.Equal(got, b) {
		t.Fatal("encoding after writes is not the written value's")
	}
}

// TestLazyCopies checks that copies of a lazy value share its bytes and
// its one tree, and that a write to one leaves the other as it was.
func TestLazyCopies(t *testing.T) {
	b, root := lazyInput(t)
	c := must(DecodeContainer(state, b))
	d := c.Copy()
	if d.lazy != c.lazy {
		t.Fatal("a copy of a lazy value does not share its bytes")
	}
	if d.Node().Root() != root || c.lazy.n == nil || c.Node() != d.Node() {
		t.Fatal("the copies do not share the tree one of them built")
	}
	d.SetUint(0, 1234)
	if d.HashTreeRoot() == root || c.HashTreeRoot() != root {
		t.Fatal("a write to the copy reached the original")
	}
	if got, _ := c.MarshalSSZ(); !bytes.Equal(got, b) {
		t.Fatal("the original's encoding changed")
	}
	if d.Uint(0) != 1234 || c.Uint(0) != 77 {
		t.Fatal("slots differ from what was written")
	}
}

// TestLazyRootFromBytes checks that a lazy value's root is hashed from its
// bytes without building its tree, that its copies share that root, that
// the tree built afterwards has it, and that many readers may ask for it
// at once (run it under -race).
func TestLazyRootFromBytes(t *testing.T) {
	b, root := lazyInput(t)
	c := must(DecodeContainer(state, b))
	d := c.Copy()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if c.HashTreeRoot() != root || d.HashTreeRoot() != root {
				t.Error("root differs")
			}
		}()
	}
	wg.Wait()
	if c.lazy.n != nil || !c.lazy.rooted.Load() {
		t.Fatal("hashing a lazy value built its tree or did not keep the root")
	}
	if c.Node().Root() != root || c.HashTreeRoot() != root {
		t.Fatal("the tree built after the root has another")
	}
	d.SetUint(0, 1234)
	if d.HashTreeRoot() == root || c.HashTreeRoot() != root {
		t.Fatal("a write to the copy kept the root of the bytes")
	}
}

// TestLazyConcurrentReaders has several readers build the tree of a lazy
// value at once (run it under -race).
func TestLazyConcurrentReaders(t *testing.T) {
	b, _ := lazyInput(t)
	want := readAll(concurrentState(t))
	readConcurrently(t, must(DecodeContainer(state, b)), want)
	// The same through handles first and copies.
	c := must(DecodeContainer(state, b))
	readConcurrently(t, c.Copy(), want)
	readConcurrently(t, c, want)
}

// TestLazyErrors checks that invalid bytes fail as the eager decoder
// fails, and that a failed UnmarshalSSZ leaves the value as it was.
func TestLazyErrors(t *testing.T) {
	b, root := lazyInput(t)
	for _, cut := range []int{1, 5, 100, len(b) - 3} {
		in := b[:len(b)-cut]
		_, want := state.Decode(in)
		_, err := DecodeContainer(state, in)
		if want == nil || err == nil || err.Error() != want.Error() {
			t.Fatalf("cut %d: error %v, want %v", cut, err, want)
		}
		var se *schema.Error
		if !errors.As(err, &se) {
			t.Fatalf("cut %d: %T is not a *schema.Error", cut, err)
		}
		v, err := Decode(state, in)
		if err == nil || v != nil {
			t.Fatalf("cut %d: Decode gave %v, %v", cut, v, err)
		}
	}
	c := must(DecodeContainer(state, b))
	if err := c.UnmarshalSSZ(b[:len(b)-1]); err == nil {
		t.Fatal("UnmarshalSSZ of invalid bytes succeeded")
	}
	if c.HashTreeRoot() != root {
		t.Fatal("a failed UnmarshalSSZ changed the value")
	}
	// UnmarshalSSZ into a value in use keeps its bytes too.
	var d Container
	d.t = state
	d.set(state.Default())
	if err := d.UnmarshalSSZ(b); err != nil || d.lazy == nil || d.HashTreeRoot() != root {
		t.Fatalf("UnmarshalSSZ: %v, lazy %v", err, d.lazy != nil)
	}
}

// TestLazyDecodeAllocs checks what a lazy decode costs: the view, its lazy
// tree and the copy of the bytes, whatever the value holds.
func TestLazyDecodeAllocs(t *testing.T) {
	b, _ := lazyInput(t)
	if a := testing.AllocsPerRun(50, func() { _ = must(DecodeContainer(state, b)) }); a != 3 {
		t.Errorf("a lazy decode allocates %v times, want 3", a)
	}
	// Into a Container the caller holds: its lazy tree and the bytes.
	dst := new(Container)
	if a := testing.AllocsPerRun(50, func() {
		*dst = Container{}
		if err := DecodeContainerTo(dst, state, b); err != nil {
			t.Fatal(err)
		}
	}); a != 2 {
		t.Errorf("a lazy decode into a Container allocates %v times, want 2", a)
	}
}

// TestEncodingIsACopy checks that encoding a value from the bytes it holds
// (a lazy container, a compact one) hands out bytes of the caller's own.
func TestEncodingIsACopy(t *testing.T) {
	b, root := lazyInput(t)
	lazy := must(DecodeContainer(state, b))
	v := make([]byte, validator.FixedSize())
	v[0], v[80] = 7, 9
	compact := must(DecodeContainer(validator, v))
	if !compact.t.IsCompact() {
		t.Fatal("the test's validator is not compact")
	}
	for _, c := range []*Container{lazy, compact} {
		enc, err := c.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		clear(enc)
		to, _ := c.MarshalSSZTo(nil)
		clear(to)
	}
	if got, _ := lazy.MarshalSSZ(); !bytes.Equal(got, b) {
		t.Fatal("changing an encoding changed the lazy value's bytes")
	}
	if lazy.HashTreeRoot() != root {
		t.Fatal("changing an encoding changed the lazy value")
	}
	if got, _ := compact.MarshalSSZ(); !bytes.Equal(got, v) {
		t.Fatal("the compact container's encoding differs")
	}
}

// TestLazyLargeDropsBytes checks that a lazy value above keptLimit holds
// its tree only once built, and still encodes as it was decoded.
func TestLazyLargeDropsBytes(t *testing.T) {
	blob := schema.Must(schema.NewContainer("Blob", field("tag", schema.Uint64), field("data", schema.Must(schema.NewByteList(4<<20)))))
	b := make([]byte, 12+keptLimit)
	b[0], b[8] = 7, 12 // tag 7, the data's offset
	for i := 12; i < len(b); i++ {
		b[i] = byte(i)
	}
	c := must(DecodeContainer(blob, b))
	if c.lazy == nil || !bytes.Equal(c.encoding(), b) {
		t.Fatal("a value below 10 MiB did not keep its bytes until built")
	}
	ref := must(decodeAs(blob, b, ofContainer))
	if c.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatal("root differs")
	}
	if c.lazy.bytes() != nil || c.encoding() != nil {
		t.Fatal("a value above keptLimit kept its bytes beside its tree")
	}
	if got, _ := c.MarshalSSZ(); !bytes.Equal(got, b) {
		t.Fatal("encoding from the tree differs")
	}
}

// TestContainerSize checks that a container's record of writes and handles
// is made on first use, not carried by every decoded object: the view of
// a gossip object checked, hashed and dropped stays in a small size class.
func TestContainerSize(t *testing.T) {
	if got := unsafe.Sizeof(Container{}); got > 128 {
		t.Fatalf("a Container is %d bytes, want at most 128", got)
	}
	b, root := lazyInput(t)
	c := must(DecodeContainer(state, b))
	if c.kids != nil {
		t.Fatal("decoding made the record of writes")
	}
	if c.HashTreeRoot() != root || c.kids != nil {
		t.Fatal("hashing made the record of writes, or a wrong root")
	}
}

// TestLazyFieldsFromBytes checks that a container keeping its bytes reads
// its fields from them, and makes the handles of its container fields from
// their bytes, without building its tree: a field of a container type
// keeps its part of the bytes, shared, and is hashed from it; a write
// through such a handle reaches the outer value as any handle's does.
func TestLazyFieldsFromBytes(t *testing.T) {
	b, root := lazyInput(t)
	outerType := schema.Must(schema.NewContainer("Outer",
		field("id", schema.Uint64), field("inner", state), field("tail", schema.Uint8)))
	ref := must(NewContainer(outerType))
	ref.SetUint(0, 5)
	if err := ref.SetBytes(1, b); err != nil {
		t.Fatal(err)
	}
	ref.SetUint(2, 9)
	ob := must(ref.MarshalSSZ())

	o := must(DecodeContainer(outerType, ob))
	if o.Uint(0) != 5 || o.Uint(2) != 9 || !bytes.Equal(o.Bytes(1), b) {
		t.Fatal("fields read from the bytes differ")
	}
	inner := o.Field(1).(*Container)
	if inner.lazy == nil || &inner.lazy.b[0] != &o.lazy.b[8+4+1] {
		t.Fatal("the inner container's handle does not keep its part of the outer bytes")
	}
	if inner.HashTreeRoot() != root || o.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatal("roots differ")
	}
	var fin [40]byte
	inner.LoadBytes(1, fin[:])
	if got := inner.Field(1).(*Container).Uint(0); got != binary.LittleEndian.Uint64(fin[:8]) {
		t.Fatalf("the compact field's handle reads epoch %d, its bytes %x", got, fin[:8])
	}
	if o.lazy.n != nil || inner.lazy.n != nil {
		t.Fatal("reading fields and hashing built a tree")
	}

	// A write through the handle: the outer value's root and bytes follow.
	inner.SetUint(0, 77)
	must(AsBasicList[uint64](inner.Field(3))).Set(2, 1234)
	refInner := ref.Field(1).(*Container)
	refInner.SetUint(0, 77)
	must(AsBasicList[uint64](refInner.Field(3))).Set(2, 1234)
	expectValue(t, o, must(ref.MarshalSSZ()))
	if o.Uint(0) != 5 || inner.Uint(0) != 77 {
		t.Fatal("reads after the write differ")
	}
}
