package tree

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

// liveHeap returns the bytes of live heap objects once the collector has
// freed everything unreachable.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// heldBy returns the last of three results of build and the median of the
// three builds' growth of the live heap. A single reading once went wrong
// under the race detector in CI (a set of 537 kB read as 70 kB: something
// else was freed between its two reads), and once under qemu's 386
// emulation. The likeliest cause is a goroutine of an earlier hash:
// hashTasks returns once every subtree is hashed, before its workers give
// back their hashers, and a hasher whose scratch outgrew the kept pool is
// dropped by the collections of the next reading. Only the first build
// follows such a hash.
func heldBy[T any](build func() T) (T, int64) {
	var v, zero T
	helds := make([]int64, 3)
	for i := range helds {
		v = zero // the last build's result is not counted in before
		before := liveHeap()
		v = build()
		helds[i] = liveHeap() - before
	}
	slices.Sort(helds)
	return v, helds[1]
}

// within fails t unless got is within 5 % of want, the heap's own figure.
func within(t *testing.T, what string, got, want int64) {
	t.Helper()
	t.Logf("%s: counted %d bytes, heap %d", what, got, want)
	if want <= 0 || got < want*95/100 || got > want*105/100 {
		t.Errorf("%s: counted %d bytes, the heap grew by %d", what, got, want)
	}
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// stateLike builds a tree shaped like a beacon state's large parts: a list
// of validator-like values in cached pages, which hold their own copy of
// vals; a list of uint64 in pages over a buffer the tree takes over; a
// vector of roots as leaves; and a container of them with some leaves and
// a mix-in.
func stateLike(t *testing.T, r *rand.Rand, vals []byte, n int) *Node {
	t.Helper()
	balances := randomBytes(r, n*8)
	vl, err := NewCachedLayout(validatorShape(t), 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	bl, err := NewLayout(ChunkShape, 4)
	if err != nil {
		t.Fatal(err)
	}
	v, err := BuildPages(vl, 40, vals)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BuildPagesOwned(bl, 38, balances)
	if err != nil {
		t.Fatal(err)
	}
	roots, err := BuildLeaves(13, randomBytes(r, 8192*32))
	if err != nil {
		t.Fatal(err)
	}
	fields := []*Node{NewLeafUint64(7), NewMixIn(v, uint64(len(vals)/121)), NewMixIn(b, uint64(len(balances)/8)), roots}
	root, err := Build(3, fields, 0)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestMemoryMatchesHeap builds a state-like tree and then a snapshot of it
// with changes, and compares what Memory counts with how much the live heap
// grew, then shrank when the first root is let go. It takes the median of
// three passes' heap readings, as heldBy does and for its reason: one
// reading once went wrong under qemu's 386 emulation.
func TestMemoryMatchesHeap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes the heap's figures")
	}
	const passes = 3
	var counted [memoryReadings]int64
	var heaps [memoryReadings][passes]int64
	for p := range passes {
		c, h := memoryPass(t)
		if p > 0 && c != counted {
			t.Fatalf("pass %d counted %v, pass 0 %v: the trees differ", p, c, counted)
		}
		counted = c
		for i := range h {
			heaps[i][p] = h[i]
		}
	}
	for i, what := range []string{"one tree", "a snapshot's extra bytes", "a snapshot added", "the first root released"} {
		slices.Sort(heaps[i][:])
		within(t, what, counted[i], heaps[i][passes/2])
	}
}

// memoryReadings is the number of readings of a memoryPass.
const memoryReadings = 4

// memoryPass builds the trees of TestMemoryMatchesHeap and returns, for each
// reading, what Memory counts and how much the live heap moved: one tree,
// a snapshot's extra bytes, the snapshot added, the first root released.
func memoryPass(t *testing.T) (counted, heap [memoryReadings]int64) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 30_000
	vals := randomBytes(r, n*121)

	// The roots live in testRoots, not in variables of this frame: a variable
	// of a frame may keep its value alive after its last use, as far as a
	// live-heap figure sees.
	before := liveHeap()
	testRoots = []*Node{stateLike(t, r, vals, n), nil}
	heap[0] = liveHeap() - before
	var m Memory
	counted[0] = m.Add(testRoots[0])

	before = liveHeap()
	testRoots[1] = snapshotOf(t, r, testRoots[0], vals, n)
	HashAll(testRoots...)
	heap[1] = liveHeap() - before
	heap[2] = heap[1]
	counted[1] = m.Extra(testRoots[1])
	counted[2] = m.Add(testRoots[1])
	total := m.Bytes()

	// Letting go of the first root frees what only it holds.
	counted[3] = m.Remove(testRoots[0])
	before = liveHeap()
	testRoots[0] = nil
	heap[3] = before - liveHeap()
	if m.Bytes() != total-counted[3] || m.Bytes() != Size(testRoots[1]) {
		t.Errorf("after Remove the set holds %d bytes, %d alone; want %d", m.Bytes(), Size(testRoots[1]), total-counted[3])
	}
	testRoots = nil
	runtime.KeepAlive(vals)
	return counted, heap
}

// testRoots keeps the roots of TestMemoryMatchesHeap.
var testRoots []*Node

// snapshotOf returns a snapshot of a tree of stateLike: every balance
// replaced (a new owned buffer), 1,000 validators changed page by page, a
// few roots set. It is a function of its own so that no variable of the
// test's frame keeps a part of first alive.
func snapshotOf(t *testing.T, r *rand.Rand, first *Node, vals []byte, n int) *Node {
	vl := must(NewCachedLayout(validatorShape(t), 4, 1))
	second := first
	var idx []uint64
	var pages []*Node
	for i := range 1000 {
		p := uint64(i * (n / 16) / 1000)
		if len(idx) > 0 && idx[len(idx)-1] == p {
			continue
		}
		base := must(Get(second, 3+1+36, 1<<37|p)) // field 1, its data, page p
		data := append([]byte(nil), vals[p*16*121:(p+1)*16*121]...)
		data[5] ^= 1
		idx, pages = append(idx, p), append(pages, must(NewPageFrom(vl, data, base)))
	}
	fieldV := must(Get(second, 3, 1))
	valsTree := must(Get(fieldV, 1, 0))
	valsTree = must(SetMany(valsTree, 36, idx, pages))
	bl := must(NewLayout(ChunkShape, 4))
	balances := must(BuildPagesOwned(bl, 38, randomBytes(r, n*8)))
	rootsTree := must(Get(second, 3, 3))
	for i := range 32 {
		rootsTree = must(Set(rootsTree, 13, uint64(i*97), NewLeaf([32]byte{byte(i)})))
	}
	second = must(SetMany(second, 3, []uint64{1, 2, 3}, []*Node{
		NewMixIn(valsTree, uint64(n)), NewMixIn(balances, uint64(n)), rootsTree}))
	return second
}

// naiveSize is the reference: the bytes of every allocation reachable from
// roots, found by walking every path without reference counts.
func naiveSize(roots []*Node) int64 {
	seen := map[uintptr]bool{}
	allocs := map[uintptr]bool{}
	var total int64
	var m Memory
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.slab == slabStatic || seen[uintptr(unsafe.Pointer(n))] {
			return
		}
		seen[uintptr(unsafe.Pointer(n))] = true
		total += m.allocations(n, func(base uintptr, b int64) {
			if !allocs[base] {
				allocs[base] = true
				total += b
			}
		})
		switch {
		case n.right != nil:
			walk(n.left)
			walk(n.right)
		case n.left != nil:
			walk(n.left)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return total
}

// TestMemoryAddRemove adds and removes random snapshots of a tree, each
// sharing most of its nodes with others, and checks the set's figure
// against a plain recount after every step.
func TestMemoryAddRemove(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bl := must(NewLayout(ChunkShape, 2))
	base := must(BuildPages(bl, 12, randomBytes(r, 4096*8)))
	trees, snaps := []*Node{base}, []*Node{base}
	for range 40 {
		s := trees[r.IntN(len(trees))]
		for range 1 + r.IntN(5) {
			switch r.IntN(3) {
			case 0:
				s = must(Set(s, 10, uint64(r.IntN(1024)), must(NewPage(bl, randomBytes(r, 128)))))
			case 1:
				s = must(Set(s, 12, uint64(r.IntN(4096)), NewLeafUint64(r.Uint64())))
			default:
				sub := must(BuildPages(bl, 6, randomBytes(r, 64*8)))
				s = must(Set(s, 6, uint64(r.IntN(64)), sub))
			}
		}
		trees = append(trees, s)
		snaps = append(snaps, s, NewMixIn(s, r.Uint64()))
	}
	var m Memory
	var in []*Node
	for step := range 200 {
		if len(in) > 0 && r.IntN(3) == 0 {
			i := r.IntN(len(in))
			m.Remove(in[i])
			in = append(in[:i], in[i+1:]...)
		} else {
			s := snaps[r.IntN(len(snaps))]
			extra := m.Extra(s)
			if got := m.Add(s); got != extra {
				t.Fatalf("step %d: Add added %d bytes, Extra said %d", step, got, extra)
			}
			in = append(in, s)
		}
		if want := naiveSize(in); m.Bytes() != want {
			t.Fatalf("step %d: set of %d roots holds %d bytes, recount %d", step, len(in), m.Bytes(), want)
		}
		if m.Len() != len(in) {
			t.Fatalf("step %d: Len %d, want %d", step, m.Len(), len(in))
		}
	}
	for _, s := range in {
		m.Remove(s)
	}
	if m.Bytes() != 0 || m.Nodes() != 0 || len(m.allocs) != 0 {
		t.Errorf("empty set holds %d bytes, %d nodes, %d allocations", m.Bytes(), m.Nodes(), len(m.allocs))
	}
	if Size(base, base) != Size(base) || Size(Zero(30)) != 0 {
		t.Errorf("Size counts a shared root or a zero subtree")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestMemoryOwnBytes compares a set's estimate of its own bookkeeping with
// the heap its maps take, for a state-like tree and for that tree with a
// snapshot of it that changed a tenth of its pages (whose nodes it shares
// with the first, raising their counts): within a third either way, as
// OwnBytes promises. Letting go of both shrinks the table of nodes and
// compacts the maps.
func TestMemoryOwnBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{20_000, 100_000} {
		vals := randomBytes(r, n*121)
		root := stateLike(t, r, vals, n)
		root.Root()
		var pages []uint64
		var nodes []*Node
		for i := 0; i < n/16; i += 10 {
			p, err := NewPage(mustLayout(t, ChunkShape, 4), randomBytes(r, 512))
			if err != nil {
				t.Fatal(err)
			}
			pages, nodes = append(pages, uint64(i)), append(nodes, p)
		}
		// The balances' pages: field 2's mix-in, its left child, 34 levels
		// of branches and stem above the pages of 4 levels.
		f, err := Get(root, 3, 2)
		if err != nil {
			t.Fatal(err)
		}
		b, err := SetMany(f.left, 34, pages, nodes)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := Set(root, 3, 2, NewMixIn(b, uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		snap.Root()
		for _, roots := range [][]*Node{{root}, {root, snap}} {
			m, held := heldBy(func() *Memory {
				var m Memory
				for _, x := range roots {
					m.Add(x)
				}
				m.stack = nil // the walk's scratch, not the bookkeeping
				return &m
			})
			t.Logf("%d validators, %d roots: %d nodes, estimated %d bytes, heap %d; peaks %v", n, len(roots), m.Nodes(), m.OwnBytes(), held, m.peak)
			if m.OwnBytes() < held*2/3 || m.OwnBytes() > held*4/3 {
				t.Errorf("%d validators, %d roots: %d nodes, estimated at %d bytes, the heap holds %d", n, len(roots), m.Nodes(), m.OwnBytes(), held)
			}
			for _, x := range roots {
				m.Remove(x)
			}
			// What stays: the smallest table of nodes, the walk's stack,
			// a few map entries' worth.
			if m.Nodes() != 0 || m.Bytes() != 0 || m.OwnBytes() > 4<<10 {
				t.Errorf("%d validators, all removed: %d nodes, %d bytes, own %d", n, m.Nodes(), m.Bytes(), m.OwnBytes())
			}
			runtime.KeepAlive(roots)
		}
		runtime.KeepAlive(vals)
	}
}
