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

// TestHashersSurviveGC checks that HashAll leaves the hasher of a small
// change where the next one finds it after garbage collections.
func TestHashersSurviveGC(t *testing.T) {
	const depth = 16
	leaves := make([]*Node, 1<<depth)
	for i := range leaves {
		leaves[i] = NewLeafUint64(uint64(i))
	}
	root, err := Build(depth, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	root.Root() // a large hasher: to the sync.Pool, which two collections empty
	runtime.GC()
	runtime.GC()
	for k := range 3 {
		root, err = Set(root, depth, uint64(k*7919)%(1<<depth), NewLeafUint64(uint64(k)))
		if err != nil {
			t.Fatal(err)
		}
		root.Root()
	}
	hashers.mu.Lock()
	kept := map[*hasher]bool{}
	for _, h := range hashers.free {
		kept[h] = true
	}
	hashers.mu.Unlock()
	if len(kept) == 0 {
		t.Fatal("no hasher kept after roots of one change")
	}
	runtime.GC()
	runtime.GC()
	h := hashers.get()
	defer hashers.put(h)
	if !kept[h] {
		t.Fatal("after two collections, the hasher of the next root is a new one")
	}
	if b := h.bytes(); b == 0 || b > keptScratchBytes {
		t.Fatalf("a kept hasher holds %d bytes of scratch, want 1 to %d", b, keptScratchBytes)
	}
}
