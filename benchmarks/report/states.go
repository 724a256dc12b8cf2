package report

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// StatesKey returns the group key of the workloads of many states on a
// fork's state of n validators.
func StatesKey(fork string, n int) string { return fmt.Sprintf("states/%s/%d", fork, n) }

// Targets of the rows of many states (DESIGN.md section 5, issue 14).
const (
	snapshotsLimit = 1.2  // 64 snapshots ≤ 1.2 × (one state + the changes)
	rebaseLimit    = 1.2  // a rebased state ≤ 1.2 × the same state made from a copy
	diffLimit      = 50e3 // diff of one changed validator ≤ 50 µs
	streamLimit    = 1.4  // peak of decoding from a stream ≤ 1.4 × the SSZ size
	countedLimit   = 0.05 // tree.Memory within 5 % of the live heap
)

// statesMedian returns ssztree's median of a row of many states in group,
// and whether it has one.
func (m *Model) statesMedian(group, row string) (float64, bool) {
	c, ok := m.Cells[group][CellKey(harness.CaseStates, row)][Reference]
	if !ok || !c.OK {
		return 0, false
	}
	return c.Stat.Median, true
}

// statesCell formats ssztree's figure of a row of many states, or says
// why there is none.
func (m *Model) statesCell(group, row string) string {
	c, ok := m.Cells[group][CellKey(harness.CaseStates, row)][Reference]
	switch {
	case !ok:
		return "—"
	case !c.OK:
		return "— (" + c.Why + ")"
	}
	bytes := false
	for _, r := range []string{harness.RowSnapshotsHeap, harness.RowSnapshotsOne, harness.RowSnapshotsChanges,
		harness.RowSnapshotsCounted, harness.RowMemoryAdded, harness.RowRebaseBefore, harness.RowRebaseAfter,
		harness.RowRebaseCopy, harness.RowCacheRebaseHeap, harness.RowCacheCopyHeap, harness.RowStreamPeak, harness.RowReadFilePeak} {
		bytes = bytes || r == row
	}
	s := Duration(c.Stat.Median)
	if bytes {
		s = Bytes(c.Stat.Median)
	}
	if sp := Spread(c.Stat); sp != "" {
		s += " " + sp
	}
	return s
}

// mark returns the target text with ✓ when met, ✗ when not, and the text
// alone when a figure is missing.
func mark(target string, known, met bool) string {
	switch {
	case !known:
		return target
	case met:
		return target + ": ✓"
	}
	return target + ": ✗"
}

// statesTables writes the section of the workloads of many states: a
// table per state they ran on.
func (m *Model) statesTables(w writer) {
	var groups []struct {
		fork string
		n    int
	}
	for _, t := range m.Run.Tables {
		for _, n := range t.Sizes {
			if m.Cells[StatesKey(t.Fork, n)] != nil {
				groups = append(groups, struct {
					fork string
					n    int
				}{t.Fork, n})
			}
		}
	}
	if len(groups) == 0 {
		return
	}
	r := m.Run
	w("\n## Many states in one process\n\n")
	w("What a beacon node holding dozens of recent states needs (see [states.md](states.md) and [diff.md](diff.md)), measured by ssztree alone in a child process of its own on the same state as the table above. ")
	w("**Snapshots**: the decoded state and the %d states after it, each a copy of the one before with an epoch's changes (`synth.FuluEpoch`: every balance, participation rotated, 1,000 effective balances, the deposit and withdrawal queues, a RANDAO mix, 32 block and state roots), all hashed; their live heap together (`HeapAlloc` after two `runtime.GC()`, one sample) beside one state plus the bytes the epochs changed (in 8-byte words of the serialization: a lower bound of what any copy-on-write representation holds). ", harness.SnapshotCount-1)
	w("A flat peer holds a full state per snapshot: its figure is %d times its live heap after decode (the state table's row), computed, not held. ", harness.SnapshotCount)
	w("**Cache**: a `cache.Put` of each snapshot after the first into a cache of those before (the mean of the %d puts; each copies the hashed state and counts what it adds with `tree.Memory`), the accounting alone (`tree.Memory.Add`) and the bytes it counts per put, and a `Get` by state or block root. ", harness.SnapshotCount-1)
	w("**Rebase**: a state decoded from the bytes of the next epoch's state and hashed, then `view.Rebase` on the state before; its live heap before and after (median of %d), beside the same state made by changing a copy. ", r.Config.MemRuns)
	w("The cache's Put of a state decoded from the bytes of the epoch after the last snapshot: the time of the Put (which rebases it on the cached states) and the live heap it adds to a cache of the %d, beside the Put of the same state made from a copy of the last snapshot (the cache's bookkeeping, its `tree.Memory` and its index of subtrees by root, in both). ", harness.SnapshotCount)
	w("**Diff**: `diff.Values` of two states decoded apart that differ in one validator's effective balance, and of a state and the next epoch's (the first 100 changes, and all). ")
	w("**Decoding from a file**: `view.DecodeReader` on the open file, against `os.ReadFile` and `view.Decode`, each timed like the state rows (a collection before each); the peak heap above what was live before, sampled at every read and after the decode, with the GC percentage at 5 so that the heap stays near what is live. ")
	w("Targets ([performance.md](performance.md#status)), set for 1,000,000 validators: ✓ met, ✗ not met (marked at every size; at a small state the fixed part of the state, 2.7 MB of root vectors, weighs more in the streaming peak). Times on a loaded machine mean little; bytes do not depend on the load.\n")
	for _, g := range groups {
		m.statesTable(w, g.fork, g.n)
	}
}

// statesTable writes the rows of many states on a fork's state of n
// validators.
func (m *Model) statesTable(w writer, fork string, n int) {
	group := StatesKey(fork, n)
	size := float64(m.Run.SSZBytes[StateKey(fork, n)])
	med := func(row string) (float64, bool) { return m.statesMedian(group, row) }
	cell := func(row string) string { return m.statesCell(group, row) }
	w("\n### %s: state of %s validators (%s of SSZ)\n\n", forkTitle(fork), Count(uint64(n)), Bytes(size))
	w("| figure | ssztree | beside | target |\n| --- | --- | --- | --- |\n")
	row := func(title, ours, beside, target string) {
		w("| %s | %s | %s | %s |\n", title, ours, beside, target)
	}

	heap, okHeap := med(harness.RowSnapshotsHeap)
	one, okOne := med(harness.RowSnapshotsOne)
	changes, okChanges := med(harness.RowSnapshotsChanges)
	known := okHeap && okOne && okChanges
	ours, beside := cell(harness.RowSnapshotsHeap), ""
	if known {
		ours += fmt.Sprintf(" (%s× one + changes)", sig(heap/(one+changes)))
		beside = fmt.Sprintf("one state %s + changes %s = %s", Bytes(one), Bytes(changes), Bytes(one+changes))
	}
	row(fmt.Sprintf("%d snapshots one epoch apart: live heap", harness.SnapshotCount), ours, beside,
		mark(fmt.Sprintf("≤ %s × (one + changes)", sig(snapshotsLimit)), known, heap <= snapshotsLimit*(one+changes)))
	var flat []string
	for _, p := range m.groupPeers(StateKey(fork, n)) {
		if p == Reference {
			continue
		}
		c, ok := m.cell(StateKey(fork, n), stateRow(harness.RowHeapDecode), p)
		if !ok || !c.OK {
			continue
		}
		s := fmt.Sprintf("%s: %d × %s = %s", p, harness.SnapshotCount, Bytes(c.Stat.Median), Bytes(harness.SnapshotCount*c.Stat.Median))
		if okHeap && heap > 0 {
			s += fmt.Sprintf(" (%s× ssztree's)", sig(harness.SnapshotCount*c.Stat.Median/heap))
		}
		flat = append(flat, s)
	}
	if len(flat) > 0 {
		row(fmt.Sprintf("the same as flat copies (%d × a peer's live heap after decode, computed)", harness.SnapshotCount), "", strings.Join(flat, "; "), "")
	}
	counted, okCounted := med(harness.RowSnapshotsCounted)
	ours = cell(harness.RowSnapshotsCounted)
	if okCounted && okHeap && heap > 0 {
		ours += fmt.Sprintf(" (%+.1f %% of the live heap)", 100*(counted-heap)/heap)
	}
	row("what `tree.Memory` counts for them", ours, "the live heap above", mark("within 5 % of the live heap", okCounted && okHeap,
		counted >= (1-countedLimit)*heap && counted <= (1+countedLimit)*heap))
	row("`cache.Put` of the next snapshot", cell(harness.RowCachePut), "", "")
	row("its accounting alone (`tree.Memory.Add`)", cell(harness.RowMemoryAdd), "bytes counted per put: "+cell(harness.RowMemoryAdded), "")
	row("`cache.Get` by state or block root", cell(harness.RowCacheGet), "", "")

	before, okBefore := med(harness.RowRebaseBefore)
	after, okAfter := med(harness.RowRebaseAfter)
	copied, okCopy := med(harness.RowRebaseCopy)
	row("`view.Rebase` of a state decoded from the next epoch's bytes", cell(harness.RowRebase), "", "")
	ours = cell(harness.RowRebaseAfter)
	if okAfter && okCopy && copied > 0 {
		ours += fmt.Sprintf(" (%s× the copy's)", sig(after/copied))
	}
	beside = ""
	if okBefore && okCopy {
		beside = fmt.Sprintf("decoded: %s; made from a copy: %s", Bytes(before), Bytes(copied))
	}
	row("its live heap after the rebase", ours, beside, mark(fmt.Sprintf("≤ %s × the copy's", sig(rebaseLimit)), okAfter && okCopy, after <= rebaseLimit*copied))
	row(fmt.Sprintf("`cache.Put` of a state decoded from the next epoch's bytes, into a cache of the %d", harness.SnapshotCount), cell(harness.RowCacheRebase), "", "")
	held, okHeld := med(harness.RowCacheRebaseHeap)
	putCopy, okPutCopy := med(harness.RowCacheCopyHeap)
	ours = cell(harness.RowCacheRebaseHeap)
	if okHeld && okPutCopy && putCopy > 0 {
		ours += fmt.Sprintf(" (%s× a copy's)", sig(held/putCopy))
	}
	row("the live heap that Put adds (the state and the cache's bookkeeping)", ours, "the same state made from a copy of the last and put: "+cell(harness.RowCacheCopyHeap),
		mark(fmt.Sprintf("≤ %s × a copy's", sig(rebaseLimit)), okHeld && okPutCopy, held <= rebaseLimit*putCopy))

	d, okDiff := med(harness.RowDiffValidator)
	row("`diff.Values`: two states decoded apart, one validator changed", cell(harness.RowDiffValidator), "", mark("≤ 50 µs", okDiff, d <= diffLimit))
	row("`diff.Values`: a state and the next epoch's, the first 100 changes", cell(harness.RowDiffEpoch100), "", "")
	row("`diff.Values`: a state and the next epoch's, every change", cell(harness.RowDiffEpoch), "", "")

	row("decode from a file: `view.DecodeReader`", cell(harness.RowStreamDecode), "`os.ReadFile` + `view.Decode`: "+cell(harness.RowReadFileDecode), "")
	peak, okPeak := med(harness.RowStreamPeak)
	ours = cell(harness.RowStreamPeak)
	if okPeak && size > 0 {
		ours += fmt.Sprintf(" (%s× SSZ)", sig(peak/size))
	}
	beside = "`os.ReadFile` + `view.Decode`: " + cell(harness.RowReadFilePeak)
	if rf, ok := med(harness.RowReadFilePeak); ok && size > 0 {
		beside += fmt.Sprintf(" (%s× SSZ)", sig(rf/size))
	}
	row("its peak heap", ours, beside, mark(fmt.Sprintf("≤ %s × SSZ", sig(streamLimit)), okPeak && size > 0, peak <= streamLimit*size))
}
