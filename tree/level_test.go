package tree

import (
	"math/rand/v2"
	"testing"
)

// TestFill checks that Fill gives, window by window, the nodes Nodes
// gives, on trees of branches, zero subtrees, pages and stems, and that
// it fills a caller's array without allocating.
func TestFill(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var trees []struct {
		n     *Node
		depth int
	}
	add := func(n *Node, depth int) {
		trees = append(trees, struct {
			n     *Node
			depth int
		}{n, depth})
	}
	l := must(NewLayout(ChunkShape, 2))
	for range 10 {
		// Leaves, zero subtrees and a stem side by side, changed at
		// random places.
		n := must(Build(6, append(leavesOf(r, 30), Zero(0), NewStem(NewLeafUint64(1), 0, 0)), 0))
		for range 5 {
			n = must(Set(n, 6, uint64(r.IntN(64)), NewLeafUint64(r.Uint64())))
		}
		add(n, 6)
		add(n, 4)
	}
	for _, chunks := range []int{1, 3, 4, 5, 17, 100} {
		pages := must(BuildPages(l, 30, randomBytes(r, 32*chunks)))
		add(pages, 28) // the pages' level, below a stem
		add(pages, 30) // inside the pages: expanded
		leaves := must(Build(20, leavesOf(r, chunks), 0))
		add(leaves, 20)
		add(NewStem(leaves, 40, 20), 60)
	}
	for i, c := range trees {
		count := uint64(min(200, 1<<min(c.depth, 20)))
		want, err := Nodes(nil, c.n, c.depth, count)
		if err != nil {
			continue // a leaf above the depth: Fill must fail as well
		}
		for _, window := range []int{1, 3, 7, 64} {
			var arr [64]*Node
			for from := uint64(0); from < count; from += uint64(window) {
				out := arr[:min(uint64(window), count-from)]
				if err := Fill(out, c.n, c.depth, from); err != nil {
					t.Fatalf("tree %d, depth %d, from %d: %v", i, c.depth, from, err)
				}
				for j, n := range out {
					if w := want[from+uint64(j)]; n != w && n.Root() != w.Root() {
						t.Fatalf("tree %d, depth %d, position %d: root %x, want %x", i, c.depth, from+uint64(j), n.Root(), w.Root())
					}
				}
			}
		}
	}
	if err := Fill(make([]*Node, 5), Zero(2), 2, 0); err == nil {
		t.Error("5 positions of a depth of 4: no error")
	}
	if err := Fill(make([]*Node, 2), Zero(2), 2, 3); err == nil {
		t.Error("positions 3 and 4 of a depth of 4: no error")
	}
	if err := Fill(make([]*Node, 1), NewLeafUint64(1), 1, 0); err == nil {
		t.Error("a leaf above the depth: no error")
	}
	big := must(Build(10, leavesOf(r, 1000), 0))
	if raceEnabled {
		return
	}
	var arr [16]*Node
	if a := testing.AllocsPerRun(20, func() {
		for from := uint64(0); from < 1000; from += 16 {
			if err := Fill(arr[:min(16, 1000-from)], big, 10, from); err != nil {
				t.Fatal(err)
			}
		}
	}); a != 0 {
		t.Errorf("Fill over 1,000 leaves: %v allocations, want 0", a)
	}
}

// leavesOf returns n leaves of random chunks.
func leavesOf(r *rand.Rand, n int) []*Node { return leaves(randomChunks(r, n)) }
