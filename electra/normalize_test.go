package electra_test

import (
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/tree"
)

// TestNormalizedBranches normalizes the branches of a Deneb state, as an
// Electra light client does with Deneb's data, and checks them at the
// indices of a Deneb slot and Electra's own branches at those of an
// Electra slot, as is_valid_normalized_merkle_branch reads them.
func TestNormalizedBranches(t *testing.T) {
	epoch, _ := forks.MainnetSchedule.Epoch(forks.NameElectra)
	denebSlot, electraSlot := electra.Slot(epoch*32-5), electra.Slot(epoch*32+5)
	s := forks.MainnetSchedule

	old := deneb.NewBeaconState(deneb.Mainnet)
	old.SetSlot(denebSlot)
	old.SetFinalizedCheckpoint(deneb.Checkpoint{Epoch: 3, Root: deneb.Root{0xf1}})
	old.CurrentSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xc1})
	old.NextSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xa1})
	root := old.HashTreeRoot()
	fin, err := deneb.FinalityBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := deneb.CurrentSyncCommitteeBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	next, err := deneb.NextSyncCommitteeBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	nf, nc, nn := electra.NormalizeFinalityBranch(fin), electra.NormalizeCurrentSyncCommitteeBranch(cur), electra.NormalizeNextSyncCommitteeBranch(next)
	if nf[0] != (electra.Bytes32{}) || [6]electra.Bytes32(nf[1:]) != fin || nc[0] != (electra.Bytes32{}) || nn[0] != (electra.Bytes32{}) {
		t.Fatal("a normalized branch is not the branch after a zero root")
	}
	for _, tc := range []struct {
		name   string
		leaf   [32]byte
		branch []electra.Bytes32
		g      tree.Gindex
	}{
		{"finality", old.FinalizedCheckpoint().Root, nf[:], electra.FinalizedRootGindexAtSlot(s, denebSlot)},
		{"current sync committee", old.CurrentSyncCommittee().HashTreeRoot(), nc[:], electra.CurrentSyncCommitteeGindexAtSlot(s, denebSlot)},
		{"next sync committee", old.NextSyncCommittee().HashTreeRoot(), nn[:], electra.NextSyncCommitteeGindexAtSlot(s, denebSlot)},
	} {
		if !electra.VerifyNormalizedBranch(tc.leaf, tc.branch, tc.g, root) {
			t.Errorf("%s: the normalized Deneb branch does not verify at the Deneb slot's index", tc.name)
		}
		if electra.VerifyNormalizedBranch(tc.leaf, tc.branch, tc.g^1, root) {
			t.Errorf("%s: the normalized Deneb branch verifies at its sibling's index", tc.name)
		}
	}

	st := electra.NewBeaconState(electra.Mainnet)
	st.SetSlot(electraSlot)
	st.SetFinalizedCheckpoint(electra.Checkpoint{Epoch: 4, Root: electra.Root{0xf2}})
	ef, err := electra.FinalityBranch(st)
	if err != nil {
		t.Fatal(err)
	}
	g := electra.FinalizedRootGindexAtSlot(s, electraSlot)
	if !electra.VerifyNormalizedBranch(st.FinalizedCheckpoint().Root, ef[:], g, st.HashTreeRoot()) {
		t.Error("an Electra finality branch does not verify at the Electra slot's index")
	}
	if electra.VerifyNormalizedBranch(st.FinalizedCheckpoint().Root, ef[:], electra.FinalizedRootGindexAtSlot(s, denebSlot), st.HashTreeRoot()) {
		t.Error("an Electra finality branch verifies at the Deneb slot's index")
	}
}
