package schema_test

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// TestMemoryByPath breaks a value down by field and checks the entries
// against the sizes of the fields' subtrees, alone and beside a set that
// already holds the value.
func TestMemoryByPath(t *testing.T) {
	checkpoint := schema.Must(schema.NewContainer("Checkpoint",
		schema.Field{Name: "epoch", Type: schema.Uint64},
		schema.Field{Name: "root", Type: schema.Must(schema.NewByteVector(32))}))
	inner := schema.Must(schema.NewContainer("Inner",
		schema.Field{Name: "slot", Type: schema.Uint64},
		schema.Field{Name: "balances", Type: schema.Must(schema.NewList(schema.Uint64, 1<<20))}))
	outer := schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "inner", Type: inner},
		schema.Field{Name: "finalized", Type: checkpoint},
		schema.Field{Name: "roots", Type: schema.Must(schema.NewVector(schema.Must(schema.NewByteVector(32)), 64))}))
	const n = 5000
	b := make([]byte, 0, 8+4+n*8+40+64*32)
	b = binary.LittleEndian.AppendUint32(b, 4+40+64*32) // offset of inner
	for i := range 40 + 64*32 {
		b = append(b, byte(i))
	}
	b = binary.LittleEndian.AppendUint64(b, 9)
	b = binary.LittleEndian.AppendUint32(b, 12)
	for i := range n {
		b = binary.LittleEndian.AppendUint64(b, uint64(i)*3)
	}
	root, err := outer.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	fields, _ := outer.Fields(root)
	innerFields, _ := inner.Fields(fields[0])

	var m tree.Memory
	got, err := schema.MemoryByPath(outer, root, &m, 2)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]int64{}
	var sum int64
	for _, e := range got {
		byPath[e.Path] += e.Bytes
		sum += e.Bytes
	}
	t.Log(got)
	if sum != tree.Size(root) || m.Bytes() != sum || m.Len() != 1 {
		t.Errorf("entries add up to %d, the set holds %d in %d roots; the value holds %d", sum, m.Bytes(), m.Len(), tree.Size(root))
	}
	for path, want := range map[string]int64{
		"inner.balances": tree.Size(innerFields[1]),
		"roots":          tree.Size(fields[2]),
		"finalized":      tree.Size(fields[1]),
	} {
		if byPath[path] != want || want == 0 {
			t.Errorf("%s holds %d bytes, its subtree %d", path, byPath[path], want)
		}
	}
	again, err := schema.MemoryByPath(outer, root, &m, 2)
	if err != nil || len(again) != 0 || m.Len() != 2 {
		t.Errorf("the value beside itself: %v, %v; set of %d roots", again, err, m.Len())
	}
}

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

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
