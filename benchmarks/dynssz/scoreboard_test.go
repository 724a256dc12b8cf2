package dynssz

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers/ssztree"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestScoreboardAgreement checks the dynamic-ssz peer's scoreboard against
// ssztree's and the published roots, on the suite's block and on a state
// of the suite's generator (skipped, with the reason, where the generator
// cannot run): see the benchmarks module's test of the same name.
func TestScoreboardAgreement(t *testing.T) {
	ref, err := harness.Reference(ssztree.Peers(), "ssztree", harness.ForkDeneb)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("block", func(t *testing.T) {
		for _, d := range harness.ScoreboardDisagreements(ref, peer.Peers(), workload.ScoreboardBlock, nil, workload.ScoreboardBlockRoot, "") {
			t.Error(d)
		}
	})
	t.Run("state", func(t *testing.T) {
		state, root, err := workload.ScoreboardTestState()
		if err != nil {
			t.Skipf("no state of the suite's generator: %v", err)
		}
		for _, d := range harness.ScoreboardDisagreements(ref, peer.Peers(), workload.ScoreboardBlock, state, workload.ScoreboardBlockRoot, root) {
			t.Error(d)
		}
	})
}
