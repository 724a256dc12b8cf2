package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// boardOutput returns a scoreboard child's output: each row at v ns, the
// roots as given.
func boardOutput(peer string, v float64, blockRoot, stateRoot string) *harness.Output {
	o := &harness.Output{Peer: peer, Fork: harness.ForkDeneb, Case: harness.CaseScoreboard, Procs: 1}
	for _, row := range harness.ScoreboardRows {
		o.Rows = append(o.Rows, harness.Row{Case: harness.CaseScoreboard, Name: row, Samples: []float64{v}})
	}
	o.Checks = []harness.Check{
		{Case: harness.CaseScoreboard, Name: harness.RowBoardBlockRoot, Value: blockRoot},
		{Case: harness.CaseScoreboard, Name: harness.RowBoardBlockEncode, Value: harness.EncodingEqual},
		{Case: harness.CaseScoreboard, Name: harness.RowBoardStateRoot, Value: stateRoot},
		{Case: harness.CaseScoreboard, Name: harness.RowBoardStateEncode, Value: harness.EncodingEqual},
	}
	return o
}

// TestScoreboardSection checks the scoreboard section: its rows beside
// the peers with the targets marked, a peer whose root differs dropped,
// and ssztree's root checked against the published one.
func TestScoreboardSection(t *testing.T) {
	block, state := strings.Repeat("ab", 32), strings.Repeat("cd", 32)
	run := &Run{
		Tables: []Table{{Fork: harness.ForkFulu, Sizes: []int{2000}}},
		Scoreboard: &Scoreboard{
			BlockRoot: block, StateRoot: state, Validators: 2000, Pinning: "`taskset -c 1`",
		},
		Outputs: []*harness.Output{
			boardOutput(Reference, 50, block, state),
			boardOutput("dynssz", 100, block, state),
			boardOutput("zrnt", 10, block, strings.Repeat("00", 32)), // a wrong state root
		},
	}
	m := Build(run, []string{Reference, "dynssz", "zrnt"})
	if len(m.Failures) != 0 {
		t.Errorf("failures: %v", m.Failures)
	}
	var b strings.Builder
	m.scoreboardSection(func(format string, args ...any) { fmt.Fprintf(&b, format, args...) })
	md := b.String()
	for _, want := range []string{
		"| block decode | 50.0 ns | 100 ns | 10.0 ns | 5.00× (zrnt) | ≤ 0.8 × fastest peer: ✗ |",                                 // zrnt's block rows stay
		"| state decode | 50.0 ns | 100 ns | — (state-root differs from ssztree's) | 0.50× (dynssz) | ≤ 0.8 × fastest peer: ✓ |", // zrnt dropped
		"| state root, fresh decode | 50.0 ns | 100 ns | — (state-root differs from ssztree's) | 0.50× (dynssz) | ≤ 0.6 × fastest peer: ✓ |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("section lacks %q:\n%s", want, md)
		}
	}
	// ssztree differing from the published root is a failure.
	run.Scoreboard.BlockRoot = strings.Repeat("ef", 32)
	m = Build(run, []string{Reference, "dynssz", "zrnt"})
	if len(m.Failures) != 1 || m.Failures[0].Group != ScoreboardKey {
		t.Errorf("failures with a wrong published root: %v", m.Failures)
	}
}

// TestOneCoreRows checks that each one-core row follows its twin and is
// vouched for by its twin's checks.
func TestOneCoreRows(t *testing.T) {
	found := 0
	for i, r := range StateRows {
		many, ok := harness.ManyCoreRow(r.ID)
		if !ok {
			continue
		}
		found++
		if i == 0 || StateRows[i-1].ID != many || !strings.HasSuffix(r.Title, oneCoreTitle) {
			t.Errorf("one-core row %s (%q) does not follow its twin %s", r.ID, r.Title, many)
		}
		if got, want := strings.Join(harness.ChecksFor(harness.CaseState, r.ID), ","), strings.Join(harness.ChecksFor(harness.CaseState, many), ","); got != want || got == "" {
			t.Errorf("%s: checks %q, its twin's %q", r.ID, got, want)
		}
	}
	if found != len(harness.OneCoreRows) {
		t.Errorf("%d one-core rows, want %d", found, len(harness.OneCoreRows))
	}
}
