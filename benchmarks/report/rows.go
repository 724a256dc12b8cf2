package report

import (
	"slices"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// RowInfo describes a row of a table.
type RowInfo struct {
	Case, ID string
	Title    string
	// Bytes marks a memory row (its samples are bytes).
	Bytes bool
	// Scale multiplies the figures (1 if 0): a Checkpoint decode is shown
	// per 1,000,000 decodes.
	Scale float64
	// Root marks a row with a SHA-256 floor.
	Root bool
	// Target says what the row is held to (for 1,000,000 validators for
	// the state rows), and kind how to check it.
	Target string
	kind   targetKind
	limit  float64
	times  float64 // how many times faster than the fastest peer (absoluteAndFaster)
}

type targetKind int

const (
	noTarget             targetKind = iota
	fastestPeer                     // no slower than the fastest peer
	absolute                        // at most limit (ns or bytes)
	timesSSZ                        // at most limit × the SSZ size
	timesFloor                      // at most limit × the SHA-256 floor
	timesFloorAndFastest            // both
	absoluteAndFaster               // at most limit, and times × faster than the fastest peer
)

// StateRows lists the rows of a state table, in order; each row of
// harness.OneCoreRows is followed by its one-core twin (withOneCore), each
// row of harness.ColdStateRows by its cold twin (withCold), and the
// slot and epoch rows (slotRows) and the live heap after them
// (heapChangedRow) come last.
var StateRows = []RowInfo{
	{ID: harness.RowDecode, Title: "decode", Target: "≤ fastest peer", kind: fastestPeer},
	{ID: harness.RowDecodeAlloc, Title: "bytes allocated by decode", Bytes: true},
	{ID: harness.RowHeapDecode, Title: "live heap after decode", Bytes: true, Target: "≤ 1.3 × SSZ", kind: timesSSZ, limit: 1.3},
	{ID: harness.RowHeapRoot, Title: "live heap after decode + cold root", Bytes: true},
	{ID: harness.RowEncode, Title: "encode", Target: "≤ fastest peer", kind: fastestPeer},
	{ID: harness.RowColdRoot, Title: "cold root (first root after a fresh decode)", Root: true, Target: "≤ 1.2 × floor, < every peer", kind: timesFloorAndFastest, limit: 1.2},
	{ID: harness.RowDecodeColdRoot, Title: "decode + cold root", Root: true},
	{ID: harness.RowRoot, Title: "root, nothing changed", Root: true},
	{ID: harness.RowBalance1, Title: "1 balance + root", Root: true, Target: "≤ 10 µs", kind: absolute, limit: 10e3},
	{ID: harness.RowBalance1000, Title: "1,000 random balances + root", Root: true, Target: "≤ 2 ms", kind: absolute, limit: 2e6},
	{ID: harness.RowEffective, Title: "1 validator's effective_balance + root", Root: true},
	{ID: harness.RowAppend, Title: "append a validator (balance, 2 participations, inactivity) + root", Root: true},
	{ID: harness.RowBalanceAll, Title: "every balance + root", Root: true, Target: "≤ 10 ms", kind: absolute, limit: 10e6},
	{ID: harness.RowCopy, Title: "copy", Target: "≤ 1 µs", kind: absolute, limit: 1e3},
	{ID: harness.RowCopyBalance1, Title: "1 balance on the copy + root of the copy", Root: true},
	{ID: harness.RowCopyHeap, Title: "extra live heap of that copy", Bytes: true, Target: "≤ 4 kB", kind: absolute, limit: 4e3},
}

// heapChangedRow is the last row of a state table, after the slot and
// epoch rows: the state has been changed by every row before it.
var heapChangedRow = RowInfo{ID: harness.RowHeapChanged, Title: "live heap after every row's changes (cold, slot and epoch rows included)", Bytes: true}

// MicroRows lists the rows of the micro table, in order, the gossip
// objects' last.
var MicroRows = append([]RowInfo{
	{Case: harness.CaseCheckpoint, ID: harness.RowMicroDecode, Title: "Checkpoint: 1,000,000 decodes", Scale: 1e6, Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseByteList, ID: harness.RowMicroDecode, Title: "List[uint8, 2^30] of 1 MiB: decode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseByteList, ID: harness.RowMicroEncode, Title: "List[uint8, 2^30] of 1 MiB: encode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseByteList, ID: harness.RowMicroDecodeRoot, Title: "List[uint8, 2^30] of 1 MiB: decode + root", Root: true, Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseVector, ID: harness.RowMicroDecode, Title: "Vector[uint64, 131072]: decode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseVector, ID: harness.RowMicroEncode, Title: "Vector[uint64, 131072]: encode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseVector, ID: harness.RowMicroDecodeRoot, Title: "Vector[uint64, 131072]: decode + root", Root: true, Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseBlock, ID: harness.RowMicroDecode, Title: "SignedBeaconBlock: decode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseBlock, ID: harness.RowMicroEncode, Title: "SignedBeaconBlock: encode", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseBlock, ID: harness.RowMicroEncodeHashed, Title: "SignedBeaconBlock: encode, after a root", Target: "≤ fastest peer", kind: fastestPeer},
	{Case: harness.CaseBlock, ID: harness.RowMicroDecodeRoot, Title: "SignedBeaconBlock: decode + root", Root: true, Target: "≤ fastest peer", kind: fastestPeer},
}, gossipRows()...)

// ProofRows lists the rows of a proof table, in order; each proof row is
// followed by its cold twin.
var ProofRows = []RowInfo{
	{ID: harness.RowProofTree, Title: "proof tree from a decoded state (ssztree: the state's first root; fastssz: `GetTree` + `Hash`)"},
	{ID: harness.RowProofTreeHeap, Title: "extra live heap of that tree", Bytes: true},
	{ID: harness.RowProveFinalized, Title: "single proof: `finalized_checkpoint.root`", Target: "≤ 5 µs", kind: absolute, limit: 5e3},
	{ID: harness.RowProveBalance, Title: "single proof: `balances[i]`", Target: "≤ 5 µs", kind: absolute, limit: 5e3},
	{ID: harness.RowProveEffective, Title: "single proof: `validators[i].effective_balance`", Target: "≤ 5 µs", kind: absolute, limit: 5e3},
	{ID: harness.RowMultiBalance, Title: "multiproof of 100 `balances[i]`", Target: "≤ 300 µs", kind: absolute, limit: 300e3},
	{ID: harness.RowMultiEffective, Title: "multiproof of 100 `validators[i].effective_balance`", Target: "≤ 300 µs", kind: absolute, limit: 300e3},
	{ID: harness.RowMultiMixed, Title: "multiproof of 100: 50 `validators[i].effective_balance`, 49 `balances[i]`, `finalized_checkpoint.root`", Target: "≤ 300 µs", kind: absolute, limit: 300e3},
}

func init() {
	StateRows = append(append(withCold(withOneCore(StateRows), harness.CaseState, harness.ColdStateRows), slotRows...), heapChangedRow)
	ProofRows = withCold(ProofRows, harness.CaseProof, harness.ProofRows)
	for i := range StateRows {
		StateRows[i].Case = harness.CaseState
	}
	for i := range ProofRows {
		ProofRows[i].Case = harness.CaseProof
	}
}

// scale returns the factor the figures of the row are shown with.
func (r RowInfo) scale() float64 {
	if r.Scale == 0 {
		return 1
	}
	return r.Scale
}

// format formats a figure of the row.
func (r RowInfo) format(v float64) string {
	if r.Bytes {
		return Bytes(v)
	}
	return Duration(v * r.scale())
}

// oneCoreTitle ends the title of a one-core row.
const oneCoreTitle = ", one core (GOMAXPROCS=1, pinned)"

// withOneCore returns rows with the one-core twin of each row of
// harness.OneCoreRows right after it. A twin has no target and no floor:
// the targets and the floor are those of the machine's every core.
func withOneCore(rows []RowInfo) []RowInfo {
	var out []RowInfo
	for _, r := range rows {
		out = append(out, r)
		if slices.Contains(harness.OneCoreRows, r.ID) {
			out = append(out, RowInfo{Case: r.Case, ID: harness.OneCoreRow(r.ID), Title: r.Title + oneCoreTitle, Bytes: r.Bytes})
		}
	}
	return out
}

// isOneCore reports whether a row is the one-core twin of another.
func isOneCore(r RowInfo) bool {
	_, ok := harness.ManyCoreRow(r.ID)
	return ok
}
