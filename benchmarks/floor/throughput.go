package floor

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/prysmaticlabs/gohashtree"

	"github.com/ssztree/ssztree/benchmarks/floor/hashtree"
	"github.com/ssztree/ssztree/tree"
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
// ssztree's own (tree.HashPairs: its AVX-512 kernel where the processor
// has it and it measured faster at first use, with gohashtree for what the
// kernel leaves, else gohashtree alone), then each kernel of
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

// OwnKernelName names ssztree's own pair hashing among the Hashers.
const OwnKernelName = "ssztree tree.HashPairs (its AVX-512 kernel where on, else gohashtree)"

// ownKernel is the pair hashing of ssztree's trees, tree.HashPairs, with
// the checks of Hasher.Hash. It is measured through the function tree
// exports, not the kernel's package: that package is internal to tree
// (tree/internal/sha256x16), out of this module's reach, and what the
// floor compares ssztree against is the code its trees hash with, which
// HashPairs is. Where the kernel is off, the row measures gohashtree
// again, as the first row does, and the floor is the same.
func ownKernel() Hasher {
	h := Hasher{Name: OwnKernelName}
	h.Hash = func(digests, chunks [][32]byte) error {
		if len(chunks)%2 != 0 || len(digests) < len(chunks)/2 {
			return fmt.Errorf("tree.HashPairs: %d chunks, %d digests", len(chunks), len(digests))
		}
		tree.HashPairs(digests, chunks)
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
