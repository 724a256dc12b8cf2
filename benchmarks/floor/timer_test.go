package floor

import (
	"sync"
	"testing"
)

// TestTimerHashesItsPairs checks that a Timer hashes exactly the pairs it
// is asked for, split between its goroutines, in calls no larger than a
// buffer, and that Split shares them as evenly as whole pairs allow.
func TestTimerHashesItsPairs(t *testing.T) {
	for _, c := range []struct {
		pairs      uint64
		goroutines int
		buf        int
	}{{0, 2, 4}, {1, 2, 4}, {7, 2, 4}, {1000, 2, 16}, {33, 1, 8}, {10, 3, 3}} {
		var mu sync.Mutex
		hashed, calls, largest := 0, 0, 0
		h := Hasher{Name: "count", Hash: func(digests, chunks [][32]byte) error {
			mu.Lock()
			defer mu.Unlock()
			if len(chunks) != 2*len(digests) {
				t.Errorf("%d chunks for %d digests", len(chunks), len(digests))
			}
			hashed += len(digests)
			calls++
			largest = max(largest, len(digests))
			return nil
		}}
		tm, err := NewTimer(h, c.goroutines, c.buf)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tm.Time(c.pairs); err != nil {
			t.Fatal(err)
		}
		if uint64(hashed) != c.pairs || largest > c.buf {
			t.Errorf("%+v: %d pairs hashed in %d calls of at most %d, want %d of at most %d", c, hashed, calls, largest, c.pairs, c.buf)
		}
		shares := Split(c.pairs, c.goroutines)
		var sum uint64
		for _, s := range shares {
			sum += s
			if s > shares[len(shares)-1]+1 {
				t.Errorf("%+v: shares %v, not even", c, shares)
			}
		}
		if sum != c.pairs {
			t.Errorf("%+v: shares %v sum to %d", c, shares, sum)
		}
	}
	if _, err := NewTimer(Hasher{Name: "x", Skip: "not here"}, 1, 1); err == nil {
		t.Error("a timer of a skipped implementation")
	}
}
