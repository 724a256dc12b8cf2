package harness

// Row IDs of the state workloads. Times are per operation; a mutation row
// includes the mutation itself and the root after it.
const (
	RowDecode         = "decode"           // decode the state
	RowDecodeAlloc    = "decode-alloc"     // bytes allocated by one decode
	RowHeapDecode     = "heap-decode"      // live heap held by a decoded state
	RowHeapRoot       = "heap-root"        // live heap held after decode + cold root
	RowEncode         = "encode"           // encode the state
	RowColdRoot       = "cold-root"        // first root after a fresh decode
	RowDecodeColdRoot = "decode-cold-root" // decode + cold root
	RowRoot           = "root"             // root with nothing changed
	RowBalance1       = "balance-1"        // 1 balance changed + root
	RowBalance1000    = "balance-1000"     // 1,000 random balances changed + root
	RowEffective      = "effective"        // one validator's effective_balance + root
	RowAppend         = "append"           // append a validator (+ balance, participation, score) + root
	RowBalanceAll     = "balance-all"      // every balance changed + root
	RowCopy           = "copy"             // copy the state
	RowCopyBalance1   = "copy-balance-1"   // 1 balance changed on a fresh copy + root of the copy
	RowCopyHeap       = "copy-heap"        // extra live heap held by that copy
	// RowHeapChanged is the live heap the state holds after every other
	// row changed it, cold rows, slot and epoch included: what a node's
	// state holds after many slots, where RowHeapDecode is what it holds
	// after a decode. A tree that kept the versions it replaced would hold
	// more with every change (it did: docs/performance.md#tried).
	RowHeapChanged = "heap-changed"
)

// Micro cases and their rows.
const (
	CaseCheckpoint = "checkpoint" // Checkpoint, decoded 1,000,000 times
	CaseByteList   = "bytelist"   // List[uint8, 2^30] (a Transaction) of 1 MiB
	CaseVector     = "vector"     // Vector[uint64, 131072]
	CaseBlock      = "block"      // SignedBeaconBlock of the peer's fork (workload.Block)

	RowMicroDecode     = "decode"      // decode
	RowMicroEncode     = "encode"      // encode of a value decoded
	RowMicroDecodeRoot = "decode-root" // decode + root
	// RowMicroEncodeHashed is the encode of a value decoded and hashed: a
	// value that keeps its decoded bytes until its tree is needed encodes
	// from them in RowMicroEncode, and from its tree here.
	RowMicroEncodeHashed = "encode-hashed"
)

// CheckCopyOriginal is the check that the original state's root is
// unchanged after its copy was changed.
const CheckCopyOriginal = "copy-original"

// stateChecks says which checks (roots, or the comparison of the encoding
// with the input, by their names in Output.Checks) vouch for each state row.
var stateChecks = map[string][]string{
	RowDecode:         {RowColdRoot},
	RowDecodeAlloc:    {RowColdRoot},
	RowHeapDecode:     {RowColdRoot},
	RowHeapRoot:       {RowColdRoot},
	RowColdRoot:       {RowColdRoot},
	RowDecodeColdRoot: {RowColdRoot},
	RowRoot:           {RowRoot},
	RowEncode:         {RowEncode},
	RowBalance1:       {RowBalance1},
	RowBalance1000:    {RowBalance1000},
	RowEffective:      {RowEffective},
	RowAppend:         {RowAppend},
	RowBalanceAll:     {RowBalanceAll},
	RowCopy:           {RowCopyBalance1, CheckCopyOriginal},
	RowCopyBalance1:   {RowCopyBalance1, CheckCopyOriginal},
	RowCopyHeap:       {RowCopyBalance1, CheckCopyOriginal},
	RowHeapChanged:    {RowBalance1, RowBalance1000, RowEffective, RowAppend, RowBalanceAll},
}

// ChecksFor returns the checks that vouch for a row of a case (for a cold
// or one-core row, those of its twin): a peer that fails one of them is dropped
// from the row.
func ChecksFor(cs, row string) []string {
	if warm, ok := WarmRow(row); ok {
		row = warm
	}
	if many, ok := ManyCoreRow(row); ok {
		row = many
	}
	if cs == CaseScoreboard {
		switch row {
		case RowBoardBlockEncode:
			return []string{RowBoardBlockRoot, RowBoardBlockEncode}
		case RowBoardStateEncode:
			return []string{RowBoardStateRoot, RowBoardStateEncode}
		case RowBoardStateDecode, RowBoardStateRoot:
			return []string{RowBoardStateRoot}
		}
		return []string{RowBoardBlockRoot}
	}
	if cs == CaseState {
		return stateChecks[row]
	}
	if cs == CaseProof {
		if row == RowProofTree || row == RowProofTreeHeap {
			return []string{RowProofTree}
		}
		return []string{RowProofTree, row}
	}
	if row == RowMicroEncode || row == RowMicroEncodeHashed {
		return []string{RowMicroEncode}
	}
	return []string{RowMicroDecodeRoot}
}

// CaseState names the state workloads in Output.Case and Row.Case.
const CaseState = "state"

// MicroCases lists the micro cases in the order they are run.
var MicroCases = append([]string{CaseCheckpoint, CaseByteList, CaseVector, CaseBlock}, GossipCases...)
