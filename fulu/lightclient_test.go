package fulu_test

import (
	"testing"

	"github.com/ssztree/ssztree/fulu"
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
		{"finalized root", fulu.FinalizedRootGindex, 169},
		{"current sync committee", fulu.CurrentSyncCommitteeGindex, 86},
		{"next sync committee", fulu.NextSyncCommitteeGindex, 87},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
		st := fulu.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = fulu.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := fulu.FinalityBranch(st)
		if err != nil || !verify(root, fulu.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := fulu.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, fulu.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := fulu.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, fulu.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, fulu.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []fulu.Bytes32) bool {
	b := make([][32]byte, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return tree.VerifyProof(root, g, leaf, b)
}
