package tree

import (
	"testing"
)

// TestSetManyPathOneAllocation checks that a SetMany of a few paths
// allocates its new nodes as one slab, through branches and a spine alike,
// and builds the tree that Set builds.
func TestSetManyPathOneAllocation(t *testing.T) {
	leaves := make([]*Node, 300)
	for i := range leaves {
		leaves[i] = NewLeaf([32]byte{byte(i), byte(i >> 8), 1})
	}
	// 300 leaves at depth 9 under a spine of 21 levels: a list's data tree
	// with a limit far above its length.
	const depth = 30
	root, err := Build(depth, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	root.Root()
	for _, idx := range [][]uint64{{7}, {7, 200}, {0, 1, 299}} {
		nodes := make([]*Node, len(idx))
		for k := range nodes {
			nodes[k] = NewLeaf([32]byte{byte(k), 9})
		}
		got, err := SetMany(root, depth, idx, nodes)
		if err != nil {
			t.Fatal(err)
		}
		want := root
		for k, i := range idx {
			if want, err = Set(want, depth, i, nodes[k]); err != nil {
				t.Fatal(err)
			}
		}
		if got.Root() != want.Root() {
			t.Errorf("SetMany %v: root %x, Set builds %x", idx, got.Root(), want.Root())
		}
		if c := newNodes(root, depth, 0, idx); c == 0 {
			t.Errorf("SetMany %v: no count of its new nodes", idx)
		}
		if raceEnabled {
			continue
		}
		if a := testing.AllocsPerRun(20, func() { _, _ = SetMany(root, depth, idx, nodes) }); a != 1 {
			t.Errorf("SetMany %v: %v allocations, want 1", idx, a)
		}
	}
}

// TestSetManyCountedExactly checks that the slab of a small SetMany is as
// large as the nodes it makes: no node of it is left unused.
func TestSetManyCountedExactly(t *testing.T) {
	leaves := make([]*Node, 64)
	for i := range leaves {
		leaves[i] = NewLeaf([32]byte{byte(i)})
	}
	root, err := Build(6, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		idx  []uint64
		want int
	}{
		{[]uint64{5}, 6},              // one path of 6 branches
		{[]uint64{0, 1}, 6},           // siblings share the path
		{[]uint64{0, 63}, 11},         // two paths meet at the root
		{[]uint64{0, 16, 32, 48}, 19}, // 1 + 2 branches above, 4 levels of each path
	} {
		if got := newNodes(root, 6, 0, tc.idx); got != tc.want {
			t.Errorf("newNodes %v = %d, want %d", tc.idx, got, tc.want)
		}
	}
}

// TestSetManyMixInOneAllocation checks that SetManyMixIn builds what
// NewMixIn over SetMany builds, in one allocation for a few paths, and
// that it mixes the length in when nothing is set or the paths are too
// many for one slab.
func TestSetManyMixInOneAllocation(t *testing.T) {
	leaves := make([]*Node, 300)
	for i := range leaves {
		leaves[i] = NewLeaf([32]byte{byte(i), byte(i >> 8), 2})
	}
	const depth = 30
	root, err := Build(depth, leaves, 0)
	if err != nil {
		t.Fatal(err)
	}
	root.Root()
	many := make([]uint64, 60)
	for i := range many {
		many[i] = uint64(5 * i)
	}
	for _, idx := range [][]uint64{nil, {7}, {7, 200}, many} {
		nodes := make([]*Node, len(idx))
		for k := range nodes {
			nodes[k] = NewLeaf([32]byte{byte(k), 8})
		}
		got, err := SetManyMixIn(root, depth, idx, nodes, 301)
		if err != nil {
			t.Fatal(err)
		}
		data, err := SetMany(root, depth, idx, nodes)
		if err != nil {
			t.Fatal(err)
		}
		if want := NewMixIn(data, 301); got.Root() != want.Root() {
			t.Errorf("SetManyMixIn of %d indices: root %x, NewMixIn over SetMany builds %x", len(idx), got.Root(), want.Root())
		}
		if raceEnabled || len(idx) == 0 || len(idx) == len(many) {
			continue
		}
		if a := testing.AllocsPerRun(20, func() { _, _ = SetManyMixIn(root, depth, idx, nodes, 301) }); a != 1 {
			t.Errorf("SetManyMixIn %v: %v allocations, want 1", idx, a)
		}
	}
	if _, err := SetManyMixIn(root, depth, []uint64{3, 2}, []*Node{leaves[0], leaves[1]}, 1); err == nil {
		t.Error("SetManyMixIn of decreasing indices: no error")
	}
}

// TestHashValueAllocs checks that hashing a value of nested shapes from a
// buffer on the caller's stack allocates nothing: the buffer does not
// escape, and the arena keeps the room for the nested values' ranges.
func TestHashValueAllocs(t *testing.T) {
	inner := must(NewShape(64, 1, []Part{{Offset: 0, Size: 32}, {Offset: 32, Size: 32}}))
	outer := must(NewShape(136, 2, []Part{{Offset: 0, Size: 8}, {Offset: 8, Size: 64, Shape: inner}, {Offset: 72, Size: 64, Shape: inner}}))
	hash := func() [32]byte {
		var buf [136]byte
		buf[0], buf[9], buf[100] = 1, 2, 3
		return HashValue(outer, buf[:])
	}
	want := hash()
	if raceEnabled {
		return
	}
	if a := testing.AllocsPerRun(50, func() {
		if hash() != want {
			panic("HashValue changed its result")
		}
	}); a != 0 {
		t.Errorf("HashValue: %v allocations, want 0", a)
	}
}
