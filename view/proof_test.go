package view

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// TestProvePaths proves parts of a container named by paths, with writes
// pending: the proofs verify against the root after those writes, and each
// leaf is what the path names.
func TestProvePaths(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	st := must(NewContainer(state))
	vals := st.Field(2).(*CompactList)
	bals := st.Field(3).(*BasicList[uint64])
	for i := 0; i < 100; i++ {
		if err := vals.Append(randomValidator(r)); err != nil {
			t.Fatal(err)
		}
		if err := bals.Append(32_000_000_000 + uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	structs := st.Field(6).(*List)
	for i := 0; i < 3; i++ {
		s := must(NewContainer(varTestStruct))
		s.SetUint(0, uint64(i))
		b := s.Field(1).(*BasicList[uint16])
		for j := 0; j < 5; j++ {
			if err := b.Append(uint16(100*i + j)); err != nil {
				t.Fatal(err)
			}
		}
		if err := structs.Append(s); err != nil {
			t.Fatal(err)
		}
	}
	st.HashTreeRoot()
	// Pending writes: Prove commits them.
	st.SetUint(0, 12345)
	bals.Set(41, 7)
	cp := make([]byte, 40)
	cp[0], cp[8] = 9, 0xab
	if err := st.SetBytes(1, cp); err != nil {
		t.Fatal(err)
	}

	chunk := func(vs ...uint64) [32]byte {
		var c [32]byte
		for i, v := range vs {
			binary.LittleEndian.PutUint64(c[8*i:], v)
		}
		return c
	}
	validatorRoot := func(i int) [32]byte {
		n, err := validator.Decode(vals.Get(i))
		if err != nil {
			t.Fatal(err)
		}
		return n.Root()
	}
	var effective [32]byte
	copy(effective[:8], vals.Get(17)[80:88])
	var root9 [32]byte
	root9[0] = 0xab
	cases := []struct {
		path string
		leaf [32]byte
	}{
		{"slot", chunk(12345)},
		{"finalized.root", root9},
		{"finalized.epoch", chunk(9)},
		{"validators[17].effective_balance", effective},
		{"validators[99]", validatorRoot(99)},
		{"validators.__len__", chunk(100)},
		{"balances[41]", chunk(32_000_000_040, 7, 32_000_000_042, 32_000_000_043)},
		{"balances.__len__", chunk(100)},
		{"structs[1].A", chunk(1)},
		{"structs[2].B.__len__", chunk(5)},
		{"flag", [32]byte{}},
	}
	root := st.HashTreeRoot()
	var paths []string
	for _, tc := range cases {
		paths = append(paths, tc.path)
		g, leaf, branch, err := ProveBranch(st, tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if leaf != tc.leaf {
			t.Fatalf("%s: leaf %x, want %x", tc.path, leaf, tc.leaf)
		}
		if !tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: proof does not verify", tc.path)
		}
		leaf[31] ^= 1
		if tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: a changed leaf verifies", tc.path)
		}
	}
	mp, err := Prove(st, paths...)
	if err != nil {
		t.Fatal(err)
	}
	if !mp.Verify(root) {
		t.Fatal("the multiproof does not verify")
	}
	for i, tc := range cases {
		if mp.Leaves[i] != tc.leaf {
			t.Fatalf("multiproof leaf %d (%s) differs", i, tc.path)
		}
	}
	if _, err := Prove(st, "validators[3].nope"); err == nil {
		t.Fatal("a path to no field proved")
	}
	if _, err := Prove(st, "slot", "balances[1].x"); err == nil {
		t.Fatal("a path below a basic value proved")
	}
	if _, err := Prove(st); err == nil {
		t.Fatal("Prove of no path succeeded")
	}
}

// TestProvePastLength checks that a proof of an element past a list's or
// bitlist's length is an error that names the length, in Prove and
// ProveBranch, at any depth and in a progressive list, and that
// ProveBranchPastLength and ProvePastLength prove what the tree holds
// there: a zero chunk, or the chunk that packs the last elements.
func TestProvePastLength(t *testing.T) {
	st := must(NewContainer(state))
	bals := st.Field(3).(*BasicList[uint64])
	for i := 0; i < 10; i++ {
		if err := bals.Append(uint64(i + 1)); err != nil {
			t.Fatal(err)
		}
	}
	bits := st.Field(4).(*Bitlist)
	for i := 0; i < 3; i++ {
		if err := bits.Append(true); err != nil {
			t.Fatal(err)
		}
	}
	s := must(NewContainer(varTestStruct))
	if err := s.Field(1).(*BasicList[uint16]).Append(7); err != nil {
		t.Fatal(err)
	}
	if err := st.Field(6).(*List).Append(s); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"balances[10]", "balances[10]: index 10 past the length 10 of List[uint64, 1099511627776]"},
		{"balances[999999999]", "balances[999999999]: index 999999999 past the length 10 of List[uint64, 1099511627776]"},
		{"validators[0].effective_balance", "validators[0]: index 0 past the length 0 of"},
		{"bits[3]", "bits[3]: index 3 past the length 3 of Bitlist[2048]"},
		{"structs[1].A", "structs[1]: index 1 past the length 1 of"},
		{"structs[0].B[1]", "structs[0].B[1]: index 1 past the length 1 of List[uint16, 1024]"},
	} {
		_, _, _, err := ProveBranch(st, c.path)
		if !errors.Is(err, schema.ErrPastLength) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ProveBranch(%q): %v, want schema.ErrPastLength and %q", c.path, err, c.want)
		}
		if _, err := Prove(st, "slot", c.path); !errors.Is(err, schema.ErrPastLength) {
			t.Errorf("Prove(%q): %v, want schema.ErrPastLength", c.path, err)
		}
	}
	for _, path := range []string{"balances[9]", "bits[2]", "structs[0].B[0]", "balances.__len__", "slot"} {
		if _, _, _, err := ProveBranch(st, path); err != nil {
			t.Errorf("ProveBranch(%q): %v", path, err)
		}
	}

	// Asked for explicitly: the zero past the end, and the chunk packing
	// balances 8 to 11, of which 10 and 11 are past the end.
	root := st.HashTreeRoot()
	var packed [32]byte
	packed[0], packed[8] = 9, 10
	for _, c := range []struct {
		path string
		leaf [32]byte
	}{{"balances[999999999]", [32]byte{}}, {"balances[10]", packed}, {"validators[5]", [32]byte{}}} {
		g, leaf, branch, err := ProveBranchPastLength(st, c.path)
		if err != nil || leaf != c.leaf || !tree.VerifyProof(root, g, leaf, branch) {
			t.Errorf("ProveBranchPastLength(%q): leaf %x, %v; want %x, verified", c.path, leaf, err, c.leaf)
		}
	}
	mp, err := ProvePastLength(st, "balances[999999999]", "slot")
	if err != nil || !mp.Verify(root) || mp.Leaves[0] != [32]byte{} {
		t.Errorf("ProvePastLength: %v", err)
	}
	if _, _, _, err := ProveBranchPastLength(st, "balances[1].x"); err == nil {
		t.Error("ProveBranchPastLength below a basic value succeeded")
	}

	// A progressive list.
	pl := must(NewProgressiveBasicList[uint64](schema.Must(schema.NewProgressiveList(schema.Uint64))))
	for i := 0; i < 5; i++ {
		if err := pl.Append(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, _, err := ProveBranch(pl, "[4]"); err != nil {
		t.Errorf("ProveBranch of a progressive list's last element: %v", err)
	}
	if _, _, _, err := ProveBranch(pl, "[5]"); !errors.Is(err, schema.ErrPastLength) || !strings.Contains(err.Error(), "past the length 5") {
		t.Errorf("ProveBranch past a progressive list's length: %v", err)
	}
	// Element 19 is in the last subtree, in a zero chunk; element 20 in
	// none: the progressive tree ends.
	proot := pl.HashTreeRoot()
	if g, leaf, branch, err := ProveBranchPastLength(pl, "[19]"); err != nil || leaf != [32]byte{} || !tree.VerifyProof(proot, g, leaf, branch) {
		t.Errorf("ProveBranchPastLength of a progressive list: %x, %v", leaf, err)
	}
	if _, _, _, err := ProveBranchPastLength(pl, "[20]"); err == nil {
		t.Errorf("ProveBranchPastLength below the end of a progressive tree succeeded")
	}
}

// TestProveLargeLimitAllocs checks that a proof in a List[uint64, 2^40] and
// in a List[Validator, 2^40] costs a few allocations, and as many siblings
// as levels.
func TestProveLargeLimitAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	bals, _ := NewBasicList[uint64](uint64List)
	vals, _ := ofCompactList(validatorList, validatorList.Default())
	for i := 0; i < 5000; i++ {
		_ = bals.Append(uint64(i))
		_ = vals.Append(randomValidator(r))
	}
	for _, tc := range []struct {
		v     View
		path  string
		depth int
	}{
		{bals, "[4321]", 1 + 38},
		{bals, "[1099511627775]", 1 + 38}, // past the length: a zero
		{vals, "[4321].effective_balance", 1 + 40 + 3},
		{vals, "[4321].pubkey", 1 + 40 + 3},
	} {
		root := tc.v.HashTreeRoot()
		g, leaf, branch, err := ProveBranchPastLength(tc.v, tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if len(branch) != tc.depth || !tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: %d siblings, or it does not verify", tc.path, len(branch))
		}
		node := tc.v.Node()
		allocs := testing.AllocsPerRun(20, func() {
			if _, _, err := tree.Prove(node, g); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 2 && !raceEnabled {
			t.Fatalf("%s: %v allocations per proof", tc.path, allocs)
		}
	}
}

// TestProveIntoUnion proves a part below the data of a union whose
// options differ in type: the path follows the option the value selects,
// and names nothing when the value selects another.
func TestProveIntoUnion(t *testing.T) {
	cp := schema.Must(schema.NewContainer("Pair", schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "b", Type: schema.Uint64}))
	typ := schema.Must(schema.NewContainer("Holder",
		schema.Field{Name: "x", Type: schema.Uint8},
		schema.Field{Name: "u", Type: schema.Must(schema.NewUnion(nil, cp, schema.Uint64))}))
	// x = 7, u = selector 1, Pair{a: 9, b: 10}.
	b := []byte{7, 5, 0, 0, 0, 1, 9, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0}
	v, err := Decode(typ, b)
	if err != nil {
		t.Fatal(err)
	}
	g, leaf, branch, err := ProveBranch(v, "u.data.b")
	if err != nil {
		t.Fatal(err)
	}
	if g != (3*2)*2+1 || leaf[0] != 10 || !tree.VerifyProof(v.HashTreeRoot(), g, leaf, branch) {
		t.Errorf("u.data.b: gindex %d, leaf %x: want 13, the chunk of 10, and a proof that verifies", g, leaf)
	}
	b[5] = 2 // selector 2: a uint64, which has no field b
	v, err = Decode(typ, b[:14])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Prove(v, "u.data.b"); !errors.Is(err, schema.ErrPath) {
		t.Errorf("u.data.b of a uint64: %v, want schema.ErrPath", err)
	}
}
