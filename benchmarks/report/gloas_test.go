package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// TestGloasTargets checks that the Gloas table of TargetSize validators
// marks the targets although it is not the headline's, and the Electra
// one does not.
func TestGloasTargets(t *testing.T) {
	const n = TargetSize
	var run Run
	run.SSZBytes = map[string]int{}
	for _, fork := range []string{harness.ForkFulu, harness.ForkElectra, harness.ForkGloas} {
		run.Tables = append(run.Tables, Table{Fork: fork, Sizes: []int{n}})
		run.SSZBytes[StateKey(fork, n)] = 100e6
		run.Outputs = append(run.Outputs, &harness.Output{
			Peer: Reference, Fork: fork, Case: harness.CaseState, Validators: n,
			Rows: []harness.Row{{Case: harness.CaseState, Name: harness.RowHeapDecode, Samples: []float64{140e6}}},
		})
	}
	m := Build(&run, []string{Reference})
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	for _, c := range []struct {
		fork string
		want bool
	}{{harness.ForkGloas, true}, {harness.ForkElectra, false}} {
		b.Reset()
		m.stateTable(w, c.fork, n)
		// 1.4 × SSZ misses the heap's target of 1.3 ×.
		if got := strings.Contains(b.String(), "≤ 1.3 × SSZ: ✗"); got != c.want {
			t.Errorf("%s table marks the heap's target: %v, want %v\n%s", c.fork, got, c.want, b.String())
		}
	}
}
