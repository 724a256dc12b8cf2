package tree

import (
	"math/rand/v2"
	"testing"
)

// TestNewProgressiveOver builds the upper part of a progressive spine over
// the lower part of another, as a commit of a changed subtree does, and
// checks it against the whole tree NewProgressive makes: the same root,
// the branches it reports, the lower part shared when its branches are
// allocations of their own and copied with its roots when they are part of
// a slab of nodes (its subtrees shared, its branches not), and one
// allocation per new branch.
func TestNewProgressiveOver(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	subs := make([]*Node, 6)
	for k := range subs {
		subs[k] = must(BuildLeaves(2*k, randomBytes(r, 32<<(2*k))))
	}
	whole := NewProgressive(subs)
	want := whole.Root()
	for _, slab := range []bool{false, true} {
		for high := range len(subs) + 1 {
			lower := NewProgressive(subs[high:])
			if slab {
				lower = slabSpine(subs[high:])
			}
			HashAll(lower)
			branches := make([]*Node, len(subs))
			upper := NewProgressiveOver(subs[:high], lower, branches)
			if high == 0 {
				if upper != lower {
					t.Fatalf("no subtrees: got a new node, want rest itself")
				}
				continue
			}
			for k := high; k < len(subs); k++ {
				if !branches[k].RootKnown() {
					t.Errorf("slab %v, high %d: branch %d below lost its root", slab, high, k)
				}
				if slab && branches[k].slab != 0 {
					t.Errorf("high %d: branch %d below is still in a slab", high, k)
				}
			}
			if got := upper.Root(); got != want {
				t.Fatalf("slab %v, high %d: root %x, want %x", slab, high, got, want)
			}
			if branches[0] != upper {
				t.Errorf("slab %v, high %d: branches[0] is not the returned node", slab, high)
			}
			for k, b := range branches {
				left, right := b.Children()
				next := Zero(0)
				if k+1 < len(subs) {
					next = branches[k+1]
				}
				if left != subs[k] || right != next {
					t.Errorf("slab %v, high %d: branch %d is not over subtree %d and the spine below", slab, high, k, k)
				}
			}
			if high < len(subs) && (branches[high] == lower) == slab {
				t.Errorf("slab %v, high %d: the spine below shared %v, want %v", slab, high, branches[high] == lower, !slab)
			}
		}
	}
	if raceEnabled {
		return // the race detector's allocations
	}
	rest := NewProgressive(subs[3:])
	branches := make([]*Node, len(subs))
	if a := testing.AllocsPerRun(100, func() { NewProgressiveOver(subs[:3], rest, branches) }); a != 3 {
		t.Errorf("NewProgressiveOver of 3 subtrees over 3 makes %v allocations, want 3", a)
	}
}

// slabSpine returns a progressive spine over subs whose branches are one
// slab of nodes, as a spine was allocated before each branch became an
// allocation of its own (and as a partial tree's nodes may be).
func slabSpine(subs []*Node) *Node {
	if len(subs) == 0 {
		return Zero(0)
	}
	spine := make([]Node, len(subs))
	n := Zero(0)
	for k := len(subs) - 1; k >= 0; k-- {
		spine[k].left, spine[k].right = subs[k], n
		spine[k].slab = slabTag(inNodeSlab, k, len(spine))
		n = &spine[k]
	}
	return n
}
