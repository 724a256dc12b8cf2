package tree

// parallelCopyBytes is the smallest data whose copy into or out of pages is
// split across goroutines. Splitting took the decode of a 1,000,000
// validator state from 94 to 36 ms (BenchmarkStateDecode in package
// capella); the threshold itself is a guess that keeps small values on one
// goroutine, not a measured break-even.
const parallelCopyBytes = 4 << 20
