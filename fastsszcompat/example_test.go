package fastsszcompat_test

import (
	"fmt"

	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/fastsszcompat"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// A list of balances of ssztree handed to code written for fastssz: its
// root through fastssz's hasher, and a proof of one balance from
// fastssz's proof tree, verified by fastssz.
func Example() {
	balances, _ := view.NewBasicList[uint64](schema.Must(schema.NewList(schema.Uint64, 1<<40)))
	for i := range uint64(10) {
		_ = balances.Append(32_000_000_000 + i)
	}

	var v ssz.HashRoot = fastsszcompat.Wrap(balances) // what fastssz's code takes
	root, _ := ssz.HashWithDefaultHasher(v)
	fmt.Println(root == balances.HashTreeRoot())

	g, _, _, _ := view.ProveBranch(balances, "[7]") // the chunk of balances 4 to 7
	node, _ := v.GetTree()
	proof, _ := node.Prove(int(g))
	ok, _ := ssz.VerifyProof(root[:], proof)
	fmt.Println(g, len(proof.Hashes), ok)
	// Output:
	// true
	// 549755813889 39 true
}
