package report

import "github.com/ssztree/ssztree/benchmarks/harness"

// coldTargets are the targets of the cold rows, by the ID of their warm
// twin (docs/performance.md#cold-rows): a node does these once per
// slot, after its collector ran.
var coldTargets = map[string]RowInfo{
	harness.RowRoot:           {Target: "≤ 100 ns", kind: absolute, limit: 100},
	harness.RowBalance1:       {Target: "≤ 15 µs", kind: absolute, limit: 15e3},
	harness.RowEffective:      {Target: "≤ 20 µs", kind: absolute, limit: 20e3},
	harness.RowCopy:           {Target: "≤ 1 µs", kind: absolute, limit: 1e3},
	harness.RowCopyBalance1:   {Target: "≤ 20 µs", kind: absolute, limit: 20e3},
	harness.RowProveFinalized: {Target: "≤ 10 µs", kind: absolute, limit: 10e3},
	harness.RowProveBalance:   {Target: "≤ 10 µs", kind: absolute, limit: 10e3},
	harness.RowProveEffective: {Target: "≤ 10 µs", kind: absolute, limit: 10e3},
}

// coldTitle ends the title of a cold row.
const coldTitle = ", cold (1 op after a GC)"

// withCold returns rows with the cold twin of each row of cold (by ID)
// right after it.
func withCold(rows []RowInfo, cs string, cold []string) []RowInfo {
	has := map[string]bool{}
	for _, id := range cold {
		has[id] = true
	}
	var out []RowInfo
	for _, r := range rows {
		out = append(out, r)
		if !has[r.ID] {
			continue
		}
		c := coldTargets[r.ID]
		c.Case, c.ID, c.Title, c.Root = cs, harness.ColdRow(r.ID), r.Title+coldTitle, r.Root
		out = append(out, c)
	}
	return out
}

// isCold reports whether a row is the cold twin of another.
func isCold(r RowInfo) bool {
	_, ok := harness.WarmRow(r.ID)
	return ok
}
