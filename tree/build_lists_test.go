package tree

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// listsOf returns n lists of 0 to max bytes (whole values of unit bytes)
// back to back and their starts: some empty, some of exactly a page of l,
// some of several pages.
func listsOf(r *rand.Rand, n, max, unit int, l *Layout) (data []byte, starts []int) {
	for i := range n {
		size := r.IntN(max/unit+1) * unit
		switch i % 17 {
		case 3:
			size = 0
		case 5:
			size = l.PageSize()
		case 7:
			size = 3*l.PageSize() + 5*unit
		}
		starts = append(starts, len(data))
		data = append(data, randomBytes(r, size)...)
	}
	return data, starts
}

// part returns list i of data and starts.
func part(data []byte, starts []int, i int) []byte {
	if i+1 < len(starts) {
		return data[starts[i]:starts[i+1]]
	}
	return data[starts[i]:]
}

// TestBuildPagesMixIns checks that each list built in bulk stands for what
// BuildPagesMixIn builds of it: the same root, the same data, the same
// proofs, the same result of a write into its page, and that it rebases
// onto the other and the other onto it; an empty list is left to the
// caller.
func TestBuildPagesMixIns(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	plain := must(NewLayout(ChunkShape, 3))
	cached := must(NewCachedLayout(must(NewShape(16, 1, []Segment{{Offset: 0, Size: 8}, {Offset: 8, Size: 8}})), 3, 1))
	for _, c := range []struct {
		l     *Layout
		unit  int
		depth int
	}{{plain, 1, 3}, {plain, 1, 4}, {plain, 8, 25}, {cached, 16, 3}, {cached, 16, 9}} {
		data, starts := listsOf(r, 300, 2*c.l.PageSize()/3, c.unit, c.l)
		got := make([]*Node, len(starts))
		sentinel := NewLeafUint64(7)
		for i := range got {
			got[i] = sentinel
		}
		err := BuildPagesMixIns(got, c.l, c.depth, data, starts, c.unit)
		if c.depth-c.l.Depth() < 2 {
			// Lists of 3 pages and 5 values do not fit.
			if err == nil {
				t.Errorf("depth %d, lists of 4 pages: no error", c.depth)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range starts {
			p := part(data, starts, i)
			if len(p) == 0 {
				if got[i] != sentinel {
					t.Fatalf("depth %d, list %d is empty but was built", c.depth, i)
				}
				continue
			}
			length := uint64(len(p) / c.unit)
			want := must(BuildPagesMixIn(c.l, c.depth, p, length))
			if got[i].Root() != want.Root() {
				t.Fatalf("depth %d, list %d of %d bytes: root %x, want %x", c.depth, i, len(p), got[i].Root(), want.Root())
			}
			dataTree, _ := got[i].Children()
			back, err := AppendData(nil, dataTree, c.depth, c.l, len(p))
			if err != nil || !bytes.Equal(back, p) {
				t.Fatalf("depth %d, list %d: data %x (%v), want %x", c.depth, i, back, err, p)
			}
			// A proof of the list's last chunk, and a write into it.
			total := c.depth + 1 + c.l.elem.totalDepth()
			chunks := (len(p)/c.unit - 1) << c.l.elem.totalDepth()
			if c.l.elem.raw {
				chunks = (len(p) - 1) / 32
			}
			g := Gindex(1)<<uint(total) | Gindex(chunks)
			leaf, branch, err := Prove(got[i], g)
			wleaf, wbranch, werr := Prove(want, g)
			if err != nil || werr != nil || leaf != wleaf || len(branch) != len(wbranch) || !VerifyProof(got[i].Root(), g, leaf, branch) {
				t.Fatalf("depth %d, list %d: proof of %d differs (%v, %v)", c.depth, i, g, err, werr)
			}
			changed := must(Set(got[i], total, uint64(g)&(1<<uint(total)-1), NewLeafUint64(uint64(i)+1)))
			wchanged := must(Set(want, total, uint64(g)&(1<<uint(total)-1), NewLeafUint64(uint64(i)+1)))
			if changed.Root() != wchanged.Root() || changed.Root() == got[i].Root() {
				t.Fatalf("depth %d, list %d: a write gives root %x, want %x", c.depth, i, changed.Root(), wchanged.Root())
			}
			if got[i].Root() != want.Root() {
				t.Fatalf("depth %d, list %d: a write changed the list", c.depth, i)
			}
			if rb := Rebase(want, got[i]); rb != got[i] {
				t.Fatalf("depth %d, list %d: a list rebased on its equal built in bulk is not that one", c.depth, i)
			}
			fresh := must(BuildPagesMixIn(c.l, c.depth, p, length))
			if rb := Rebase(got[i], fresh); rb.Root() != want.Root() {
				t.Fatalf("depth %d, list %d: rebased on a fresh equal, root %x", c.depth, i, rb.Root())
			}
		}
	}
	for _, c := range []struct {
		what   string
		out    int
		starts []int
		unit   int
	}{
		{"fewer lists than starts", 1, []int{0, 4}, 1},
		{"no unit", 2, []int{0, 4}, 0},
		{"backwards", 2, []int{4, 0}, 1},
		{"past the end", 2, []int{0, 17}, 1},
		{"a part of a value", 2, []int{0, 5}, 2},
	} {
		if err := BuildPagesMixIns(make([]*Node, c.out), plain, 10, make([]byte, 16), c.starts, c.unit); err == nil {
			t.Errorf("%s: no error", c.what)
		}
	}
	vl := must(NewLayout(must(NewShape(16, 1, []Segment{{Offset: 0, Size: 8}, {Offset: 8, Size: 8}})), 2))
	if err := BuildPagesMixIns(make([]*Node, 1), vl, 10, make([]byte, 17), []int{0}, 1); err == nil {
		t.Error("17 bytes of 16-byte values: no error")
	}
}

// TestBuildPagesMixInsConcurrentHashing hashes the lists of one slab from
// several goroutines at once; run it with -race.
func TestBuildPagesMixInsConcurrentHashing(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	l := must(NewCachedLayout(must(NewShape(16, 1, []Segment{{Offset: 0, Size: 8}, {Offset: 8, Size: 8}})), 3, 1))
	data, starts := listsOf(r, 100, l.PageSize(), 16, l)
	lists := make([]*Node, len(starts))
	if err := BuildPagesMixIns(lists, l, 12, data, starts, 16); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	roots := make([][][32]byte, 4)
	for w := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range lists {
				if j := (i + 7*w) % len(lists); lists[j] != nil {
					roots[w] = append(roots[w], lists[j].Root())
				}
			}
		}()
	}
	wg.Wait()
	for i, n := range lists {
		if n == nil {
			continue
		}
		if want := must(BuildPagesMixIn(l, 12, part(data, starts, i), uint64(len(part(data, starts, i))/16))); n.Root() != want.Root() {
			t.Fatalf("list %d: root %x, want %x", i, n.Root(), want.Root())
		}
	}
}

// TestBuildPagesMixInsMemory checks that Memory counts the slabs of lists
// built in bulk as the heap does, and that a list kept alone holds its
// slab.
func TestBuildPagesMixInsMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes the heap's figures")
	}
	r := rand.New(rand.NewPCG(5, 6))
	l := must(NewLayout(ChunkShape, 7))
	var data []byte
	starts := make([]int, 20_000)
	for i := range starts {
		starts[i] = len(data)
		data = append(data, randomBytes(r, 150+r.IntN(301))...)
	}
	before := liveHeap()
	lists := make([]*Node, len(starts))
	if err := BuildPagesMixIns(lists, l, 25, data, starts, 1); err != nil {
		t.Fatal(err)
	}
	testRoots = []*Node{must(Build(20, lists, 0)), lists[5]}
	lists = nil
	grown := liveHeap() - before
	var m Memory
	within(t, "20,000 lists", m.Add(testRoots[0]), grown)
	// One list holds its page slab (nodes, header, bytes) and its trio
	// slab: more than its own bytes, at most the slabs'.
	var alone Memory
	b := alone.Add(testRoots[1])
	most := heapSize(listSlabBytes, false) + heapSize(listSlabPages*nodeSize, true) + heapSize(pageSize, true) + heapSize(3*trioSlab*nodeSize, true)
	if b < int64(listSlabBytes/2) || b > most {
		t.Errorf("one list of a slab holds %d bytes, want %d to %d", b, listSlabBytes/2, most)
	}
	testRoots = nil
	runtime.KeepAlive(data)
}
