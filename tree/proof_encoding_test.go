package tree

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// proofsOf returns a proof of each kind of the indices gs (none an
// ancestor of another) of the tree below root.
func proofsOf(t testing.TB, root *Node, gs []Gindex) []Proof {
	t.Helper()
	single, err := ProveSingle(root, gs[0])
	if err != nil {
		t.Fatal(err)
	}
	multi, err := ProveMulti(root, gs)
	if err != nil {
		t.Fatal(err)
	}
	compact, err := ProveCompactIndices(root, gs)
	if err != nil {
		t.Fatal(err)
	}
	offset, err := ProveTreeOffset(root, gs)
	if err != nil {
		t.Fatal(err)
	}
	return []Proof{single, offset, multi, compact}
}

func TestProofEncodings(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	for round := 0; round < 200; round++ {
		root := genTree(t, r, 10)
		rootHash := root.Root()
		gs := disjoint(r, root, 1+r.IntN(10))
		for i, p := range proofsOf(t, root, gs) {
			if p.Type() != ProofType(i) {
				t.Fatalf("proof %d has type %v", i, p.Type())
			}
			if got, err := p.Root(); err != nil || got != rootHash {
				t.Fatalf("round %d: %v proof's root: %v", round, p.Type(), err)
			}
			b, err := p.MarshalBinary()
			if err != nil || b[0] != byte(i) {
				t.Fatalf("round %d: %v MarshalBinary: %x, %v", round, p.Type(), b, err)
			}
			back, err := UnmarshalProof(b)
			if err != nil || !reflect.DeepEqual(back, p) {
				t.Fatalf("round %d: %v bytes back: %+v, %v; want %+v", round, p.Type(), back, err, p)
			}
			j, err := p.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			jback, err := UnmarshalProofJSON(j)
			if err != nil || !reflect.DeepEqual(jback, p) {
				t.Fatalf("round %d: %v JSON %s back: %+v, %v", round, p.Type(), j, jback, err)
			}
			// Every truncation and every extra byte is an error.
			for _, bad := range [][]byte{b[:len(b)-1], b[:1+r.IntN(len(b)-1)], append(bytes.Clone(b), 0)} {
				if _, err := UnmarshalProof(bad); !errors.Is(err, ErrProof) {
					t.Fatalf("round %d: %v of %d bytes (of %d): %v, want ErrProof", round, p.Type(), len(bad), len(b), err)
				}
			}
			// A changed byte of a leaf decodes, and no longer verifies.
			c := bytes.Clone(b)
			c[len(c)-1-r.IntN(32)] ^= 1
			if q, err := UnmarshalProof(c); err == nil {
				if got, err := q.Root(); err == nil && got == rootHash {
					t.Fatalf("round %d: %v with a changed leaf byte verifies", round, p.Type())
				}
			}
		}
		// The tree-offset proof and the compact multiproof are one tree.
		c, _ := ProveCompactIndices(root, gs)
		o, _ := c.TreeOffset()
		back, err := o.Compact()
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Fatalf("round %d: compact → tree offset → compact: %+v, %v; want %+v", round, back, err, c)
		}
	}
}

func TestProofEncodingErrors(t *testing.T) {
	root := Zero(3)
	leaf := "0x" + strings.Repeat("00", 32)
	for _, tc := range []struct{ in, want string }{
		{"", "empty input"},
		{"04", "unknown proof type 4"},
		{"00" + "0000000000000000", "want at least 41"},
		{"00" + "0000000000000000" + strings.Repeat("00", 32), "generalized index 0"},
		{"00" + "0200000000000000" + strings.Repeat("00", 32), "want 73"},
		{"01" + "0000", "0 leaves"},
		{"01" + "0300" + "0300" + "0100" + strings.Repeat("00", 96), "offset 0 is 3, outside 1 to 2"},
		{"01" + "ffff", "want 2228191"},
		{"02" + "ffffffff", "multiproof of 4294967295 indices"},
		{"02" + "01000000" + "0000000000000000" + strings.Repeat("00", 32), "index 0 is 0"},
		{"03", "does not end"},
		{"03" + "40", "does not end"},
		{"03" + "ff", "after the end of its walk"},
		{"03" + "60" + strings.Repeat("00", 32), "want 66"},
	} {
		b, _ := hex.DecodeString(tc.in)
		_, err := UnmarshalProof(b)
		if !errors.Is(err, ErrProof) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("UnmarshalProof(%s): %v, want ErrProof saying %q", tc.in, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{`[]`, "cannot unmarshal"},
		{`{}`, `no member "type"`},
		{`{"type":"double"}`, `unknown proof type "double"`},
		{`{"type":"single","gindex":"1","leaf":"` + leaf + `","witnesses":[],"x":1}`, `unknown field "x"`},
		{`{"type":"single","gindex":"01","leaf":"` + leaf + `","witnesses":[]}`, "gindex"},
		{`{"type":"single","gindex":"2","leaf":"` + leaf + `","witnesses":[]}`, "witnesses: 0 roots"},
		{`{"type":"single","gindex":"1","leaf":"00","witnesses":[]}`, "leaf: \"00\" does not start with 0x"},
		{`{"type":"single","gindex":"1","leaf":"0x00","witnesses":[]}`, "leaf: 1 bytes, want 32"},
		{`{"type":"treeOffset","offsets":[],"leaves":[]}`, "without leaves"},
		{`{"type":"treeOffset","offsets":[2],"leaves":["` + leaf + `","` + leaf + `"]}`, "offset 0 is 2"},
		{`{"type":"multi","gindices":["2"],"leaves":["` + leaf + `"],"witnesses":[]}`, "helper indices or roots"},
		{`{"type":"multi","gindices":["x"],"leaves":[],"witnesses":[]}`, "gindices[0]"},
		{`{"type":"compactMulti","descriptor":"0x40","leaves":[]}`, "ends before its walk"},
		{`{"type":"compactMulti","descriptor":"0x60","leaves":["` + leaf + `"]}`, "1 for a descriptor of 2"},
		{`{"type":"compactMulti","descriptor":"0x80","leaves":["0xzz"]}`, "leaves[0]"},
		{`{"type":"compactMulti","descriptor":"0x80","leaves":["` + leaf + `"]} {}`, "after top-level value"},
	} {
		_, err := UnmarshalProofJSON([]byte(tc.in))
		if !errors.Is(err, ErrProof) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("UnmarshalProofJSON(%s): %v, want ErrProof saying %q", tc.in, err, tc.want)
		}
	}
	// A proof of the zero tree in JSON, by hand.
	p, err := UnmarshalProofJSON([]byte(`{"type":"compactMulti","descriptor":"0x60","leaves":["` + leaf + `","` + leaf + `"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := p.Root(); err != nil || r != ZeroRoot(1) || root.Root() != ZeroRoot(3) {
		t.Errorf("the proof of two zero chunks gives %x, %v", r, err)
	}
}

func fuzzSeeds(f *testing.F) [][]byte {
	r := rand.New(rand.NewPCG(5, 6))
	var out [][]byte
	for round := 0; round < 4; round++ {
		root := genTree(f, r, 6)
		for _, p := range proofsOf(f, root, disjoint(r, root, 1+r.IntN(4))) {
			b, err := p.MarshalBinary()
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

func FuzzUnmarshalProof(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := UnmarshalProof(b)
		if err != nil {
			if !errors.Is(err, ErrProof) {
				t.Fatalf("error not wrapping ErrProof: %v", err)
			}
			return
		}
		out, err := p.MarshalBinary()
		if err != nil || !bytes.Equal(out, b) {
			t.Fatalf("decoded proof re-encodes as %x, %v; want %x", out, err, b)
		}
		j, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalProofJSON(j)
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Fatalf("JSON %s back: %v", j, err)
		}
		_, _ = p.Root()
	})
}

func FuzzUnmarshalProofJSON(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		p, err := UnmarshalProof(b)
		if err != nil {
			f.Fatal(err)
		}
		j, _ := p.MarshalJSON()
		f.Add(j)
	}
	f.Fuzz(func(t *testing.T, j []byte) {
		p, err := UnmarshalProofJSON(j)
		if err != nil {
			if !errors.Is(err, ErrProof) {
				t.Fatalf("error not wrapping ErrProof: %v", err)
			}
			return
		}
		b, err := p.MarshalBinary()
		if err != nil {
			t.Fatalf("a decoded proof does not encode: %v", err)
		}
		back, err := UnmarshalProof(b)
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Fatalf("bytes %x back: %+v, %v; want %+v", b, back, err, p)
		}
	})
}
