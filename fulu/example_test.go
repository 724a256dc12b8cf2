package fulu_test

import (
	"fmt"

	"github.com/ssztree/ssztree/fulu"
)

// A Fulu state holds the proposers of the current epoch and of the next
// MIN_SEED_LOOKAHEAD epochs, a vector of validator indices read and
// written in place.
func Example_proposerLookahead() {
	st := fulu.NewBeaconState(fulu.Minimal)
	lookahead := st.ProposerLookahead() // a handle: writes go to st
	for slot := range lookahead.Len() {
		lookahead.Set(slot, fulu.ValidatorIndex(100+slot))
	}
	snapshot := st.Copy()
	lookahead.Set(0, 7)

	fmt.Println(lookahead.Len(), st.ProposerLookahead().Get(0), snapshot.ProposerLookahead().Get(0))
	// Output:
	// 16 7 100
}
