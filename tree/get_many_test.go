package tree

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGetManyMatchesGet builds sparse trees of random depths (stems above
// a few subtrees, zero regions, a second region far from the first) and
// trees of pages, and compares GetMany's nodes with Get's for sorted
// indices with repeats, at the far end and past the populated part, at
// the full depth and at inner ones (inside pages, where Get expands them),
// in batches larger than one walk.
func TestGetManyMatchesGet(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	check := func(name string, n *Node, at int, idx []uint64) {
		t.Helper()
		slices.Sort(idx)
		got := make([]*Node, len(idx))
		if err := GetMany(n, at, idx, got); err != nil {
			t.Fatalf("%s, depth %d: %v", name, at, err)
		}
		for i, j := range idx {
			want, err := Get(n, at, j)
			if err != nil {
				t.Fatalf("%s, depth %d, index %d: Get: %v", name, at, j, err)
			}
			if got[i].Root() != want.Root() {
				t.Fatalf("%s, depth %d, index %d: GetMany's node differs from Get's", name, at, j)
			}
		}
	}
	for round := range 300 {
		depth := 1 + r.IntN(40)
		count := 1 + r.IntN(min(300, 1<<min(depth, 20)))
		nodes := make([]*Node, count)
		for i := range nodes {
			nodes[i] = NewLeaf(randomChunks(r, 1)[0])
		}
		n := must(Build(depth, nodes, 0))
		if depth > 8 && r.IntN(2) == 0 {
			far := uint64(1)<<uint(depth) - uint64(1+r.IntN(4))
			n = must(Set(n, depth, far, NewLeaf([32]byte{9})))
		}
		for _, at := range []int{depth, r.IntN(depth + 1)} {
			limit := uint64(1) << uint(at)
			var idx []uint64
			for range 1 + r.IntN(3*getManyBatch) {
				switch r.IntN(4) {
				case 0:
					idx = append(idx, limit-1-uint64(r.IntN(3))%limit)
				case 1:
					idx = append(idx, uint64(r.IntN(count+5))%limit)
				default:
					idx = append(idx, r.Uint64N(limit))
				}
			}
			check(fmt.Sprint("round ", round), n, at, idx)
		}
	}
	l := must(NewLayout(ChunkShape, 2))
	for _, chunks := range []int{1, 3, 4, 5, 17, 100, 1000} {
		pages := must(BuildPages(l, 30, randomBytes(r, 32*chunks)))
		for _, at := range []int{28, 30} {
			var idx []uint64
			for i := range uint64(chunks + 9) {
				idx = append(idx, i, i)
			}
			check("pages", pages, at, idx)
		}
	}
}

// TestGetManyErrors checks that GetMany rejects what Get rejects (an index
// outside the depth, a leaf above it), indices out of order and a short
// out.
func TestGetManyErrors(t *testing.T) {
	leaves := []*Node{NewLeaf([32]byte{1}), NewLeaf([32]byte{2}), NewLeaf([32]byte{3}), NewLeaf([32]byte{4})}
	n := must(Build(2, leaves, 0))
	out := make([]*Node, 2)
	for name, c := range map[string]struct {
		depth int
		idx   []uint64
		out   []*Node
	}{
		"outside":      {2, []uint64{1, 4}, out},
		"below a leaf": {3, []uint64{0, 5}, out},
		"out of order": {2, []uint64{2, 1}, out},
		"short out":    {2, []uint64{0, 1, 2}, out},
	} {
		if err := GetMany(n, c.depth, c.idx, c.out); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	got := make([]*Node, 4)
	if err := GetMany(n, 2, []uint64{0, 1, 2, 3}, got); err != nil {
		t.Fatal(err)
	}
	for i, want := range leaves {
		if got[i] != want {
			t.Fatalf("leaf %d: another node", i)
		}
	}
}
