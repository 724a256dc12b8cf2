package dynssz

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers/ssztree"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestAgreement runs every operation of the script once on a small state, and
// the micro cases, on the dynamic-ssz peer and demands the same roots as
// ssztree's (and encodings equal to the input).
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
	want := harness.AllChecks(ssztree.Peers()[0], state, n, micro)
	for _, p := range peer.Peers() {
		for _, d := range harness.Disagreements(p.Name, harness.AllChecks(p, state, n, micro), want) {
			t.Error(d)
		}
	}
}
