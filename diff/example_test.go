//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's fuzzing run leaves out of its
// instrumented build of the package (they would cost it minutes).

package diff_test

import (
	"fmt"

	"github.com/ssztree/ssztree/diff"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
)

// Two states that disagree: what a client team looks for when their state
// roots differ. The second is decoded from the first's bytes, so they
// share no node; the walk compares roots and visits only what differs.
func Example() {
	ours, err := synth.FuluState(fulu.Minimal, 64, 1)
	if err != nil {
		panic(err)
	}
	data, err := ours.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	theirs, err := fulu.DecodeBeaconState(fulu.Minimal, data)
	if err != nil {
		panic(err)
	}
	theirs.Balances().Set(7, theirs.Balances().Get(7)+1)
	v := theirs.Validators().Get(12)
	v.Slashed = true
	theirs.Validators().Set(12, v)

	res, err := diff.Values(ours.View(), theirs.View(), diff.Options{Limit: 10})
	if err != nil {
		panic(err)
	}
	for _, c := range res.Changes {
		fmt.Println(c.Path, c.Kind)
	}
	out, err := res.MarshalJSON()
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	// Output:
	// validators[12].slashed changed
	// balances[7] changed
	// {"changes":[{"path":"validators[12].slashed","kind":"changed","type":"boolean","a":false,"b":true},{"path":"balances[7]","kind":"changed","type":"uint64","a":"32389205296","b":"32389205297"}],"truncated":false}
}
