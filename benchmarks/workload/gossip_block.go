package workload

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/view"
)

// Sizes of a block's operations, from the mainnet preset (consensus-specs
// v1.6.1, presets/mainnet/phase0.yaml, capella.yaml and electra.yaml).
const (
	maxOperations            = 16 // MAX_PROPOSER_SLASHINGS, MAX_DEPOSITS, MAX_VOLUNTARY_EXITS, MAX_BLS_TO_EXECUTION_CHANGES
	denebAttesterSlashings   = 2  // MAX_ATTESTER_SLASHINGS
	electraAttesterSlashings = 1  // MAX_ATTESTER_SLASHINGS_ELECTRA

	proposerSlashingSize = 2 * headerSize                      // two SignedBeaconBlockHeaders
	depositSize          = 33*32 + 48 + 32 + 8 + signatureSize // proof, DepositData
	exitSize             = 8 + 8 + signatureSize               // SignedVoluntaryExit
	blsChangeSize        = 8 + 48 + 20 + signatureSize         // SignedBLSToExecutionChange
)

// unmarshaler is a list view of a block body, filled from its
// serialization.
type unmarshaler interface{ UnmarshalSSZ(b []byte) error }

// operationLists are the body's lists of fixed-size operations that every
// fork from Capella to Fulu has, of the same Go types.
type operationLists interface {
	ProposerSlashings() *view.ValueList[capella.ProposerSlashing, *capella.ProposerSlashing]
	Deposits() *view.ValueList[capella.Deposit, *capella.Deposit]
	VoluntaryExits() *view.ValueList[capella.SignedVoluntaryExit, *capella.SignedVoluntaryExit]
	BLSToExecutionChanges() *view.ValueList[capella.SignedBLSToExecutionChange, *capella.SignedBLSToExecutionChange]
}

// fixedOperations returns a body's lists of fixed-size operations with
// the size of one element of each.
func fixedOperations(body operationLists) map[unmarshaler]int {
	return map[unmarshaler]int{
		body.ProposerSlashings():     proposerSlashingSize,
		body.Deposits():              depositSize,
		body.VoluntaryExits():        exitSize,
		body.BLSToExecutionChanges(): blsChangeSize,
	}
}

// fillGossipBlock replaces a block's transactions by Transactions of
// MinTransaction to MaxTransaction random bytes, fills each list of fixed
// operations with maxOperations random ones, and attester slashings with
// slashings attester slashings of two indexed attestations of
// CommitteeSize sorted indices each.
func fillGossipBlock(txs unmarshaler, fixed map[unmarshaler]int, attesterSlashings unmarshaler, slashings int) error {
	r := rng(5)
	sizes := make([]int, Transactions)
	for i := range sizes {
		sizes[i] = MinTransaction + r.IntN(MaxTransaction-MinTransaction+1)
	}
	if err := txs.UnmarshalSSZ(variableList(r, sizes, func(b []byte) { fill(r, b) })); err != nil {
		return fmt.Errorf("transactions: %w", err)
	}
	// The map's order is random: fill in a fixed order, so that the bytes
	// are the same on every run.
	type list struct {
		l    unmarshaler
		size int
	}
	var lists []list
	for l, size := range fixed {
		lists = append(lists, list{l, size})
	}
	slices.SortFunc(lists, func(a, b list) int { return a.size - b.size })
	for _, l := range lists {
		if err := l.l.UnmarshalSSZ(fill(r, make([]byte, maxOperations*l.size))); err != nil {
			return fmt.Errorf("operations of %d bytes: %w", l.size, err)
		}
	}
	sizes = make([]int, slashings)
	for i := range sizes {
		sizes[i] = 2 * (4 + indexedAttestationSize)
	}
	if err := attesterSlashings.UnmarshalSSZ(variableList(r, sizes, func(b []byte) { attesterSlashing(r, b) })); err != nil {
		return fmt.Errorf("attester slashings: %w", err)
	}
	return nil
}

// indexedAttestationSize is the size of an IndexedAttestation of
// CommitteeSize indices.
const indexedAttestationSize = 4 + attDataSize + signatureSize + 8*CommitteeSize

// variableList returns the serialization of a list of variable-size
// elements of the given sizes, each written by element.
func variableList(r *rand.Rand, sizes []int, element func(b []byte)) []byte {
	n := 4 * len(sizes)
	for _, s := range sizes {
		n += s
	}
	b := make([]byte, n)
	at := 4 * len(sizes)
	for i, s := range sizes {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(at))
		element(b[at : at+s])
		at += s
	}
	return b
}

// attesterSlashing writes an AttesterSlashing of two IndexedAttestations
// of CommitteeSize sorted random indices into b.
func attesterSlashing(r *rand.Rand, b []byte) {
	const n = indexedAttestationSize
	binary.LittleEndian.PutUint32(b, 8)
	binary.LittleEndian.PutUint32(b[4:], 8+n)
	for _, a := range [][]byte{b[8 : 8+n], b[8+n : 8+2*n]} {
		const fixed = 4 + attDataSize + signatureSize
		fill(r, a[:fixed])
		binary.LittleEndian.PutUint32(a, fixed)
		index := r.Uint64N(1_000_000)
		for i := range CommitteeSize {
			binary.LittleEndian.PutUint64(a[fixed+8*i:], index)
			index += 1 + r.Uint64N(64)
		}
	}
}
