package tree

import "crypto/sha256"

// MaxDepth is the depth of the deepest zero subtree kept, and so the deepest
// tree this package builds: generalized indices are uint64.
const MaxDepth = 64

// zeroes[d] is the root node of a complete subtree of depth d whose chunks
// are all zero. zeroes[0] is the zero leaf.
var zeroes [MaxDepth + 1]*Node

func init() {
	zeroes[0] = NewLeaf([32]byte{})
	zeroes[0].slab = slabStatic
	for d := 1; d <= MaxDepth; d++ {
		below := zeroes[d-1]
		n := &Node{left: below, right: below}
		var pair [64]byte
		copy(pair[:32], below.root[:])
		copy(pair[32:], below.root[:])
		n.root = sha256.Sum256(pair[:])
		n.state.Store(rootKnown)
		n.slab = slabStatic
		zeroes[d] = n
	}
}

// Zero returns the shared node for a complete subtree of depth depth whose
// chunks are all zero. Its root is zero_hashes[depth] of the spec.
func Zero(depth int) *Node {
	return zeroes[depth]
}

// ZeroRoot returns the root of a zero subtree of the given depth.
func ZeroRoot(depth int) [32]byte {
	return zeroes[depth].root
}

// IsZero reports whether n is the shared zero subtree of the given depth.
// A subtree built of zero chunks by other means is equal in root, but not
// identical, and IsZero reports false for it.
func IsZero(n *Node, depth int) bool {
	return depth >= 0 && depth <= MaxDepth && n == zeroes[depth]
}
