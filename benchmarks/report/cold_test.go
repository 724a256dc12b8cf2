package report

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// TestColdRows checks that each cold row follows its warm twin in the
// tables, and is held to its own target.
func TestColdRows(t *testing.T) {
	for _, rows := range [][]RowInfo{StateRows, ProofRows} {
		for i, r := range rows {
			warm, ok := harness.WarmRow(r.ID)
			if !ok {
				continue
			}
			if i == 0 || rows[i-1].ID != warm || !strings.HasSuffix(r.Title, coldTitle) {
				t.Errorf("cold row %s (%q) does not follow its twin %s", r.ID, r.Title, warm)
			}
		}
	}
	const n = TargetSize
	run := &Run{
		Tables: []Table{{Fork: harness.ForkFulu, Sizes: []int{n}}},
		Outputs: []*harness.Output{{
			Peer: Reference, Fork: harness.ForkFulu, Case: harness.CaseState, Validators: n,
			Rows: []harness.Row{
				{Case: harness.CaseState, Name: harness.ColdRow(harness.RowBalance1), Samples: []float64{9e3, 14e3, 40e3}},
				{Case: harness.CaseState, Name: harness.ColdRow(harness.RowCopy), Samples: []float64{900, 1100, 1200}},
			},
		}},
	}
	m := Build(run, []string{Reference})
	group := StateKey(harness.ForkFulu, n)
	for id, want := range map[string]string{
		harness.ColdRow(harness.RowBalance1): "≤ 15 µs: ✓", // median 14 µs
		harness.ColdRow(harness.RowCopy):     "≤ 1 µs: ✗",  // median 1.1 µs
	} {
		if got := m.target(group, stateRow(id)); got != want {
			t.Errorf("%s: target %q, want %q", id, got, want)
		}
	}
}

// TestSlotTarget checks the slot row's double target: 3 ms, and 50 times
// faster than the fastest peer.
func TestSlotTarget(t *testing.T) {
	const n = TargetSize
	for _, c := range []struct {
		ours, theirs float64
		want         string
	}{
		{2e6, 150e6, "✓"},
		{2e6, 90e6, "✗"},  // only 45 times faster
		{4e6, 900e6, "✗"}, // over 3 ms
	} {
		out := func(peer string, v float64) *harness.Output {
			return &harness.Output{Peer: peer, Fork: harness.ForkFulu, Case: harness.CaseState, Validators: n,
				Rows: []harness.Row{{Case: harness.CaseState, Name: harness.RowSlot, Samples: []float64{v}}}}
		}
		run := &Run{Tables: []Table{{Fork: harness.ForkFulu, Sizes: []int{n}}},
			Outputs: []*harness.Output{out(Reference, c.ours), out("fastssz", c.theirs)}}
		m := Build(run, []string{Reference, "fastssz"})
		got := m.target(StateKey(harness.ForkFulu, n), stateRow(harness.RowSlot))
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("slot %v ns beside %v ns: target %q, want %s", c.ours, c.theirs, got, c.want)
		}
	}
}
