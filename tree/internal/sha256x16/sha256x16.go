// Package sha256x16 is a SHA-256 kernel of the repository's own: it hashes
// 16 pairs of 32-byte chunks at once in AVX-512 registers, one 64-byte
// message per 32-bit lane, for processors on which that beats the SHA
// extensions gohashtree uses (AMD Zen 4 and 5, recent Intel Xeons). It
// has two forms, and the first use measures which is faster here:
// hashAVX512 hashes a group at a time with every round written out and the
// message schedule in registers, the fewest instructions, for processors
// that issue two ZMM operations a cycle, each ready the next (Intel's);
// hashAVX512x2 hashes two groups with their rounds interleaved, so that one
// group's instructions run while the other's wait for their operands, for
// processors whose ZMM operations wait two cycles for their operands (as
// measured on AMD's Zen 5).
//
// HashPairs uses it where the processor and the operating system support
// AVX-512 F, BW and VL, the kernel agrees with crypto/sha256 at first use,
// and it measured faster than gohashtree.HashChunks then (see plan). Its
// generator, in _asm (a module of its own, built on
// github.com/mmcloughlin/avo), emits it and an 8-lane AVX2 kernel from the
// same functions; only the instructions of each operation differ. The AVX2
// kernel runs in this package's tests on any processor with AVX2, which
// tests the message layout, the padding block's table, the rounds, the
// transposes and the byte swaps the AVX-512 kernel shares with it. It is not
// used for hashing: it is slower than gohashtree on the processors measured
// (docs/performance.md#hashing-kernel). The tests also run both generated
// kernels, instruction by instruction, on an emulator of the instructions
// they use written from the Intel SDM; the AVX2 kernel checks the emulator,
// and the emulator runs the AVX-512 kernel where no processor can.
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
// Issue 16 let it hash only once its tests had passed on a processor with
// AVX-512; they have (docs/performance.md#hashing-kernel names the
// processor). Setting it to false turns the kernel off everywhere.
const avx512Ready = true

// plan is the choice the first use of HashPairs makes, once per process.
type plan struct {
	// on says whether the kernel hashes at all: it is ready, the
	// processor runs it, it agrees with crypto/sha256, and a batch takes
	// it less time than gohashtree takes for the same pairs.
	on bool
	// padFrom is the fewest pairs short of a batch that are worth hashing
	// as a whole batch padded with zero chunks rather than with
	// gohashtree; Lanes when no remainder is.
	padFrom int
	// twoGroups says whether whole pairs of batches go to hashAVX512x2:
	// two batches took it less time than hashAVX512 took for them.
	twoGroups bool
}

// chosen is the plan, made at first use: the self-check, then the
// measurement (measurePlan), once per process (its cost:
// docs/performance.md#hashing-kernel).
var chosen = sync.OnceValue(func() plan {
	if !avx512Ready || !hasAVX512() || !selfCheck(hashAVX512Groups(true), Lanes) || !selfCheck(hashAVX512Groups(false), Lanes) {
		return plan{}
	}
	return measurePlan()
})

// Enabled reports whether HashPairs hashes anything.
func Enabled() bool { return chosen().on }

// HashPairs writes to out[i] the SHA-256 hash of in[2i] || in[2i+1] for
// the first n pairs of in and returns n: with the AVX-512 kernel enabled,
// every whole batch of Lanes pairs, and the pairs left after them too
// when they are enough that a batch padded to Lanes pairs hashes them
// faster than gohashtree would; with it off, none (n = 0). The caller
// hashes the pairs from n on. out must hold len(in)/2 hashes and must not
// overlap in.
func HashPairs(out, in [][32]byte) int {
	if !avx512Ready {
		return 0
	}
	p := chosen()
	pairs := min(len(in)/2, len(out))
	if !p.on || pairs < p.padFrom {
		return 0
	}
	n := 0
	if pairs >= Lanes {
		n = hashBatchesAVX512(out, in, p.twoGroups)
	}
	if r := pairs - n; r >= p.padFrom {
		hashPadded(out[n:pairs], in[2*n:2*pairs])
		n = pairs
	}
	return n
}

// hashAVX512Groups returns hashBatchesAVX512 with twoGroups as given.
func hashAVX512Groups(twoGroups bool) func(out, in [][32]byte) int {
	return func(out, in [][32]byte) int { return hashBatchesAVX512(out, in, twoGroups) }
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
