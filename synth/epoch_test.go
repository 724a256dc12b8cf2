package synth_test

import (
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
)

// TestFuluEpoch checks the changes FuluEpoch promises against the state
// before them.
func TestFuluEpoch(t *testing.T) {
	st, err := synth.FuluState(fulu.Minimal, 500, 1)
	if err != nil {
		t.Fatal(err)
	}
	next := st.Copy()
	if err := synth.FuluEpoch(next, 7); err != nil {
		t.Fatal(err)
	}
	if next.Slot() != st.Slot()+8 {
		t.Errorf("slot %d after %d, want an epoch of 8 later", next.Slot(), st.Slot())
	}
	for i := range st.Balances().Len() {
		if next.Balances().Get(i) == st.Balances().Get(i) {
			t.Fatalf("balance %d unchanged", i)
		}
	}
	if next.PreviousEpochParticipation().HashTreeRoot() != st.CurrentEpochParticipation().HashTreeRoot() {
		t.Error("previous participation is not the current one before")
	}
	if next.PreviousEpochParticipation().Node() != st.CurrentEpochParticipation().Node() {
		t.Error("previous participation does not share the tree of the current one before")
	}
	changed := 0
	for i := range st.Validators().Len() {
		if next.Validators().Get(i) != st.Validators().Get(i) {
			changed++
		}
	}
	if changed == 0 || changed > synth.EpochEffectiveBalances {
		t.Errorf("%d validators changed", changed)
	}
	if next.PendingDeposits().Len() != st.PendingDeposits().Len() || next.PendingDeposits().HashTreeRoot() == st.PendingDeposits().HashTreeRoot() {
		t.Error("pending deposits not replaced one for one")
	}
	if next.HashTreeRoot() == st.HashTreeRoot() {
		t.Error("root unchanged")
	}
}
