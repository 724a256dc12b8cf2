// Package sha256x16 is a SHA-256 kernel of the repository's own: it hashes
// 16 pairs of 32-byte chunks at once in AVX-512 registers, one 64-byte
// message per 32-bit lane, for processors on which that beats the SHA
// extensions gohashtree uses (AMD Zen 4 and 5, recent Intel Xeons).
//
// The kernel is switched off (see avx512Ready): no processor with AVX-512
// has run it yet. Its generator, in _asm (a module of its own, built on
// github.com/mmcloughlin/avo), emits it and an 8-lane AVX2 kernel from the
// same functions; only the instructions of each operation differ. The AVX2
// kernel runs in this package's tests on any processor with AVX2, which
// tests the message layout, the padding block's table, the rounds, the
// transposes and the byte swaps the AVX-512 kernel shares with it. It is
// not used for hashing: it is slower than gohashtree on the processors
// measured (docs/performance.md). The tests also run both generated
// kernels, instruction by instruction, on an emulator of the instructions
// they use written from the Intel SDM; the AVX2 kernel checks the
// emulator, and the emulator runs the AVX-512 kernel where no processor
// can.
package sha256x16

//go:generate go -C _asm run . -out ../sha256x16_amd64.s -stubs ../sha256x16_amd64.go -pkg sha256x16

import (
	"crypto/sha256"
	"sync"
)

// Lanes is the number of pairs the kernel hashes at once: HashPairs hashes
// whole batches of Lanes pairs.
const Lanes = 16

// avx512Ready switches the AVX-512 kernel on where the processor has it.
// It is false because the kernel has never run on a processor with
// AVX-512: the issue that asked for it (issue 16) does not let untested
// code hash. Set it to true once this package's tests have passed on one
// (they skip, saying so, elsewhere), and name the processor in
// docs/performance.md.
const avx512Ready = false

// enabled reports, once, whether HashPairs uses the AVX-512 kernel: the
// kernel must be ready, the processor and the operating system must
// support every feature it uses, and the kernel must agree with
// crypto/sha256 on a batch of known input.
var enabled = sync.OnceValue(func() bool {
	return avx512Ready && hasAVX512() && selfCheck(hashBatchesAVX512, Lanes)
})

// Enabled reports whether HashPairs hashes anything.
func Enabled() bool { return enabled() }

// HashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1] for the
// first n pairs of in, n a multiple of Lanes, and returns n: every whole
// batch of Lanes pairs when the AVX-512 kernel is enabled, none (n = 0)
// otherwise. The caller hashes the pairs from n on. out must hold
// len(in)/2 hashes and must not overlap in.
func HashPairs(out, in [][32]byte) int {
	if !avx512Ready || len(in) < 2*Lanes || !enabled() {
		return 0
	}
	return hashBatchesAVX512(out, in)
}

// selfCheck reports whether hash, which hashes whole batches of lanes
// pairs, agrees with crypto/sha256 on two batches of chunks that differ in
// every byte and pair.
func selfCheck(hash func(out, in [][32]byte) int, lanes int) bool {
	in := make([][32]byte, 4*lanes)
	for i := range in {
		for j := range in[i] {
			in[i][j] = byte(i*31 + j*7 + 1)
		}
	}
	out := make([][32]byte, 2*lanes)
	if hash(out, in) != len(out) {
		return false
	}
	for i := range out {
		if out[i] != sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...)) {
			return false
		}
	}
	return true
}
