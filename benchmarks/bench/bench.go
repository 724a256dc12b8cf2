// Package bench runs the workloads of package harness as Go benchmarks, for
// the bench_test.go files of the benchmarks module and of its dynssz
// sibling: BenchmarkDecode/ssztree/100k, BenchmarkCheckpointDecode/fastssz...
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

var (
	mu     sync.Mutex
	states = map[int][]byte{}
	micro  map[string][]byte
)

// State returns the serialized state of n validators, made once per process.
func State(b *testing.B, n int) []byte {
	mu.Lock()
	defer mu.Unlock()
	if s, ok := states[n]; ok {
		return s
	}
	s, err := workload.State(n)
	if err != nil {
		b.Fatal(err)
	}
	states[n] = s
	return s
}

// Micro returns the inputs of the micro cases, made once per process.
func Micro(b *testing.B) map[string][]byte {
	mu.Lock()
	defer mu.Unlock()
	if micro == nil {
		m, err := workload.Micro()
		if err != nil {
			b.Fatal(err)
		}
		micro = m
	}
	return micro
}

// StateRow benchmarks one state row on every peer and size, as
// sub-benchmarks peer/size.
func StateRow(b *testing.B, peers []harness.Peer, row string) {
	for _, n := range Sizes(b) {
		in := State(b, n)
		for _, p := range peers {
			if p.State == nil {
				continue
			}
			b.Run(p.Name+"/"+SizeName(n), func(b *testing.B) { harness.BenchState(b, p.State, row, in, n) })
		}
	}
}

// MicroRow benchmarks one row of a micro case on every peer that has it, as
// sub-benchmarks named after the peers.
func MicroRow(b *testing.B, peers []harness.Peer, cs, row string) {
	in := Micro(b)[cs]
	for _, p := range peers {
		if m := p.Micro[cs]; m != nil {
			b.Run(p.Name, func(b *testing.B) { harness.BenchMicro(b, m, row, in) })
		}
	}
}

// ProofRows benchmarks the proof rows of every peer that has proofs, as
// sub-benchmarks peer/size/row; each peer's tree of each state is built
// once.
func ProofRows(b *testing.B, peers []harness.Peer) {
	for _, n := range Sizes(b) {
		in := State(b, n)
		for _, p := range peers {
			if p.Proof == nil {
				continue
			}
			b.Run(p.Name+"/"+SizeName(n), func(b *testing.B) { harness.BenchProofs(b, p.Proof, in, n) })
		}
	}
}

// ProofTree benchmarks the building of the tree proofs are read from, from
// a decoded state, for every peer that has proofs, as sub-benchmarks
// peer/size.
func ProofTree(b *testing.B, peers []harness.Peer) {
	for _, n := range Sizes(b) {
		in := State(b, n)
		for _, p := range peers {
			if p.Proof == nil {
				continue
			}
			b.Run(p.Name+"/"+SizeName(n), func(b *testing.B) { harness.BenchProofTree(b, p.Proof, in, n) })
		}
	}
}
