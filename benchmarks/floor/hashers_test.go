package floor

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestHashers checks every pair hashing implementation the floor is
// measured on against crypto/sha256, on random pairs in counts that leave
// every tail a wide kernel hands to a narrower one; an implementation the
// processor cannot run is skipped, saying why.
func TestHashers(t *testing.T) {
	hashers := Hashers()
	if len(hashers) == 0 || hashers[0].Skip != "" {
		t.Fatalf("gohashtree is not measured: %+v", hashers)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, h := range hashers {
		t.Run(h.Name, func(t *testing.T) {
			if h.Skip != "" {
				if err := h.Hash(make([][32]byte, 1), make([][32]byte, 2)); err == nil {
					t.Errorf("hashing with a kernel the processor lacks: no error")
				}
				t.Skip(h.Skip)
			}
			for _, pairs := range []int{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 100, 1025} {
				chunks := make([][32]byte, 2*pairs)
				for i := range chunks {
					for j := range chunks[i] {
						chunks[i][j] = byte(rng.Uint32())
					}
				}
				// One digest more than needed: it must stay untouched.
				digests := make([][32]byte, pairs+1)
				guard := [32]byte{0: 0xa5, 31: 0x5a}
				digests[pairs] = guard
				if err := h.Hash(digests, chunks); err != nil {
					t.Fatalf("%d pairs: %v", pairs, err)
				}
				for i := range pairs {
					var pair [64]byte
					copy(pair[:32], chunks[2*i][:])
					copy(pair[32:], chunks[2*i+1][:])
					if want := sha256.Sum256(pair[:]); digests[i] != want {
						t.Fatalf("%d pairs: digest %d is %x, want %x", pairs, i, digests[i], want)
					}
				}
				if digests[pairs] != guard {
					t.Fatalf("%d pairs: wrote past the last digest", pairs)
				}
			}
			if err := h.Hash(make([][32]byte, 2), make([][32]byte, 3)); err == nil {
				t.Errorf("odd chunks: no error")
			}
			if err := h.Hash(make([][32]byte, 1), make([][32]byte, 4)); err == nil {
				t.Errorf("one digest for two pairs: no error")
			}
		})
	}
}

// TestThroughput checks that a measured throughput is a rate and that an
// implementation the processor cannot run is refused.
func TestThroughput(t *testing.T) {
	for _, h := range Hashers() {
		rate, err := Throughput(h, 2, 64, 1)
		switch {
		case h.Skip != "" && err == nil:
			t.Errorf("%s: measured, though %s", h.Name, h.Skip)
		case h.Skip == "" && (err != nil || rate <= 0):
			t.Errorf("%s: %v pairs/s, %v", h.Name, rate, err)
		}
	}
}
