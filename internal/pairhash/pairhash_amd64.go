package pairhash

import (
	"sync"
	"time"

	"github.com/klauspost/cpuid/v2"
)

// The paths of hashAsm that Hash takes, as hash_amd64.s numbers them (it
// also has AVX2 and AVX paths, which gohashtree itself takes without SHA-NI).
const (
	modeSHANI  = 1
	modeAVX512 = 2
)

//go:noescape
func hashAsm(digests *byte, p [][32]byte, count uint32, mode uint32)

// The features each path needs, as gohashtree tests them.
var (
	hasAVX512 = cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL)
	hasSHANI  = cpuid.CPU.Supports(cpuid.SHA, cpuid.AVX)
)

// plan is how Hash splits a batch, measured once: with wide, whole
// batches of 16 pairs go to the AVX-512 path, and so do the last padMin to
// 15 pairs, padded with zero pairs to 16, where that beats SHA-NI.
type plan struct {
	wide   bool
	padMin int
}

var choice = sync.OnceValue(func() plan {
	switch {
	case !hasAVX512:
		return plan{}
	case !hasSHANI:
		return plan{wide: true, padMin: 16} // gohashtree's own choice
	}
	return measure()
})

// measure times both paths on 512 pairs, best of 5 passes each (a pass
// takes about 25 µs; preemption can only slow a pass), takes the AVX-512
// path if it is clearly (15 %) faster, and pads a remainder when SHA-NI
// would take 10 % longer over it than the wide path over 16 pairs.
func measure() plan {
	const pairs = 512
	in := make([][32]byte, 2*pairs)
	for i := range in {
		in[i][0], in[i][31] = byte(i), byte(i>>8)
	}
	out := make([][32]byte, pairs)
	best := func(mode uint32) time.Duration {
		b := time.Duration(1 << 62)
		for range 6 { // the first pass warms up
			t := time.Now()
			hashAsm(&out[0][0], in, pairs, mode)
			b = min(b, time.Since(t))
		}
		return b
	}
	shani, avx512 := best(modeSHANI), best(modeAVX512)
	if avx512*100 >= shani*85 {
		return plan{}
	}
	// SHA-NI takes shani/512 a pair, the wide path avx512/32 a batch.
	pad := int(1.1*float64(avx512)/32/(float64(shani)/pairs)) + 1
	return plan{wide: true, padMin: min(max(pad, 1), 16)}
}

func hash(digests, chunks [][32]byte) {
	n := len(chunks) / 2
	if c := choice(); c.wide {
		if w := n &^ 15; w > 0 {
			hashAsm(&digests[0][0], chunks, uint32(w), modeAVX512)
			if n == w {
				return
			}
			digests, chunks, n = digests[w:], chunks[2*w:], n-w
		}
		if n >= c.padMin {
			hashPadded(digests, chunks, n)
			return
		}
	}
	if hasSHANI {
		hashAsm(&digests[0][0], chunks, uint32(n), modeSHANI)
	} else {
		hashGeneric(digests, chunks) // gohashtree's own choice
	}
}

// hashPadded hashes n < 16 pairs as one batch of 16 of the AVX-512 path,
// the rest zero pairs. The buffers stay on the stack.
func hashPadded(digests, chunks [][32]byte, n int) {
	var in [32][32]byte
	var out [16][32]byte
	copy(in[:], chunks[:2*n])
	hashAsm(&out[0][0], in[:], 16, modeAVX512)
	copy(digests[:n], out[:n])
}
