package forkcode

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestBranch checks a branch against tree.Prove's, and that a destination
// of another length is an error that names the package.
func TestBranch(t *testing.T) {
	c := schema.Must(schema.NewContainer("Pair",
		schema.Field{Name: "a", Type: schema.Uint64},
		schema.Field{Name: "b", Type: schema.Uint64},
		schema.Field{Name: "c", Type: schema.Uint64},
	))
	v, err := view.NewContainer(c)
	if err != nil {
		t.Fatal(err)
	}
	v.SetUint(1, 7)
	g := Gindex(c, "b")
	if g != 5 {
		t.Fatalf("Gindex of b is %d, want 5", g)
	}
	var dst [2][32]byte
	if err := Branch("p", v, g, dst[:]); err != nil {
		t.Fatal(err)
	}
	_, want, _ := tree.Prove(v.Node(), g)
	if dst[0] != want[0] || dst[1] != want[1] {
		t.Error("Branch differs from tree.Prove's branch")
	}
	if err := Branch("p", v, g, dst[:1]); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("a branch into a destination too short: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Gindex of a path the type lacks did not panic")
		}
	}()
	Gindex(c, "d")
}

// TestVerifyMerkleBranch checks VerifyMerkleBranch and VerifyBranch against
// tree.Prove's branches of every node of a small container, and that a
// changed leaf, sibling, index or length fails.
func TestVerifyMerkleBranch(t *testing.T) {
	fields := make([]schema.Field, 5)
	for i := range fields {
		fields[i] = schema.Field{Name: string(rune('a' + i)), Type: schema.Uint64}
	}
	c := schema.Must(schema.NewContainer("Five", fields...))
	v, err := view.NewContainer(c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fields {
		v.SetUint(i, uint64(100+i))
	}
	root := v.HashTreeRoot()
	for i, f := range fields {
		g := Gindex(c, f.Name)
		leaf, branch, err := tree.Prove(v.Node(), g)
		if err != nil {
			t.Fatal(err)
		}
		if !VerifyMerkleBranch(leaf, branch, g.Depth(), uint64(i), root) || !VerifyBranch(leaf, branch, g, root) {
			t.Errorf("%s: the branch does not verify", f.Name)
		}
		other := leaf
		other[0] ^= 1
		if VerifyBranch(other, branch, g, root) {
			t.Errorf("%s: the branch verifies another leaf", f.Name)
		}
		if VerifyMerkleBranch(leaf, branch, g.Depth(), uint64(i^1), root) {
			t.Errorf("%s: the branch verifies at its sibling's index", f.Name)
		}
		if VerifyMerkleBranch(leaf, branch[1:], g.Depth()-1, uint64(i)>>1, root) || VerifyMerkleBranch(leaf, branch, g.Depth()+1, uint64(i), root) {
			t.Errorf("%s: a branch of another length than its depth verifies", f.Name)
		}
		changed := append([][32]byte(nil), branch...)
		changed[len(changed)-1][31] ^= 1
		if VerifyBranch(leaf, changed, g, root) {
			t.Errorf("%s: a changed sibling verifies", f.Name)
		}
	}
	if VerifyBranch([32]byte{}, [][32]byte{}, 0, root) {
		t.Error("generalized index 0 verifies")
	}
}

// TestNormalizeBranch normalizes a branch to a deeper index, as Electra
// does with Deneb's, and checks the result with VerifyNormalizedBranch.
func TestNormalizeBranch(t *testing.T) {
	var branch [3][32]byte
	for i := range branch {
		branch[i] = [32]byte{byte(i + 1)}
	}
	leaf := [32]byte{0xaa}
	g := tree.Gindex(13) // depth 3
	r, err := tree.CalculateRoot(g, leaf, branch[:])
	if err != nil {
		t.Fatal(err)
	}
	var dst [5][32]byte
	for i := range dst {
		dst[i] = [32]byte{0xff}
	}
	deeper := tree.Gindex(13 | 1<<5) // depth 5, as normalize_merkle_branch's gindex
	if err := NormalizeBranch("p", branch[:], deeper, dst[:]); err != nil {
		t.Fatal(err)
	}
	if dst[0] != ([32]byte{}) || dst[1] != ([32]byte{}) || dst[2] != branch[0] || dst[4] != branch[2] {
		t.Fatalf("normalized branch %x", dst)
	}
	if !VerifyNormalizedBranch(leaf, dst[:], g, r) {
		t.Error("the normalized branch does not verify at the earlier index")
	}
	dst[1][0] = 1
	if VerifyNormalizedBranch(leaf, dst[:], g, r) {
		t.Error("a normalized branch with a non-zero padding root verifies")
	}
	if VerifyNormalizedBranch(leaf, dst[:2], g, r) {
		t.Error("a branch shorter than the depth verifies")
	}
	if err := NormalizeBranch("p", dst[:], deeper, dst[:3]); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("normalizing a branch longer than the destination: %v", err)
	}
	if err := NormalizeBranch("p", branch[:], deeper, dst[:4]); err == nil {
		t.Error("normalizing into a destination of another length than the depth: no error")
	}
}
