package sszjson

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestHasSpecial checks the word-at-a-time test against the table, for
// each special or plain byte at each position among plain or high bytes.
func TestHasSpecial(t *testing.T) {
	for _, fill := range []byte{'a', 0x20, 0x21, 0x5b, 0x5d, 0x7f, 0x80, 0xff} {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < 8; pos++ {
				var w [8]byte
				for i := range w {
					w[i] = fill
				}
				w[pos] = byte(c)
				want := stringSpecial[c] || stringSpecial[fill]
				if got := hasSpecial(binary.LittleEndian.Uint64(w[:])); got != want {
					t.Fatalf("hasSpecial(%x) = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// TestHasSpecialRandom checks hasSpecial on random words, rich in special
// bytes.
func TestHasSpecialRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pick := []byte{0, 0x1f, 0x20, '"', '\\', 'a', 0x7f, 0x80, 0xa2, 0xdc, 0xff}
	for n := 0; n < 100000; n++ {
		var w [8]byte
		want := false
		for i := range w {
			if r.IntN(2) == 0 {
				w[i] = pick[r.IntN(len(pick))]
			} else {
				w[i] = byte(r.Uint32())
			}
			want = want || stringSpecial[w[i]]
		}
		if got := hasSpecial(binary.LittleEndian.Uint64(w[:])); got != want {
			t.Fatalf("hasSpecial(%x) = %v, want %v", w, got, want)
		}
	}
}
