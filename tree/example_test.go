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

// Two versions of a list of 100,000 uint64 in pages: the second shares all
// but one page and the path above it, so adding it to a set that holds the
// first adds a few hundred bytes. Removing the first releases what only it
// holds: the stem node over its sparse top levels; not its old page, nor the old path above it, which decoding
// allocated in slabs that the second still reaches through their other
// nodes, and which the collector frees only whole.
func ExampleMemory() {
	l, err := tree.NewLayout(tree.ChunkShape, 4) // pages of 16 chunks
	if err != nil {
		panic(err)
	}
	first, err := tree.BuildPages(l, 40, make([]byte, 100_000*8))
	if err != nil {
		panic(err)
	}
	page, err := tree.NewPage(l, make([]byte, 16*32))
	if err != nil {
		panic(err)
	}
	second, err := tree.Set(first, 36, 7, page)
	if err != nil {
		panic(err)
	}

	var m tree.Memory
	one := m.Add(first)
	extra := m.Add(second)
	fmt.Println("one list holds more than its 800,000 bytes:", one > 800_000)
	fmt.Println("the second adds under 2 KiB:", extra < 2048)
	fmt.Println("together:", m.Bytes() == one+extra, m.Bytes() == tree.Size(first, second))
	released := m.Remove(first)
	fmt.Println("removing the first releases", released, "bytes")
	// Output:
	// one list holds more than its 800,000 bytes: true
	// the second adds under 2 KiB: true
	// together: true true
	// removing the first releases 64 bytes
}
