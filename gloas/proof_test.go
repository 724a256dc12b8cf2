package gloas_test

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// specHelperIndices is get_helper_indices of ssz/merkle-proofs.md, as
// written there: the branch indices of every index that are on no index's
// path, in decreasing order.
func specHelperIndices(indices []tree.Gindex) []tree.Gindex {
	helpers, paths := map[tree.Gindex]bool{}, map[tree.Gindex]bool{}
	for _, g := range indices {
		for b := g; b > 1; b /= 2 {
			helpers[b^1] = true // get_branch_indices
			paths[b] = true     // get_path_indices
		}
	}
	var out []tree.Gindex
	for h := range helpers {
		if !paths[h] {
			out = append(out, h)
		}
	}
	slices.SortFunc(out, func(a, b tree.Gindex) int { return cmp.Compare(b, a) })
	return out
}

// specVerifyMultiproof is verify_merkle_multiproof of
// ssz/merkle-proofs.md, as written there (calculate_multi_merkle_root:
// the known nodes by index, hashed up from the highest index while a node
// and its sibling are known and their parent is not).
func specVerifyMultiproof(leaves, proof [][32]byte, indices []tree.Gindex, root [32]byte) bool {
	helpers := specHelperIndices(indices)
	if len(leaves) != len(indices) || len(proof) != len(helpers) {
		return false
	}
	objects := map[tree.Gindex][32]byte{}
	for i, g := range indices {
		objects[g] = leaves[i]
	}
	for i, g := range helpers {
		objects[g] = proof[i]
	}
	keys := make([]tree.Gindex, 0, len(objects))
	for k := range objects {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b tree.Gindex) int { return cmp.Compare(b, a) })
	for pos := 0; pos < len(keys); pos++ {
		k := keys[pos]
		_, sib := objects[k^1]
		_, parent := objects[k/2]
		if sib && !parent {
			l, r := objects[(k|1)^1], objects[k|1]
			objects[k/2] = sha256.Sum256(append(l[:], r[:]...))
			keys = append(keys, k/2)
		}
	}
	return objects[1] == root
}

// TestProveAcrossSpine proves, in one multiproof of a synthetic Gloas
// state, validators and balances in different subtrees of their
// ProgressiveLists (subtrees of 1, 4, 16, 64, 256, 1,024 chunks), a field
// of a validator, fields of the progressive BeaconState in different
// subtrees of its own spine, a list's length and a builder, and checks
// the indices against schema.Gindex, the helper indices and the
// verification against the specification's get_helper_indices and
// verify_merkle_multiproof, and the leaves against the values.
func TestProveAcrossSpine(t *testing.T) {
	st, err := synth.GloasState(gloas.Minimal, 1500, 3)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{
		"validators[0]", "validators[3]", "validators[20]", "validators[700]", "validators[1499].effective_balance",
		"balances[1]", "balances[17]", "balances[999]", "balances.__len__",
		"slot", "finalized_checkpoint.root", "next_sync_committee", "builders[5]",
	}
	mp, err := st.Prove(paths...)
	if err != nil {
		t.Fatal(err)
	}
	root := st.HashTreeRoot()
	typ := gloas.Minimal.Type("BeaconState")
	for i, p := range paths {
		g, err := schema.Gindex(typ, p)
		if err != nil || mp.Indices[i] != g {
			t.Fatalf("%s: proven at %d, schema.Gindex %d (%v)", p, mp.Indices[i], g, err)
		}
	}
	if h := specHelperIndices(mp.Indices); !slices.Equal(h, mp.HelperIndices) {
		t.Fatalf("helper indices\n got %v\nwant %v", mp.HelperIndices, h)
	}
	if !specVerifyMultiproof(mp.Leaves, mp.HelperRoots, mp.Indices, root) || !mp.Verify(root) {
		t.Fatal("the multiproof does not verify against the state's root")
	}
	v := st.Validators().Get(700)
	if mp.Leaves[3] != v.HashTreeRoot() {
		t.Error("the leaf of validators[700] is not the validator's root")
	}
	var slot [32]byte
	binary.LittleEndian.PutUint64(slot[:], uint64(st.Slot()))
	if mp.Leaves[9] != slot {
		t.Error("the leaf of slot is not the slot's chunk")
	}
	if mp.Leaves[10] != st.FinalizedCheckpoint().Root || mp.Leaves[11] != st.NextSyncCommittee().HashTreeRoot() {
		t.Error("the leaves of the finalized root or the next sync committee are not their roots")
	}
	// A changed balance, anywhere in the proof, does not verify.
	for _, i := range []int{5, 6, 7} {
		leaves := slices.Clone(mp.Leaves)
		leaves[i][0] ^= 1
		if specVerifyMultiproof(leaves, mp.HelperRoots, mp.Indices, root) {
			t.Errorf("a changed leaf %s verifies", paths[i])
		}
	}
}
