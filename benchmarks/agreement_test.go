package benchmarks

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestAgreement runs every operation of the script once on a small state, and
// the micro cases, on every peer of this module, and demands the same roots
// as ssztree's (and encodings equal to the input).
func TestAgreement(t *testing.T) {
	const n = 2000
	state, err := workload.State(n)
	if err != nil {
		t.Fatal(err)
	}
	micro, err := workload.Micro()
	if err != nil {
		t.Fatal(err)
	}
	all := peers.All()
	want := harness.AllChecks(all[0], state, n, micro)
	for _, c := range want {
		if c.Err != "" {
			t.Errorf("ssztree %s/%s: %s", c.Case, c.Name, c.Err)
		}
	}
	for _, p := range all[1:] {
		for _, d := range harness.Disagreements(p.Name, harness.AllChecks(p, state, n, micro), want) {
			t.Error(d)
		}
	}
}
