package tree

import "sync"

// A sync.Pool is emptied by the garbage collector: each collection moves its
// values to a victim cache, which the next drops, and a value in a
// processor's private slot of the victim is found again only by a goroutine
// on that processor. A process that hashes one small change per slot, with
// collections in between (a beacon node), would then allocate its scratch
// afresh for most changes, and the first allocation of each size class after
// a collection is slow (the allocator's per-processor caches are flushed:
// several microseconds each on a VM, docs/performance.md#cold-rows).
// keptPool keeps a few values with small scratch out of the collector's
// reach, so that such an operation finds its scratch where the last one left
// it; the rest go to a sync.Pool, for which a large job's allocation is
// noise.
type keptPool[T any] struct {
	mu   sync.Mutex
	free []*T
	pool sync.Pool
	// bytes returns the scratch a value holds, in bytes.
	bytes func(*T) int
}

// Bounds of a keptPool: what it keeps stays allocated for the life of the
// process, at most keptValues × keptScratchBytes per pool (and it shows in
// a live-heap figure: schema's TestMemoryOfFuluStates allows 5 % of an
// epoch's 2 MB). Eight values cover the goroutines of a machine of a few
// cores hashing at once; a hasher that hashed a change to one field (a few
// dozen levels, a few pages) holds its 32 KiB arena and little more, one
// that hashed an epoch's changes 170 KiB, and one that hashed a whole
// state megabytes, which are not worth keeping.
const (
	keptValues       = 8
	keptScratchBytes = 64 << 10
)

// get returns a value from the free list, or from the sync.Pool, or a new
// one.
func (p *keptPool[T]) get() *T {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		v := p.free[n-1]
		p.free[n-1] = nil
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return v
	}
	p.mu.Unlock()
	if v, ok := p.pool.Get().(*T); ok {
		return v
	}
	return new(T)
}

// put gives back v, reset by the caller: to the free list if its scratch is
// small and the list has room, else to the sync.Pool.
func (p *keptPool[T]) put(v *T) {
	if p.bytes(v) <= keptScratchBytes {
		p.mu.Lock()
		if len(p.free) < keptValues {
			if p.free == nil {
				p.free = make([]*T, 0, keptValues)
			}
			p.free = append(p.free, v)
			p.mu.Unlock()
			return
		}
		p.mu.Unlock()
	}
	p.pool.Put(v)
}

// bytes returns the scratch of the arena, in bytes.
func (a *arena) bytes() int { return 32 * cap(a.buf) }
