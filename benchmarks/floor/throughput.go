package floor

import (
	"sort"
	"sync"
	"time"

	"github.com/prysmaticlabs/gohashtree"

	"github.com/ssztree/ssztree/internal/pairhash"
)

// Throughput returns the pair hashes per second that the faster of
// gohashtree.HashChunks and ssztree's internal/pairhash.Hash (gohashtree's
// AVX-512 code for batches of 16 pairs where that is faster than its SHA-NI
// code, which gohashtree itself always takes when it can) sustains with the
// given number of goroutines, each hashing its own buffer of pairs pairs
// (64 bytes each): the best of runs passes, since the floor is what the
// machine can do (another process's load only slows a pass).
func Throughput(goroutines, pairs, runs int) float64 {
	gohashtree, pairhash := Throughputs(goroutines, pairs, runs)
	return max(gohashtree, pairhash)
}

// Throughputs returns the throughputs of gohashtree.HashChunks and of
// internal/pairhash.Hash, measured as Throughput measures them.
func Throughputs(goroutines, pairs, runs int) (gohashtreeRate, pairhashRate float64) {
	return throughput(gohashtree.HashChunks, goroutines, pairs, runs),
		throughput(pairhash.Hash, goroutines, pairs, runs)
}

func throughput(hash func(digests, chunks [][32]byte), goroutines, pairs, runs int) float64 {
	chunks := make([][][32]byte, goroutines)
	digests := make([][][32]byte, goroutines)
	for g := range goroutines {
		chunks[g] = make([][32]byte, 2*pairs)
		for i := range chunks[g] {
			chunks[g][i][0], chunks[g][i][1] = byte(i), byte(g)
		}
		digests[g] = make([][32]byte, pairs)
	}
	rates := make([]float64, 0, runs)
	for range runs + 1 { // the first pass warms up
		var wg sync.WaitGroup
		start := time.Now()
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				hash(digests[g], chunks[g])
			}()
		}
		wg.Wait()
		rates = append(rates, float64(goroutines*pairs)/time.Since(start).Seconds())
	}
	rates = rates[1:]
	sort.Float64s(rates)
	return rates[len(rates)-1]
}
