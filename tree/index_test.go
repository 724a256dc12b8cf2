package tree

import (
	"runtime"
	"testing"
)

// TestIndexBytes compares the index's own estimate of its bytes with the
// heap it takes at several sizes (it must be within a third, as
// indexEntryBytes says; a small map is left out, where the collector's
// own noise is as large), and checks that removing most of what it holds
// rebuilds its map: the estimate and the heap fall together.
func TestIndexBytes(t *testing.T) {
	for _, n := range []int{10_000, 40_000, 150_000} {
		nodes := make([]*Node, n)
		for i := range nodes {
			nodes[i] = NewBranch(ileaf(uint64(i)), ileaf(uint64(i)+1))
			nodes[i].Root()
		}
		x, held := heldBy(func() *Index {
			x := NewIndex()
			for _, b := range nodes {
				x.Add(b)
			}
			return x
		})
		base := liveHeap() - held
		if x.Len() != n || x.Bytes() < held*2/3 || x.Bytes() > held*4/3 {
			t.Errorf("%d branches: %d indexed, estimated at %d bytes, the heap holds %d", n, x.Len(), x.Bytes(), held)
		}
		for _, b := range nodes[n/10:] {
			x.Remove(b)
		}
		left := liveHeap() - base
		if x.Len() != n/10 || x.Bytes() > held/2 || left > held/2 {
			t.Errorf("%d branches, 90%% removed: %d indexed, estimated at %d bytes, the heap holds %d of %d", n, x.Len(), x.Bytes(), left, held)
		}
		runtime.KeepAlive(x)
		runtime.KeepAlive(nodes)
	}
}

// TestIndexKeyCollision gives two branches roots that differ but share the
// 8 bytes the index keys them by: the second is not indexed (a lost chance
// of sharing), a lookup of its root finds nothing, and removing it leaves
// the first.
func TestIndexKeyCollision(t *testing.T) {
	fake := func(last byte) *Node {
		var r [32]byte
		copy(r[:], "prefix!!")
		r[31] = last
		return withRoot(&Node{left: ileaf(uint64(last)), right: ileaf(0)}, &Node{root: r})
	}
	a, b := fake(1), fake(2)
	x := NewIndex()
	x.Add(a)
	x.Add(b)
	if x.Len() != 1 || x.lookup(a) != a || x.lookup(b) != nil {
		t.Fatalf("two roots of one key: %d indexed, lookups %p %p", x.Len(), x.lookup(a), x.lookup(b))
	}
	if got := x.Rebase(b); got.root != b.root || got == a {
		t.Fatal("a tree rebased on a node of another root of its key")
	}
	x.Remove(b)
	if x.lookup(a) != a {
		t.Fatal("removing the tree not indexed removed the one of its key")
	}
	x.Remove(a)
	if x.Len() != 0 {
		t.Fatalf("%d left", x.Len())
	}
}

// TestIndexZeroPagesOfTwoLayouts indexes pages of zero values of two
// layouts, which have one root (that of the zero subtree of their depth):
// a tree holding a zero page of the second layout, rebased on the index,
// shares the second's page, not a copy of its own.
func TestIndexZeroPagesOfTwoLayouts(t *testing.T) {
	la := must(NewLayout(ChunkShape, 2))
	lb := must(NewLayout(ChunkShape, 2))
	if la == lb {
		t.Fatal("two layouts made apart are one")
	}
	zeros := func(l *Layout) *Node { return must(NewPage(l, make([]byte, 4*32))) }
	a, b := zeros(la), zeros(lb)
	if a.Root() != b.Root() {
		t.Fatal("zero pages of two layouts of one shape differ in root")
	}
	x := NewIndex()
	x.Add(NewBranch(a, ileaf(1)))
	x.Add(NewBranch(b, ileaf(2)))
	got := x.Rebase(NewBranch(zeros(lb), ileaf(3)))
	if got.left != b {
		t.Error("a zero page of the second layout is not shared with the one indexed")
	}
	if got := x.Rebase(NewBranch(zeros(la), ileaf(3))); got.left != a {
		t.Error("a zero page of the first layout is not shared with the one indexed")
	}
}
