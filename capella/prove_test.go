package capella_test

import (
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestProveState proves parts of a state by path, validators and balances
// in pages included, and checks them against its root.
func TestProveState(t *testing.T) {
	st, err := synth.CapellaState(capella.Minimal, 3000, 3)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{
		"finalized_checkpoint.root", "current_sync_committee", "next_sync_committee.aggregate_pubkey",
		"validators[12].effective_balance", "validators[2999].pubkey", "validators.__len__",
		"balances[1000]", "balances.__len__", "inactivity_scores[5]", "block_roots[7]",
		"latest_execution_payload_header.block_hash", "historical_summaries.__len__",
	}
	root := st.HashTreeRoot()
	mp, err := view.Prove(st.View(), paths...)
	if err != nil {
		t.Fatal(err)
	}
	if !mp.Verify(root) {
		t.Fatal("the multiproof does not verify")
	}
	for i, p := range paths {
		g, leaf, branch, err := view.ProveBranch(st.View(), p)
		if err != nil {
			t.Fatal(err)
		}
		if leaf != mp.Leaves[i] || !tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: the single proof does not verify, or has another leaf", p)
		}
	}
	v := st.Validators().Get(12)
	var eb [32]byte
	eb[0], eb[1], eb[2], eb[3], eb[4] = byte(v.EffectiveBalance), byte(v.EffectiveBalance>>8), byte(v.EffectiveBalance>>16), byte(v.EffectiveBalance>>24), byte(v.EffectiveBalance>>32)
	if mp.Leaves[3] != eb {
		t.Fatal("the leaf of validators[12].effective_balance is not its balance")
	}
}
