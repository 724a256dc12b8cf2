package tree

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The EIP-8364 functions as its text writes them, with strings of bits:
// the reference of the tests.

func eipProofIndices(gs []Gindex) []Gindex {
	set := map[Gindex]bool{}
	for _, g := range append(specHelperIndices(gs), gs...) {
		set[g] = true
	}
	var out []Gindex
	for g := range set {
		out = append(out, g)
	}
	bin := func(g Gindex) string { return strconv.FormatUint(uint64(g), 2) }
	sort.Slice(out, func(i, j int) bool { return bin(out[i]) < bin(out[j]) })
	return out
}

func eipDescriptor(gs []Gindex) []byte {
	s := ""
	for _, g := range eipProofIndices(gs) {
		b := strconv.FormatUint(uint64(g), 2)
		s += strings.Repeat("0", len(b)-len(strings.TrimRight(b, "0"))) + "1"
	}
	for len(s)%8 != 0 {
		s += "0"
	}
	out := make([]byte, len(s)/8)
	for i := range out {
		v, _ := strconv.ParseUint(s[8*i:8*i+8], 2, 8)
		out[i] = byte(v)
	}
	return out
}

func eipRoot(nodes [][32]byte, bits string, ptr *[2]int) [32]byte {
	bit := bits[ptr[0]]
	ptr[0]++
	if bit == '1' {
		ptr[1]++
		return nodes[ptr[1]-1]
	}
	l := eipRoot(nodes, bits, ptr)
	r := eipRoot(nodes, bits, ptr)
	return sha256.Sum256(append(l[:], r[:]...))
}

func TestCompactDescriptorEIP(t *testing.T) {
	for _, tc := range []struct {
		gs    []Gindex
		nodes []Gindex
		desc  string
	}{
		{[]Gindex{1}, []Gindex{1}, "80"},
		{[]Gindex{2}, []Gindex{2, 3}, "60"},
		{[]Gindex{10, 11}, []Gindex{4, 10, 11, 3}, "2e"},
		{[]Gindex{42}, []Gindex{4, 20, 42, 43, 11, 3}, "25e0"},
		{[]Gindex{42, 42}, []Gindex{4, 20, 42, 43, 11, 3}, "25e0"},
	} {
		nodes, err := CompactIndices(tc.gs)
		if err != nil || !slices.Equal(nodes, tc.nodes) {
			t.Errorf("CompactIndices(%v) = %v, %v; want %v", tc.gs, nodes, err, tc.nodes)
		}
		desc, err := CompactDescriptor(tc.gs)
		if err != nil || hex.EncodeToString(desc) != tc.desc {
			t.Errorf("CompactDescriptor(%v) = %x, %v; want %s", tc.gs, desc, err, tc.desc)
		}
		back, err := DescriptorIndices(desc)
		if err != nil || !slices.Equal(back, tc.nodes) {
			t.Errorf("DescriptorIndices(%x) = %v, %v; want %v", desc, back, err, tc.nodes)
		}
	}
	for _, bad := range []string{"", "00", "40", "ff", "25e000", "25e1", "0000"} {
		b, _ := hex.DecodeString(bad)
		if _, _, err := ParseDescriptor(b); !errors.Is(err, ErrProof) {
			t.Errorf("ParseDescriptor(%s): %v, want ErrProof", bad, err)
		}
		if _, err := DescriptorIndices(b); !errors.Is(err, ErrProof) {
			t.Errorf("DescriptorIndices(%s): %v, want ErrProof", bad, err)
		}
	}
	for _, gs := range [][]Gindex{nil, {0}, {2, 4}, {5, 10, 11}, {1, 3}} {
		if _, err := CompactDescriptor(gs); !errors.Is(err, ErrProof) {
			t.Errorf("CompactDescriptor(%v): %v, want ErrProof", gs, err)
		}
	}
	// 64 levels: the walk of a descriptor may name nodes no Gindex holds.
	deep := make([]byte, 9)
	deep[8] = 0x60 // 64 zeros, then two ones
	if _, err := DescriptorIndices(deep); !errors.Is(err, ErrProof) {
		t.Errorf("DescriptorIndices of 64 levels: %v, want ErrProof", err)
	}
}

// disjoint returns random indices of the tree below root, none an ancestor
// of another.
func disjoint(r *rand.Rand, root *Node, n int) []Gindex {
	var gs []Gindex
next:
	for len(gs) < n {
		g := randomIndex(r, root, 6)
		for _, h := range gs {
			a, b := min(g, h), max(g, h)
			if d := b.Depth() - a.Depth(); d > 0 && b>>uint(d) == a {
				if g == 1 {
					return gs
				}
				continue next
			}
		}
		gs = append(gs, g)
		if g == 1 {
			return gs
		}
	}
	return gs
}

func TestProveCompact(t *testing.T) {
	r := rand.New(rand.NewPCG(81, 82))
	for round := 0; round < 300; round++ {
		root := genTree(t, r, 12)
		gs := disjoint(r, root, 1+r.IntN(12))
		desc, err := CompactDescriptor(gs)
		if err != nil {
			t.Fatalf("round %d: CompactDescriptor(%v): %v", round, gs, err)
		}
		if want := eipDescriptor(gs); !bytes.Equal(desc, want) {
			t.Fatalf("round %d: CompactDescriptor(%v) = %x, the EIP's %x", round, gs, desc, want)
		}
		p, err := ProveCompact(root, desc)
		if err != nil {
			t.Fatalf("round %d: ProveCompact: %v", round, err)
		}
		nodes := eipProofIndices(gs)
		for i, g := range nodes {
			if p.Leaves[i] != leafAt(root, g) {
				t.Fatalf("round %d: leaf %d (node %d) is not the tree's", round, i, g)
			}
		}
		rootHash := root.Root()
		bitstr := ""
		for _, b := range desc {
			bitstr += strings.Repeat("0", 8-len(strconv.FormatUint(uint64(b), 2))) + strconv.FormatUint(uint64(b), 2)
		}
		var ptr [2]int
		if got := eipRoot(p.Leaves, bitstr, &ptr); got != rootHash {
			t.Fatalf("round %d: the EIP's root of the proof is not the tree's", round)
		}
		if !p.Verify(rootHash) || !p.VerifyIndices(rootHash, gs) {
			t.Fatalf("round %d: the proof does not verify", round)
		}
		n, err := p.Node()
		if err != nil || n.Root() != rootHash {
			t.Fatalf("round %d: the partial tree's root is not the tree's: %v", round, err)
		}
		for _, g := range gs {
			if leafAt(n, g) != leafAt(root, g) {
				t.Fatalf("round %d: node %d of the partial tree is not the tree's", round, g)
			}
		}
		// Any changed byte of a leaf, and any other descriptor, fails.
		i := r.IntN(len(p.Leaves))
		p.Leaves[i][r.IntN(32)] ^= 1 << r.IntN(8)
		if p.Verify(rootHash) {
			t.Fatalf("round %d: a changed leaf verifies", round)
		}
		p.Leaves[i] = leafAt(root, nodes[i])
		if len(p.Leaves) > 1 {
			if len(gs) > 1 {
				other, _ := CompactDescriptor(gs[:len(gs)-1])
				if p.VerifyIndices(rootHash, gs[:len(gs)-1]) != bytes.Equal(other, desc) {
					t.Fatalf("round %d: VerifyIndices of other indices", round)
				}
			}
			short := &CompactMultiproof{Descriptor: p.Descriptor, Leaves: p.Leaves[1:]}
			if _, err := short.Root(); !errors.Is(err, ErrProof) {
				t.Fatalf("round %d: a leaf missing: %v, want ErrProof", round, err)
			}
		}
	}
}

func FuzzDescriptor(f *testing.F) {
	for _, s := range []string{"80", "60", "2e", "25e0", "00", "40", "ff", "25e000"} {
		b, _ := hex.DecodeString(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, desc []byte) {
		gs, err := DescriptorIndices(desc)
		if err != nil {
			if !errors.Is(err, ErrProof) {
				t.Fatalf("error not wrapping ErrProof: %v", err)
			}
			return
		}
		// A valid descriptor names a set of nodes whose descriptor it is.
		back, err := CompactDescriptor(gs)
		if err != nil || !bytes.Equal(back, desc) {
			t.Fatalf("CompactDescriptor(DescriptorIndices(%x)) = %x, %v", desc, back, err)
		}
		p := &CompactMultiproof{Descriptor: desc, Leaves: make([][32]byte, len(gs))}
		if _, err := p.Root(); err != nil {
			t.Fatalf("Root of a valid descriptor: %v", err)
		}
	})
}

// TestProveCompactBounded proves 100 chunks of a list of 1,000,000 uint64
// in pages (limit 2^40) and of one of 1,000: the compact multiproof comes
// off the tree without building it, the memory it allocates does not grow
// with the list but as the helpers do, and it verifies.
func TestProveCompactBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations differ under the race detector")
	}
	var bytesPer []uint64
	for _, n := range []int{1000, 1_000_000} {
		root := packedList(t, 40, n)
		root.Root()
		r := rand.New(rand.NewPCG(1, 2))
		var gs []Gindex
		for len(gs) < 100 {
			g := GindexOf(39, uint64(r.IntN(n/4)))
			if !slices.Contains(gs, g) {
				gs = append(gs, g)
			}
		}
		desc, err := CompactDescriptor(gs)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ProveCompact(root, desc)
		if err != nil || !p.VerifyIndices(root.Root(), gs) {
			t.Fatalf("%d elements: %v", n, err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := 0; i < 10; i++ {
			if _, err := ProveCompact(root, desc); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		bytesPer = append(bytesPer, (after.TotalAlloc-before.TotalAlloc)/10)
	}
	// 100 leaves and their helpers (about 18 each, spread over 1,000,000
	// elements): some thousands of roots of 32 bytes, never the list's 8 MB.
	if bytesPer[1] > 1<<19 {
		t.Errorf("bytes allocated per proof of 100 chunks: %v for 1,000 and 1,000,000 elements", bytesPer)
	}
	t.Logf("bytes allocated per proof: %v", bytesPer)
}

// TestReadPartialPage reads pages of a proof's partial tree: the values a
// proof opens read back with their bits set, those it holds as roots read
// as zeros with their bits clear, and a page it does not reach (nil) holds
// nothing.
func TestReadPartialPage(t *testing.T) {
	// A value of 40 bytes in two chunk parts, 8 values a page.
	shape, err := NewShape(40, 1, []Segment{{Offset: 0, Size: 32}, {Offset: 32, Size: 8}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []*Layout{mustLayout(t, ChunkShape, 3), mustLayout(t, shape, 3)} {
		per := l.PageSize()
		data := make([]byte, per)
		for i := range data {
			data[i] = byte(i*7 + 1)
		}
		page, err := BuildPages(l, l.Depth(), data)
		if err != nil {
			t.Fatal(err)
		}
		depth := l.TotalDepth()
		// Open values 1 and 6 whole, and of value 4 only its first leaf.
		// The proof holds the leaves' siblings at the bottom too, whose
		// chunks are their bytes: for the chunk shape, values 0, 5 and
		// 7; for the shape of two leaves, the second leaf of value 4.
		var gs []Gindex
		for _, v := range []uint64{1, 6} {
			for leaf := uint64(0); leaf < 1<<uint(l.Elem().Depth()); leaf++ {
				gs = append(gs, Gindex(1<<uint(depth)|v<<uint(l.Elem().Depth())|leaf))
			}
		}
		gs = append(gs, Gindex(1<<uint(depth)|4<<uint(l.Elem().Depth())))
		p, err := ProveCompactIndices(page, gs)
		if err != nil {
			t.Fatal(err)
		}
		partial, err := p.Node()
		if err != nil {
			t.Fatal(err)
		}
		b, held, err := ReadPartialPage(partial, l, per)
		if err != nil {
			t.Fatal(err)
		}
		vs := l.Elem().Size()
		for v := range per / vs {
			want := v == 1 || v == 4 || v == 6 || l.Elem().IsRaw() && (v == 0 || v == 5 || v == 7)
			if got := held[0]&(1<<uint(v)) != 0; got != want {
				t.Errorf("shape of %d bytes: value %d held %v, want %v", vs, v, got, want)
			}
			wantBytes := make([]byte, vs)
			if want {
				wantBytes = data[v*vs : (v+1)*vs]
			}
			if !bytes.Equal(b[v*vs:(v+1)*vs], wantBytes) {
				t.Errorf("shape of %d bytes: value %d reads %x, want %x", vs, v, b[v*vs:(v+1)*vs], wantBytes)
			}
		}
		if b, held, err := ReadPartialPage(nil, l, per); err != nil || held[0] != 0 || !bytes.Equal(b, make([]byte, per)) {
			t.Errorf("a page not reached: %x, held %b, %v", b, held, err)
		}
		if _, _, err := ReadPartialPage(partial, l, per+1); !errors.Is(err, ErrLayout) {
			t.Errorf("more than a page: %v, want ErrLayout", err)
		}
	}
}
