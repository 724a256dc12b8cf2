package cache_test

import (
	"fmt"

	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// A cache of Fulu states one epoch apart: each state after the first adds
// only what its epoch changed, the finalized state is pinned, and a state
// is found by its root, by its block's root or as the closest ancestor of
// a block to replay from.
func Example() {
	st, err := synth.FuluState(fulu.Minimal, 2048, 1)
	if err != nil {
		panic(err)
	}
	one := tree.Size(st.View().Node())
	c := cache.New[*fulu.BeaconState](2 * one)

	block := func(i int) [32]byte { return [32]byte{byte(i)} }
	finalized, _ := c.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: block(1)})
	c.Pin(finalized)
	for i := 2; i <= 8; i++ {
		st = st.Copy()
		if err := synth.FuluEpoch(st, uint64(i)); err != nil {
			panic(err)
		}
		_, added := c.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: block(i), ParentRoot: block(i - 1)})
		if i == 2 {
			fmt.Printf("the second state adds %.0f%% of the first\n", 100*float64(added)/float64(one))
		}
	}
	s := c.Stats()
	fmt.Println(s.Entries, "states cached,", s.Evictions, "evicted, within budget:", s.Bytes+s.IndexBytes+s.AccountingBytes <= c.Budget())

	// Block 9's state is not cached: replay from the closest ancestor.
	parent := func(b [32]byte) ([32]byte, bool) { return block(8), b == block(9) }
	from, info, ok := c.Ancestor(block(9), parent)
	fmt.Println("replay from block", info.BlockRoot[0], ok, from.Slot() == st.Slot())

	_, ok = c.GetByBlock(block(1))
	fmt.Println("finalized state kept:", ok)
	// Output:
	// the second state adds 24% of the first
	// 4 states cached, 4 evicted, within budget: true
	// replay from block 8 true true
	// finalized state kept: true
}
