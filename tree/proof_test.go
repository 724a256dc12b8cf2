package tree

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// The specification's functions of ssz/merkle-proofs.md, as written there,
// with sets and sorting: the reference the walk's helper indices and proofs
// are checked against.

func specBranchIndices(g Gindex) []Gindex {
	o := []Gindex{g ^ 1}
	for o[len(o)-1] > 1 {
		o = append(o, (o[len(o)-1]>>1)^1)
	}
	return o[:len(o)-1]
}

func specPathIndices(g Gindex) []Gindex {
	o := []Gindex{g}
	for o[len(o)-1] > 1 {
		o = append(o, o[len(o)-1]>>1)
	}
	return o[:len(o)-1]
}

func specHelperIndices(gs []Gindex) []Gindex {
	helpers := map[Gindex]bool{}
	paths := map[Gindex]bool{}
	for _, g := range gs {
		for _, b := range specBranchIndices(g) {
			helpers[b] = true
		}
		for _, p := range specPathIndices(g) {
			paths[p] = true
		}
	}
	out := []Gindex{}
	for h := range helpers {
		if !paths[h] {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] > out[j] })
	return out
}

func specCalculateMultiRoot(leaves, proof [][32]byte, indices []Gindex) ([32]byte, bool) {
	helpers := specHelperIndices(indices)
	if len(leaves) != len(indices) || len(proof) != len(helpers) {
		return [32]byte{}, false
	}
	objects := map[Gindex][32]byte{}
	for i, g := range indices {
		objects[g] = leaves[i]
	}
	for i, g := range helpers {
		objects[g] = proof[i]
	}
	var keys []Gindex
	for k := range objects {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] > keys[j] })
	for pos := 0; pos < len(keys); pos++ {
		k := keys[pos]
		_, ok := objects[k]
		_, sib := objects[k^1]
		_, parent := objects[k/2]
		if ok && sib && !parent {
			l, r := objects[(k|1)^1], objects[k|1]
			objects[k/2] = sha256.Sum256(append(l[:], r[:]...))
			keys = append(keys, k/2)
		}
	}
	r, ok := objects[1]
	return r, ok
}

// genTree returns a random tree of at most depth levels above its chunks:
// leaves, branches, zero subtrees, pages of packed chunks, of validators
// and of a nested depth-0 shape, and pages partly expanded by a Set.
func genTree(t testing.TB, r *rand.Rand, depth int) *Node {
	if depth == 0 {
		return NewLeaf(randomChunks(r, 1)[0])
	}
	switch r.IntN(9) {
	case 0:
		return NewLeaf(randomChunks(r, 1)[0])
	case 1:
		return Zero(r.IntN(depth + 1))
	case 2, 3:
		return genPage(t, r, depth)
	default:
		return NewBranch(genTree(t, r, depth-1), genTree(t, r, depth-1))
	}
}

func genPage(t testing.TB, r *rand.Rand, depth int) *Node {
	vs := validatorShape(t)
	key, _ := NewShape(48, 1, []Segment{{0, 32, nil}, {32, 16, nil}})
	wrapped, err := NewShape(48, 0, []Segment{{0, 48, key}}) // depth 0, not raw
	if err != nil {
		t.Fatal(err)
	}
	small, _ := NewShape(8, 0, []Segment{{0, 8, nil}}) // raw, 8 bytes
	var elem *Shape
	switch r.IntN(4) {
	case 0:
		elem = ChunkShape
	case 1:
		elem = vs
	case 2:
		elem = wrapped
	default:
		elem = small
	}
	if elem.totalDepth() > depth {
		elem = ChunkShape
	}
	d := r.IntN(min(depth-elem.totalDepth(), 5) + 1)
	l := mustLayoutTB(t, elem, d)
	if d > 0 && r.IntN(2) == 0 {
		// A page that keeps the roots of its groups.
		var err error
		if l, err = NewCachedLayout(elem, d, r.IntN(d)); err != nil {
			t.Fatal(err)
		}
	}
	var data []byte
	if elem.raw {
		data = make([]byte, r.IntN(l.PageSize()+1))
	} else {
		// At least one value: HashAll cannot hash an empty page of
		// composite values (hashValues of no values).
		data = make([]byte, elem.size*(1+r.IntN(l.Capacity())))
	}
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	p, err := NewPage(l, data)
	if err != nil {
		t.Fatal(err)
	}
	if l.groupDepth >= 0 && r.IntN(2) == 0 {
		// A page made from a hashed base that differs in a few bytes (or
		// none), and may be shorter or longer: it borrows the roots of the
		// groups that did not change.
		base := p
		base.Root()
		changed := append([]byte(nil), data...)
		for range r.IntN(3) {
			if len(changed) > 0 {
				changed[r.IntN(len(changed))] ^= 1 << r.IntN(8)
			}
		}
		if !elem.raw && r.IntN(3) == 0 {
			changed = changed[:elem.size*r.IntN(len(changed)/elem.size+1)]
			if len(changed) == 0 {
				changed = data[:elem.size]
			}
		}
		if p, err = NewPageFrom(l, changed, base); err != nil {
			t.Fatal(err)
		}
	}
	if r.IntN(4) == 0 && l.TotalDepth() > 0 {
		// Set a chunk through the page: it is expanded along that path.
		g := randomIndex(r, p, 64)
		if g > 1 {
			if p2, err := SetGindex(p, g, NewLeaf(randomChunks(r, 1)[0])); err == nil {
				return p2
			}
		}
	}
	return p
}

func mustLayoutTB(t testing.TB, s *Shape, depth int) *Layout {
	l, err := NewLayout(s, depth)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// randomIndex returns the generalized index of a random node of n's tree,
// walking down through expansions: stop at each level with probability
// 1/stop.
func randomIndex(r *rand.Rand, n *Node, stop int) Gindex {
	g := Gindex(1)
	for !n.IsLeaf() && r.IntN(stop) != 0 {
		left, right := n.Children()
		if left == nil {
			break // a page of one chunk
		}
		if r.IntN(2) == 0 {
			n, g = left, 2*g
		} else {
			n, g = right, 2*g+1
		}
	}
	return g
}

// checkMultiproof checks mp for the tree root: its leaves and helpers are
// the roots of the nodes at their indices (read through expansions), its
// helper indices are the specification's, it verifies, and the
// specification's own calculate_multi_merkle_root gives the root.
func checkMultiproof(t testing.TB, root *Node, gs []Gindex, mp *Multiproof) {
	t.Helper()
	want := root.Root()
	if !slices.Equal(mp.Indices, gs) || len(mp.Leaves) != len(gs) {
		t.Fatalf("indices %v, leaves %d: not those asked for (%v)", mp.Indices, len(mp.Leaves), gs)
	}
	if spec := specHelperIndices(gs); !slices.Equal(mp.HelperIndices, spec) {
		t.Fatalf("helper indices of %v:\n got %v\nwant %v", gs, mp.HelperIndices, spec)
	}
	if h, err := HelperIndices(gs); err != nil || !slices.Equal(h, mp.HelperIndices) {
		t.Fatalf("HelperIndices(%v) = %v, %v; the proof has %v", gs, h, err, mp.HelperIndices)
	}
	for i, g := range gs {
		n, err := GetGindex(root, g)
		if err != nil {
			t.Fatal(err)
		}
		if n.Root() != mp.Leaves[i] {
			t.Fatalf("leaf %d (gindex %d) is not the node's root", i, g)
		}
	}
	for i, g := range mp.HelperIndices {
		n, err := GetGindex(root, g)
		if err != nil {
			t.Fatal(err)
		}
		if n.Root() != mp.HelperRoots[i] {
			t.Fatalf("helper %d (gindex %d) is not the node's root", i, g)
		}
	}
	if !mp.Verify(want) {
		r, err := mp.Root()
		t.Fatalf("multiproof of %v does not verify: %x, %v", gs, r, err)
	}
	if !VerifyMultiproof(want, mp.Indices, mp.Leaves, mp.HelperRoots) {
		t.Fatal("VerifyMultiproof fails")
	}
	if r, ok := specCalculateMultiRoot(mp.Leaves, mp.HelperRoots, mp.Indices); !ok || r != want {
		t.Fatal("the specification's calculate_multi_merkle_root gives another root")
	}
}

func TestSpecIndexFunctions(t *testing.T) {
	for _, g := range []Gindex{1, 2, 3, 7, 12, 105, 1 << 40, 1<<63 | 12345} {
		if !slices.Equal(BranchIndices(g), specBranchIndices(g)) {
			t.Fatalf("BranchIndices(%d) = %v, want %v", g, BranchIndices(g), specBranchIndices(g))
		}
		if !slices.Equal(PathIndices(g), specPathIndices(g)) {
			t.Fatalf("PathIndices(%d) = %v, want %v", g, PathIndices(g), specPathIndices(g))
		}
	}
	// The specification's example: positions 0, 1, 6 of 8 leaves.
	h, err := HelperIndices([]Gindex{8, 9, 14})
	if err != nil || !slices.Equal(h, []Gindex{15, 6, 5}) {
		t.Fatalf("HelperIndices(8, 9, 14) = %v, %v", h, err)
	}
	if _, err := HelperIndices([]Gindex{3, 0}); !errors.Is(err, ErrNavigation) {
		t.Fatalf("HelperIndices with 0: %v", err)
	}
}

func TestProveSingle(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for round := 0; round < 300; round++ {
		root := genTree(t, r, 10)
		for k := 0; k < 10; k++ {
			g := randomIndex(r, root, 6)
			leaf, branch, err := Prove(root, g)
			if err != nil {
				t.Fatalf("round %d: Prove(%d): %v", round, g, err)
			}
			n, _ := GetGindex(root, g)
			if leaf != n.Root() || len(branch) != g.Depth() {
				t.Fatalf("round %d: Prove(%d): wrong leaf or %d siblings", round, g, len(branch))
			}
			for i, s := range specBranchIndices(g) {
				sib, _ := GetGindex(root, s)
				if sib.Root() != branch[i] {
					t.Fatalf("round %d: sibling %d of %d is not node %d", round, i, g, s)
				}
			}
			if !VerifyProof(root.Root(), g, leaf, branch) {
				t.Fatalf("round %d: proof of %d does not verify", round, g)
			}
			mp, err := ProveMulti(root, []Gindex{g})
			if err != nil {
				t.Fatal(err)
			}
			if mp.Leaves[0] != leaf || !slices.Equal(mp.HelperRoots, branch) {
				t.Fatal("a multiproof of one index differs from the single proof")
			}
			checkMultiproof(t, root, []Gindex{g}, mp)
		}
	}
}

func TestProveMulti(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for round := 0; round < 300; round++ {
		root := genTree(t, r, 12)
		gs := make([]Gindex, 1+r.IntN(12))
		for i := range gs {
			gs[i] = randomIndex(r, root, 5)
		}
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatalf("round %d: ProveMulti(%v): %v", round, gs, err)
		}
		checkMultiproof(t, root, gs, mp)
	}
}

func cloneProof(mp *Multiproof) *Multiproof {
	return &Multiproof{
		Indices:       slices.Clone(mp.Indices),
		Leaves:        slices.Clone(mp.Leaves),
		HelperIndices: slices.Clone(mp.HelperIndices),
		HelperRoots:   slices.Clone(mp.HelperRoots),
	}
}

func TestTamperedProofsFail(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for round := 0; round < 200; round++ {
		root := genTree(t, r, 10)
		want := root.Root()
		gs := make([]Gindex, 1+r.IntN(6))
		for i := range gs {
			gs[i] = randomIndex(r, root, 4)
		}
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatal(err)
		}
		// A changed leaf.
		i := r.IntN(len(gs))
		bad := cloneProof(mp)
		bad.Leaves[i][r.IntN(32)] ^= 1 << r.IntN(8)
		if bad.Verify(want) {
			t.Fatalf("round %d: a changed leaf %d of %v verifies", round, i, gs)
		}
		// A changed helper.
		if len(mp.HelperRoots) > 0 {
			bad = cloneProof(mp)
			bad.HelperRoots[r.IntN(len(bad.HelperRoots))][r.IntN(32)] ^= 1 << r.IntN(8)
			if bad.Verify(want) {
				t.Fatalf("round %d: a changed helper verifies", round)
			}
			bad = cloneProof(mp)
			bad.HelperRoots = bad.HelperRoots[1:]
			if bad.Verify(want) {
				t.Fatalf("round %d: a missing helper verifies", round)
			}
		}
		// A changed index: a sibling of the same depth, or a parent.
		bad = cloneProof(mp)
		if bad.Indices[i] > 1 {
			bad.Indices[i] ^= 1
			if bad.Verify(want) && mp.Leaves[i] != leafAt(root, bad.Indices[i]) {
				t.Fatalf("round %d: index %d changed to its sibling verifies", round, mp.Indices[i])
			}
			bad = cloneProof(mp)
			bad.Indices[i] >>= 1
			if bad.Verify(want) {
				t.Fatalf("round %d: index %d changed to its parent verifies", round, mp.Indices[i])
			}
		}
		bad = cloneProof(mp)
		if len(bad.HelperIndices) > 0 {
			bad.HelperIndices[0] ^= 1
			if bad.Verify(want) {
				t.Fatalf("round %d: a changed helper index verifies", round)
			}
		}
		// Single proofs.
		g := gs[i]
		leaf, branch, _ := Prove(root, g)
		badLeaf := leaf
		badLeaf[0] ^= 1
		if VerifyProof(want, g, badLeaf, branch) {
			t.Fatalf("round %d: a single proof with a changed leaf verifies", round)
		}
		if len(branch) > 0 {
			b := slices.Clone(branch)
			b[r.IntN(len(b))][r.IntN(32)] ^= 1
			if VerifyProof(want, g, leaf, b) {
				t.Fatalf("round %d: a single proof with a changed sibling verifies", round)
			}
			if VerifyProof(want, g^1, leaf, branch) && leafAt(root, g^1) != leaf {
				t.Fatalf("round %d: a single proof verifies at the sibling's index", round)
			}
			if VerifyProof(want, g>>1, leaf, branch[1:]) && leafAt(root, g>>1) != leaf {
				t.Fatalf("round %d: a single proof verifies at the parent's index", round)
			}
		}
	}
}

// getGindex is GetGindex, except below a page whose expansion is a single
// chunk: Children returns nil children there, and GetGindex returns a nil
// node or panics a level further down; it is an error here.
func getGindex(n *Node, g Gindex) (got *Node, err error) {
	defer func() {
		if recover() != nil {
			got, err = nil, ErrNavigation
		}
	}()
	got, err = GetGindex(n, g)
	if err == nil && got == nil {
		err = ErrNavigation
	}
	return got, err
}

func leafAt(root *Node, g Gindex) [32]byte {
	n, err := getGindex(root, g)
	if err != nil {
		return [32]byte{0xff}
	}
	return n.Root()
}

// TestOverlappingIndices checks indices that repeat or lie below one
// another: the proof holds the specification's helpers, and verification
// checks every leaf, where the specification's would skip the lower one.
func TestOverlappingIndices(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	chunks := randomChunks(r, 8)
	root, _ := Build(3, leaves(chunks), 0)
	gs := []Gindex{2, 9, 9, 1, 14}
	mp, err := ProveMulti(root, gs)
	if err != nil {
		t.Fatal(err)
	}
	checkMultiproof(t, root, gs, mp)
	bad := cloneProof(mp)
	bad.Leaves[2][0] ^= 1 // one copy of 9
	if bad.Verify(root.Root()) {
		t.Fatal("two different leaves at one index verify")
	}

	gs = []Gindex{2, 9, 14}
	if mp, err = ProveMulti(root, gs); err != nil {
		t.Fatal(err)
	}
	checkMultiproof(t, root, gs, mp)
	bad = cloneProof(mp)
	bad.Leaves[1][0] ^= 1 // 9, below 2
	if bad.Verify(root.Root()) {
		t.Fatal("a changed leaf below another leaf verifies")
	}
	// The specification's function uses the leaf at 2 and never looks at
	// the one at 9.
	if r, ok := specCalculateMultiRoot(bad.Leaves, bad.HelperRoots, bad.Indices); !ok || r != root.Root() {
		t.Fatal("the specification's calculate_multi_merkle_root rejects it too: the test no longer shows the difference")
	}
}

func TestProveErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	chunks := randomChunks(r, 4)
	root, _ := Build(2, leaves(chunks), 0)
	vs := validatorShape(t)
	page, _ := NewPage(mustLayout(t, vs, 2), make([]byte, 3*121))
	packed, _ := NewPage(mustLayout(t, ChunkShape, 3), make([]byte, 100))
	both := NewBranch(page, packed)
	for _, tc := range []struct {
		n *Node
		g Gindex
	}{
		{root, 0},
		{root, 8},               // below a leaf
		{root, 1 << 63},         // deep below a leaf
		{page, 7 << 3},          // below the zero chunk of the missing fourth validator
		{page, 4<<6 | 2},        // below the first chunk of validator 0's key
		{page, (4<<3 | 2) << 1}, // below validator 0's effective balance
		{both, (3<<3 | 1) << 1}, // below a chunk of packed values
		{both, (3<<3 | 6) << 2}, // below a missing chunk of packed values
	} {
		if _, _, err := Prove(tc.n, tc.g); !errors.Is(err, ErrNavigation) {
			t.Errorf("Prove(%d): %v, want ErrNavigation", tc.g, err)
		}
		if _, err := ProveMulti(tc.n, []Gindex{1, tc.g}); !errors.Is(err, ErrNavigation) {
			t.Errorf("ProveMulti(1, %d): %v, want ErrNavigation", tc.g, err)
		}
	}
	// Each index GetGindex refuses, Prove refuses.
	for round := 0; round < 200; round++ {
		n := genTree(t, r, 8)
		g := randomIndex(r, n, 8)
		g = g<<uint(1+r.IntN(3)) | Gindex(r.IntN(2))
		_, gerr := getGindex(n, g)
		_, _, err := Prove(n, g)
		if (gerr == nil) != (err == nil) {
			t.Fatalf("round %d: gindex %d: GetGindex %v, Prove %v", round, g, gerr, err)
		}
	}
	if _, err := ProveMulti(root, nil); err == nil {
		t.Fatal("ProveMulti of no index succeeded")
	}
	if _, err := CalculateRoot(4, [32]byte{}, make([][32]byte, 3)); !errors.Is(err, ErrProof) {
		t.Fatalf("CalculateRoot with a branch too long: %v", err)
	}
	if (&Multiproof{}).Verify([32]byte{}) {
		t.Fatal("an empty multiproof verifies")
	}
}

// packedList returns a List[uint64, limit] of n values, as package schema
// builds it: pages of 32 chunks under a data tree of depth
// log2(limit/4), and the length mixed in.
func packedList(t testing.TB, limitDepth int, n int) *Node {
	data := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(data[8*i:], 32_000_000_000+uint64(i))
	}
	l := mustLayoutTB(t, ChunkShape, 5)
	tree, err := BuildPages(l, limitDepth-2, data)
	if err != nil {
		t.Fatal(err)
	}
	return NewBranch(tree, NewLeafUint64(uint64(n)))
}

// TestProofCostDoesNotGrowWithLimit proves an element in a page and one in
// the zero part of lists of limits 2^12 and 2^40: the same few allocations,
// and as many siblings as levels.
func TestProofCostDoesNotGrowWithLimit(t *testing.T) {
	var allocs []float64
	for _, limitDepth := range []int{12, 40} {
		root := packedList(t, limitDepth, 1000)
		root.Root()
		chunkDepth := 1 + limitDepth - 2
		for _, elem := range []uint64{500, 1<<(limitDepth-1) + 3} {
			g := GindexOf(chunkDepth, elem/4)
			leaf, branch, err := Prove(root, g)
			if err != nil {
				t.Fatal(err)
			}
			if len(branch) != chunkDepth || !VerifyProof(root.Root(), g, leaf, branch) {
				t.Fatalf("limit 2^%d, element %d: %d siblings, or it does not verify", limitDepth, elem, len(branch))
			}
			a := testing.AllocsPerRun(20, func() {
				if _, _, err := Prove(root, g); err != nil {
					t.Fatal(err)
				}
			})
			allocs = append(allocs, a)
		}
		// The length and an element in one multiproof.
		mp, err := ProveMulti(root, []Gindex{3, GindexOf(chunkDepth, 7)})
		if err != nil {
			t.Fatal(err)
		}
		checkMultiproof(t, root, mp.Indices, mp)
		if len(mp.HelperRoots) != chunkDepth-1 {
			t.Fatalf("limit 2^%d: %d helpers", limitDepth, len(mp.HelperRoots))
		}
	}
	for _, a := range allocs {
		if a > 3 && !raceEnabled {
			t.Fatalf("allocations per proof: %v (limits 2^12 and 2^40), want a few", allocs)
		}
	}
	t.Logf("allocations per proof: %v", allocs)
}

// TestProveValidatorField proves validators[i].effective_balance in a list
// of validators kept in pages of 8, and in pages of 16 that keep the roots
// of their pairs: the page is not expanded (the tree is the same
// afterwards) and the proof costs a handful of allocations.
func TestProveValidatorField(t *testing.T) {
	vs := validatorShape(t)
	cached, err := NewCachedLayout(vs, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("pages of 8", func(t *testing.T) { testProveValidatorField(t, mustLayout(t, vs, 3)) })
	t.Run("pages of 16 with pair roots", func(t *testing.T) { testProveValidatorField(t, cached) })
}

func testProveValidatorField(t *testing.T, l *Layout) {
	r := rand.New(rand.NewPCG(21, 22))
	data := make([]byte, 1000*121)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	tree, err := BuildPages(l, 40, data)
	if err != nil {
		t.Fatal(err)
	}
	root := NewBranch(tree, NewLeafUint64(1000))
	root.Root()
	// validators[i] is at depth 1+40 (index i), effective_balance is field
	// 2 of 8 below it.
	field := func(i uint64, f uint64) Gindex { return GindexOf(1+40+3, i<<3|f) }
	for _, i := range []uint64{0, 5, 7, 8, 999, 1000, 1 << 39} {
		g := field(i, 2)
		leaf, branch, err := Prove(root, g)
		if i >= 1000 {
			if err == nil {
				t.Fatalf("validator %d past the length: proof of a field succeeded", i)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		want := [32]byte{}
		copy(want[:], data[i*121+80:i*121+88])
		if leaf != want || !VerifyProof(root.Root(), g, leaf, branch) {
			t.Fatalf("validator %d: wrong leaf, or the proof does not verify", i)
		}
	}
	gs := []Gindex{field(3, 2), field(3, 0) << 1, field(4, 7), field(900, 1), GindexOf(1+40, 77), 3}
	mp, err := ProveMulti(root, gs)
	if err != nil {
		t.Fatal(err)
	}
	checkMultiproof(t, root, gs, mp)
	a := testing.AllocsPerRun(20, func() { _, _, _ = Prove(root, field(5, 2)) })
	if a > 3 && !raceEnabled {
		t.Fatalf("%v allocations per proof", a)
	}
	if l.groupDepth < 0 {
		return
	}
	// The proof reads the roots of the other groups, not their values:
	// with the bytes of validators 0 to 3 overwritten in the hashed page
	// (pages are never modified; this test breaks that on purpose), a proof
	// of validator 5 still verifies against the root.
	pg, err := Get(tree, 40-l.depth, 0)
	if err != nil || pg.page == nil {
		t.Fatalf("page 0: %v", err)
	}
	saved := append([]byte(nil), pg.pageBytes()[:4*121]...)
	clear(pg.pageBytes()[:4*121])
	leaf, branch, err := Prove(root, field(5, 2))
	copy(pg.pageBytes(), saved)
	if err != nil || !VerifyProof(root.Root(), field(5, 2), leaf, branch) {
		t.Fatalf("the proof of validator 5 read the values of other groups (%v)", err)
	}
}

// FuzzMultiproof builds a random tree from a seed and proves a random set of
// its nodes chosen by the input: every multiproof verifies, its leaves and
// helpers are the nodes' roots, and its helper indices are those of the
// specification's get_helper_indices.
func FuzzMultiproof(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3})
	f.Add(uint64(2), []byte{9, 9, 9})
	f.Add(uint64(3), []byte{0xff, 0x10, 0x80, 0x7f, 0x01, 0x00, 0x33})
	f.Add(uint64(4), []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		r := rand.New(rand.NewPCG(seed, seed>>7))
		root := genTree(t, r, 1+int(seed%14))
		var gs []Gindex
		for i, b := range picks {
			if i >= 64 {
				break
			}
			// Each byte picks a random walk of its own: the walk's seed,
			// and the chance to stop at each level.
			w := rand.New(rand.NewPCG(seed, uint64(i)<<8|uint64(b)))
			gs = append(gs, randomIndex(w, root, 2+int(b%7)))
		}
		if len(gs) == 0 {
			gs = []Gindex{randomIndex(r, root, 3)}
		}
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatalf("ProveMulti(%v): %v", gs, err)
		}
		checkMultiproof(t, root, gs, mp)
		// Any index set, valid in a tree or not, has the specification's
		// helper indices.
		var raw []Gindex
		for i := 0; i+8 <= len(picks); i += 8 {
			if g := Gindex(binary.LittleEndian.Uint64(picks[i:])); g != 0 {
				raw = append(raw, g)
			}
		}
		if len(raw) > 0 {
			h, err := HelperIndices(raw)
			if err != nil || !slices.Equal(h, specHelperIndices(raw)) {
				t.Fatalf("HelperIndices(%v) = %v, %v; want %v", raw, h, err, specHelperIndices(raw))
			}
		}
	})
}

// TestProveMultiMany proves hundreds of indices at once in a tree of pages
// of validators and of packed values.
func TestProveMultiMany(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	vs := validatorShape(t)
	data := make([]byte, 3000*121)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	vals, err := BuildPages(mustLayout(t, vs, 3), 20, data)
	if err != nil {
		t.Fatal(err)
	}
	root := NewBranch(NewBranch(vals, NewLeafUint64(3000)), packedList(t, 20, 50_000))
	for round := 0; round < 10; round++ {
		gs := make([]Gindex, 100+r.IntN(300))
		for i := range gs {
			gs[i] = randomIndex(r, root, 40)
		}
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatal(err)
		}
		checkMultiproof(t, root, gs, mp)
	}
}

// TestProveMultiSharedPages proves many indices at once in trees whose
// pages are shared by several positions and hold values of several shapes:
// the breadth-first pass of ProveMulti hashes the values of all the pages
// it enters in one batch per shape, and must find each page's roots by its
// position, not by the page alone.
func TestProveMultiSharedPages(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for round := 0; round < 200; round++ {
		pages := make([]*Node, 1+r.IntN(3))
		for i := range pages {
			pages[i] = genPage(t, r, 8)
		}
		level := make([]*Node, 16)
		for i := range level {
			level[i] = pages[r.IntN(len(pages))]
		}
		for len(level) > 1 {
			next := make([]*Node, len(level)/2)
			for i := range next {
				next[i] = NewBranch(level[2*i], level[2*i+1])
			}
			level = next
		}
		root := level[0]
		gs := make([]Gindex, warmTargets+r.IntN(40))
		for i := range gs {
			gs[i] = randomIndex(r, root, 14)
		}
		mp, err := ProveMulti(root, gs)
		if err != nil {
			t.Fatalf("round %d: ProveMulti(%v): %v", round, gs, err)
		}
		checkMultiproof(t, root, gs, mp)
	}
}
