// Package workload makes the inputs of the benchmarks, the same bytes for
// every peer: synthetic mainnet Capella states (ssztree's synth
// generator) and the micro cases, built with ssztree's own types and encoded
// once.
package workload

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
)

// Seed is the seed of every generated input.
const Seed = 1

// State returns the serialization of the synthetic mainnet Capella state of
// n validators.
func State(n int) ([]byte, error) {
	st, err := synth.CapellaState(capella.Mainnet, n, Seed)
	if err != nil {
		return nil, fmt.Errorf("state of %d validators: %w", n, err)
	}
	return st.MarshalSSZ()
}

// Sizes of the micro cases.
const (
	ByteListSize   = 1 << 20 // bytes in the List[uint8, 2^30]
	ByteListLimit  = 1 << 30 // MAX_BYTES_PER_TRANSACTION
	VectorLength   = 131072  // elements of the Vector[uint64, N]
	Transactions   = 1000    // transactions in the block
	MinTransaction = 150     // bytes of the smallest transaction
	MaxTransaction = 450     // bytes of the largest transaction
)

func rng(stream uint64) *rand.Rand { return rand.New(rand.NewPCG(Seed, stream)) }

func fill(r *rand.Rand, b []byte) []byte {
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], r.Uint64())
		copy(b[i:], w[:])
	}
	return b
}

// Checkpoint returns the serialization of a Checkpoint.
func Checkpoint() ([]byte, error) {
	r := rng(1)
	c := capella.Checkpoint{Epoch: capella.Epoch(r.Uint64N(1 << 20))}
	fill(r, c.Root[:])
	return c.MarshalSSZ()
}

// ByteList returns the serialization of a List[uint8, 2^30] holding 1 MiB:
// the bytes themselves.
func ByteList() []byte { return fill(rng(2), make([]byte, ByteListSize)) }

// Vector returns the serialization of a Vector[uint64, 131072] of random
// balances.
func Vector() []byte {
	r := rng(3)
	b := make([]byte, 0, 8*VectorLength)
	for range VectorLength {
		b = binary.LittleEndian.AppendUint64(b, 31_000_000_000+r.Uint64N(2_000_000_000))
	}
	return b
}

// Micro returns the inputs of every micro case, by case name.
func Micro() (map[string][]byte, error) {
	cp, err := Checkpoint()
	if err != nil {
		return nil, err
	}
	block, err := Block()
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		harness.CaseCheckpoint: cp,
		harness.CaseByteList:   ByteList(),
		harness.CaseVector:     Vector(),
		harness.CaseBlock:      block,
	}, nil
}
