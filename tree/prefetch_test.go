package tree

import (
	"slices"
	"testing"
)

// TestPrefetch runs the hint on empty, tiny, unaligned and page-crossing
// slices: it must touch nothing outside them in a way that faults, and
// change no byte.
func TestPrefetch(t *testing.T) {
	buf := make([]byte, 3*4096)
	for i := range buf {
		buf[i] = byte(i)
	}
	for _, b := range [][]byte{nil, buf[:0], buf[5:6], buf[63:65], buf[1:4097], buf[4095:], buf} {
		prefetch(b)
	}
	for i := range buf {
		if buf[i] != byte(i) {
			t.Fatalf("byte %d changed", i)
		}
	}
}

// TestPrefetchPage runs PrefetchPage on every kind of node, pages of their
// own and of slabs, with groups kept and without: it changes no byte and
// no root.
func TestPrefetchPage(t *testing.T) {
	plain := must(NewLayout(ChunkShape, 3))
	cached := must(NewCachedLayout(must(NewShape(16, 1, []Segment{{Offset: 0, Size: 8}, {Offset: 8, Size: 8}})), 4, 1))
	var nodes []*Node
	var datas [][]byte
	for _, l := range []*Layout{plain, cached} {
		data := make([]byte, 5*l.PageSize()+48) // 5 full pages and a short one
		for i := range data {
			data[i] = byte(i * 7)
		}
		datas = append(datas, data)
		slab := must(BuildPages(l, l.Depth()+3, data))
		slab.Root()
		pages := make([]*Node, 6)
		for i := range pages {
			pages[i] = must(Get(slab, 3, uint64(i)))
		}
		nodes = append(nodes, slab, slab.left, pages[0], pages[5], must(NewPage(l, data[:l.PageSize()])))
	}
	nodes = append(nodes, NewLeafUint64(5), Zero(3), NewStem(NewLeafUint64(1), 2, 0))
	var want [][]byte
	for _, d := range datas {
		want = append(want, slices.Clone(d))
	}
	for _, n := range nodes {
		r := n.Root()
		PrefetchPage(n)
		if n.Root() != r {
			t.Errorf("root of %v changed", n)
		}
	}
	for i := range datas {
		if !slices.Equal(datas[i], want[i]) {
			t.Errorf("layout %d: the pages' bytes changed", i)
		}
	}
}
