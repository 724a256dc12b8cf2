//go:build !amd64

package tree

// prefetch does nothing here: only amd64 has the hint (prefetch_amd64.s).
func prefetch([]byte) {}
