//go:build amd64 || arm64

package tree

import "github.com/prysmaticlabs/gohashtree"

// hashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1], for
// i < len(in)/2: the pair hashes of every level of a tree. gohashtree picks
// its fastest code for the processor (SHA-NI, AVX2, AVX or portable Go) once
// per process. len(in) must be even and out long enough; they must not
// overlap.
func hashPairs(out, in [][32]byte) {
	if len(in) < 2 {
		return
	}
	gohashtree.HashChunks(out, in)
}
