package report

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// TestColdRootBesideItsFloor checks that the cold root's ratio to the floor
// comes from the samples paired with the floor measured beside each: the
// median of the samples' own ratios, not the ratio of the medians nor the
// run's floor, and that the row's target is judged on it.
func TestColdRootBesideItsFloor(t *testing.T) {
	const n = TargetSize
	key := StateKey(harness.ForkFulu, n)
	run := &Run{
		SSZBytes: map[string]int{key: 100e6},
		Tables:   []Table{{Fork: harness.ForkFulu, Sizes: []int{n}}},
		Machine:  Machine{GOMAXPROCS: 2},
		// The run's floor: 1e6 pairs at 1e7 a second, 100 ms; every
		// sample below is over 1.2 × that.
		Hashers: []HasherRate{{Name: "k", PairsPerSecond: map[int]float64{1: 5e6, 2: 1e7}}},
		Pairs:   map[string]map[string]uint64{key: {harness.RowColdRoot: 1e6}},
	}
	row := harness.Row{
		Case: harness.CaseState, Name: harness.RowColdRoot, Unit: harness.UnitNs, Validators: n,
		// Ratios 1.0, 1.1, 1.3: median 1.1, where the medians' ratio is
		// 150/110 = 1.36.
		Samples: []float64{200e6, 150e6, 130e6},
		Floor:   []float64{200e6, 150e6 / 1.1, 100e6},
	}
	run.Outputs = []*harness.Output{{Peer: Reference, Fork: harness.ForkFulu, Case: harness.CaseState, Validators: n, Rows: []harness.Row{row}}}
	m := Build(run, []string{Reference})
	r := stateRow(harness.RowColdRoot)
	c, ok := m.cell(key, r, Reference)
	if !ok || c.Paired == nil {
		t.Fatalf("cell %+v: no paired ratios", c)
	}
	want := []float64{1.0, 1.1, 1.3}
	for i := range want {
		if d := c.Ratios[i] - want[i]; d > 1e-9 || d < -1e-9 {
			t.Fatalf("ratios %v, want %v", c.Ratios, want)
		}
	}
	if d := c.Paired.Median - 1.1; d > 1e-9 || d < -1e-9 {
		t.Errorf("median ratio %v, want 1.1", c.Paired.Median)
	}
	if got := m.text(key, r, Reference); !strings.Contains(got, "1.10× the floor beside it ±14%") {
		t.Errorf("cell text %q lacks the paired ratio", got)
	}
	if got := m.target(key, r); !strings.HasSuffix(got, "✓") {
		t.Errorf("target %q: the paired median 1.1 meets ≤ 1.2", got)
	}
	md := Markdown(m, "b.svg", time.Minute)
	if !strings.Contains(md, "1.00, 1.10, 1.30; median 1.10×") {
		t.Errorf("the report lacks the runs' ratios in order:\n%s", md)
	}

	// Without the floor beside each sample, the run's floor judges the
	// median: 150 ms against 100 ms is over 1.2 ×.
	row.Floor = nil
	run.Outputs[0].Rows = []harness.Row{row}
	m = Build(run, []string{Reference})
	if c, _ := m.cell(key, r, Reference); c.Paired != nil {
		t.Errorf("paired ratios %v from a row without floors", c.Ratios)
	}
	if got := m.target(key, r); !strings.HasSuffix(got, "✗") {
		t.Errorf("target %q without paired floors: 1.5 × the run's floor is over 1.2", got)
	}
}

// TestPairedRatiosNeedEveryFloor checks that a row whose floors do not
// pair one to one with its samples gives no ratios.
func TestPairedRatiosNeedEveryFloor(t *testing.T) {
	for _, floors := range [][]float64{nil, {1}, {1, 0}, {1, 2, 3}} {
		if got := pairedRatios(harness.Row{Samples: []float64{1, 2}, Floor: floors}); got != nil {
			t.Errorf("floors %v: ratios %v, want none", floors, got)
		}
	}
	if got := pairedRatios(harness.Row{Samples: []float64{3, 8}, Floor: []float64{2, 4}}); !slices.Equal(got, []float64{1.5, 2}) {
		t.Errorf("ratios %v, want [1.5 2]", got)
	}
}
