package tree_test

import (
	"fmt"

	"github.com/ssztree/ssztree/tree"
)

// A tree of four chunks: a change builds a new root that shares every
// untouched node with the old one, and a proof of a leaf checks against the
// new root.
func Example() {
	data := make([]byte, 4*32)
	for i := range 4 {
		data[32*i] = byte(i + 1)
	}
	root, err := tree.BuildLeaves(2, data)
	if err != nil {
		panic(err)
	}
	changed, err := tree.Set(root, 2, 3, tree.NewLeafUint64(9))
	if err != nil {
		panic(err)
	}
	oldLeft, _ := tree.Get(root, 1, 0)
	newLeft, _ := tree.Get(changed, 1, 0)
	fmt.Println("left half shared:", oldLeft == newLeft)
	before, after := root.Root(), changed.Root() // sha256 of the pairs, then of their roots
	fmt.Printf("roots %x… and %x…\n", before[:4], after[:4])

	g := tree.GindexOf(2, 3) // the fourth chunk: generalized index 7
	leaf, branch, err := tree.Prove(changed, g)
	if err != nil {
		panic(err)
	}
	fmt.Println(g, leaf[0], len(branch), tree.VerifyProof(changed.Root(), g, leaf, branch))
	// Output:
	// left half shared: true
	// roots bfe3c665… and 5cdbe834…
	// 7 9 2 true
}
