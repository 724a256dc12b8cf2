package tree

import (
	"math/rand/v2"
	"testing"
)

// progressiveSubtreeGindex returns the generalized index of subtree k of
// a progressive tree whose root is at g: k steps right along the spine,
// then left.
func progressiveSubtreeGindex(g Gindex, k int) Gindex {
	for range k {
		g = 2*g + 1
	}
	return 2 * g
}

// TestProveMultiProgressive proves, in one multiproof, nodes in different
// subtrees of a progressive tree below a length mix-in, the tree of a
// ProgressiveList (mix_in_length(merkleize_progressive(chunks), length),
// ssz/simple-serialize.md), with subtrees of every node kind genTree makes
// (pages, zero subtrees, branches), together with the length and the zero
// chunk that ends the spine; checkMultiproof holds the proof to the
// specification's get_helper_indices and calculate_multi_merkle_root
// (proof_test.go). A changed leaf must not verify.
func TestProveMultiProgressive(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 7))
	for range 200 {
		k := 1 + r.IntN(6)
		subtrees := make([]*Node, k)
		for i := range subtrees {
			subtrees[i] = genTree(t, r, 2*i)
		}
		root := NewMixIn(NewProgressive(subtrees), uint64(r.IntN(1<<20)))
		var gs []Gindex
		for i, s := range subtrees {
			if r.IntN(4) == 0 {
				continue
			}
			g, ok := progressiveSubtreeGindex(2, i).Concat(randomIndex(r, s, 2*i+1))
			if !ok {
				t.Fatal("gindex overflow")
			}
			gs = append(gs, g)
		}
		if r.IntN(2) == 0 {
			gs = append(gs, 3) // the length
		}
		if r.IntN(2) == 0 {
			gs = append(gs, progressiveSubtreeGindex(2, k)/2) // the spine's last right child, a zero chunk
		}
		if len(gs) == 0 {
			continue
		}
		r.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatalf("%d subtrees, indices %v: %v", k, gs, err)
		}
		checkMultiproof(t, root, gs, mp)

		bad := cloneProof(mp)
		bad.Leaves[r.IntN(len(bad.Leaves))][0] ^= 1
		if bad.Verify(root.Root()) {
			t.Fatalf("a multiproof of %v with a changed leaf verifies", gs)
		}
		if _, ok := specCalculateMultiRoot(bad.Leaves, bad.HelperRoots, bad.Indices); ok {
			if r, _ := specCalculateMultiRoot(bad.Leaves, bad.HelperRoots, bad.Indices); r == root.Root() {
				t.Fatalf("the specification's root of a changed leaf is the tree's")
			}
		}
	}
}
