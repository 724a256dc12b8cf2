// Package benchmarks measures ssztree side by side with the other Go SSZ
// libraries on the same bytes: run `go run ./cmd/report` for the report in
// ../docs/benchmarks.md, or `go test -bench .` for Go benchmarks
// (SSZTREE_BENCH_VALIDATORS sets the state sizes). TestAgreement checks that
// every peer computes the same roots (and proofs) as ssztree; TestProofs...
// check that ssztree's Merkle proofs equal fastssz's byte for byte.
package benchmarks
