//go:build !amd64

package sha256x16

// The kernels are amd64 assembly: elsewhere there are none.

func hasAVX512() bool { return false }

func hasAVX2() bool { return false }

func hashBatchesAVX512(out, in [][32]byte, twoGroups bool) int { return 0 }

func hashBatchesAVX2(out, in [][32]byte) int { return 0 }

func hashPadded(out, in [][32]byte) {}

func measurePlan() plan { return plan{} }
