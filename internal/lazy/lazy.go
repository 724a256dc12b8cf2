// Package lazy sets a pointer once, at first use, safely from any number of
// goroutines: what the zero values of the generated views need, which become
// the default value when first used.
//
// The pointer is a plain field: constructors set it before the value is
// shared, as any field, and only Load and Init touch it atomically. A plain
// field keeps the struct that holds it a candidate for the stack, which an
// atomic.Pointer field (a value whose Store makes its holder escape) is not.
package lazy

import (
	"sync/atomic"
	"unsafe"
)

// Load returns *p, read atomically.
func Load[T any](p **T) *T {
	return (*T)(atomic.LoadPointer((*unsafe.Pointer)(unsafe.Pointer(p))))
}

// Init sets *p to v if *p is nil and returns *p: v, or what another
// goroutine set first.
func Init[T any](p **T, v *T) *T {
	if atomic.CompareAndSwapPointer((*unsafe.Pointer)(unsafe.Pointer(p)), nil, unsafe.Pointer(v)) {
		return v
	}
	return Load(p)
}
