package tree

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCursorMatchesGet builds sparse trees of random depths (spines above
// a few subtrees, pages, zero regions) and compares a Cursor's nodes with
// Get's for indices in increasing order, in random order, repeated, at the
// far end and past the populated part, and at inner depths.
func TestCursorMatchesGet(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for round := range 300 {
		depth := 1 + r.IntN(40)
		count := 1 + r.IntN(min(200, 1<<min(depth, 20)))
		nodes := make([]*Node, count)
		for i := range nodes {
			nodes[i] = NewLeaf(randomChunks(r, 1)[0])
		}
		n, err := Build(depth, nodes, 0)
		if err != nil {
			t.Fatal(err)
		}
		// A second populated region far from the first, so that the
		// tree has real branches above a spine.
		if depth > 8 && r.IntN(2) == 0 {
			far := uint64(1)<<uint(depth) - uint64(1+r.IntN(4))
			if n, err = Set(n, depth, far, NewLeaf([32]byte{9})); err != nil {
				t.Fatal(err)
			}
		}
		for _, at := range []int{depth, r.IntN(depth + 1)} {
			limit := uint64(1) << uint(at)
			var idx []uint64
			for range 3 + r.IntN(40) {
				switch r.IntN(4) {
				case 0:
					idx = append(idx, limit-1-uint64(r.IntN(3))%limit)
				case 1:
					idx = append(idx, uint64(r.IntN(count+5))%limit)
				default:
					idx = append(idx, r.Uint64N(limit))
				}
			}
			sorted := slices.Clone(idx)
			slices.Sort(sorted)
			for _, order := range [][]uint64{sorted, idx} {
				var c Cursor
				c.Reset(n, at)
				for _, i := range order {
					want, werr := Get(n, at, i)
					got, gerr := c.Get(i)
					if (werr == nil) != (gerr == nil) {
						t.Fatalf("round %d depth %d at %d index %d: Get error %v, Cursor error %v", round, depth, at, i, werr, gerr)
					}
					if werr == nil && got.Root() != want.Root() {
						t.Fatalf("round %d depth %d at %d index %d: Cursor's node differs from Get's", round, depth, at, i)
					}
				}
			}
		}
	}
}

// TestCursorErrors checks that a Cursor rejects an index outside its depth
// and a search that meets a leaf above the depth, as Get does, and still
// finds nodes after either.
func TestCursorErrors(t *testing.T) {
	leaves := []*Node{NewLeaf([32]byte{1}), NewLeaf([32]byte{2}), NewLeaf([32]byte{3}), NewLeaf([32]byte{4})}
	n, err := Build(2, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	var c, deep Cursor
	c.Reset(n, 2)
	if _, err := c.Get(4); err == nil {
		t.Fatal("index 4 of a tree of depth 2: no error")
	}
	deep.Reset(n, 3)
	if _, err := deep.Get(5); err == nil {
		t.Fatal("a search below a leaf: no error")
	}
	for i, want := range leaves {
		if got, err := c.Get(uint64(i)); err != nil || got != want {
			t.Fatalf("leaf %d after the errors: %v", i, err)
		}
	}
	if got, err := deep.Get(0); err == nil || got != nil {
		t.Fatal("a search below a leaf, again: no error")
	}
	var empty Cursor
	if _, err := empty.Get(0); err == nil {
		t.Fatal("a cursor without a root: no error")
	}
}

// TestCursorPages compares a Cursor with Get on trees of pages, at the
// pages' level (below a spine) and inside them (where Get expands a page),
// for every index in order and some past the end.
func TestCursorPages(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	l := must(NewLayout(ChunkShape, 2))
	for _, chunks := range []int{1, 3, 4, 5, 17, 100, 1000} {
		pages := must(BuildPages(l, 30, randomBytes(r, 32*chunks)))
		for _, at := range []int{28, 30} {
			var c Cursor
			c.Reset(pages, at)
			for i := range uint64(chunks + 9) {
				want := must(Get(pages, at, i))
				if got, err := c.Get(i); err != nil || got.Root() != want.Root() {
					t.Fatalf("%d chunks, depth %d, index %d: %v", chunks, at, i, err)
				}
			}
		}
	}
}
