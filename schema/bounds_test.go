package schema

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

// Bounds of what Decode may allocate, in bytes per byte of input, plus
// boundSlack bytes for the error or the few nodes every value has.
const (
	// rejectedBytesPerByte bounds a decode that fails: a length or offset
	// the input merely claims sizes nothing, so what is allocated before
	// the error is a few times the input at most (the offsets read, the
	// elements built before the faulty one).
	rejectedBytesPerByte = 4
	// acceptedBytesPerByte bounds a decode that succeeds, whose tree is
	// as large as the input lets it be. The worst case is a list of
	// one-byte lists: 5 bytes of input (an offset and the byte) give an
	// element whose tree is a mix-in branch, its length leaf and a page
	// (about 350 bytes in 3 allocations, with the element's share of the
	// offsets, of the element nodes and of the branches above them):
	// about 70 bytes per byte, measured by TestDecodeWorkLinear. Empty
	// elements share their type's default tree (about 25 bytes per byte);
	// packed data and compact values cost about 1.5 bytes per byte.
	acceptedBytesPerByte = 80
	// boundSlack is the allocation every decode may make whatever its
	// input: the error value and its message, the mix-in and the root of
	// a small value.
	boundSlack = 2048
)

// bytesAllocated returns the bytes f allocates, the least of a few runs
// (so that an allocation of another goroutine of the test binary, or of
// the runtime, is not counted against f).
func bytesAllocated(f func()) uint64 {
	best := ^uint64(0)
	var before, after runtime.MemStats
	for range 5 {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// boundTypes are types of every kind, with limits far beyond what an
// input of a few kilobytes holds.
func boundTypes() []Type {
	checkpoint := Must(NewContainer("Checkpoint", field("epoch", Uint64), field("root", Must(NewByteVector(32)))))
	varStruct := Must(NewContainer("VarStruct",
		field("a", Uint16), field("b", Must(NewList(Uint16, 1024))), field("c", Boolean), field("d", Must(NewBitlist(1<<20)))))
	small := Must(NewList(Uint8, 16))
	return []Type{
		Must(NewList(Uint64, 1<<40)), Must(NewByteList(1 << 40)), Must(NewList(Boolean, 1<<40)),
		Must(NewList(Uint256, 1<<40)), Must(NewList(checkpoint, 1<<40)),
		Must(NewList(Must(NewByteList(1<<30)), 1<<40)), Must(NewList(small, 1024)),
		Must(NewList(varStruct, 1<<40)), Must(NewList(Must(NewList(Must(NewList(Uint8, 1<<20)), 1<<20)), 1<<20)),
		Must(NewBitlist(1 << 40)), Must(NewBitvector(1 << 20)),
		Must(NewVector(Uint64, 1<<20)), Must(NewVector(small, 1<<20)), Must(NewVector(checkpoint, 1<<20)),
		checkpoint, varStruct,
		Must(NewUnion(nil, varStruct, Must(NewList(small, 1<<30)))),
		Must(NewProgressiveList(Uint64)), Must(NewProgressiveByteList()), Must(NewProgressiveList(checkpoint)),
		Must(NewProgressiveList(small)), Must(NewProgressiveList(varStruct)), NewProgressiveBitlist(),
		Must(NewProgressiveContainer("PC", []bool{true, false, true, true},
			field("a", Uint64), field("b", Must(NewProgressiveList(small))), field("c", Must(NewList(checkpoint, 1<<30))))),
	}
}

// hostileInputs returns inputs of about size bytes that claim far more
// than they hold, or point anywhere: random bytes, a first offset or
// length field claiming 2^30 elements, every offset at the end, offsets at
// random, and zeros.
func hostileInputs(r *rand.Rand, size int) map[string][]byte {
	random := func() []byte {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	in := map[string][]byte{"random": random(), "zeros": make([]byte, size), "ones": func() []byte {
		b := make([]byte, size)
		for i := range b {
			b[i] = 0xff
		}
		return b
	}()}
	for _, claim := range []uint32{1 << 30, 0xfffffffc, uint32(size - 4), uint32(size)} {
		b := random()
		binary.LittleEndian.PutUint32(b, claim)
		in[fmt.Sprintf("claims %d", claim)] = b
		c := random()
		c[0] = 1 // a union selector, then the claim
		binary.LittleEndian.PutUint32(c[1:], claim)
		in[fmt.Sprintf("selector 1 claims %d", claim)] = c
	}
	// Offsets: the first at the end of a table of n, the others anywhere,
	// in order, or at the end.
	n := size / 8
	ordered, atEnd, anywhere := random(), random(), random()
	for i := range n {
		binary.LittleEndian.PutUint32(ordered[4*i:], uint32(4*n+i*(size-4*n)/n))
		binary.LittleEndian.PutUint32(atEnd[4*i:], uint32(size))
		binary.LittleEndian.PutUint32(anywhere[4*i:], r.Uint32N(uint32(2*size)))
	}
	binary.LittleEndian.PutUint32(anywhere, uint32(4*n))
	binary.LittleEndian.PutUint32(atEnd, uint32(4*n))
	in["offsets in order"], in["offsets at the end"], in["offsets anywhere"] = ordered, atEnd, anywhere
	return in
}

// TestDecodeAllocationBound decodes hostile inputs of 1 KB and 4 KB into
// types of every kind and checks that what Decode allocates is bounded by
// the input: rejectedBytesPerByte for an input it rejects,
// acceptedBytesPerByte for one it takes.
func TestDecodeAllocationBound(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation figures differ under coverage or the race detector")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, typ := range boundTypes() {
		for _, size := range []int{1 << 10, 4 << 10} {
			for name, b := range hostileInputs(r, size) {
				var err error
				got := bytesAllocated(func() { _, err = typ.Decode(b) })
				perByte := uint64(rejectedBytesPerByte)
				if err == nil {
					perByte = acceptedBytesPerByte
				}
				if limit := perByte*uint64(len(b)) + boundSlack; got > limit {
					t.Errorf("%v: %s (%d bytes, error %v): %d bytes allocated, more than %d", typ, name, len(b), err, got, limit)
				}
			}
		}
	}
}

// denseInputs returns, for each type, valid serializations of growing
// size whose trees are as large as the bytes allow.
func denseInputs() []struct {
	typ  Type
	make func(size int) []byte
} {
	emptyLists := func(size int) []byte { // size/4 empty elements
		n := size / 4
		b := make([]byte, 4*n)
		for i := range n {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(4*n))
		}
		return b
	}
	oneByteLists := func(size int) []byte { // size/5 elements of one byte
		n := size / 5
		b := make([]byte, 5*n)
		for i := range n {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(4*n+i))
			b[4*n+i] = byte(i)
		}
		return b
	}
	zeros := func(size int) []byte { return make([]byte, size) }
	bits := func(size int) []byte { b := make([]byte, size); b[size-1] = 1; return b }
	small := Must(NewList(Uint8, 16))
	checkpoint := Must(NewContainer("Checkpoint", field("epoch", Uint64), field("root", Must(NewByteVector(32)))))
	return []struct {
		typ  Type
		make func(size int) []byte
	}{
		{Must(NewList(small, 1<<30)), emptyLists},
		{Must(NewProgressiveList(small)), emptyLists},
		{Must(NewList(small, 1<<30)), oneByteLists},
		{Must(NewProgressiveList(small)), oneByteLists},
		{Must(NewList(Uint64, 1<<40)), zeros},
		{Must(NewProgressiveList(Uint64)), zeros},
		{Must(NewList(checkpoint, 1<<40)), func(size int) []byte { return make([]byte, size/40*40) }},
		{Must(NewProgressiveList(checkpoint)), func(size int) []byte { return make([]byte, size/40*40) }},
		{Must(NewBitlist(1 << 40)), bits},
		{NewProgressiveBitlist(), bits},
	}
}

// TestDecodeWorkLinear decodes valid inputs of growing size, each as dense
// in nodes as its type allows, and checks that the allocations per input
// byte (their count and their bytes) do not grow with the size: the work
// of decoding is linear in the input.
func TestDecodeWorkLinear(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation figures differ under coverage or the race detector")
	}
	for _, c := range denseInputs() {
		var firstCount, firstBytes float64
		for _, size := range []int{1 << 10, 8 << 10, 64 << 10, 256 << 10} {
			b := c.make(size)
			var err error
			count := testing.AllocsPerRun(3, func() { _, err = c.typ.Decode(b) })
			if err != nil {
				t.Fatalf("%v: %d bytes: %v", c.typ, len(b), err)
			}
			bytes := bytesAllocated(func() { _, _ = c.typ.Decode(b) })
			countPerByte, bytesPerByte := count/float64(len(b)), float64(bytes)/float64(len(b))
			if bytesPerByte > acceptedBytesPerByte {
				t.Errorf("%v: %d bytes of input: %.1f bytes allocated per byte, more than %d", c.typ, len(b), bytesPerByte, acceptedBytesPerByte)
			}
			if firstCount == 0 {
				firstCount, firstBytes = countPerByte, bytesPerByte
				continue
			}
			// Twice the figure of the smallest input, and a little more
			// for the tree above the elements, which grows by levels.
			if countPerByte > 2*firstCount+0.01 || bytesPerByte > 2*firstBytes+1 {
				t.Errorf("%v: %d bytes of input: %.3f allocations and %.1f bytes per byte, against %.3f and %.1f for 1 KB: not linear",
					c.typ, len(b), countPerByte, bytesPerByte, firstCount, firstBytes)
			}
			t.Logf("%v: %d bytes: %.3f allocations, %.1f bytes per byte", c.typ, len(b), countPerByte, bytesPerByte)
		}
	}
}

// TestBitlistDecodeAllocs checks that a bitlist whose delimiter shares its
// last byte with data bits decodes in as many allocations as one whose
// delimiter has a byte of its own: the copy that clears the delimiter is
// the pages' bytes, not copied again. Both give the root of their bits.
func TestBitlistDecodeAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("coverage and the race detector allocate")
	}
	l := Must(NewBitlist(2048))
	whole := append(make([]byte, 200), 1)     // 1,600 bits, the delimiter alone
	shared := append(make([]byte, 200), 0x81) // 1,607 bits, the last one set
	shared[3] = 0x10
	want := allocsPerDecode(t, l, whole)
	if got := allocsPerDecode(t, l, shared); got > want {
		t.Fatalf("a delimiter in a data byte: %.0f allocations, want at most %.0f", got, want)
	}
	n, err := l.Decode(shared)
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Encode(nil, n)
	if err != nil || string(b) != string(shared) {
		t.Fatalf("the decoded bitlist encodes to %x (%v), want %x", b, err, shared)
	}
}

// allocsPerDecode returns the allocations of one decode of b as t.
func allocsPerDecode(t *testing.T, typ Type, b []byte) float64 {
	return testing.AllocsPerRun(100, func() {
		if _, err := typ.Decode(b); err != nil {
			t.Fatal(err)
		}
	})
}

// TestContainerDecodeAllocs checks that decoding a container of a few
// fields, fixed and variable, allocates no more than decoding its fields
// one by one and building the tree above them (a branch an allocation, as
// tree.BuildApart does): the fields' trees and the offsets are collected
// on the stack.
func TestContainerDecodeAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("coverage and the race detector allocate")
	}
	list := Must(NewList(Uint64, 16))
	bits := Must(NewBitlist(64))
	c := Must(NewContainer("C", Field{Name: "a", Type: Uint64}, Field{Name: "b", Type: list},
		Field{Name: "c", Type: bits}, Field{Name: "d", Type: bytes32}))
	b := make([]byte, 0, 64)
	b = append(b, 1, 0, 0, 0, 0, 0, 0, 0)   // a
	b = append(b, 48, 0, 0, 0, 64, 0, 0, 0) // offsets of b and c
	b = append(b, make([]byte, 32)...)      // d
	b = append(b, make([]byte, 16)...)      // b: two elements
	b = append(b, 0x13)                     // c: 4 bits
	parts := [][]byte{b[:8], b[48:64], b[64:], b[16:48]}
	types := []Type{Uint64, list, bits, bytes32}
	var fields float64
	for i, p := range parts {
		fields += allocsPerDecode(t, types[i], p)
	}
	nodes := make([]*tree.Node, 4)
	for i, p := range parts {
		nodes[i] = must(types[i].Decode(p))
	}
	build := testing.AllocsPerRun(100, func() { must(tree.BuildApart(2, nodes, 0)) })
	if got := allocsPerDecode(t, c, b); got > fields+build {
		t.Fatalf("container decode: %.0f allocations, its fields' %.0f and the tree's %.0f", got, fields, build)
	}
}
