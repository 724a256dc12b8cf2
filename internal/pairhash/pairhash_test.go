package pairhash

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"
)

func randomChunks(r *rand.Rand, n int) [][32]byte {
	c := make([][32]byte, n)
	for i := range c {
		for j := range c[i] {
			c[i][j] = byte(r.Uint32())
		}
	}
	return c
}

// check compares digests with crypto/sha256's hashes of the pairs of chunks.
func check(t *testing.T, name string, digests, chunks [][32]byte) {
	t.Helper()
	for i := range len(chunks) / 2 {
		want := sha256.Sum256(append(chunks[2*i][:], chunks[2*i+1][:]...))
		if digests[i] != want {
			t.Fatalf("%s: %d pairs: digest %d is %x, want %x", name, len(chunks)/2, i, digests[i], want)
		}
	}
}

// TestHash checks Hash against crypto/sha256 for every count of pairs up
// to 100 and a few large ones: on either side of each multiple of 16 (the
// AVX-512 path's batch), and with nothing written past the digests.
func TestHash(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range append(countsUpTo(100), 255, 256, 257, 1000, 4096+3) {
		chunks := randomChunks(r, 2*n)
		digests := make([][32]byte, n+1)
		sentinel := [32]byte{1, 2, 3}
		digests[n] = sentinel
		Hash(digests[:n], chunks)
		check(t, "Hash", digests, chunks)
		if digests[n] != sentinel {
			t.Fatalf("%d pairs: Hash wrote past the digests", n)
		}
	}
}

func countsUpTo(n int) []int {
	c := make([]int, n+1)
	for i := range c {
		c[i] = i
	}
	return c
}

func FuzzHash(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(make([]byte, 64*17))
	f.Fuzz(func(t *testing.T, b []byte) {
		chunks := make([][32]byte, len(b)/64*2)
		for i := range chunks {
			copy(chunks[i][:], b[32*i:])
		}
		digests := make([][32]byte, len(chunks)/2)
		Hash(digests, chunks)
		check(t, "Hash", digests, chunks)
	})
}

func BenchmarkHash(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 7, 9, 10, 12, 14, 16, 28, 64, 1024} {
		chunks := randomChunks(r, 2*n)
		digests := make([][32]byte, n)
		b.Run(fmt.Sprintf("pairs=%d", n), func(b *testing.B) {
			for b.Loop() {
				Hash(digests, chunks)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pair")
		})
	}
}
