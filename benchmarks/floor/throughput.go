package floor

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/prysmaticlabs/gohashtree"

	"github.com/ssztree/ssztree/benchmarks/floor/hashtree"
	"github.com/ssztree/ssztree/internal/sha256x16"
)

// A Hasher is one pair hashing implementation the floor is measured on.
type Hasher struct {
	// Name names the implementation in the report: "gohashtree HashChunks",
	// or a hashtree kernel's C name.
	Name string
	// Skip says why the implementation cannot run on this processor, or is
	// "" when it can.
	Skip string
	// Hash writes the digest of the pair chunks[2i], chunks[2i+1] to
	// digests[i]; it fails on an odd number of chunks, too few digests, or
	// when Skip is set.
	Hash func(digests, chunks [][32]byte) error
}

// Hashers returns every pair hashing implementation at hand, whether this
// processor runs it or not (see Hasher.Skip): gohashtree's HashChunks (its
// SHA-NI code when the processor has SHA-NI, else its widest vector code),
// ssztree's own AVX-512 kernel (internal/sha256x16, with gohashtree for
// what it leaves, as tree's hashPairs does), then each kernel of
// OffchainLabs' hashtree library that package hashtree reaches on this
// platform, called directly rather than through the
// library's own choice, so that the fastest is found by measuring.
func Hashers() []Hasher {
	out := []Hasher{{Name: "gohashtree HashChunks", Hash: hashChunks}, ownKernel()}
	for _, k := range hashtree.Kernels() {
		out = append(out, Hasher{Name: k.Name, Skip: k.Why(), Hash: k.Hash})
	}
	return out
}

// OwnKernelName names ssztree's own kernel among the Hashers.
const OwnKernelName = "ssztree sha256x16 (AVX-512, 16 lanes)"

// ownKernel is ssztree's own AVX-512 kernel with the checks of
// Hasher.Hash, skipped where sha256x16 does not enable it.
func ownKernel() Hasher {
	h := Hasher{Name: OwnKernelName}
	if !sha256x16.Enabled() {
		h.Skip = "sha256x16 is off here (no AVX-512 F, BW and VL, or slower than gohashtree at its first use)"
	}
	h.Hash = func(digests, chunks [][32]byte) error {
		if h.Skip != "" {
			return errors.New(h.Name + ": " + h.Skip)
		}
		if len(chunks)%2 != 0 || len(digests) < len(chunks)/2 {
			return fmt.Errorf("sha256x16: %d chunks, %d digests", len(chunks), len(digests))
		}
		n := sha256x16.HashPairs(digests, chunks)
		if len(chunks) > 2*n {
			gohashtree.HashChunks(digests[n:], chunks[2*n:])
		}
		return nil
	}
	return h
}

// hashChunks is gohashtree.HashChunks with the checks of Hasher.Hash.
func hashChunks(digests, chunks [][32]byte) error {
	if len(chunks)%2 != 0 {
		return fmt.Errorf("gohashtree: odd number of chunks: %d", len(chunks))
	}
	if len(digests) < len(chunks)/2 {
		return fmt.Errorf("gohashtree: %d digests for %d pairs", len(digests), len(chunks)/2)
	}
	if len(chunks) > 0 {
		gohashtree.HashChunks(digests, chunks)
	}
	return nil
}

// Throughput returns the pair hashes per second that h sustains with the
// given number of goroutines, each hashing its own buffer of pairs pairs
// (64 bytes each) in one call: the best of runs passes after a warm-up
// pass, since the floor is what the machine can do (another process's load
// only slows a pass).
func Throughput(h Hasher, goroutines, pairs, runs int) (float64, error) {
	if h.Skip != "" {
		return 0, errors.New(h.Name + ": " + h.Skip)
	}
	chunks := make([][][32]byte, goroutines)
	digests := make([][][32]byte, goroutines)
	for g := range goroutines {
		chunks[g] = make([][32]byte, 2*pairs)
		for i := range chunks[g] {
			chunks[g][i][0], chunks[g][i][1] = byte(i), byte(g)
		}
		digests[g] = make([][32]byte, pairs)
	}
	errs := make([]error, goroutines)
	var best float64
	for pass := range runs + 1 {
		var wg sync.WaitGroup
		start := time.Now()
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[g] = h.Hash(digests[g], chunks[g])
			}()
		}
		wg.Wait()
		rate := float64(goroutines*pairs) / time.Since(start).Seconds()
		if err := errors.Join(errs...); err != nil {
			return 0, err
		}
		if pass > 0 {
			best = max(best, rate)
		}
	}
	return best, nil
}
