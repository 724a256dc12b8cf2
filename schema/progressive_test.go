package schema

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

func progressiveTypes() []Type {
	small := Must(NewContainer("Small", field("a", Uint16), field("b", Boolean)))
	varc := Must(NewContainer("Var", field("a", Uint8), field("b", Must(NewByteList(40)))))
	big := Must(NewVector(Uint64, 600)) // a composite element too large for pages
	return []Type{
		Must(NewProgressiveList(Uint64)),
		Must(NewProgressiveList(Uint8)),
		Must(NewProgressiveByteList()),
		Must(NewProgressiveList(Boolean)),
		Must(NewProgressiveList(Uint256)),
		Must(NewProgressiveList(Uint16)),
		Must(NewProgressiveList(small)),
		Must(NewProgressiveList(Must(NewVector(Byte, 32)))),
		Must(NewProgressiveList(varc)),
		Must(NewProgressiveList(big)),
		Must(NewProgressiveList(Must(NewProgressiveList(Uint32)))),
		NewProgressiveBitlist(),
	}
}

// progressiveLengths crosses the subtree boundaries of 1, 1+4, 1+4+16,
// 1+4+16+64 leaves.
var progressiveLengths = []int{0, 1, 2, 4, 5, 6, 20, 21, 22, 85, 86, 341, 342, 1000}

// valueOfLength returns a random value of t with n elements (n bits of a
// bitlist, n elements of a list).
func valueOfLength(r *rand.Rand, t Type, n int) []byte {
	switch t := t.(type) {
	case *ProgressiveList:
		maxLen := 4
		if _, ok := t.Elem().(*Vector); ok {
			maxLen = 0
		}
		return randomSeq(r, t.Elem(), n, maxLen)
	case *ProgressiveBitlist:
		b := make([]byte, n/8+1)
		for i := 0; i < n; i++ {
			if r.IntN(2) == 0 {
				b[i/8] |= 1 << (i % 8)
			}
		}
		b[n/8] |= 1 << (n % 8)
		return b
	}
	panic("valueOfLength: not a progressive type")
}

func TestProgressiveRoots(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 13))
	for _, typ := range progressiveTypes() {
		lengths := progressiveLengths
		switch typ := typ.(type) {
		case *ProgressiveBitlist:
			lengths = append(lengths, 256, 257, 256*5, 256*5+1, 256*21+3, 70000)
		case *ProgressiveList:
			if isBasic(typ.Elem()) {
				lengths = append(lengths, 32*21, 32*21+1, 5000)
			}
			if typ.Elem() == Uint64 {
				lengths = append(lengths, 1<<20) // 8 MiB, subtrees up to 4^9 chunks
			}
		}
		for _, n := range lengths {
			b := valueOfLength(r, typ, n)
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v of %d: %v", typ, n, err)
			}
			if got, want := nd.Root(), refRoot(typ, b); got != want {
				t.Errorf("%v of %d: root %x, reference %x", typ, n, got, want)
			}
			out, err := typ.Encode(nil, nd)
			if err != nil || !bytes.Equal(out, b) {
				t.Errorf("%v of %d: re-encoding differs (%v)", typ, n, err)
			}
			if size, err := typ.Size(nd); err != nil || size != len(b) {
				t.Errorf("%v of %d: size %d, want %d (%v)", typ, n, size, len(b), err)
			}
		}
	}
}

func TestProgressiveDefault(t *testing.T) {
	for _, typ := range progressiveTypes() {
		empty := []byte{}
		if _, ok := typ.(*ProgressiveBitlist); ok {
			empty = []byte{1}
		}
		if got, want := typ.Default().Root(), refRoot(typ, empty); got != want {
			t.Errorf("%v: default root %x, want %x", typ, got, want)
		}
		out, err := typ.Encode(nil, typ.Default())
		if err != nil || !bytes.Equal(out, empty) {
			t.Errorf("%v: default encodes to %x (%v)", typ, out, err)
		}
	}
}

func TestProgressiveInvalid(t *testing.T) {
	cases := []struct {
		t Type
		b []byte
	}{
		{Must(NewProgressiveList(Uint64)), make([]byte, 9)},
		{Must(NewProgressiveList(Boolean)), []byte{0, 1, 2}},
		{Must(NewProgressiveList(Must(NewByteList(4)))), []byte{3, 0, 0, 0}},
		{Must(NewProgressiveList(Must(NewByteList(4)))), []byte{8, 0, 0, 0, 4, 0, 0, 0}},
		{Must(NewProgressiveList(Must(NewByteList(4)))), []byte{0xff, 0xff, 0xff, 0x7f}},
		{Must(NewProgressiveList(Must(NewByteList(4)))), []byte{4, 0, 0, 0, 1, 2, 3, 4, 5}},
		{NewProgressiveBitlist(), nil},
		{NewProgressiveBitlist(), []byte{1, 0}},
	}
	for _, c := range cases {
		if _, err := c.t.Decode(c.b); err == nil {
			t.Errorf("%v: %x decoded", c.t, c.b)
		}
	}
}

// TestProgressiveProofs proves every element of lists of several lengths
// through the generalized index of its path, and checks the proof against
// the root.
func TestProgressiveProofs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	small := Must(NewContainer("Small", field("a", Uint16), field("b", Boolean)))
	types := []Type{Must(NewProgressiveList(Uint64)), Must(NewProgressiveList(small)), NewProgressiveBitlist()}
	for _, typ := range types {
		for _, n := range []int{1, 5, 22, 100} {
			b := valueOfLength(r, typ, n)
			nd, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%v of %d: %v", typ, n, err)
			}
			root := nd.Root()
			for i := 0; i < n; i++ {
				path := "[" + strconv.Itoa(i) + "]"
				if _, ok := typ.(*ProgressiveList); ok && typ.(*ProgressiveList).Elem() == small {
					path += ".b"
				}
				g, err := Gindex(typ, path)
				if err != nil {
					t.Fatalf("%v %s: %v", typ, path, err)
				}
				leaf, branch, err := tree.Prove(nd, g)
				if err != nil {
					t.Fatalf("%v %s: %v", typ, path, err)
				}
				if !tree.VerifyProof(root, g, leaf, branch) {
					t.Errorf("%v %s: proof does not verify", typ, path)
				}
				if typ == types[0] {
					var want [32]byte
					copy(want[:], b[(i/4)*32:min(len(b), (i/4)*32+32)])
					if leaf != want {
						t.Errorf("%v %s: leaf %x, want the chunk %x", typ, path, leaf, want)
					}
					// 2k siblings in subtree k, k+1 on the spine, the length.
					if k, _ := tree.ProgressiveLeaf(uint64(i / 4)); len(branch) != 3*k+2 {
						t.Errorf("%v %s: %d roots in the proof, want %d", typ, path, len(branch), 3*k+2)
					}
				}
			}
			g, err := Gindex(typ, "__len__")
			if err != nil || g != 3 {
				t.Errorf("%v: __len__ at %d (%v)", typ, g, err)
			}
		}
	}
	// Below the data root (1): leaf 0 is subtree 0's only leaf (2); leaf 1
	// starts subtree 1 (right to 3, left to 6, depth 2: 24), leaf 4 ends
	// it (27); leaf 20 ends subtree 2 (7, 14, depth 4: 239); leaf 21 starts
	// subtree 3 (15, 30, depth 6: 1920). The mix-in puts the data root at
	// 2: "1" becomes "10".
	want := map[string]tree.Gindex{"[0]": 4, "[1]": 40, "[4]": 43, "[20]": 367, "[21]": 2944}
	for path, g := range want {
		got, err := Gindex(Must(NewProgressiveList(Uint256)), path)
		if err != nil || got != g {
			t.Errorf("ProgressiveList[uint256] %s: gindex %d, want %d (%v)", path, got, g, err)
		}
	}
}
