package forks_test

import (
	"fmt"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// Gloas's containers are schema types, the core ones progressive; its
// light-client indices follow from them, and its p2p specification bounds
// the size of the messages whose types have progressive lists.
func Example_gloas() {
	types, err := forks.Gloas.Resolve(forks.Mainnet)
	if err != nil {
		panic(err)
	}
	state := types.Type("BeaconState").(*schema.ProgressiveContainer)
	fmt.Println(state.NumFields(), "fields in", state.Name(), "of", forks.GloasSpecVersion)
	g, _ := schema.Gindex(state, "finalized_checkpoint.root")
	fmt.Println("finalized_checkpoint.root at", g, "=", g == forks.FinalizedRootIndexGloas)
	g, _ = schema.Gindex(state, "validators[999999].slashed")
	fmt.Println("validators[999999].slashed at depth", g.Depth())

	fmt.Println(forks.CheckMessageSize(types, "SignedAggregateAndProof", 16829))
	fmt.Println(forks.CheckMessageSize(types, "SignedAggregateAndProof", 16830))
	// Output:
	// 46 fields in BeaconState of v1.7.0-alpha.13
	// finalized_checkpoint.root at 735 = true
	// validators[999999].slashed at depth 43
	// <nil>
	// forks: gloas SignedAggregateAndProof message of 16830 bytes exceeds MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE, 16829 bytes
}
