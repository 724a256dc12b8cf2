package tree

import (
	"math/rand/v2"
	"testing"
)

// TestNewProgressiveOver builds the upper part of a progressive spine over
// the lower part of another, as a commit of a changed subtree does, and
// checks it against the whole tree NewProgressive makes: the same root,
// the branches it reports, the lower part copied with its roots (its
// subtrees shared, its branches not), and one allocation for all.
func TestNewProgressiveOver(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	subs := make([]*Node, 6)
	for k := range subs {
		subs[k] = must(BuildLeaves(2*k, randomBytes(r, 32<<(2*k))))
	}
	whole := NewProgressive(subs)
	want := whole.Root()
	for high := range len(subs) + 1 {
		lower := NewProgressive(subs[high:])
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
				t.Errorf("high %d: the copy of branch %d lost its root", high, k)
			}
		}
		if got := upper.Root(); got != want {
			t.Fatalf("high %d: root %x, want %x", high, got, want)
		}
		if branches[0] != upper {
			t.Errorf("high %d: branches[0] is not the returned node", high)
		}
		for k, b := range branches {
			left, right := b.Children()
			next := Zero(0)
			if k+1 < len(subs) {
				next = branches[k+1]
			}
			if left != subs[k] || right != next {
				t.Errorf("high %d: branch %d is not over subtree %d and the spine below", high, k, k)
			}
		}
		if high < len(subs) && branches[high] == lower {
			t.Errorf("high %d: the spine below is shared, not copied", high)
		}
	}
	if raceEnabled {
		return // the race detector's allocations
	}
	rest := NewProgressive(subs[3:])
	branches := make([]*Node, len(subs))
	if a := testing.AllocsPerRun(100, func() { NewProgressiveOver(subs[:3], rest, branches) }); a != 1 {
		t.Errorf("NewProgressiveOver of 3 subtrees over 3 makes %v allocations, want 1", a)
	}
}
