package floor

import (
	"sort"
	"sync"
	"time"

	"github.com/prysmaticlabs/gohashtree"
)

// Throughput returns the pair hashes per second that gohashtree.HashChunks
// sustains with the given number of goroutines, each hashing its own buffer
// of pairs pairs (64 bytes each): the best of runs passes, since the floor is
// what the machine can do (another process's load only slows a pass).
func Throughput(goroutines, pairs, runs int) float64 {
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
				gohashtree.HashChunks(digests[g], chunks[g])
			}()
		}
		wg.Wait()
		rates = append(rates, float64(goroutines*pairs)/time.Since(start).Seconds())
	}
	rates = rates[1:]
	sort.Float64s(rates)
	return rates[len(rates)-1]
}
