// Package workload makes the inputs of the benchmarks, the same bytes for
// every peer: synthetic mainnet states and blocks of each fork the suite
// measures (ssztree's synth package), and the micro cases, built with
// ssztree's own types and encoded once.
package workload

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
)

// Inputs says how the inputs of the tables were made, for the report's
// method section.
const Inputs = "synthetic mainnet states of each fork made by ssztree's `synth` package (`synth.FuluState(fulu.Mainnet, n, 1)`, `synth.ElectraState`, `synth.DenebState`, `synth.GloasState`, then `MarshalSSZ`; its package doc lists their contents: for Fulu, validators with 0x00, 0x01 and 0x02 credentials and effective balances up to 2048 ETH, 4,000 pending deposits, 800 pending partial withdrawals, 300 pending consolidations and a full proposer lookahead), each fork's block by `synth.FuluBlock(fulu.Mainnet, 1)` and its like, and micro inputs built with ssztree's fork packages."

// Seed is the seed of every generated input.
const Seed = 1

// State returns the serialization of the synthetic mainnet state of a fork
// with n validators.
func State(fork string, n int) ([]byte, error) {
	b, err := state(fork, n)
	if err != nil {
		return nil, fmt.Errorf("workload: %s state of %d validators: %w", fork, n, err)
	}
	return b, nil
}

// state returns the serialization of synth's mainnet state of a fork.
func state(fork string, n int) ([]byte, error) {
	type encoder interface{ MarshalSSZ() ([]byte, error) }
	var st encoder
	var err error
	switch fork {
	case harness.ForkCapella:
		st, err = synth.CapellaState(capella.Mainnet, n, Seed)
	case harness.ForkDeneb:
		st, err = synth.DenebState(deneb.Mainnet, n, Seed)
	case harness.ForkElectra:
		st, err = synth.ElectraState(electra.Mainnet, n, Seed)
	case harness.ForkFulu:
		st, err = synth.FuluState(fulu.Mainnet, n, Seed)
	case harness.ForkGloas:
		st, err = synth.GloasState(gloas.Mainnet, n, Seed)
	default:
		return nil, fmt.Errorf("no state of fork %q", fork)
	}
	if err != nil {
		return nil, err
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

// Micro returns the inputs of every micro case, by case name, with the
// block of a fork and the gossip objects of Fulu.
func Micro(fork string) (map[string][]byte, error) {
	cp, err := Checkpoint()
	if err != nil {
		return nil, err
	}
	block, err := Block(fork)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		harness.CaseCheckpoint: cp,
		harness.CaseByteList:   ByteList(),
		harness.CaseVector:     Vector(),
		harness.CaseBlock:      block,

		harness.CaseSingleAttestation: SingleAttestation(),
		harness.CaseAggregate:         SignedAggregateAndProof(),
		harness.CaseBlobSidecar:       BlobSidecar(),
		harness.CaseColumnSidecar:     DataColumnSidecar(),
	}, nil
}
