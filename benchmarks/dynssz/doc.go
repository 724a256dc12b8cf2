// Package dynssz is the benchmarks module's sibling for the dynamic-ssz peer,
// which needs go-eth2-client v0.30.1 while the fastssz peer needs v0.27.0:
// one Go module cannot hold both. The driver (cmd/report of the benchmarks
// module) builds ./cmd/peer and runs it as a child process; `go test -bench .`
// here gives the same Go benchmarks as the benchmarks module's.
//
// Its tests check ssztree against go-eth2-client's types through
// dynamic-ssz, which takes a preset's values at run time: the blinded
// blocks of both presets of the specification (TestBlindedAgreement), and
// states and blocks of the gnosis preset and of a custom one, read through
// package versioned (TestPresetAgreement).
package dynssz
