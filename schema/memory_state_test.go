//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's 386 run and its fuzzing build leave
// out (their compile would cost minutes there).

package schema_test

import (
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// heldStates keeps the states of TestMemoryOfFuluStates: variables of a
// test's frame may keep their values alive after their last use, as far as
// a live-heap figure sees.
var heldStates []*fulu.BeaconState

func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestMemoryOfFuluStates decodes a Fulu state and makes the next epoch's
// snapshot of it, and compares what tree.Memory counts, whole and by
// field, with how much the live heap grew.
func TestMemoryOfFuluStates(t *testing.T) {
	if testing.Short() {
		t.Skip("makes a state of 20,000 validators")
	}
	data := fuluStateBytes(t, 20_000)

	before := liveHeap()
	heldStates = []*fulu.BeaconState{must(fulu.DecodeBeaconState(fulu.Mainnet, data)), nil}
	heldStates[0].HashTreeRoot()
	grown := liveHeap() - before
	var m tree.Memory
	first := heldStates[0].View()
	parts, err := schema.MemoryByPath(first.Schema(), first.Node(), &m, 1)
	if err != nil {
		t.Fatal(err)
	}
	within(t, "a decoded state", m.Bytes(), grown)
	var sum int64
	for _, p := range parts {
		sum += p.Bytes
	}
	if sum != m.Bytes() {
		t.Errorf("the fields hold %d bytes, the state %d", sum, m.Bytes())
	}

	before = liveHeap()
	heldStates[1] = nextEpoch(t, heldStates[0])
	grown = liveHeap() - before
	within(t, "the next epoch's snapshot", m.Add(heldStates[1].View().Node()), grown)
	heldStates = nil
	runtime.KeepAlive(data) // or the decoder's input is freed while measured
}

// nextEpoch returns a snapshot of st one epoch later, hashed.
func nextEpoch(t *testing.T, st *fulu.BeaconState) *fulu.BeaconState {
	next := st.Copy()
	if err := synth.FuluEpoch(next, 2); err != nil {
		t.Fatal(err)
	}
	next.HashTreeRoot()
	return next
}

// fuluStateBytes returns the serialization of a Fulu state of synth, made
// in a frame of its own so that the state is garbage on return.
func fuluStateBytes(t *testing.T, validators int) []byte {
	st, err := synth.FuluState(fulu.Mainnet, validators, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func within(t *testing.T, what string, got, want int64) {
	t.Helper()
	t.Logf("%s: counted %d bytes, heap %d", what, got, want)
	if want <= 0 || got < want*95/100 || got > want*105/100 {
		t.Errorf("%s: counted %d bytes, the heap grew by %d", what, got, want)
	}
}
