// The Go benchmarks of the dynamic-ssz peer (see package bench):
//
//	go test -run '^$' -bench . -benchtime 10x -count 6 | tee new.txt; benchstat new.txt
//
// SSZTREE_BENCH_VALIDATORS sets the state sizes (100000 by default).

package dynssz

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/bench"
	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// BenchmarkDecode decodes the state.
func BenchmarkDecode(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowDecode) }

// BenchmarkEncode encodes the state.
func BenchmarkEncode(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowEncode) }

// BenchmarkColdRoot hashes a freshly decoded state (the decode is not timed).
func BenchmarkColdRoot(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowColdRoot) }

// BenchmarkDecodeColdRoot decodes the state and hashes it.
func BenchmarkDecodeColdRoot(b *testing.B) {
	bench.StateRow(b, peer.Peers(), harness.RowDecodeColdRoot)
}

// BenchmarkRoot hashes the state with nothing changed.
func BenchmarkRoot(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowRoot) }

// BenchmarkBalance1 changes 1 balance and hashes.
func BenchmarkBalance1(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowBalance1) }

// BenchmarkBalance1000 changes 1,000 random balances and hashes.
func BenchmarkBalance1000(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowBalance1000) }

// BenchmarkEffectiveBalance changes one validator's effective_balance and hashes.
func BenchmarkEffectiveBalance(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowEffective) }

// BenchmarkAppendValidator appends a validator (balance, participation, inactivity score) and hashes; the state grows by b.N validators.
func BenchmarkAppendValidator(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowAppend) }

// BenchmarkBalanceAll changes every balance and hashes.
func BenchmarkBalanceAll(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowBalanceAll) }

// BenchmarkCopy copies the state (encode + decode for the flat peers); reports the extra heap of a changed copy.
func BenchmarkCopy(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowCopy) }

// BenchmarkCopyBalance1 changes 1 balance of a fresh copy (not timed) and hashes the copy.
func BenchmarkCopyBalance1(b *testing.B) { bench.StateRow(b, peer.Peers(), harness.RowCopyBalance1) }

// BenchmarkCheckpointDecode decodes a Checkpoint.
func BenchmarkCheckpointDecode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseCheckpoint, harness.RowMicroDecode)
}

// BenchmarkByteListDecode decodes a 1 MiB List[uint8, 2^30].
func BenchmarkByteListDecode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseByteList, harness.RowMicroDecode)
}

// BenchmarkByteListEncode encodes a 1 MiB List[uint8, 2^30].
func BenchmarkByteListEncode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseByteList, harness.RowMicroEncode)
}

// BenchmarkByteListRoot decodes and hashes a 1 MiB List[uint8, 2^30].
func BenchmarkByteListRoot(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseByteList, harness.RowMicroDecodeRoot)
}

// BenchmarkVectorDecode decodes a Vector[uint64, 131072].
func BenchmarkVectorDecode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseVector, harness.RowMicroDecode)
}

// BenchmarkVectorEncode encodes a Vector[uint64, 131072].
func BenchmarkVectorEncode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseVector, harness.RowMicroEncode)
}

// BenchmarkVectorRoot decodes and hashes a Vector[uint64, 131072].
func BenchmarkVectorRoot(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseVector, harness.RowMicroDecodeRoot)
}

// BenchmarkBlockDecode decodes a SignedBeaconBlock with 1,000 transactions.
func BenchmarkBlockDecode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseBlock, harness.RowMicroDecode)
}

// BenchmarkBlockEncode encodes a SignedBeaconBlock with 1,000 transactions.
func BenchmarkBlockEncode(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseBlock, harness.RowMicroEncode)
}

// BenchmarkBlockEncodeHashed encodes a SignedBeaconBlock with 1,000
// transactions that was decoded and hashed.
func BenchmarkBlockEncodeHashed(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseBlock, harness.RowMicroEncodeHashed)
}

// BenchmarkBlockRoot decodes and hashes a SignedBeaconBlock with 1,000 transactions.
func BenchmarkBlockRoot(b *testing.B) {
	bench.MicroRow(b, peer.Peers(), harness.CaseBlock, harness.RowMicroDecodeRoot)
}
