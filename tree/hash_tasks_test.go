package tree

import (
	"crypto/sha256"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSplitBounds checks the subtrees HashAll hashes apart: a tree whose
// nodes are all unknown splits into 2^junctions of them, distinct and unknown;
// a hashed tree, and the path to one changed leaf (no junction on it, and its
// lowest branch's children known), into none.
func TestSplitBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	const depth = 10
	chunks := randomChunks(r, 1<<depth)
	full, _ := Build(depth, leaves(chunks), 0)
	var h hasher
	for _, junctions := range []int{0, 1, 3, 6} {
		h.tasks = h.tasks[:0]
		h.split(full, junctions)
		if len(h.tasks) != 1<<junctions {
			t.Fatalf("%d junctions of a tree of unknown branches: %d subtrees, want %d", junctions, len(h.tasks), 1<<junctions)
		}
		seen := map[*Node]bool{}
		for _, n := range h.tasks {
			if seen[n] || n.RootKnown() {
				t.Fatalf("%d junctions: a subtree repeated or known", junctions)
			}
			seen[n] = true
		}
	}
	full.Root()
	h.tasks = h.tasks[:0]
	h.split(full, splitJunctions)
	if len(h.tasks) != 0 {
		t.Fatalf("a hashed tree split into %d subtrees", len(h.tasks))
	}
	one, _ := Set(full, depth, 77, NewLeaf([32]byte{7}))
	h.split(one, splitJunctions)
	if len(h.tasks) != 0 {
		// The path's lowest branch has two known children: nothing to
		// hash apart.
		t.Fatalf("one changed leaf split into %d subtrees", len(h.tasks))
	}
}

// TestHashAllSubtrees hashes trees changed in many places, alone and
// several at once sharing nodes, with one goroutine and with more, and
// compares every root with the reference.
func TestHashAllSubtrees(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	l := mustLayout(t, ChunkShape, 4)
	const depth = 14 // 2^10 pages of 16 chunks
	chunks := randomChunks(r, 1<<depth)
	pages := make([]*Node, 1<<(depth-4))
	for i := range pages {
		pages[i], _ = NewPage(l, chunkBytes(chunks[i*16:(i+1)*16]))
	}
	base, _ := Build(depth-4, pages, 4)
	base.Root()
	for _, procs := range []int{1, 2, 5} {
		prev := runtime.GOMAXPROCS(procs)
		for round := range 12 {
			var roots []*Node
			var wants [][32]byte
			for range 3 {
				want := append([][32]byte(nil), chunks...)
				var idx []uint64
				var nodes []*Node
				for i := range pages {
					if r.IntN(1+round*round) == 0 {
						c := randomChunks(r, 16)
						copy(want[i*16:], c)
						p, _ := NewPage(l, chunkBytes(c))
						idx, nodes = append(idx, uint64(i)), append(nodes, p)
					}
				}
				n, err := SetMany(base, depth-4, idx, nodes)
				if err != nil {
					t.Fatal(err)
				}
				// A stem over it, and its twin sharing every unknown node.
				roots = append(roots, NewStem(n, 3, depth), NewStem(n, 2, depth))
				w := refMerkleize(want, depth)
				w3, w2 := w, w
				for k := range 3 {
					if k < 2 {
						w2 = refPair(w2, refZeroRoot(depth+k))
					}
					w3 = refPair(w3, refZeroRoot(depth+k))
				}
				wants = append(wants, w3, w2)
			}
			HashAll(roots...)
			for i, n := range roots {
				if !n.RootKnown() || n.Root() != wants[i] {
					t.Fatalf("GOMAXPROCS %d, round %d: root %d differs from the reference", procs, round, i)
				}
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}

func chunkBytes(cs [][32]byte) []byte {
	b := make([]byte, 0, 32*len(cs))
	for _, c := range cs {
		b = append(b, c[:]...)
	}
	return b
}

func refPair(l, r [32]byte) [32]byte { return sha256.Sum256(append(l[:], r[:]...)) }

// TestHasWork checks the work HashAll weighs before hashing subtrees in
// parallel: a page counts a chunk of its bytes, a branch one, a stem its
// levels, a known node nothing, and the count stops at the bound.
func TestHasWork(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	l := mustLayout(t, ChunkShape, 4)
	const pageCount = 64
	pages := make([]*Node, pageCount)
	for i := range pages {
		pages[i], _ = NewPage(l, chunkBytes(randomChunks(r, 16)))
	}
	n, _ := Build(6, pages, 4)
	s := NewStem(n, 3, 10)
	work := pageCount*16 + pageCount - 1 + 3
	if !hasWork([]*Node{s}, work) || hasWork([]*Node{s}, work+1) {
		t.Fatalf("a stem over 64 unknown pages: hasWork's bound is not %d", work)
	}
	if !hasWork([]*Node{s, n}, 2*work-3) || hasWork([]*Node{s, n}, 2*work-2) {
		t.Fatal("two roots sharing nodes: each is counted whole")
	}
	pages[5].Root()
	if rest := work - 3 - 16; !hasWork([]*Node{n}, rest) || hasWork([]*Node{n}, rest+1) {
		t.Fatal("a hashed page was counted")
	}
	s.Root()
	if hasWork([]*Node{s}, 1) {
		t.Fatal("a hashed tree has work")
	}
}

// TestHashAllShares hashes, with several goroutines, a comb of branches
// whose left children are single pages and whose last right child is a
// large list: the split's junctions run out along the comb, so the list is
// one subtree, whose pages the goroutines done with the single pages share
// (taskQueue.hashShared); a list of leaves has a large level instead,
// which its goroutine hashes. Every root, and every group root a page
// keeps, must be the reference's.
func TestHashAllShares(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	vs := validatorShape(t)
	cached, err := NewCachedLayout(vs, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		l    *Layout // the teeth's pages and the list's, nil for a list of leaves
	}{
		{"validators", cached},
		{"chunks", mustLayout(t, ChunkShape, 4)},
		{"leaves", nil},
	} {
		l := tc.l
		if l == nil {
			l = mustLayout(t, ChunkShape, 0)
		}
		for _, procs := range []int{2, 3, 5} {
			prev := runtime.GOMAXPROCS(procs)
			var all []*Node
			newPage := func() (*Node, [32]byte) {
				data := make([]byte, l.PageSize())
				for j := range data {
					data[j] = byte(r.Uint32())
				}
				p, err := NewPage(l, data)
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, p)
				var roots [][32]byte
				for k := 0; k < len(data); k += l.elem.size {
					roots = append(roots, refShapeRoot(l.elem, data[k:k+l.elem.size]))
				}
				return p, refMerkleize(roots, l.depth)
			}
			var root *Node
			var want [32]byte
			if tc.l != nil {
				// Enough values that the list's pages are shared.
				pages := 2 * parallelValues >> uint(l.depth)
				list := make([]*Node, pages)
				listRoots := make([][32]byte, pages)
				for i := range list {
					list[i], listRoots[i] = newPage()
				}
				depth := bits.Len(uint(pages - 1))
				root, err = Build(depth, list, l.depth)
				want = refMerkleize(listRoots, depth)
			} else {
				// A level of parallelPairs branches.
				depth := bits.Len(uint(2*parallelPairs - 1))
				chunks := randomChunks(r, 1<<depth)
				root, err = Build(depth, leaves(chunks), 0)
				want = refMerkleize(chunks, depth)
			}
			if err != nil {
				t.Fatal(err)
			}
			for range splitJunctions + 2 {
				p, pr := newPage()
				root, want = NewBranch(p, root), refPair(pr, want)
			}
			HashAll(root)
			if root.Root() != want {
				t.Fatalf("%s, GOMAXPROCS %d: root differs from the reference", tc.name, procs)
			}
			if l.groupDepth >= 0 {
				checkGroups(t, all)
			}
			runtime.GOMAXPROCS(prev)
		}
	}
}

// TestRangesTakeEach takes the ranges of one ranges from several goroutines
// at once: together they must cover [0, n) once, each at most size long.
func TestRangesTakeEach(t *testing.T) {
	for _, tc := range []struct{ n, size int }{{0, 3}, {1, 3}, {10, 3}, {12, 3}, {1000, 7}} {
		rs := &ranges{n: tc.n, size: tc.size}
		seen := make([]atomic.Int32, tc.n)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for lo, hi, ok := rs.take(); ok; lo, hi, ok = rs.take() {
					if lo < 0 || hi > tc.n || hi <= lo || hi-lo > tc.size {
						t.Errorf("n %d, size %d: range [%d, %d)", tc.n, tc.size, lo, hi)
						return
					}
					for i := lo; i < hi; i++ {
						seen[i].Add(1)
					}
				}
			}()
		}
		wg.Wait()
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Fatalf("n %d, size %d: item %d taken %d times", tc.n, tc.size, i, c)
			}
		}
	}
}
