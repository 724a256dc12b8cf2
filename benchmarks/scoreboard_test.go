package benchmarks

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestScoreboardAgreement checks the scoreboard's inputs on every peer of
// this module that has a scoreboard: the suite's block (committed) decodes,
// encodes back to its bytes and has the root the suite publishes, in
// ssztree and in every peer; then the same for a state of the suite's
// generator (2,000 validators), against the root the generator wrote,
// skipped, with the reason, where the generator cannot run.
func TestScoreboardAgreement(t *testing.T) {
	all := peers.All()
	ref, err := harness.Reference(all, "ssztree", harness.ForkDeneb)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("block", func(t *testing.T) {
		for _, d := range harness.ScoreboardDisagreements(ref, all, workload.ScoreboardBlock, nil, workload.ScoreboardBlockRoot, "") {
			t.Error(d)
		}
	})
	t.Run("state", func(t *testing.T) {
		state, root, err := workload.ScoreboardTestState()
		if err != nil {
			t.Skipf("no state of the suite's generator: %v", err)
		}
		for _, d := range harness.ScoreboardDisagreements(ref, all, workload.ScoreboardBlock, state, workload.ScoreboardBlockRoot, root) {
			t.Error(d)
		}
	})
}

// TestScoreboardPeers checks that each library of this module runs the
// scoreboard in exactly one of its peers, and the libraries the section
// names do.
func TestScoreboardPeers(t *testing.T) {
	count := map[string]int{}
	for _, p := range peers.All() {
		if p.Scoreboard != nil {
			count[p.Name]++
		}
	}
	for _, name := range []string{"ssztree", "fastssz", "karalabe-seq", "zrnt"} {
		if count[name] != 1 {
			t.Errorf("%s: %d peers with a scoreboard, want 1", name, count[name])
		}
	}
	if len(count) != 4 {
		t.Errorf("peers with a scoreboard: %v", count)
	}
}

// TestScoreboardDisagreements checks that the check can fail: a published
// root that differs from ssztree's, or a block cut short, is reported.
func TestScoreboardDisagreements(t *testing.T) {
	all := peers.All()
	ref, err := harness.Reference(all, "ssztree", harness.ForkDeneb)
	if err != nil {
		t.Fatal(err)
	}
	wrong := "00" + workload.ScoreboardBlockRoot[2:]
	if d := harness.ScoreboardDisagreements(ref, all, workload.ScoreboardBlock, nil, wrong, ""); len(d) != 1 {
		t.Errorf("a wrong published root: %d disagreements, want 1: %q", len(d), d)
	}
	short := workload.ScoreboardBlock[:len(workload.ScoreboardBlock)-1]
	if d := harness.ScoreboardDisagreements(ref, all, short, nil, workload.ScoreboardBlockRoot, ""); len(d) == 0 {
		t.Error("a block cut short: no disagreement")
	}
}
