package tree

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"
)

// refMerkleize is a plain reference: the root of a complete tree of the given
// depth whose first leaves are chunks, with crypto/sha256 one pair at a time.
func refMerkleize(chunks [][32]byte, depth int) [32]byte {
	if depth == 0 {
		if len(chunks) == 0 {
			return [32]byte{}
		}
		return chunks[0]
	}
	half := 1 << (depth - 1)
	var l, r [32]byte
	if len(chunks) > half {
		l = refMerkleize(chunks[:half], depth-1)
		r = refMerkleize(chunks[half:], depth-1)
	} else {
		l = refMerkleize(chunks, depth-1)
		r = refMerkleize(nil, depth-1)
	}
	return sha256.Sum256(append(l[:], r[:]...))
}

func randomChunks(r *rand.Rand, n int) [][32]byte {
	out := make([][32]byte, n)
	for i := range out {
		for j := 0; j < 32; j += 8 {
			binary.LittleEndian.PutUint64(out[i][j:], r.Uint64())
		}
	}
	return out
}

func leaves(chunks [][32]byte) []*Node {
	out := make([]*Node, len(chunks))
	for i, c := range chunks {
		out[i] = NewLeaf(c)
	}
	return out
}

func TestZero(t *testing.T) {
	want := [32]byte{}
	for d := 0; d <= MaxDepth; d++ {
		if got := Zero(d).Root(); got != want {
			t.Fatalf("zero root at depth %d: %x, want %x", d, got, want)
		}
		want = sha256.Sum256(append(want[:], want[:]...))
	}
}

func TestBuildMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct{ n, depth int }{
		{0, 0}, {1, 0}, {0, 5}, {1, 1}, {2, 1}, {3, 2}, {5, 3}, {7, 3}, {8, 3}, {100, 7}, {100, 40}, {1000, 10},
	} {
		chunks := randomChunks(r, tc.n)
		n, err := Build(tc.depth, leaves(chunks), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := n.Root(), refMerkleize(chunks, min(tc.depth, 11)); tc.depth <= 11 && got != want {
			t.Fatalf("Build(%d, %d leaves): root %x, want %x", tc.depth, tc.n, got, want)
		}
		if tc.depth > 11 {
			// Deep trees: the populated part, then zero siblings on the way up.
			want := refMerkleize(chunks, 10)
			for d := 10; d < tc.depth; d++ {
				z := ZeroRoot(d)
				want = sha256.Sum256(append(want[:], z[:]...))
			}
			if got := n.Root(); got != want {
				t.Fatalf("Build(%d, %d leaves): root %x, want %x", tc.depth, tc.n, got, want)
			}
		}
	}
	if _, err := Build(2, make([]*Node, 5), 0); err == nil {
		t.Fatal("Build accepted 5 nodes at depth 2")
	}
}

func TestSetManyMatchesRebuild(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const depth = 9
	chunks := randomChunks(r, 300)
	base, _ := Build(depth, leaves(chunks), 0)
	base.Root()
	for round := 0; round < 20; round++ {
		var idx []uint64
		var nodes []*Node
		want := append([][32]byte(nil), chunks...)
		for i := uint64(0); i < 1<<depth; i++ {
			if r.IntN(10) == 0 {
				c := randomChunks(r, 1)[0]
				idx = append(idx, i)
				nodes = append(nodes, NewLeaf(c))
				for uint64(len(want)) <= i {
					want = append(want, [32]byte{})
				}
				want[i] = c
			}
		}
		got, err := SetMany(base, depth, idx, nodes)
		if err != nil {
			t.Fatal(err)
		}
		if got.Root() != refMerkleize(want, depth) {
			t.Fatalf("round %d: SetMany root differs from reference", round)
		}
		if base.Root() != refMerkleize(chunks, depth) {
			t.Fatal("SetMany changed the original tree")
		}
		for k, i := range idx {
			n, err := Get(got, depth, i)
			if err != nil || n != nodes[k] {
				t.Fatalf("Get(%d) after SetMany: %v %v", i, n, err)
			}
		}
	}
	if _, err := SetMany(base, depth, []uint64{3, 3}, []*Node{Zero(0), Zero(0)}); err == nil {
		t.Fatal("SetMany accepted repeated indices")
	}
	if _, err := Set(base, depth, 1<<depth, Zero(0)); err == nil {
		t.Fatal("Set accepted an index outside the tree")
	}
	if _, err := Set(NewLeaf([32]byte{}), 1, 0, Zero(0)); err == nil {
		t.Fatal("Set navigated below a leaf")
	}
}

func TestGindex(t *testing.T) {
	g := GindexOf(3, 5)
	if g != 13 || g.Depth() != 3 || g.Index() != 5 {
		t.Fatalf("GindexOf(3,5) = %d (depth %d, index %d)", g, g.Depth(), g.Index())
	}
	if c, ok := Gindex(3).Concat(Gindex(5)); !ok || c != 13 {
		t.Fatalf("3 concat 5 = %d", c)
	}
	r := rand.New(rand.NewPCG(5, 6))
	chunks := randomChunks(r, 16)
	n, _ := Build(4, leaves(chunks), 0)
	for i := range chunks {
		got, err := GetGindex(n, GindexOf(4, uint64(i)))
		if err != nil || got.Chunk() != chunks[i] {
			t.Fatalf("GetGindex leaf %d: %v", i, err)
		}
	}
}

// validatorShape mirrors a Validator: a 48-byte key (two chunks), a 32-byte
// root, and six small fields.
func validatorShape(t testing.TB) *Shape {
	key, err := NewShape(48, 1, []Segment{{0, 32, nil}, {32, 16, nil}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewShape(121, 3, []Segment{
		{0, 48, key}, {48, 32, nil}, {80, 8, nil}, {88, 1, nil},
		{89, 8, nil}, {97, 8, nil}, {105, 8, nil}, {113, 8, nil},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func refShapeRoot(s *Shape, b []byte) [32]byte {
	var chunks [][32]byte
	for _, p := range s.segments {
		var c [32]byte
		if p.Shape != nil {
			c = refShapeRoot(p.Shape, b[p.Offset:p.Offset+p.Size])
		} else {
			copy(c[:], b[p.Offset:min(len(b), p.Offset+p.Size)])
		}
		chunks = append(chunks, c)
	}
	return refMerkleize(chunks, s.depth)
}

func TestPageRoots(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	vs := validatorShape(t)
	for _, tc := range []struct {
		name  string
		elem  *Shape
		depth int
		bytes int
		// groupDepth is the layout's, -1 for one that keeps no groups.
		groupDepth int
	}{
		{"packed full", ChunkShape, 4, 512, -1},
		{"packed partial chunk", ChunkShape, 4, 100, -1},
		{"packed empty", ChunkShape, 4, 0, -1},
		{"large page partial", ChunkShape, 7, 300, -1},
		{"large page one chunk", ChunkShape, 7, 10, -1},
		{"large page half", ChunkShape, 7, 2048, -1},
		{"large page full", ChunkShape, 7, 4096, -1},
		{"validators full", vs, 3, 8 * 121, -1},
		{"validators partial", vs, 3, 3 * 121, -1},
		{"single validator", vs, 0, 121, -1},
		{"cached validators full", vs, 4, 16 * 121, 1},
		{"cached validators partial group", vs, 4, 5 * 121, 1},
		{"cached validators partial", vs, 4, 9 * 121, 2},
		{"cached value roots", vs, 2, 3 * 121, 0},
		{"cached packed", ChunkShape, 4, 300, 2},
		{"cached packed full", ChunkShape, 4, 512, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := NewLayout(tc.elem, tc.depth)
			if tc.groupDepth >= 0 {
				l, err = NewCachedLayout(tc.elem, tc.depth, tc.groupDepth)
			}
			if err != nil {
				t.Fatal(err)
			}
			// Many pages at once, so the batch and parallel paths run too.
			const count = 3000
			pages := make([]*Node, count)
			want := make([][32]byte, count)
			for i := range pages {
				data := make([]byte, tc.bytes)
				for j := range data {
					data[j] = byte(r.Uint32())
				}
				if pages[i], err = NewPage(l, data); err != nil {
					t.Fatal(err)
				}
				var roots [][32]byte
				for k := 0; k*tc.elem.size < len(data); k++ {
					roots = append(roots, refShapeRoot(tc.elem, data[k*tc.elem.size:min(len(data), (k+1)*tc.elem.size)]))
				}
				want[i] = refMerkleize(roots, tc.depth)
			}
			HashAll(pages...)
			for i, p := range pages {
				if got := p.Root(); got != want[i] {
					t.Fatalf("page %d: root %x, want %x", i, got, want[i])
				}
			}
			if l.groupDepth >= 0 {
				checkGroups(t, pages)
			}
			// An expanded page stands for the same subtree.
			fresh, _ := NewPage(l, pages[0].pageBytes())
			left, right := fresh.Children()
			if NewBranch(left, right).Root() != want[0] && tc.depth+tc.elem.depth > 0 {
				t.Fatal("expanded page has another root")
			}
		})
	}
	if _, err := NewPage(mustLayout(t, vs, 1), make([]byte, 3*121)); err == nil {
		t.Fatal("NewPage accepted three values in a page of two")
	}
	if _, err := NewPage(mustLayout(t, vs, 1), make([]byte, 100)); err == nil {
		t.Fatal("NewPage accepted a partial composite value")
	}
}

// checkGroups checks that hashed pages that keep their groups' roots hold
// those of their expanded subtrees.
func checkGroups(t *testing.T, pages []*Node) {
	t.Helper()
	for i, p := range pages {
		l := p.page.layout
		e := p.page.expand(p)
		for g, root := range p.pageGroups() {
			n, err := Get(e, l.depth-l.groupDepth, uint64(g))
			if err != nil {
				t.Fatal(err)
			}
			if n.Root() != root {
				t.Fatalf("page %d: group %d root %x, want %x", i, g, root, n.Root())
			}
		}
	}
}

func mustLayout(t *testing.T, s *Shape, depth int) *Layout {
	l, err := NewLayout(s, depth)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestSetIntoPage(t *testing.T) {
	vs := validatorShape(t)
	l := mustLayout(t, vs, 3)
	data := make([]byte, 8*121)
	for i := range data {
		data[i] = byte(i)
	}
	p, _ := NewPage(l, data)
	// Replace validator 5's effective balance chunk: depth 3 (page) + 3
	// (validator fields), field 2.
	var c [32]byte
	c[0] = 0xaa
	changed, err := Set(p, 6, 5<<3|2, NewLeaf(c))
	if err != nil {
		t.Fatal(err)
	}
	data2 := append([]byte(nil), data...)
	copy(data2[5*121+80:5*121+88], make([]byte, 8))
	data2[5*121+80] = 0xaa
	p2, _ := NewPage(l, data2)
	if changed.Root() != p2.Root() {
		t.Fatal("setting a chunk inside a page differs from a page with that change")
	}
	if p.Root() == p2.Root() {
		t.Fatal("the change did not change the root")
	}
}

// TestConcurrentHashing hashes a tree and a changed copy that share unhashed
// nodes from several goroutines at once; run it with -race.
func TestConcurrentHashing(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	l := mustLayout(t, ChunkShape, 4)
	for round := 0; round < 20; round++ {
		pages := make([]*Node, 600)
		for i := range pages {
			data := make([]byte, 512)
			for j := range data {
				data[j] = byte(r.Uint32())
			}
			pages[i], _ = NewPage(l, data)
		}
		a, _ := Build(20, pages, 4)
		b, _ := Set(a, 20, 7, pages[3])
		c, _ := Set(a, 20, 500, NewLeaf([32]byte{1}))
		var wg sync.WaitGroup
		roots := make([][32]byte, 6)
		for i, n := range []*Node{a, b, c, a, b, c} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				roots[i] = n.Root()
			}()
		}
		wg.Wait()
		for i := 0; i < 3; i++ {
			if roots[i] != roots[i+3] {
				t.Fatalf("round %d: goroutines disagree on root %d", round, i)
			}
		}
		if roots[0] == roots[1] || roots[0] == roots[2] {
			t.Fatal("changed copies share the original's root")
		}
		// Recompute from scratch to check the values, not just agreement.
		fresh, _ := Build(20, clonePages(t, l, pages), 4)
		if fresh.Root() != roots[0] {
			t.Fatal("concurrent root differs from a fresh tree's")
		}
	}
}

// TestConcurrentHashingCachedPages hashes pages that keep their groups'
// roots, some made from hashed bases, from several goroutines at once (run
// it with -race): every goroutine agrees, and the groups' roots are those of
// the expanded pages.
func TestConcurrentHashingCachedPages(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	vs := validatorShape(t)
	l, err := NewCachedLayout(vs, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 10; round++ {
		bases := make([]*Node, 300)
		for i := range bases {
			data := make([]byte, 121*(1+r.IntN(16)))
			for j := range data {
				data[j] = byte(r.Uint32())
			}
			bases[i], _ = NewPage(l, data)
		}
		HashAll(bases...)
		pages := make([]*Node, len(bases))
		for i, b := range bases {
			data := append([]byte(nil), b.pageBytes()...)
			data[r.IntN(len(data))] ^= 1
			if pages[i], err = NewPageFrom(l, data, b); err != nil {
				t.Fatal(err)
			}
			if bits.OnesCount64(pages[i].page.lent) < len(data)/(2*121)-1 {
				t.Fatalf("page %d borrows %b: fewer groups than did not change", i, pages[i].page.lent)
			}
		}
		a, _ := Build(12, pages, 4)
		var wg sync.WaitGroup
		roots := make([][32]byte, 4)
		for i := range roots {
			wg.Add(1)
			go func() {
				defer wg.Done()
				roots[i] = a.Root()
			}()
		}
		wg.Wait()
		fresh, _ := Build(12, clonePages(t, l, pages), 4)
		for i := range roots {
			if roots[i] != fresh.Root() {
				t.Fatalf("round %d: goroutine %d's root differs from a fresh tree's", round, i)
			}
		}
		checkGroups(t, pages)
	}
}

func clonePages(t *testing.T, l *Layout, pages []*Node) []*Node {
	out := make([]*Node, len(pages))
	for i, p := range pages {
		var err error
		if out[i], err = NewPage(l, p.pageBytes()); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func BenchmarkHashAllPackedPages(b *testing.B) {
	l, _ := NewLayout(ChunkShape, 4)
	for _, n := range []int{1, 1000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			data := make([]byte, 512)
			b.SetBytes(int64(n * 512))
			for i := 0; i < b.N; i++ {
				pages := make([]*Node, n)
				for j := range pages {
					pages[j], _ = NewPage(l, data)
				}
				HashAll(pages...)
			}
		})
	}
}

func TestBuildPagesAndAppendData(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	vs := validatorShape(t)
	for _, tc := range []struct {
		name       string
		elem       *Shape
		pageDepth  int
		depth      int
		valueBytes int
	}{
		{"packed small", ChunkShape, 0, 0, 20},
		{"packed one page", ChunkShape, 5, 5, 1000},
		{"packed many pages deep", ChunkShape, 5, 38, 200*32 + 7},
		{"packed empty deep", ChunkShape, 5, 38, 0},
		{"validators", vs, 3, 40, 1000 * 121},
		{"validators partial page", vs, 3, 12, 13 * 121},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := mustLayout(t, tc.elem, tc.pageDepth)
			data := make([]byte, tc.valueBytes)
			for i := range data {
				data[i] = byte(r.Uint32())
			}
			n, err := BuildPages(l, tc.depth, data)
			if err != nil {
				t.Fatal(err)
			}
			var roots [][32]byte
			for k := 0; k*tc.elem.size < len(data); k++ {
				roots = append(roots, refShapeRoot(tc.elem, data[k*tc.elem.size:min(len(data), (k+1)*tc.elem.size)]))
			}
			want := refMerkleize(roots, min(tc.depth, 12))
			for d := 12; d < tc.depth; d++ {
				z := ZeroRoot(d)
				want = sha256.Sum256(append(want[:], z[:]...))
			}
			if got := n.Root(); got != want {
				t.Fatalf("root %x, want %x", got, want)
			}
			out, err := AppendData([]byte("x"), n, tc.depth, l, len(data))
			if err != nil {
				t.Fatal(err)
			}
			if string(out[1:]) != string(data) {
				t.Fatal("AppendData does not give the data back")
			}
			// Reading past the data gives zeros, as a list's unused
			// capacity of packed values does.
			if tc.elem == ChunkShape && tc.depth > 6 {
				out, err := AppendData(nil, n, tc.depth, l, len(data)+5000)
				if err != nil || string(out[:len(data)]) != string(data) || string(out[len(data):]) != string(make([]byte, 5000)) {
					t.Fatalf("reading past the data: %v", err)
				}
			}
		})
	}
}

func TestHashValue(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	vs := validatorShape(t)
	b := make([]byte, 121)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	if got, want := HashValue(vs, b), refShapeRoot(vs, b); got != want {
		t.Fatalf("HashValue %x, want %x", got, want)
	}
	l := mustLayout(t, vs, 0)
	p, _ := NewPage(l, b)
	if HashValue(vs, b) != p.Root() {
		t.Fatal("HashValue differs from the root of a page of one value")
	}
}

// TestAppendDataLarge covers the parallel path of AppendData and BuildPages:
// several MB, a page expanded into branches, zero pages past the data, and a
// caller's buffer holding old bytes.
func TestAppendDataLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, tc := range []struct {
		elem  *Shape
		depth int
		size  int
	}{
		{ChunkShape, 30, 6 << 20},
		{validatorShape(t), 30, 50_000 * 121},
	} {
		l := mustLayout(t, tc.elem, 3)
		data := make([]byte, tc.size)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		n, err := BuildPages(l, tc.depth, data)
		if err != nil {
			t.Fatal(err)
		}
		// Expand page 5 into branches by setting one of its chunks to what
		// it already holds.
		g := GindexOf(tc.depth-3, 5)
		p, _ := GetGindex(n, g)
		left, right := p.Children()
		n, _ = SetGindex(n, g, NewBranch(left, right))
		want := append([]byte(nil), data...)
		extra := 0
		if tc.elem == ChunkShape {
			extra = 3000 // read past the data: zero pages
			want = append(want, make([]byte, extra)...)
		}
		old := make([]byte, 7, 7+len(want))
		for i := range old[:cap(old)] {
			old[:cap(old)][i] = 0xee
		}
		got, err := AppendData(old, n, tc.depth, l, len(want))
		if err != nil {
			t.Fatal(err)
		}
		if string(got[7:]) != string(want) {
			t.Fatal("AppendData of a large subtree differs")
		}
	}
}

// refSparse is the root of a tree of the given depth whose leaves are
// chunks (by index) and zero elsewhere.
func refSparse(chunks map[uint64][32]byte, depth int, base uint64) [32]byte {
	any := false
	for i := range chunks {
		if i >= base && (depth >= 64 || i < base+uint64(1)<<uint(depth)) {
			any = true
			break
		}
	}
	if !any {
		return refZeroRoot(depth)
	}
	if depth == 0 {
		return chunks[base]
	}
	half := uint64(1) << uint(depth-1)
	l := refSparse(chunks, depth-1, base)
	r := refSparse(chunks, depth-1, base+half)
	return sha256.Sum256(append(l[:], r[:]...))
}

func refZeroRoot(depth int) [32]byte {
	var z [32]byte
	for i := 0; i < depth; i++ {
		z = sha256.Sum256(append(z[:], z[:]...))
	}
	return z
}

// TestSpines builds sparse trees (stems stand for their tops), changes
// them, reads them back and hashes them, against a sparse reference.
func TestSpines(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for round := 0; round < 200; round++ {
		depth := 1 + r.IntN(45)
		count := 1 + r.IntN(min(20, 1<<min(depth, 20)))
		chunks := map[uint64][32]byte{}
		nodes := make([]*Node, count)
		for i := range nodes {
			c := randomChunks(r, 1)[0]
			chunks[uint64(i)] = c
			nodes[i] = NewLeaf(c)
		}
		n, err := Build(depth, nodes, 0)
		if err != nil {
			t.Fatal(err)
		}
		if count == 1 && depth > 0 && !n.IsStem() {
			t.Fatal("one node under a deep tree is not a stem")
		}
		for step := 0; step < 5; step++ {
			if got, want := n.Root(), refSparse(chunks, depth, 0); got != want {
				t.Fatalf("round %d depth %d: root %x, want %x", round, depth, got, want)
			}
			// Read every populated index, and some zero ones.
			for i, c := range chunks {
				if got, err := Get(n, depth, i); err != nil || got.Root() != c {
					t.Fatalf("Get(%d): %v", i, err)
				}
			}
			far := uint64(1)<<uint(depth) - 1
			if _, ok := chunks[far]; !ok {
				if got, err := Get(n, depth, far); err != nil || got.Root() != ([32]byte{}) {
					t.Fatalf("Get of a zero position: %v", err)
				}
			}
			// Inner positions: a node above the leaves has the root of its
			// range.
			if depth > 2 {
				d := r.IntN(depth)
				if got, err := Get(n, d, 0); err != nil || got.Root() != refSparse(chunks, depth-d, 0) {
					t.Fatalf("Get(depth %d, 0): %v", d, err)
				}
			}
			// Change a few positions, near and far.
			var idx []uint64
			var vals []*Node
			for _, i := range []uint64{uint64(r.IntN(count + 3)), far / 2, far} {
				if i > far || (len(idx) > 0 && i <= idx[len(idx)-1]) {
					continue
				}
				c := randomChunks(r, 1)[0]
				idx = append(idx, i)
				vals = append(vals, NewLeaf(c))
				chunks[i] = c
			}
			if n, err = SetMany(n, depth, idx, vals); err != nil {
				t.Fatal(err)
			}
		}
		got, err := Nodes(nil, n, depth, uint64(min(64, 1<<min(depth, 6))))
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range got {
			if g.Root() != chunks[uint64(i)] {
				t.Fatalf("Nodes: leaf %d differs", i)
			}
		}
	}
}

func TestNewStem(t *testing.T) {
	c := NewLeaf([32]byte{1})
	s := NewStem(NewStem(c, 3, 0), 4, 3)
	if !s.IsStem() || s.stemK != 7 || s.left != c {
		t.Fatal("a stem over a stem is not merged")
	}
	if NewStem(Zero(5), 3, 5) != Zero(8) {
		t.Fatal("a stem over a zero subtree is not a zero subtree")
	}
	if NewStem(c, 0, 0) != c {
		t.Fatal("a stem of no levels is not its subtree")
	}
	want := refSparse(map[uint64][32]byte{0: {1}}, 7, 0)
	if s.Root() != want {
		t.Fatal("stem root differs")
	}
}

// TestSpineSetInner sets nodes at inner depths of sparse trees (inside and
// below their stems) and compares with trees rebuilt from their nodes at
// that depth.
func TestSpineSetInner(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for round := 0; round < 300; round++ {
		depth := 3 + r.IntN(30)
		count := 1 + r.IntN(5)
		nodes := leaves(randomChunks(r, count))
		n, err := Build(depth, nodes, 0)
		if err != nil {
			t.Fatal(err)
		}
		d := 1 + r.IntN(min(depth-1, 8))
		below := depth - d
		i := uint64(r.IntN(1 << d))
		v := NewStem(NewLeaf(randomChunks(r, 1)[0]), below, 0)
		changed, err := Set(n, d, i, v)
		if err != nil {
			t.Fatal(err)
		}
		at := make([]*Node, 1<<d)
		for j := range at {
			if at[j], err = Get(n, d, uint64(j)); err != nil {
				t.Fatal(err)
			}
		}
		at[i] = v
		want, _ := Build(d, at, below)
		if changed.Root() != want.Root() {
			t.Fatalf("round %d: depth %d, set at (%d, %d): roots differ", round, depth, d, i)
		}
		if got, _ := Get(changed, d, i); got.Root() != v.Root() {
			t.Fatal("Get after Set does not give the node back")
		}
	}
}

// TestPackedPagesOfMixedSizes hashes, in one batch, packed pages holding
// every number of chunks, as short lists' pages do.
func TestPackedPagesOfMixedSizes(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	l := mustLayout(t, ChunkShape, 7)
	pages := make([]*Node, 600)
	want := make([][32]byte, len(pages))
	for i := range pages {
		data := make([]byte, r.IntN(l.PageSize()+1))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		pages[i], _ = NewPage(l, data)
		var chunks [][32]byte
		for k := 0; k*32 < len(data); k++ {
			var c [32]byte
			copy(c[:], data[k*32:])
			chunks = append(chunks, c)
		}
		want[i] = refMerkleize(chunks, 7)
	}
	HashAll(pages...)
	for i, p := range pages {
		if p.Root() != want[i] {
			t.Fatalf("page %d of %d bytes: wrong root", i, len(p.pageBytes()))
		}
	}
}

// TestAppendDataZeroSubtrees reads back, on the path that copies from several
// goroutines (data of at least parallelCopyBytes) and on the one that does
// not, pages mixed with a page replaced by a zero subtree, an expanded page
// and the zero capacity past the data.
func TestAppendDataZeroSubtrees(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	l := mustLayout(t, ChunkShape, 5)
	const depth = 38
	for _, size := range []int{parallelCopyBytes + 1000*32 + 7, 100*1024 + 3} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		n, err := BuildPages(l, depth, data)
		if err != nil {
			t.Fatal(err)
		}
		// Page 3 becomes a zero subtree; in page 5 one chunk changes, which
		// expands it into leaves and branches.
		top := depth - l.Depth()
		if n, err = Set(n, top, 3, Zero(l.Depth())); err != nil {
			t.Fatal(err)
		}
		clear(data[3*l.PageSize() : 4*l.PageSize()])
		chunk := [32]byte{7, 7, 7}
		if n, err = Set(n, depth, 5*32+9, NewLeaf(chunk)); err != nil {
			t.Fatal(err)
		}
		copy(data[(5*32+9)*32:], chunk[:])
		want := append(append([]byte("x"), data...), make([]byte, 3*l.PageSize()+11)...)
		got, err := AppendData([]byte("x"), n, depth, l, len(want)-1)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%d bytes: byte %d is %d, want %d", size, i-1, got[i], want[i])
				}
			}
			t.Fatalf("%d bytes: %d read, want %d", size, len(got)-1, len(want)-1)
		}
	}
}

// TestNewPageOver makes pages from hashed bases with a few values changed,
// told which groups changed: each takes over the roots of exactly the
// other groups, and its root and groups' roots are those of a page made
// from its bytes alone.
func TestNewPageOver(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	vs := validatorShape(t)
	l, err := NewCachedLayout(vs, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 200; round++ {
		data := make([]byte, 121*(1+r.IntN(16)))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		base, _ := NewPage(l, data)
		base.Root()
		next := append([]byte(nil), data...)
		var changed uint64
		for range r.IntN(4) {
			v := r.IntN(len(next) / 121)
			next[121*v+r.IntN(121)] ^= 1
			changed |= 1 << uint(v/2)
		}
		p, err := NewPageOver(l, next, base, changed)
		if err != nil {
			t.Fatal(err)
		}
		groups := (len(next)/121 + 1) / 2
		if want := (uint64(1)<<uint(groups) - 1) &^ changed; p.page.lent != want {
			t.Fatalf("round %d: lent %b, want %b", round, p.page.lent, want)
		}
		fresh, _ := NewPage(l, next)
		if p.Root() != fresh.Root() {
			t.Fatalf("round %d: root differs from a fresh page's", round)
		}
		checkGroups(t, []*Node{p})
	}
	// A base of another length lends nothing past it, nor without a root.
	data := make([]byte, 4*121)
	base, _ := NewPage(l, data)
	if p, _ := NewPageOver(l, data, base, 0); p.page.lent != 0 {
		t.Fatalf("an unhashed base lent %b", p.page.lent)
	}
	base.Root()
	if p, _ := NewPageOver(l, make([]byte, 3*121), base, 0); p.page.lent != 1 {
		t.Fatalf("a shorter page borrowed %b, want the first group only", p.page.lent)
	}
}

// BenchmarkHashValuePages hashes pages of 16 validator-like values that
// keep the roots of their pairs, on one goroutine: the bulk of a state's
// first root.
func BenchmarkHashValuePages(b *testing.B) {
	l, err := NewCachedLayout(validatorShape(b), 4, 1)
	if err != nil {
		b.Fatal(err)
	}
	const pageCount = 2048
	data := make([]byte, pageCount*l.PageSize())
	for i := range data {
		data[i] = byte(i * 7)
	}
	pages := make([]*Node, pageCount)
	b.SetBytes(int64(len(data)))
	var ar arena
	var vb valueBuf
	for i := 0; i < b.N; i++ {
		for j := range pages {
			pages[j], _ = NewPage(l, data[j*l.PageSize():(j+1)*l.PageSize()])
		}
		for lo := 0; lo < pageCount; lo += 64 {
			hashPageBatch(l, pages[lo:lo+64], &ar, &vb)
			ar.reset()
		}
	}
}

// TestMixInOver checks that a mix-in over the one it replaces shares that
// one's length leaf when the length is the same and the leaf an
// allocation of its own, never the leaf of NewMixIn's pair (which would
// keep the pair's branch and the version below it alive), and has the
// root NewMixIn gives.
func TestMixInOver(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	a := must(BuildLeaves(3, randomBytes(r, 8*32)))
	b := must(BuildLeaves(3, randomBytes(r, 8*32)))
	pair := NewMixIn(a, 7)
	first := MixInOver(pair, b, 7)
	_, pairLeaf := pair.Children()
	_, leaf := first.Children()
	if leaf == pairLeaf {
		t.Error("the leaf of NewMixIn's pair was shared")
	}
	if first.Root() != NewMixIn(b, 7).Root() {
		t.Error("MixInOver's root differs from NewMixIn's")
	}
	second := MixInOver(first, a, 7)
	if _, l := second.Children(); l != leaf {
		t.Error("the same length: the leaf of its own allocation was not shared")
	}
	if second.Root() != pair.Root() {
		t.Error("MixInOver over a shared leaf: root differs from NewMixIn's")
	}
	third := MixInOver(second, a, 8)
	if _, l := third.Children(); l == leaf || third.Root() != NewMixIn(a, 8).Root() {
		t.Error("another length: the old leaf was shared, or the root is wrong")
	}
	if nilOld := MixInOver(nil, a, 7); nilOld.Root() != pair.Root() {
		t.Error("MixInOver over nil: root differs from NewMixIn's")
	}
	if overStem := MixInOver(NewStem(a, 2, 3), a, 7); overStem.Root() != pair.Root() {
		t.Error("MixInOver over a stem: root differs from NewMixIn's")
	}
}
