package floor

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/prysmaticlabs/gohashtree"

	"github.com/ssztree/ssztree/benchmarks/floor/hashtree"
	"github.com/ssztree/ssztree/benchmarks/harness"
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

// A Timer times a count of pair hashes at one implementation, on a number
// of goroutines each with its own buffer, as Throughput measures them: the
// SHA-256 floor of a root taken beside each sample of it
// (harness.Config.Floor).
type Timer struct {
	h       Hasher
	chunks  [][][32]byte
	digests [][][32]byte
	errs    []error
}

// NewTimer returns a Timer of h on the given goroutines, each hashing
// through a buffer of bufPairs pairs (made and filled here, so that no
// timed call faults it in).
func NewTimer(h Hasher, goroutines, bufPairs int) (*Timer, error) {
	if h.Skip != "" {
		return nil, errors.New(h.Name + ": " + h.Skip)
	}
	if goroutines < 1 || bufPairs < 1 {
		return nil, fmt.Errorf("floor: a timer of %d goroutines and %d pairs", goroutines, bufPairs)
	}
	t := &Timer{h: h, chunks: make([][][32]byte, goroutines), digests: make([][][32]byte, goroutines), errs: make([]error, goroutines)}
	for g := range goroutines {
		t.chunks[g] = make([][32]byte, 2*bufPairs)
		for i := range t.chunks[g] {
			t.chunks[g][i][0], t.chunks[g][i][1] = byte(i), byte(g)
		}
		t.digests[g] = make([][32]byte, bufPairs)
	}
	return t, nil
}

// Split returns the pairs each of goroutines hashes when a Timer hashes
// pairs pairs: as even a share as whole pairs allow, the first ones one
// more.
func Split(pairs uint64, goroutines int) []uint64 {
	out := make([]uint64, goroutines)
	for g := range out {
		out[g] = pairs / uint64(goroutines)
		if uint64(g) < pairs%uint64(goroutines) {
			out[g]++
		}
	}
	return out
}

// Time returns the time the Timer's goroutines take to hash pairs pairs
// between them (Split), each in calls of at most its buffer's pairs.
func (t *Timer) Time(pairs uint64) (time.Duration, error) {
	shares := Split(pairs, len(t.chunks))
	var wg sync.WaitGroup
	start := time.Now()
	for g, share := range shares {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := uint64(len(t.digests[g]))
			for left := share; left > 0; {
				n := min(left, buf)
				if err := t.h.Hash(t.digests[g][:n], t.chunks[g][:2*n]); err != nil {
					t.errs[g] = err
					return
				}
				left -= n
			}
		}()
	}
	wg.Wait()
	d := time.Since(start)
	if err := errors.Join(t.errs...); err != nil {
		return 0, err
	}
	return d, nil
}

// Source returns the harness.FloorSource of a child: the Timer of the
// implementation of Hashers named name, through buffers of bufPairs pairs.
func Source(bufPairs int) harness.FloorSource {
	return func(name string, goroutines int) (harness.FloorTimer, error) {
		for _, h := range Hashers() {
			if h.Name == name {
				t, err := NewTimer(h, goroutines, bufPairs)
				if err != nil {
					return nil, err
				}
				return t.Time, nil
			}
		}
		return nil, fmt.Errorf("floor: no pair hashing implementation %q", name)
	}
}
