package tree

import (
	"runtime"
	"testing"
)

// TestKeptPoolSurvivesGC checks that a value with small scratch is found
// again after garbage collections, and that one with large scratch is not
// kept out of the collector's reach.
func TestKeptPoolSurvivesGC(t *testing.T) {
	p := keptPool[arena]{bytes: (*arena).bytes}
	small := p.get()
	small.take(1024)
	small.reset()
	p.put(small)
	runtime.GC()
	runtime.GC()
	if got := p.get(); got != small {
		t.Fatalf("after two collections, got %p, want the arena put back %p", got, small)
	}
	large := new(arena)
	large.take(keptScratchBytes/32 + 1)
	large.reset()
	p.put(large)
	if len(p.free) != 0 {
		t.Fatalf("an arena of %d bytes was kept; the bound is %d", large.bytes(), keptScratchBytes)
	}
	for range 2 * keptValues {
		p.put(new(arena))
	}
	if len(p.free) != keptValues {
		t.Fatalf("%d values kept, want at most %d", len(p.free), keptValues)
	}
}

// TestRootAfterGCAllocatesNothing checks that hashing one change after a
// garbage collection finds its scratch: the root of a tree whose only
// unknown roots are a path allocates nothing, cold as warm.
func TestRootAfterGCAllocatesNothing(t *testing.T) {
	const depth = 16
	leaves := make([]*Node, 1<<depth)
	for i := range leaves {
		leaves[i] = NewLeafUint64(uint64(i))
	}
	root, err := Build(depth, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	root.Root()
	var m0, m1 runtime.MemStats
	misses := 0
	for k := range 20 {
		root, err = Set(root, depth, uint64(k*7919)%(1<<depth), NewLeafUint64(uint64(k)))
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&m0)
		root.Root()
		runtime.ReadMemStats(&m1)
		if m1.Mallocs != m0.Mallocs {
			misses++
		}
	}
	// Until a hasher with small scratch exists, a root takes the large one
	// of the full root from the sync.Pool, which a collection may drop;
	// the new one made then is kept, and found by every root after.
	if misses > 2 {
		t.Fatalf("%d of 20 roots after a collection allocated, want at most 2", misses)
	}
}
