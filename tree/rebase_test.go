package tree

import "testing"

// ileaf returns a leaf holding v.
func ileaf(v uint64) *Node { return NewLeafUint64(v) }

// TestIndexCounts adds two trees that share a subtree, removes them one by
// one, and checks that the index keeps what the other still holds.
func TestIndexCounts(t *testing.T) {
	shared := NewBranch(NewBranch(ileaf(1), ileaf(2)), NewBranch(ileaf(3), ileaf(4)))
	a := NewBranch(shared, NewBranch(ileaf(5), ileaf(6)))
	b := NewBranch(shared, NewBranch(ileaf(7), ileaf(8)))
	x := NewIndex()
	x.Add(a)
	x.Add(b)
	if x.Len() != 3+2+2 {
		t.Fatalf("%d nodes indexed, want 7 (3 shared branches, 2 of each tree)", x.Len())
	}
	x.Remove(a)
	if x.Len() != 3+2 {
		t.Fatalf("%d nodes left after removing a, want 5", x.Len())
	}
	// A tree equal to b, built apart, rebases onto b's nodes.
	c := NewBranch(NewBranch(NewBranch(ileaf(1), ileaf(2)), NewBranch(ileaf(3), ileaf(4))), NewBranch(ileaf(7), ileaf(8)))
	if got := x.Rebase(c); got != b {
		t.Fatal("a tree equal to b is not b after rebase on the index")
	}
	// One with a changed leaf shares the subtree it has in common.
	d := NewBranch(NewBranch(NewBranch(ileaf(1), ileaf(2)), NewBranch(ileaf(3), ileaf(4))), NewBranch(ileaf(7), ileaf(9)))
	got := x.Rebase(d)
	if got.Root() != d.Root() || got.left != shared || got == b {
		t.Fatal("a tree one leaf from b does not share the rest")
	}
	x.Remove(b)
	if x.Len() != 0 {
		t.Fatalf("%d nodes left after removing both", x.Len())
	}
}

// TestRebaseByPosition checks that Rebase shares by position and copies
// the rest, root kept.
func TestRebaseByPosition(t *testing.T) {
	base := NewBranch(NewBranch(ileaf(1), ileaf(2)), NewBranch(ileaf(3), ileaf(4)))
	n := NewBranch(NewBranch(ileaf(1), ileaf(2)), NewBranch(ileaf(3), ileaf(5)))
	got := Rebase(n, base)
	if got.Root() != n.Root() || got.left != base.left || got.right == n.right || got.right == base.right {
		t.Fatal("rebase by position: left not shared, or right not copied")
	}
	if !got.right.RootKnown() || got.right.Root() != n.right.Root() {
		t.Fatal("a copied branch lost its root")
	}
}
