package tree

import "testing"

// TestPrefetch runs the hint on empty, tiny, unaligned and page-crossing
// slices: it must touch nothing outside them in a way that faults, and
// change no byte.
func TestPrefetch(t *testing.T) {
	buf := make([]byte, 3*4096)
	for i := range buf {
		buf[i] = byte(i)
	}
	for _, b := range [][]byte{nil, buf[:0], buf[5:6], buf[63:65], buf[1:4097], buf[4095:], buf} {
		prefetch(b)
	}
	for i := range buf {
		if buf[i] != byte(i) {
			t.Fatalf("byte %d changed", i)
		}
	}
}
