package tree

import "sync"

var arenaPool = sync.Pool{New: func() any { return new(arena) }}

// arena hands out scratch chunk buffers that are reused from call to call.
// The hasher's arguments escape to the heap, so fresh buffers per call would
// be garbage on the hot path.
type arena struct {
	buf  [][32]byte
	used int
	// values is the byte ranges of the values of a batch of pages being
	// hashed, kept with the arena so that hashing a page after a write
	// allocates none (see hashPageRange).
	values valueBuf
	// value is HashValue's copy of the value it hashes.
	value []byte
}

// take returns n chunks of scratch, not zeroed.
func (a *arena) take(n int) [][32]byte {
	if a.used+n > len(a.buf) {
		// Earlier slices keep the old array alive until they are dropped.
		a.buf = make([][32]byte, max(2*len(a.buf), a.used+n, 1024))
		a.used = 0
	}
	s := a.buf[a.used : a.used+n : a.used+n]
	a.used += n
	return s
}

// release gives back the last n chunks taken.
func (a *arena) release(n int) { a.used = max(0, a.used-n) }

func (a *arena) reset() { a.used = 0 }

// withArena calls f with an arena from the pool, reset and put back after:
// the scratch of a goroutine that hashes part of a batch.
func withArena(f func(a *arena)) {
	a := arenaPool.Get().(*arena)
	f(a)
	a.reset()
	arenaPool.Put(a)
}
