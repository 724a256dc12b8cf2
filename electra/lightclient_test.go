package electra_test

import (
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/tree"
)

// TestLightClientBranches checks the light-client indices against the
// specification's constants, and each branch against the root of the
// value it proves a part of, in both presets.
func TestLightClientBranches(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  tree.Gindex
		want tree.Gindex
	}{
		{"finalized root", electra.FinalizedRootGindex, 169},
		{"current sync committee", electra.CurrentSyncCommitteeGindex, 86},
		{"next sync committee", electra.NextSyncCommitteeGindex, 87},
		{"execution payload", electra.ExecutionPayloadGindex, 25},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
		st := electra.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = electra.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := electra.FinalityBranch(st)
		if err != nil || !verify(root, electra.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := electra.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, electra.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := electra.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, electra.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, electra.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}

		body := electra.NewBeaconBlockBody(spec)
		body.ExecutionPayload().SetBlockNumber(99)
		exec, err := electra.ExecutionBranch(body)
		if err != nil || !verify(body.HashTreeRoot(), electra.ExecutionPayloadGindex, body.ExecutionPayload().HashTreeRoot(), exec[:]) {
			t.Errorf("%s: ExecutionBranch does not verify (%v)", spec.Preset.Name, err)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []electra.Bytes32) bool {
	b := make([][32]byte, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return tree.VerifyProof(root, g, leaf, b)
}

// TestGindexAtSlot checks the indices by slot on mainnet's schedule, on
// either side of its Electra fork epoch, and on a schedule without
// Electra.
func TestGindexAtSlot(t *testing.T) {
	epoch, _ := forks.MainnetSchedule.Epoch(forks.NameElectra)
	first := electra.Slot(epoch * 32)
	noElectra, err := forks.NewSchedule("devnet", "minimal",
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{1, 0, 0, 9}},
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s                   *forks.Schedule
		slot                electra.Slot
		finalized, cur, nxt tree.Gindex
	}{
		{forks.MainnetSchedule, first - 1, 105, 54, 55},
		{forks.MainnetSchedule, first, 169, 86, 87},
		{forks.MainnetSchedule, first + 32*1000, 169, 86, 87},
		{forks.MainnetSchedule, 0, 105, 54, 55},
		{noElectra, 1 << 40, 105, 54, 55},
	} {
		f, c, n := electra.FinalizedRootGindexAtSlot(tc.s, tc.slot), electra.CurrentSyncCommitteeGindexAtSlot(tc.s, tc.slot), electra.NextSyncCommitteeGindexAtSlot(tc.s, tc.slot)
		if f != tc.finalized || c != tc.cur || n != tc.nxt {
			t.Errorf("%s at slot %d: %d, %d, %d, want %d, %d, %d", tc.s.Network(), tc.slot, f, c, n, tc.finalized, tc.cur, tc.nxt)
		}
	}
}

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
