package benchmarks

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/bench"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/workload"
	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// snapshotCount is how many snapshots one epoch apart the rows of a node's
// state cache hold: two hours of epochs, the 64.
const snapshotCount = 64

// snapshotChain is a decoded Fulu state and snapshotCount-1 snapshots
// after it, each a copy of the one before with an epoch's changes
// (synth.FuluEpoch), all hashed.
type snapshotChain struct {
	in      []byte // the first state's serialization
	states  []*fulu.BeaconState
	one     int64 // the live heap of the first state, decoded and hashed
	changed int64 // the bytes the epochs changed, in 8-byte words of the serialization
}

func newSnapshotChain(b *testing.B, n int) *snapshotChain {
	b.Helper()
	in, err := workload.State(harness.ForkFulu, n)
	if err != nil {
		b.Fatal(err)
	}
	c := &snapshotChain{in: in}
	h0 := liveHeap()
	first, err := fulu.DecodeBeaconState(fulu.Mainnet, in)
	if err != nil {
		b.Fatal(err)
	}
	first.HashTreeRoot()
	c.states = append(c.states, first)
	c.one = liveHeap() - h0
	prev := in
	for i := 1; i < snapshotCount; i++ {
		next := c.states[i-1].Copy()
		if err := synth.FuluEpoch(next, uint64(i)); err != nil {
			b.Fatal(err)
		}
		next.HashTreeRoot()
		c.states = append(c.states, next)
		enc, err := next.MarshalSSZ()
		if err != nil {
			b.Fatal(err)
		}
		c.changed += changedWords(prev, enc)
		prev = enc
	}
	return c
}

// changedWords returns the bytes of the 8-byte words in which a and b
// differ, the words of the longer one past the other's end included: a
// lower bound of what any copy-on-write representation of b beside a
// holds (a balance is one word, a validator's effective balance one).
func changedWords(a, b []byte) int64 {
	var d int64
	for i := 0; i+8 <= min(len(a), len(b)); i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			d += 8
		}
	}
	return d + int64(max(len(a), len(b))-min(len(a), len(b)))
}

func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// BenchmarkSnapshots64 holds 64 snapshots of a Fulu state one epoch apart
// (every balance, participation rotated, 1,000 effective balances, the
// deposit and withdrawal queues, a RANDAO mix, 32 block and state roots
// each) and reports their live heap together (heap-64-B), beside one
// state's (heap-1-B), the changed bytes of the 64 epochs (changes-B), the
// ratio of the first to one state plus the changes (x-one+changes; target
// <= 1.2) and what tree.Memory counts for them (counted-B; b.N repeats
// that count). For each flat peer of Fulu in this module (fastssz; dynssz
// is in the sibling module), which holds a full state per snapshot, it
// reports 64 times its measured state (heap-64-B, computed, not held)
// beside that state (heap-1-B).
func BenchmarkSnapshots64(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		for _, p := range peers.All() {
			if p.Fork != harness.ForkFulu || p.Name == "ssztree" || p.State == nil {
				continue
			}
			b.Run(p.Name+"/fulu/"+bench.SizeName(n), func(b *testing.B) { flatSnapshots(b, p, n) })
		}
		b.Run("ssztree/fulu/"+bench.SizeName(n), func(b *testing.B) {
			h0 := liveHeap()
			c := newSnapshotChain(b, n)
			heap := liveHeap() - h0 - int64(len(c.in)) // the input is not a snapshot
			roots := make([]*tree.Node, len(c.states))
			for i, st := range c.states {
				roots[i] = st.View().Node()
			}
			var counted int64
			b.ResetTimer()
			for range b.N {
				counted = tree.Size(roots...)
			}
			b.StopTimer()
			b.ReportMetric(float64(heap), "heap-64-B")
			b.ReportMetric(float64(c.one), "heap-1-B")
			b.ReportMetric(float64(c.changed), "changes-B")
			b.ReportMetric(float64(heap)/float64(c.one+c.changed), "x-one+changes")
			b.ReportMetric(float64(counted), "counted-B")
		})
	}
}

// flatSnapshots reports the heap-64-B of a flat peer: 64 times the live
// heap of its decoded state (heap-1-B, BenchmarkDecode's heap-B), which
// every snapshot of a flat state holds again.
func flatSnapshots(b *testing.B, p harness.Peer, n int) {
	in, err := workload.State(harness.ForkFulu, n)
	if err != nil {
		b.Fatal(err)
	}
	var heap uint64
	for range b.N {
		if heap, err = harness.DecodeHeap(p, in, n); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(heap), "heap-1-B")
	b.ReportMetric(snapshotCount*float64(heap), "heap-64-B")
}

// BenchmarkCachePut puts the snapshots of BenchmarkSnapshots64 after the
// first, one after another, into a cache holding the first and whose
// budget holds them all; an op is the 63 puts, ns/put one of them. Each
// Put copies the hashed state and counts what it adds, walking its new
// nodes only; the accounting alone is BenchmarkMemoryAdd.
func BenchmarkCachePut(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		b.Run("ssztree/fulu/"+bench.SizeName(n), func(b *testing.B) {
			c := newSnapshotChain(b, n)
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				k := cache.New[*fulu.BeaconState](1 << 40)
				k.Put(c.states[0], cache.Info{Slot: uint64(c.states[0].Slot())})
				b.StartTimer()
				for j, st := range c.states[1:] {
					k.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: [32]byte{byte(j), byte(j >> 8), 1}})
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(c.states)-1)), "ns/put")
		})
	}
}

// BenchmarkMemoryAdd adds the snapshots of BenchmarkSnapshots64 after the
// first to a tree.Memory holding the ones before each: the accounting cost
// of a put (ns/add) and the bytes each adds (added-B/add).
func BenchmarkMemoryAdd(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		b.Run("ssztree/fulu/"+bench.SizeName(n), func(b *testing.B) {
			c := newSnapshotChain(b, n)
			var m tree.Memory
			var added int64
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				m.Reset()
				m.Add(c.states[0].View().Node())
				b.StartTimer()
				for _, st := range c.states[1:] {
					added += m.Add(st.View().Node())
				}
			}
			b.StopTimer()
			adds := float64(b.N * (len(c.states) - 1))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/adds, "ns/add")
			b.ReportMetric(float64(added)/adds, "added-B/add")
		})
	}
}

// BenchmarkCacheGet gets states of a cache of the 64 snapshots, by state
// root and by block root in turn: an O(1) copy under the cache's lock. An
// op is 1,000 gets, ns/get one of them.
func BenchmarkCacheGet(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		b.Run("ssztree/fulu/"+bench.SizeName(n), func(b *testing.B) {
			c := newSnapshotChain(b, n)
			k := cache.New[*fulu.BeaconState](1 << 40)
			roots := make([][32]byte, len(c.states))
			for j, st := range c.states {
				roots[j], _ = k.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: [32]byte{byte(j), 1}})
			}
			const gets = 1000
			b.ResetTimer()
			for range b.N {
				for i := range gets {
					j := i % len(roots)
					if i%2 == 0 {
						k.Get(roots[j])
					} else {
						k.GetByBlock([32]byte{byte(j), 1})
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*gets), "ns/get")
		})
	}
}
