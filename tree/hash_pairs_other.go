//go:build !amd64 && !arm64

package tree

import "crypto/sha256"

// hashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1], for
// i < len(in)/2, with crypto/sha256 one pair at a time: gohashtree builds
// only for amd64 and arm64 (v0.0.4-beta has no portable fallback), and the
// tree must hash on every architecture Go supports (CI runs the tests on
// 386). len(in) must be even and out long enough; they must not overlap.
func hashPairs(out, in [][32]byte) {
	var pair [64]byte
	for i := 0; i+1 < len(in); i += 2 {
		copy(pair[:32], in[i][:])
		copy(pair[32:], in[i+1][:])
		out[i/2] = sha256.Sum256(pair[:])
	}
}
