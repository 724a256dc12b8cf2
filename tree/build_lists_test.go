package tree

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"
)

// listParts returns n byte strings of 0 to max bytes, some empty, some of
// exactly a page of l, some of several pages.
func listParts(r *rand.Rand, n, max int, l *Layout) [][]byte {
	parts := make([][]byte, n)
	for i := range parts {
		size := r.IntN(max + 1)
		switch i % 17 {
		case 3:
			size = 0
		case 5:
			size = l.PageSize()
		case 7:
			size = 3*l.PageSize() + 5
		}
		parts[i] = randomBytes(r, size)
	}
	return parts
}

// TestBuildPagesMixIns checks that the lists built in bulk stand for what
// BuildPagesMixIn builds of each: the same root and the same data.
func TestBuildPagesMixIns(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	l := must(NewLayout(ChunkShape, 3))
	for _, depth := range []int{3, 4, 25} {
		parts := listParts(r, 300, 2*l.PageSize()/3, l)
		lengths := make([]uint64, len(parts))
		for i, p := range parts {
			lengths[i] = uint64(len(p))
		}
		got, err := BuildPagesMixIns(l, depth, parts, lengths)
		if depth < 5 && err == nil {
			t.Errorf("depth %d, lists of %d bytes: no error", depth, 3*l.PageSize()+5)
		}
		if err != nil {
			continue
		}
		for i, p := range parts {
			want := must(BuildPagesMixIn(l, depth, p, lengths[i]))
			if got[i].Root() != want.Root() {
				t.Fatalf("depth %d, list %d of %d bytes: root %x, want %x", depth, i, len(p), got[i].Root(), want.Root())
			}
			data, _ := got[i].Children()
			back, err := AppendData(nil, data, depth, l, len(p))
			if err != nil || !bytes.Equal(back, p) {
				t.Fatalf("depth %d, list %d: data %x (%v), want %x", depth, i, back, err, p)
			}
		}
		parts[0] = append(parts[0], 1)
		if _, err := BuildPagesMixIns(l, depth, parts, lengths[1:]); err == nil {
			t.Errorf("depth %d: %d lengths for %d lists, no error", depth, len(lengths)-1, len(parts))
		}
	}
	vl := must(NewLayout(must(NewShape(16, 1, []Part{{Offset: 0, Size: 8}, {Offset: 8, Size: 8}})), 2))
	if _, err := BuildPagesMixIns(vl, 10, [][]byte{make([]byte, 17)}, []uint64{1}); err == nil {
		t.Error("17 bytes of 16-byte values: no error")
	}
}

// TestBuildPagesMixInsMemory checks that Memory counts the slabs of lists
// built in bulk as the heap does.
func TestBuildPagesMixInsMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes the heap's figures")
	}
	r := rand.New(rand.NewPCG(5, 6))
	l := must(NewLayout(ChunkShape, 7))
	parts := make([][]byte, 20_000)
	lengths := make([]uint64, len(parts))
	for i := range parts {
		parts[i] = randomBytes(r, 150+r.IntN(301))
		lengths[i] = uint64(len(parts[i]))
	}
	before := liveHeap()
	lists, err := BuildPagesMixIns(l, 25, parts, lengths)
	if err != nil {
		t.Fatal(err)
	}
	testRoots = []*Node{must(Build(20, lists, 0))}
	lists = nil
	grown := liveHeap() - before
	var m Memory
	within(t, "20,000 lists", m.Add(testRoots[0]), grown)
	testRoots = nil
	runtime.KeepAlive(parts)
}
