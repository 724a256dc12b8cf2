//go:build cgo && linux && amd64

package hashtree

/*
#include <stdint.h>

// The kernels of hashtree.h (OffchainLabs/hashtree) for x86-64.
void hashtree_sha256_avx512_x16(unsigned char *output, const unsigned char *input, uint64_t count);
void hashtree_sha256_avx2_x8(unsigned char *output, const unsigned char *input, uint64_t count);
void hashtree_sha256_shani_x2(unsigned char *output, const unsigned char *input, uint64_t count);
void hashtree_sha256_generic(unsigned char *output, const unsigned char *input, uint64_t count);
*/
import "C"

import (
	"unsafe"

	"github.com/klauspost/cpuid/v2"

	// The bindings' cgo package links libhashtree.a, which defines the
	// kernels declared above.
	_ "github.com/pk910/hashtree-bindings/cgo"
)

// Kernels returns the kernels of the library for this platform, widest
// first, whether the processor runs them or not (see Kernel.Supported).
//
// Their needs are read off their assembly: the AVX-512 kernel shuffles
// bytes in 512-bit registers (AVX512BW besides the AVX512F and AVX512VL
// the library checks) and hands a tail of fewer than 16 pairs to the AVX2
// kernel, which hands its own tail to AVX code; the SHA-NI kernel uses
// SSSE3 and SSE4.1 beside the SHA extensions; the generic kernel is C.
func Kernels() []Kernel {
	return []Kernel{
		{
			Name:  "hashtree_sha256_avx512_x16",
			Needs: []cpuid.FeatureID{cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX512BW, cpuid.AVX2, cpuid.AVX},
			call: func(out, in *[32]byte, n uint64) {
				C.hashtree_sha256_avx512_x16(uchar(out), uchar(in), C.uint64_t(n))
			},
		},
		{
			Name:  "hashtree_sha256_avx2_x8",
			Needs: []cpuid.FeatureID{cpuid.AVX2, cpuid.AVX},
			call: func(out, in *[32]byte, n uint64) {
				C.hashtree_sha256_avx2_x8(uchar(out), uchar(in), C.uint64_t(n))
			},
		},
		{
			Name:  "hashtree_sha256_shani_x2",
			Needs: []cpuid.FeatureID{cpuid.SHA, cpuid.SSSE3, cpuid.SSE4},
			call: func(out, in *[32]byte, n uint64) {
				C.hashtree_sha256_shani_x2(uchar(out), uchar(in), C.uint64_t(n))
			},
		},
		{
			Name: "hashtree_sha256_generic",
			call: func(out, in *[32]byte, n uint64) {
				C.hashtree_sha256_generic(uchar(out), uchar(in), C.uint64_t(n))
			},
		},
	}
}

// uchar returns p as the C kernels take it. The memory holds no Go
// pointers, so cgo lets C read and write it for the call.
func uchar(p *[32]byte) *C.uchar { return (*C.uchar)(unsafe.Pointer(p)) }
