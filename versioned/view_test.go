package versioned

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/diff"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestStateViewEveryFork checks, on a state of every fork and preset, the
// calls the guide and docs/diff.md show: View is the state's untyped
// container (a progressive one in Gloas), diff.Values of two states' views
// lists the changed elements of validators and balances, and view.Rebase
// takes them; a proof past the length of balances names the length.
func TestStateViewEveryFork(t *testing.T) {
	for _, schedule := range []*forks.Schedule{forks.MinimalSchedule, forks.MainnetSchedule} {
		for _, fork := range forks.Names() {
			name := fmt.Sprintf("%v/%s", fork, schedule.Preset().Name)
			b := testState(t, fork, schedule, 1234)
			a, err := decodeState(fork, schedule.Preset(), b, false)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			v := a.View()
			if v == nil || v.Type() != a.Untyped().Type() || v.Node() != a.Untyped().Node() {
				t.Fatalf("%s: View %T is not the state's untyped view", name, v)
			}
			if i := v.FieldIndex("slot"); i != 2 || v.Uint(i) != 1234 {
				t.Errorf("%s: View's slot field %d", name, i)
			}

			c := a.Copy()
			c.Balances().Set(1, 5)
			val := c.Validators().Get(2)
			val.Slashed = true
			c.Validators().Set(2, val)
			res, err := diff.Values(a.View(), c.View(), diff.Options{})
			if err != nil {
				t.Fatalf("%s: diff: %v", name, err)
			}
			var got []string
			for _, ch := range res.Changes {
				got = append(got, ch.Path.String())
			}
			if want := "validators[2].slashed balances[1]"; strings.Join(got, " ") != want {
				t.Errorf("%s: diff %q, want %q", name, got, want)
			}

			again, err := decodeState(fork, schedule.Preset(), b, false)
			if err != nil {
				t.Fatal(err)
			}
			if err := view.Rebase(again.View(), a.View()); err != nil || again.HashTreeRoot() != a.HashTreeRoot() {
				t.Errorf("%s: a rebased state's root changed: %v", name, err)
			}
			idx := tree.NewIndex()
			idx.Add(a.View().Node())
			view.RebaseOn(again.View(), idx)
			idx.Add(again.View().Node())
			if again.HashTreeRoot() != a.HashTreeRoot() {
				t.Errorf("%s: a state rebased on an index changed its root", name)
			}
			if _, err := view.Prove(a.View(), "finalized_checkpoint.root", "validators[2].effective_balance"); err != nil {
				t.Errorf("%s: view.Prove: %v", name, err)
			}

			_, _, _, err = a.ProveBranch("balances[999999999]")
			if !errors.Is(err, schema.ErrPastLength) || !strings.Contains(err.Error(), "past the length 3") {
				t.Errorf("%s: ProveBranch past the length: %v", name, err)
			}
			if _, _, _, err := a.ProveBranch("balances[2]"); err != nil {
				t.Errorf("%s: ProveBranch: %v", name, err)
			}
			if a.FinalizedCheckpoint().Root != (phase0.Root{0xf1}) {
				t.Errorf("%s: finalized root %x", name, a.FinalizedCheckpoint().Root)
			}
		}
	}
}
