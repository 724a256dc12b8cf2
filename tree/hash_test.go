package tree

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestHashPairs checks the pair hashing every root goes through, on the code
// paths of this processor (sha256x16's kernel for whole batches of 16 where
// it is enabled, gohashtree's choice for the rest), against crypto/sha256: every
// batch size up to 100 pairs and a few large ones, with nothing written past
// the digests.
func TestHashPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []int{255, 256, 257, 1000, 4099}
	for n := 0; n <= 100; n++ {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		in := make([][32]byte, 2*n)
		for i := range in {
			for j := range in[i] {
				in[i][j] = byte(r.Uint32())
			}
		}
		out := make([][32]byte, n+1)
		sentinel := [32]byte{1, 2, 3}
		out[n] = sentinel
		hashPairs(out[:n], in)
		for i := 0; i < n; i++ {
			if want := sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...)); out[i] != want {
				t.Fatalf("%d pairs: digest %d is %x, want %x", n, i, out[i], want)
			}
		}
		if out[n] != sentinel {
			t.Fatalf("%d pairs: hashPairs wrote past the digests", n)
		}
	}
}
