package sha256x16

import (
	"math/rand/v2"
	"testing"

	"github.com/prysmaticlabs/gohashtree"
)

// BenchmarkHash compares the kernels with gohashtree.HashChunks, the pair
// hashing tree uses, on batches of pairs in L1, L2 and beyond.
func BenchmarkHash(b *testing.B) {
	for _, pairs := range []int{16, 256, 4096, 65536} {
		in := randomChunks(rand.New(rand.NewPCG(7, 8)), 2*pairs)
		out := make([][32]byte, pairs)
		run := func(name string, hash func()) {
			b.Run(name+"/pairs="+itoa(pairs), func(b *testing.B) {
				b.SetBytes(int64(64 * pairs))
				for b.Loop() {
					hash()
				}
				b.ReportMetric(float64(b.N)*float64(pairs)/b.Elapsed().Seconds()/1e6, "Mpairs/s")
			})
		}
		run("gohashtree", func() { gohashtree.HashChunks(out, in) })
		for _, k := range kernels {
			if k.has() {
				run(k.name, func() { k.hash(out, in) })
			}
		}
	}
}
