package view_test

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// Proofs of parts of a value, named by paths: a single proof of one balance
// in a list whose limit is 2^40, and a multiproof of two balances and the
// length, checked against the list's root. Neither proof expands the list:
// the balances sit in pages of 128 and the unused capacity in zero subtrees.
func ExampleProve() {
	balancesType := schema.Must(schema.NewList(schema.Uint64, 1<<40))
	balances, _ := view.NewBasicList[uint64](balancesType)
	for i := 0; i < 1000; i++ {
		_ = balances.Append(32_000_000_000 + uint64(i))
	}
	root := balances.HashTreeRoot()

	// One path: its generalized index, its leaf (the chunk that packs
	// balances 500 to 503) and the branch of siblings, leaf first.
	g, leaf, branch, err := view.ProveBranch(balances, "[501]")
	if err != nil {
		panic(err)
	}
	fmt.Println(g, len(branch), tree.VerifyProof(root, g, leaf, branch))

	// Several paths: one multiproof with the helper nodes the paths share.
	mp, err := view.Prove(balances, "[501]", "[999]", "__len__")
	if err != nil {
		panic(err)
	}
	fmt.Println(mp.Indices, len(mp.HelperIndices), mp.Verify(root))

	mp.Leaves[0][0] ^= 1 // a changed balance no longer verifies
	fmt.Println(mp.Verify(root))
	// Output:
	// 549755814013 39 true
	// [549755814013 549755814137 3] 44 true
	// false
}

// A path past a list's length is an error that names the length; the proof
// of the zero there is asked for by name.
func ExampleProveBranchPastLength() {
	balances, _ := view.NewBasicList[uint64](schema.Must(schema.NewList(schema.Uint64, 1<<40)))
	for i := 0; i < 1000; i++ {
		_ = balances.Append(32_000_000_000)
	}
	_, _, _, err := view.ProveBranch(balances, "[999999999]")
	fmt.Println(err)

	root := balances.HashTreeRoot()
	g, leaf, branch, err := view.ProveBranchPastLength(balances, "[999999999]")
	fmt.Println(leaf == [32]byte{}, tree.VerifyProof(root, g, leaf, branch), err)
	// Output:
	// schema: index past the length: [999999999]: index 999999999 past the length 1000 of List[uint64, 1099511627776]
	// true true <nil>
}
