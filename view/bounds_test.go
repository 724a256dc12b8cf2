package view

import (
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"
)

// viewBytes bounds what Decode allocates beyond what its type's Decode
// does (package schema's tests bound that by the input): the view itself
// and the state of its kind, whatever the input.
const viewBytes = 1 << 10

// bytesAllocated returns the bytes f allocates, the least of a few runs.
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

// TestDecodeAllocationBound checks that Decode of every kind of view
// allocates, for hostile and valid inputs, at most viewBytes more than
// the schema's Decode of the same input.
func TestDecodeAllocationBound(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation figures differ under coverage or the race detector")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range constructors() {
		inputs := [][]byte{randomBytes(r, c.typ), make([]byte, 1<<10), make([]byte, 4<<10)}
		for range 4 {
			b := make([]byte, 1<<10)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			binary.LittleEndian.PutUint32(b, []uint32{1 << 30, 0xfffffffc, 8, r.Uint32()}[len(inputs)%4])
			inputs = append(inputs, b)
		}
		for _, b := range inputs {
			var viewErr, schemaErr error
			got := bytesAllocated(func() { _, viewErr = c.decode(b) })
			base := bytesAllocated(func() { _, schemaErr = c.typ.Decode(b) })
			if (viewErr == nil) != (schemaErr == nil) {
				t.Fatalf("%v: view error %v, schema error %v", c.typ, viewErr, schemaErr)
			}
			if got > base+viewBytes {
				t.Errorf("%v, %d bytes (error %v): %d bytes allocated, %d more than the schema's Decode", c.typ, len(b), viewErr, got, got-base)
			}
		}
	}
}
