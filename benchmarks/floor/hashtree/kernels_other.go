//go:build !(cgo && linux && amd64)

package hashtree

// Kernels returns no kernel: this package calls the library's x86-64
// kernels through cgo, so on other platforms, or without cgo, the floor is
// measured on gohashtree alone.
func Kernels() []Kernel { return nil }
