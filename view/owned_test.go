package view

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// ownedList returns a hashed list of n random validators, whose pages
// the list does not own (a decode made them).
func ownedList(t *testing.T, r *rand.Rand, n int) *ValueList[rawValidator, *rawValidator] {
	t.Helper()
	var data []byte
	for range n {
		data = append(data, randomValidator(r)...)
	}
	l := must(DecodeValueList[rawValidator](validatorList, data))
	l.HashTreeRoot()
	return l
}

// pageNode returns the committed node of page i of s.
func pageNode(s *seq) func(i uint64) *tree.Node {
	return func(i uint64) *tree.Node {
		s.peek()
		return s.pages.committedNode(i)
	}
}

// TestUpdateAtInPlace checks that an update changes in place the pages an
// update before made, and the branches above them, and only those: the
// nodes stay, the value and root are those of a fresh decode, and the
// pages the decode made (in a slab, which another version may share) are
// copied.
func TestUpdateAtInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	const n = 16 * 8
	l := ownedList(t, r, n)
	page := pageNode(l.seq)
	decoded := page(1)
	if err := l.UpdateAt([]int{17, 20, 100}, bump); err != nil {
		t.Fatal(err)
	}
	first := page(1)
	if first == decoded {
		t.Fatal("a decoded page was changed in place")
	}
	// The branch above pages 0 and 1, which the update made.
	above := func() *tree.Node {
		l.seq.peek()
		return must(tree.Get(l.seq.pages.data.Load(), int(l.seq.pages.top)-1, 0))
	}
	branch := above()
	l.HashTreeRoot()
	ref := must(DecodeValueList[rawValidator](validatorList, must(l.MarshalSSZ())))
	idx := []int{16, 17, 17, 31, 50}
	if err := l.UpdateAt(idx, bump); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{16, 17, 17, 31, 50} {
		ref.Set(i, bump(i, ref.Get(i)))
	}
	if page(1) != first || above() != branch {
		t.Fatal("an owned page, or the branch above it, was copied")
	}
	expectValue(t, l, must(ref.MarshalSSZ()))
	// Changed again before and after a root, unhashed between.
	for range 3 {
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		for _, i := range idx {
			ref.Set(i, bump(i, ref.Get(i)))
		}
	}
	if page(1) != first {
		t.Fatal("an owned page was copied")
	}
	expectValue(t, l, must(ref.MarshalSSZ()))
}

// TestUpdateAtInPlaceCopies checks that copies stay independent of
// changes in place on either side: a copy ends the ownership of both, a
// copy taken between two updates sees the first only, and the node Node
// handed out keeps its bytes and root.
func TestUpdateAtInPlaceCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	const n = 16 * 8
	idx := []int{3, 17, 18, 70, 127}
	l := ownedList(t, r, n)
	if err := l.UpdateAt(idx, bump); err != nil { // owned from now on
		t.Fatal(err)
	}
	for _, hashed := range []bool{false, true} {
		if hashed {
			l.HashTreeRoot()
		}
		c := l.Copy()
		want, root := must(c.MarshalSSZ()), c.HashTreeRoot()
		page := pageNode(l.seq)
		before := page(1)
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		if page(1) == before {
			t.Fatal("a page shared with a copy was changed in place")
		}
		if !bytes.Equal(must(c.MarshalSSZ()), want) || c.HashTreeRoot() != root {
			t.Fatal("the copy changed with the list")
		}
		expectValue(t, c, want)
		// Now l owns its new pages again; the copy changes its own.
		after, lroot := must(l.MarshalSSZ()), l.HashTreeRoot()
		if err := c.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		if err := c.UpdateAt(idx, bump); err != nil { // in place in c
			t.Fatal(err)
		}
		if !bytes.Equal(must(l.MarshalSSZ()), after) || l.HashTreeRoot() != lroot {
			t.Fatal("the list changed with its copy")
		}
		// A copy between two updates sees the first only.
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		mid := must(l.MarshalSSZ())
		c2 := l.Copy()
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		expectValue(t, c2, mid)
		// A tree handed out by Node keeps its bytes and root.
		node := l.Node()
		nodeRoot, nodeBytes := node.Root(), must(validatorList.Encode(nil, node))
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		if node.Root() != nodeRoot || !bytes.Equal(must(validatorList.Encode(nil, node)), nodeBytes) {
			t.Fatal("a tree handed out by Node changed")
		}
		if fresh := must(validatorList.Decode(nodeBytes)); fresh.Root() != nodeRoot {
			t.Fatal("a tree handed out by Node has a wrong root")
		}
	}
}

// TestUpdateAtInPlaceHandles checks ownership through a state's handles: a
// field's pages stay owned when another field is handed out, and no longer
// when the state is copied or the field itself is handed out.
func TestUpdateAtInPlaceHandles(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	st := must(NewContainer(state))
	vals := must(AsValueList[rawValidator](st.Field(2)))
	bal := must(AsBasicList[uint64](st.Field(3)))
	for range 256 {
		var v rawValidator
		copy(v.b[:], randomValidator(r))
		if err := vals.Append(v); err != nil {
			t.Fatal(err)
		}
		if err := bal.Append(uint64(r.IntN(1000))); err != nil {
			t.Fatal(err)
		}
	}
	st.HashTreeRoot()
	idx := []int{1, 20, 40, 255}
	update := func() {
		t.Helper()
		if err := vals.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		if err := bal.UpdateAt(idx, func(i int, b uint64) uint64 { return b + uint64(i) + 1 }); err != nil {
			t.Fatal(err)
		}
	}
	update()
	st.HashTreeRoot()
	vpage, bpage := pageNode(vals.seq), pageNode(bal.seq)
	v1, b1 := vpage(1), bpage(0)
	// Another field handed out: the validators' and balances' pages stay
	// owned.
	_ = st.Field(4).Node()
	update()
	if vpage(1) != v1 || bpage(0) != b1 {
		t.Fatal("pages not changed in place after another field was handed out")
	}
	// The balances handed out: their pages are copied, not the validators'.
	bn := bal.Node()
	broot := bn.Root()
	update()
	if vpage(1) != v1 || bpage(0) == b1 || bn.Root() != broot {
		t.Fatal("the balances handed out were changed in place, or the validators were copied")
	}
	// The state copied: both copied; the copy keeps its value.
	snap := st.Copy()
	want := must(snap.MarshalSSZ())
	v1, b1 = vpage(1), bpage(0)
	update()
	if vpage(1) == v1 || bpage(0) == b1 {
		t.Fatal("pages shared with a copy were changed in place")
	}
	update()
	expectValue(t, snap, want)
	ref := must(state.Decode(must(st.MarshalSSZ())))
	if st.HashTreeRoot() != ref.Root() {
		t.Fatal("the state's root differs from a fresh decode's")
	}
}

// TestUpdateAtInPlaceErrors checks that an update whose f fails (a value
// that does not marshal, a panic) after changing owned pages in place
// leaves the list as it was.
func TestUpdateAtInPlaceErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	const n = 16 * 8
	l := ownedList(t, r, n)
	// Pages 0, 2 and 5 owned, in pages of their own.
	if err := l.UpdateAt([]int{0, 32, 80}, bump); err != nil {
		t.Fatal(err)
	}
	page := pageNode(l.seq)
	own := page(2)
	for _, hashed := range []bool{false, true} {
		if hashed {
			l.HashTreeRoot()
		}
		want := must(l.MarshalSSZ())
		idx := []int{2, 5, 33, 34, 35, 36, 90, 91}
		err := l.UpdateAt(idx, func(i int, v rawValidator) rawValidator {
			v = bump(i, v)
			v.bad = i == 90
			return v
		})
		if err == nil {
			t.Fatal("a value that does not marshal gave no error")
		}
		expectValue(t, l, want)
		func() {
			defer func() { recover() }()
			l.UpdateAt(idx, func(i int, v rawValidator) rawValidator {
				if i == 35 {
					panic("f")
				}
				return bump(i, v)
			})
		}()
		expectValue(t, l, want)
	}
	if err := l.UpdateAt([]int{33}, bump); err != nil {
		t.Fatal(err)
	}
	if page(2) != own {
		t.Fatal("the pages were not owned: the test changed nothing in place")
	}
}

// TestUpdateAtInPlaceBasic checks changes in place in a list of uint64,
// whose pages keep no groups' roots, against the same changes made by Set.
func TestUpdateAtInPlaceBasic(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	const n = 2000
	a := must(NewBasicList[uint64](uint64List))
	b := must(NewBasicList[uint64](uint64List))
	for range n {
		v := r.Uint64()
		must(0, a.Append(v))
		must(0, b.Append(v))
	}
	f := func(i int, v uint64) uint64 { return v*3 + uint64(i) }
	for round := range 6 {
		idx := make([]int, 0, 50)
		for range 50 {
			idx = append(idx, r.IntN(n))
		}
		if err := a.UpdateAt(idx, f); err != nil {
			t.Fatal(err)
		}
		seen := map[int]int{}
		for _, i := range idx {
			seen[i]++
		}
		for i, k := range seen {
			for range k {
				b.Set(i, f(i, b.Get(i)))
			}
		}
		if round%2 == 1 {
			a.HashTreeRoot()
		}
	}
	expectValue(t, a, must(b.MarshalSSZ()))
}

// TestUpdateAtInPlaceConcurrentCopy reads and hashes copies of a list on
// other goroutines while the list is changed, in place where it owns its
// pages: run with -race, no goroutine writes what another reads.
func TestUpdateAtInPlaceConcurrentCopy(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	const n = 16 * 16
	l := ownedList(t, r, n)
	idx := []int{0, 16, 17, 100, 200, 255}
	for round := range 4 {
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		c := l.Copy()
		want, root := must(c.MarshalSSZ()), c.HashTreeRoot()
		var wg sync.WaitGroup
		for g := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 20 {
					if g == 0 && !bytes.Equal(must(c.MarshalSSZ()), want) {
						t.Error("a copy changed")
						return
					}
					if g == 1 && c.Copy().HashTreeRoot() != root {
						t.Error("a copy's root changed")
						return
					}
				}
			}()
		}
		for range 5 {
			if err := l.UpdateAt(idx, bump); err != nil {
				t.Fatal(err)
			}
			l.HashTreeRoot()
		}
		wg.Wait()
		_ = round
	}
}

// TestUpdateAtInPlaceProgressive checks changes in place in a progressive
// list: pages an update made are changed where they lie by the next, over
// subtrees of several depths, the value and root those of a fresh decode;
// a copy taken between two updates keeps what it saw, and the update after
// it copies the pages again.
func TestUpdateAtInPlaceProgressive(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	typ := schema.Must(schema.NewProgressiveList(validator))
	var data []byte
	const n = 480 // values in several subtrees of the spine
	for range n {
		data = append(data, randomValidator(r)...)
	}
	l := must(DecodeProgressiveValueList[rawValidator](typ, data))
	l.HashTreeRoot()
	ref := must(DecodeProgressiveValueList[rawValidator](typ, data))
	page := pageNode(l.seq)
	idx := []int{4, 18, 18, 100, 300, 470} // none that bump leaves as it was
	update := func() {
		t.Helper()
		if err := l.UpdateAt(idx, bump); err != nil {
			t.Fatal(err)
		}
		for _, i := range idx {
			ref.Set(i, bump(i, ref.Get(i)))
		}
	}
	var pages []uint64 // the pages of idx
	for _, i := range idx {
		pg, _, _ := l.seq.pages.locate(i * l.seq.esize)
		if len(pages) == 0 || pages[len(pages)-1] != pg {
			pages = append(pages, pg)
		}
	}
	nodes := func() []*tree.Node {
		var out []*tree.Node
		for _, pg := range pages {
			out = append(out, page(pg))
		}
		return out
	}
	decoded := nodes()
	update()
	first := nodes()
	for k := range pages {
		if first[k] == decoded[k] {
			t.Fatalf("page %d, made by the decode, was changed in place", pages[k])
		}
	}
	l.HashTreeRoot()
	update()
	update() // twice without a root between
	for k, n := range nodes() {
		if n != first[k] {
			t.Fatalf("page %d, made by an update, was copied", pages[k])
		}
	}
	expectValue(t, l, must(ref.MarshalSSZ()))
	before := must(l.MarshalSSZ())
	c := l.Copy()
	update()
	for k, n := range nodes() {
		if n == first[k] {
			t.Fatalf("page %d, which a copy holds, was changed in place", pages[k])
		}
	}
	expectValue(t, l, must(ref.MarshalSSZ()))
	expectValue(t, c, before)
}
