//go:build amd64 || arm64

package tree

import (
	"github.com/prysmaticlabs/gohashtree"

	"github.com/ssztree/ssztree/tree/internal/sha256x16"
)

// hashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1], for
// i < len(in)/2: the pair hashes of every level of a tree. Whole batches of
// 16 pairs, and a remainder large enough to pay for its padding, go to
// sha256x16's AVX-512 kernel where the processor has it and it measured
// faster at first use; the rest go to gohashtree, which picks its fastest
// code for the processor (SHA-NI, AVX2, AVX or portable Go) once per
// process. len(in) must be even and out long
// enough; they must not overlap.
func hashPairs(out, in [][32]byte) {
	n := sha256x16.HashPairs(out, in)
	if len(in)-2*n < 2 {
		return
	}
	gohashtree.HashChunks(out[n:], in[2*n:])
}
