// Package bench runs the workloads of package harness as Go benchmarks, for
// the bench_test.go files of the benchmarks module and of its dynssz
// sibling: BenchmarkDecode/ssztree/fulu/100k, BenchmarkCheckpointDecode/fastssz,
// BenchmarkBlockDecode/zrnt/electra... Each peer runs on the state (and
// block) of its fork.
// The state sizes come from SSZTREE_BENCH_VALIDATORS (comma-separated
// validator counts, 100000 by default).
package bench

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// SizesEnv names the environment variable with the state sizes.
const SizesEnv = "SSZTREE_BENCH_VALIDATORS"

// Sizes returns the validator counts of the benchmark states.
func Sizes(b *testing.B) []int {
	v := os.Getenv(SizesEnv)
	if v == "" {
		return []int{100_000}
	}
	var sizes []int
	for _, s := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			b.Fatalf("%s: bad size %q", SizesEnv, s)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// SizeName returns the short name of a validator count: 10k, 100k, 1m.
func SizeName(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dm", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}

// stateKey names a state: its fork and validator count.
type stateKey struct {
	fork string
	n    int
}

var (
	mu     sync.Mutex
	states = map[stateKey][]byte{}
	micro  = map[string]map[string][]byte{} // by fork
)

// State returns the serialized state of a fork with n validators, made once
// per process.
func State(b *testing.B, fork string, n int) []byte {
	mu.Lock()
	defer mu.Unlock()
	key := stateKey{fork, n}
	if s, ok := states[key]; ok {
		return s
	}
	s, err := workload.State(fork, n)
	if err != nil {
		b.Fatal(err)
	}
	states[key] = s
	return s
}

// Micro returns the inputs of the micro cases with the block of a fork,
// made once per process.
func Micro(b *testing.B, fork string) map[string][]byte {
	mu.Lock()
	defer mu.Unlock()
	if m, ok := micro[fork]; ok {
		return m
	}
	m, err := workload.Micro(fork)
	if err != nil {
		b.Fatal(err)
	}
	micro[fork] = m
	return m
}

// StateRow benchmarks one state row on every peer and size, as
// sub-benchmarks peer/fork/size.
func StateRow(b *testing.B, peers []harness.Peer, row string) {
	for _, n := range Sizes(b) {
		for _, p := range peers {
			if p.State == nil {
				continue
			}
			in := State(b, p.Fork, n)
			b.Run(p.Name+"/"+p.Fork+"/"+SizeName(n), func(b *testing.B) { harness.BenchState(b, p.State, row, in, n) })
		}
	}
}

// MicroRow benchmarks one row of a micro case on every peer that has it, as
// sub-benchmarks named after the peers (peer/fork for a block).
func MicroRow(b *testing.B, peers []harness.Peer, cs, row string) {
	for _, p := range peers {
		if m := p.Micro[cs]; m != nil {
			name := p.Name
			if cs == harness.CaseBlock {
				name += "/" + p.Fork
			}
			in := Micro(b, p.Fork)[cs]
			b.Run(name, func(b *testing.B) { harness.BenchMicro(b, m, row, in) })
		}
	}
}

// ProofRows benchmarks the proof rows of every peer that has proofs, as
// sub-benchmarks peer/fork/size/row; each peer's tree of each state is
// built once.
func ProofRows(b *testing.B, peers []harness.Peer) {
	for _, n := range Sizes(b) {
		for _, p := range peers {
			if p.Proof == nil {
				continue
			}
			in := State(b, p.Fork, n)
			b.Run(p.Name+"/"+p.Fork+"/"+SizeName(n), func(b *testing.B) { harness.BenchProofs(b, p.Proof, in, n) })
		}
	}
}

// ProofTree benchmarks the building of the tree proofs are read from, from
// a decoded state, for every peer that has proofs, as sub-benchmarks
// peer/fork/size.
func ProofTree(b *testing.B, peers []harness.Peer) {
	for _, n := range Sizes(b) {
		for _, p := range peers {
			if p.Proof == nil {
				continue
			}
			in := State(b, p.Fork, n)
			b.Run(p.Name+"/"+p.Fork+"/"+SizeName(n), func(b *testing.B) { harness.BenchProofTree(b, p.Proof, in, n) })
		}
	}
}
