package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// TestScaleTable checks the scale table's growths and marks on a model of
// two states 20 times apart: a linear row that keeps its ratio to the
// floor, one that grows linearly but drifts from its floor, a path that
// grows little, one that grows too much, and the fastest peer's growth.
func TestScaleTable(t *testing.T) {
	const small, large = 100_000, 2_000_000
	run := &Run{
		Tables:   []Table{{Fork: harness.ForkFulu, Sizes: []int{large, small}}},
		SSZBytes: map[string]int{StateKey(harness.ForkFulu, small): 14e6, StateKey(harness.ForkFulu, large): 280e6},
		Pairs: map[string]map[string]uint64{
			// 1e6 pairs at 1e8 pairs/s: a floor of 10 ms, 200 ms at 2M.
			StateKey(harness.ForkFulu, small): {harness.RowColdRoot: 1e6, harness.RowDecodeColdRoot: 1e6},
			StateKey(harness.ForkFulu, large): {harness.RowColdRoot: 20e6, harness.RowDecodeColdRoot: 20e6},
		},
	}
	run.Machine.GOMAXPROCS = 2
	run.Sample("kernel", 2, 1e8)
	rows := func(n int, v map[string]float64) *harness.Output {
		o := &harness.Output{Peer: Reference, Fork: harness.ForkFulu, Case: harness.CaseState, Validators: n}
		for id, x := range v {
			o.Rows = append(o.Rows, harness.Row{Case: harness.CaseState, Name: id, Samples: []float64{x}})
		}
		return o
	}
	peer := func(o *harness.Output) *harness.Output { o.Peer = "fastssz"; return o }
	run.Outputs = []*harness.Output{
		rows(small, map[string]float64{
			harness.RowColdRoot: 13e6, harness.RowDecodeColdRoot: 15e6,
			harness.RowBalance1: 10e3, harness.RowCopy: 100,
		}),
		rows(large, map[string]float64{
			harness.RowColdRoot:       260e6, // ×20, 1.3× floor at both
			harness.RowDecodeColdRoot: 400e6, // ×26.7, 1.5× floor to 2.0×
			harness.RowBalance1:       15e3,  // ×1.5
			harness.RowCopy:           300,   // ×3
		}),
		peer(rows(small, map[string]float64{harness.RowColdRoot: 20e6})),
		peer(rows(large, map[string]float64{harness.RowColdRoot: 500e6})),
	}
	m := Build(run, []string{Reference, "fastssz"})
	var b strings.Builder
	m.scaleTable(func(format string, a ...any) { fmt.Fprintf(&b, format, a...) })
	out := b.String()
	line := func(title string) string {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "| "+title+" |") {
				return l
			}
		}
		t.Fatalf("no row %q in\n%s", title, out)
		return ""
	}
	for _, c := range []struct {
		id   string
		want []string
	}{
		{harness.RowColdRoot, []string{"13.0 ms (1.30× floor)", "260 ms (1.30× floor)", "×20.0", "linear: ✓", "×25.0 (fastssz)"}},
		{harness.RowDecodeColdRoot, []string{"×26.7", "linear: ✗"}},
		{harness.RowBalance1, []string{"×1.50", "logarithmic: ✓", "| — |"}},
		{harness.RowCopy, []string{"×3.00", "logarithmic: ✗"}},
	} {
		l := line(stateRow(c.id).Title)
		for _, want := range c.want {
			if !strings.Contains(l, want) {
				t.Errorf("%s: %q lacks %q", c.id, l, want)
			}
		}
	}
	if strings.Contains(out, "| "+stateRow(harness.RowEncode).Title+" |") {
		t.Errorf("a row without figures is in the table:\n%s", out)
	}
	if !strings.Contains(out, "## Scale: Fulu from 100,000 to 2,000,000 validators") {
		t.Errorf("no heading with the sizes, smallest first:\n%s", out)
	}

	// One size: no table.
	run.Tables[0].Sizes = []int{large}
	b.Reset()
	Build(run, []string{Reference}).scaleTable(func(format string, a ...any) { fmt.Fprintf(&b, format, a...) })
	if b.Len() != 0 {
		t.Errorf("a scale table with one size:\n%s", b.String())
	}
}

// TestHeadlineState checks that the headline is the state the targets are
// set for, not the largest, and the largest when there is none of that
// size.
func TestHeadlineState(t *testing.T) {
	for _, c := range []struct {
		sizes []int
		want  int
	}{
		{[]int{100_000, TargetSize, 2_000_000}, TargetSize},
		{[]int{2_000_000, 100_000}, 2_000_000},
		{[]int{10_000}, 10_000},
	} {
		m := &Model{Run: &Run{Tables: []Table{{Fork: harness.ForkFulu, Sizes: c.sizes}}}}
		if fork, n := m.headlineState(); fork != harness.ForkFulu || n != c.want {
			t.Errorf("sizes %v: headline %s %d, want %d", c.sizes, fork, n, c.want)
		}
	}
}
