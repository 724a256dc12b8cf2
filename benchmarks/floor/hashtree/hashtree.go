// Package hashtree calls the pair hashing kernels of OffchainLabs' hashtree
// library, each by its C name, so that the SHA-256 floor of the benchmarks
// can be measured on every one the processor runs. The library is linked
// from the static archive that github.com/pk910/hashtree-bindings ships for
// its platforms; the calls go through cgo, which is why this package lives
// in the benchmarks module and never in the library's.
//
// A kernel hashes n pairs of 32-byte chunks, 64 contiguous bytes each, into
// n contiguous 32-byte digests: digest i is the SHA-256 of chunks 2i and
// 2i+1, as gohashtree.HashChunks computes it.
package hashtree

import (
	"errors"
	"fmt"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// Errors of Kernel.Hash.
var (
	// ErrOddChunks is returned for an odd number of chunks.
	ErrOddChunks = errors.New("hashtree: odd number of chunks")
	// ErrShortDigests is returned when there are fewer digests than pairs.
	ErrShortDigests = errors.New("hashtree: fewer digests than pairs")
	// ErrUnsupported is returned for a kernel the processor cannot run.
	ErrUnsupported = errors.New("hashtree: kernel not supported by this processor")
)

// A Kernel is one pair hashing function of the hashtree library.
type Kernel struct {
	// Name is the kernel's C name, such as "hashtree_sha256_shani_x2".
	Name string
	// Needs lists the processor features the kernel's code uses,
	// including those of the narrower kernels it hands its last pairs to.
	Needs []cpuid.FeatureID
	// call hashes n pairs of in into out; both hold at least n pairs or
	// digests.
	call func(out, in *[32]byte, n uint64)
}

// Missing returns the features of k.Needs that the processor lacks, or
// none.
func (k Kernel) Missing() []cpuid.FeatureID {
	var out []cpuid.FeatureID
	for _, f := range k.Needs {
		if !cpuid.CPU.Supports(f) {
			out = append(out, f)
		}
	}
	return out
}

// Supported reports whether the processor has every feature k needs.
func (k Kernel) Supported() bool { return len(k.Missing()) == 0 }

// Why returns why k cannot run here ("the processor lacks AVX512F,
// AVX512VL"), or "" when it can.
func (k Kernel) Why() string {
	missing := k.Missing()
	if len(missing) == 0 {
		return ""
	}
	names := make([]string, len(missing))
	for i, f := range missing {
		names[i] = f.String()
	}
	return "the processor lacks " + strings.Join(names, ", ")
}

// Hash writes the digest of the pair chunks[2i], chunks[2i+1] to
// digests[i], for every pair of chunks. It returns ErrUnsupported, without
// calling the kernel, when the processor lacks a feature k needs.
func (k Kernel) Hash(digests, chunks [][32]byte) error {
	if !k.Supported() {
		return fmt.Errorf("%s: %w (%s)", k.Name, ErrUnsupported, k.Why())
	}
	if len(chunks)%2 != 0 {
		return fmt.Errorf("%s: %w: %d", k.Name, ErrOddChunks, len(chunks))
	}
	if len(digests) < len(chunks)/2 {
		return fmt.Errorf("%s: %w: %d for %d pairs", k.Name, ErrShortDigests, len(digests), len(chunks)/2)
	}
	if len(chunks) == 0 {
		return nil
	}
	k.call(&digests[0], &chunks[0], uint64(len(chunks)/2))
	return nil
}
