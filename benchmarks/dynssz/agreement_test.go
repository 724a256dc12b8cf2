package dynssz

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers/ssztree"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestAgreement runs every operation of the script once on a small state of
// the dynamic-ssz peer's fork, and the micro cases with that fork's block,
// on the dynamic-ssz peer and demands the same roots as ssztree's (and
// encodings equal to the input).
func TestAgreement(t *testing.T) {
	const n = 2000
	for _, p := range peer.Peers() {
		state, err := workload.State(p.Fork, n)
		if err != nil {
			t.Fatal(err)
		}
		micro, err := workload.Micro(p.Fork)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := harness.Reference(ssztree.Peers(), "ssztree", p.Fork)
		if err != nil {
			t.Fatal(err)
		}
		want := harness.AllChecks(ref, state, n, micro)
		got := harness.AllChecks(p, state, n, micro)
		if len(got) == 0 {
			t.Errorf("%s ran no checks", p.Name)
		}
		for _, d := range harness.Disagreements(p.Name, got, want) {
			t.Error(d)
		}
	}
}
