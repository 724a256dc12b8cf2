package tree

import (
	"errors"
	"sync"
	"sync/atomic"
)

// parallelCopyBytes is the smallest data whose copy into or out of pages is
// split across goroutines: a fresh buffer is paged in by the copy, and the
// kernel serves the page faults of two cores at once. The threshold keeps
// small values on one goroutine; it is not a measured break-even.
const parallelCopyBytes = 4 << 20

// fanOut calls f on workers ranges [lo, hi) that split [0, n) into parts
// of nearly equal size, each in a goroutine of its own, waits for them and
// returns their errors joined. With one worker (or fewer) it calls f(0, n)
// in the calling goroutine. Ranges past n are not called.
func fanOut(n, workers int, f func(lo, hi int) error) error {
	if workers <= 1 || n <= 1 {
		return f(0, n)
	}
	per := (n + workers - 1) / workers
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers && w*per < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = f(w*per, min(n, (w+1)*per))
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// ranges hands out the consecutive ranges of at most size items that split
// [0, n), each once, to goroutines that take them as they go: one slowed
// by other work on its core takes fewer, so that all finish within about
// one range of each other, where equal shares (fanOut) leave the others
// idle while the slowest finishes its share.
type ranges struct {
	next atomic.Int64
	n    int
	size int
}

// take returns the next range not yet taken, or ok false once none is
// left.
func (r *ranges) take() (lo, hi int, ok bool) {
	lo = int(r.next.Add(int64(r.size))) - r.size
	if lo >= r.n {
		return 0, 0, false
	}
	return lo, min(r.n, lo+r.size), true
}
