package tree

// prefetch asks the processor to bring b's cache lines into its caches
// (PREFETCHT0 on each), without waiting for them: a hint, which changes no
// result.
//
//go:noescape
func prefetch(b []byte)
