package tree

import (
	"bytes"
	"testing"
)

// TestBuildMixIn checks that the mix-ins built in one allocation with
// their stem stand for what a separate stem and mix-in do: the same
// root, the same data, the same shape below the length.
func TestBuildMixIn(t *testing.T) {
	l, err := NewLayout(ChunkShape, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{0, 1, 31, 32, 128, 129, 4 * 128, 4*128 + 7, 9 * 128} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i*7 + 1)
		}
		for _, depth := range []int{4, 10, 30} {
			got, err := BuildPagesMixIn(l, depth, data, uint64(size))
			if fits := (size+31)/32 <= 1<<depth; !fits {
				if err == nil {
					t.Errorf("%d bytes in depth %d: no error", size, depth)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			pages, err := BuildPages(l, depth, data)
			if err != nil {
				t.Fatal(err)
			}
			want := NewMixIn(pages, uint64(size))
			if got.Root() != want.Root() {
				t.Errorf("%d bytes, depth %d: BuildPagesMixIn's root %x, want %x", size, depth, got.Root(), want.Root())
			}
			dataNode, _ := got.Children()
			back, err := AppendData(nil, dataNode, depth, l, size)
			if err != nil || !bytes.Equal(back, data) {
				t.Errorf("%d bytes, depth %d: data %x (%v), want %x", size, depth, back, err, data)
			}
			if size > 0 && depth == 30 && !dataNode.IsStem() {
				t.Errorf("%d bytes, depth %d: the data tree under the mix-in is not a stem", size, depth)
			}
		}
	}
	leaves := make([]*Node, 5)
	for i := range leaves {
		leaves[i] = NewLeafUint64(uint64(i + 1))
	}
	for _, n := range []int{0, 1, 2, 5} {
		got, err := BuildMixIn(8, leaves[:n], 0, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		built, err := Build(8, leaves[:n], 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := NewMixIn(built, uint64(n)); got.Root() != want.Root() {
			t.Errorf("%d leaves: BuildMixIn's root %x, want %x", n, got.Root(), want.Root())
		}
	}
	if _, err := BuildMixIn(2, leaves, 0, 5); err == nil {
		t.Error("BuildMixIn of 5 nodes in depth 2: no error")
	}
}

// TestSupersede replaces the pages of a slab one by one: Supersede says,
// from the replacement that makes one in four of the slab's pages
// replaced on, where the slab's pages are, and a page replaced again (in
// another version) counts once, and SlabReplaced counts them; Rehome
// copies a page of that slab (same bytes, same root, no slab) and refuses
// a page of another.
func TestSupersede(t *testing.T) {
	l := mustLayout(t, ChunkShape, 2) // pages of 4 chunks, 128 bytes
	slab := slabFor(128, 0, false)
	count := slab + slab/2 // two slabs, the second shorter
	data := make([]byte, 128*count)
	for i := range data {
		data[i] = byte(i)
	}
	const levels = 11 // 2,048 pages
	if count > 1<<levels {
		t.Fatalf("slabs of %d pages: more than the test's tree holds", slab)
	}
	root, err := BuildPages(l, levels+2, data)
	if err != nil {
		t.Fatal(err)
	}
	HashAll(root)
	pages := make([]*Node, count)
	for i := range pages {
		if pages[i], err = Get(root, levels, uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	// The first slab: pages [0, slab), page 1 replaced in two versions.
	want := (slab*rehomeNum + rehomeDen - 1) / rehomeDen // the replacements that tip the slab
	if _, _, ok := Supersede(pages[1]); ok {
		t.Fatal("told after one replacement")
	}
	for i := 1; i < slab; i++ {
		at, count, ok := Supersede(pages[i])
		if ok != (i >= want) {
			t.Errorf("after %d replacements: told %v, want %v", i, ok, i >= want)
		}
		if r, c := SlabReplaced(pages[0]); r != i || c != slab {
			t.Errorf("after %d replacements: SlabReplaced says %d of %d, want %d of %d", i, r, c, i, slab)
		}
		if ok && (at != i || count != slab) {
			t.Errorf("page %d told at %d of %d, want at %d of %d", i, at, count, i, slab)
		}
	}
	m := Rehome(pages[0], pages[1])
	if m == nil || m.page == pages[0].page || m.inPagesSlab() {
		t.Fatal("Rehome of a page of the slab: no copy, or a copy in the slab")
	}
	b, _, _ := m.PageData()
	if !bytes.Equal(b, data[:128]) || m.Root() != pages[0].Root() {
		t.Error("the copy's bytes or root differ from the page's")
	}
	if Rehome(pages[slab], pages[1]) != nil {
		t.Error("Rehome copied a page of another slab")
	}
	if _, _, ok := Supersede(m); ok {
		t.Error("Supersede of a page of its own")
	}
	if r, c := SlabReplaced(m); r != 0 || c != 0 {
		t.Errorf("SlabReplaced of a page of its own: %d of %d", r, c)
	}
	if r, c := SlabReplaced(pages[slab]); r != 0 || c != count-slab {
		t.Errorf("SlabReplaced of the second slab, untouched: %d of %d, want 0 of %d", r, c, count-slab)
	}
}
