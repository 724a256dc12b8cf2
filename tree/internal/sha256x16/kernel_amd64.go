package sha256x16

import (
	"math"
	"time"

	"github.com/prysmaticlabs/gohashtree"
)

// The features the kernels use, as CPUID and XGETBV report them (Intel
// SDM vol. 2A, CPUID; vol. 1 §13.3, XCR0).
const (
	cpuidOSXSAVE  = 1 << 27 // leaf 1, ECX: XGETBV is usable
	cpuidAVX2     = 1 << 5  // leaf 7, EBX
	cpuidAVX512F  = 1 << 16 // leaf 7, EBX
	cpuidAVX512BW = 1 << 30 // leaf 7, EBX: VPSHUFB on ZMM
	cpuidAVX512VL = 1 << 31 // leaf 7, EBX
	// xcr0YMM: the operating system saves the XMM and the upper YMM
	// halves; xcr0ZMM: also the opmask registers, the upper ZMM halves and
	// ZMM16-31.
	xcr0YMM = 1<<1 | 1<<2
	xcr0ZMM = xcr0YMM | 1<<5 | 1<<6 | 1<<7
)

// features returns leaf 7's EBX and XCR0, both 0 when the processor or
// the operating system lacks them.
func features() (leaf7b, xcr0 uint32) {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return 0, 0
	}
	if _, _, c, _ := cpuid(1, 0); c&cpuidOSXSAVE == 0 {
		return 0, 0
	}
	_, leaf7b, _, _ = cpuid(7, 0)
	xcr0, _ = xgetbv()
	return leaf7b, xcr0
}

// hasAVX512 reports whether the processor and the operating system support
// everything hashAVX512 uses: AVX-512 F, BW and VL and the ZMM state.
func hasAVX512() bool {
	b, xcr0 := features()
	const want = cpuidAVX512F | cpuidAVX512BW | cpuidAVX512VL
	return b&want == want && xcr0&xcr0ZMM == xcr0ZMM
}

// hasAVX2 reports whether the processor and the operating system support
// what hashAVX2 uses: AVX2 and the YMM state.
func hasAVX2() bool {
	b, xcr0 := features()
	return b&cpuidAVX2 != 0 && xcr0&xcr0YMM == xcr0YMM
}

// hashBatchesAVX512 hashes the pairs of in in whole batches of 16 and
// returns how many it hashed: with twoGroups, two at a time with
// hashAVX512x2 and a last odd one with hashAVX512, else each with
// hashAVX512.
func hashBatchesAVX512(out, in [][32]byte, twoGroups bool) int {
	n := 0
	if twoGroups {
		n = hashBatches(hashAVX512x2, 32, out, in)
	}
	return n + hashBatches(hashAVX512, 16, out[n:], in[2*n:])
}

// hashBatchesAVX2 hashes the pairs of in in whole batches of 8 with
// hashAVX2 and returns how many it hashed.
func hashBatchesAVX2(out, in [][32]byte) int {
	return hashBatches(hashAVX2, 8, out, in)
}

func hashBatches(kernel func(out, in *[32]byte, groups int), lanes int, out, in [][32]byte) int {
	groups := min(len(in)/2, len(out)) / lanes
	if groups == 0 {
		return 0
	}
	kernel(&out[0], &in[0], groups)
	return groups * lanes
}

// hashPadded hashes the fewer than Lanes pairs of in into out as one batch
// whose other lanes hash zero chunks: the buffers are on the stack (the
// kernel's pointers do not escape).
func hashPadded(out, in [][32]byte) {
	var buf [2 * Lanes][32]byte
	var res [Lanes][32]byte
	copy(buf[:], in)
	hashAVX512(&res[0], &buf[0], 1)
	copy(out, res[:])
}

// planSamples and planReps shape measurePlan's timings: the best of
// planSamples samples, each planReps calls, so that one preemption or a
// cold cache does not decide.
const (
	planSamples = 5
	planReps    = 4
	// planWarmUp is how long the kernel runs before it is timed.
	planWarmUp = 100 * time.Microsecond
	// twoGroupsMargin is the share of hashAVX512's time within which
	// hashAVX512x2 must hash two batches to be chosen.
	twoGroupsMargin = 0.95
)

// measurePlan times, on chunks in the cache, one batch of the kernel
// against gohashtree.HashChunks on a batch's pairs, two batches of
// hashAVX512x2 against hashAVX512's, and a padded batch against gohashtree
// on each count of pairs short of a batch, and returns the choice: the
// kernel on if its batch is faster, the form of two groups if it is
// faster by a margin, and the remainders from which padding pays.
// Measuring, rather than trusting the feature flags, keeps gohashtree
// where the kernel loses (a processor whose AVX-512 runs at a lower
// clock, or splits ZMM operations in two).
func measurePlan() plan {
	in := make([][32]byte, 4*Lanes) // two batches
	for i := range in {
		for j := range in[i] {
			in[i][j] = byte(i*13 + j*5 + 3)
		}
	}
	out := make([][32]byte, 2*Lanes)
	best := func(f func()) time.Duration {
		f()
		b := time.Duration(math.MaxInt64)
		for range planSamples {
			t := time.Now()
			for range planReps {
				f()
			}
			b = min(b, time.Since(t))
		}
		return b
	}
	// Run the kernel for a while before timing it: a processor may run
	// its first 512-bit instructions slowly while it powers the wide units
	// up, and a plan made then would keep gohashtree for the process's
	// life.
	for start := time.Now(); time.Since(start) < planWarmUp; {
		hashAVX512(&out[0], &in[0], 1)
	}
	batch := best(func() { hashAVX512(&out[0], &in[0], 1) })
	if batch >= best(func() { gohashtree.HashChunks(out[:Lanes], in[:2*Lanes]) }) {
		return plan{}
	}
	p := plan{on: true, padFrom: Lanes}
	// Two groups interleaved must win by a margin: where the two forms
	// are within the timings' noise of each other, one group at a time
	// keeps the choice the same from one process to the next.
	two, one := best(func() { hashAVX512x2(&out[0], &in[0], 1) }), best(func() { hashAVX512(&out[0], &in[0], 2) })
	p.twoGroups = float64(two) < twoGroupsMargin*float64(one)
	padded := best(func() { hashPadded(out[:1], in[:2]) })
	for r := 1; r < Lanes; r++ {
		if best(func() { gohashtree.HashChunks(out[:r], in[:2*r]) }) > padded {
			p.padFrom = r
			break
		}
	}
	return p
}
