package report

import "github.com/ssztree/ssztree/benchmarks/harness"

// slotRows are the rows of a slot's and an epoch's changes, cold, at the
// end of a state table (only the peers of Fulu run them).
var slotRows = []RowInfo{
	{ID: harness.RowSlot, Title: "a slot's changes + root, cold (1 op after a GC)",
		Target: "≤ 3 ms, ≥ 50 × faster than the fastest peer", kind: absoluteAndFaster, limit: 3e6, times: 50},
	{ID: harness.RowEpoch, Title: "an epoch's changes + root, cold (1 op after a GC)",
		Target: "≤ 15 ms", kind: absolute, limit: 15e6},
}
