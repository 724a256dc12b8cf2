package fastsszcompat

import (
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/tree"
)

// zeroDepth maps each of package tree's shared zero subtrees to its depth.
var zeroDepth = func() map[*tree.Node]int {
	m := make(map[*tree.Node]int, tree.MaxDepth+1)
	for d := 0; d <= tree.MaxDepth; d++ {
		m[tree.Zero(d)] = d
	}
	return m
}()

// Tree returns fastssz's tree of the subtree n (a view's Node): a node of
// fastssz for every node of n, leaves holding their chunks, so that its
// root is n's and its Prove(g) gives, for every generalized index g below
// n, the leaf and branch that package tree's Prove gives. Pages and stems
// (package tree's compact nodes) are expanded, and a zero subtree is
// shared nodes of zero chunks, one per level, that proofs reach into like
// any other: fastssz's own trees leave the zero padding of a list without
// children, where its Prove fails. n is not changed. The new nodes' roots
// are left for fastssz to compute when asked (its Node.Hash and Prove),
// as fastssz's own GetTree leaves them.
func Tree(n *tree.Node) *ssz.Node {
	var b builder
	return b.node(n)
}

// builder converts one tree; zeros[d] is its fastssz zero subtree of depth
// d, made once per tree and shared by every place the tree has one.
type builder struct {
	zeros [tree.MaxDepth + 1]*ssz.Node
}

func (b *builder) node(n *tree.Node) *ssz.Node {
	if d, ok := zeroDepth[n]; ok {
		return b.zero(d)
	}
	if n.IsLeaf() {
		return leaf(n.Chunk())
	}
	left, right := n.Children()
	if left == nil { // a page of one chunk: its root is its chunk
		return leaf(n.Root())
	}
	return ssz.NewNodeWithLR(b.node(left), b.node(right))
}

func (b *builder) zero(d int) *ssz.Node {
	if b.zeros[d] == nil {
		if d == 0 {
			b.zeros[0] = leaf([32]byte{})
		} else {
			below := b.zero(d - 1)
			b.zeros[d] = ssz.NewNodeWithLR(below, below)
		}
	}
	return b.zeros[d]
}

func leaf(chunk [32]byte) *ssz.Node {
	return ssz.NewNodeWithValue(chunk[:])
}
