package pairhash

import (
	"sync"
	"time"

	"github.com/klauspost/cpuid/v2"
)

// The paths of hashAsm, as hash_amd64.s numbers them; 0 is its AVX path.
const (
	modeSHANI  = 1
	modeAVX512 = 2
	modeAVX2   = 3
)

//go:noescape
func hashAsm(digests *byte, p [][32]byte, count uint32, mode uint32)

// The features each path needs, as gohashtree tests them.
var (
	hasAVX512 = cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL)
	hasAVX2   = cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI2)
	hasSHANI  = cpuid.CPU.Supports(cpuid.SHA, cpuid.AVX)
)

// wide reports, once measured, whether batches of 16 pairs go to the
// AVX-512 path.
var wide = sync.OnceValue(func() bool {
	if !hasAVX512 {
		return false
	}
	if !hasSHANI {
		return true // gohashtree's own choice
	}
	return measureWide()
})

// measureWide times both paths on 512 pairs, best of 5 passes each, and
// reports whether the AVX-512 path is clearly (15 %) faster. A pass takes
// about 25 µs; preemption can only slow a pass, and the best of five is
// what the path can do.
func measureWide() bool {
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
	return avx512*100 < shani*85
}

func hash(digests, chunks [][32]byte) {
	n := len(chunks) / 2
	if n >= 16 && wide() {
		w := n &^ 15
		hashAsm(&digests[0][0], chunks, uint32(w), modeAVX512)
		if n == w {
			return
		}
		digests, chunks, n = digests[w:], chunks[2*w:], n-w
	}
	if hasSHANI {
		hashAsm(&digests[0][0], chunks, uint32(n), modeSHANI)
	} else {
		hashGeneric(digests, chunks) // gohashtree's own choice
	}
}

func impl() string {
	switch {
	case wide() && hasSHANI:
		return "AVX-512 for batches of 16 pairs, SHA-NI for the rest"
	case wide():
		return "AVX-512 (gohashtree)"
	case hasSHANI:
		return "SHA-NI"
	case hasAVX2:
		return "AVX2 (gohashtree)"
	}
	return "gohashtree"
}
