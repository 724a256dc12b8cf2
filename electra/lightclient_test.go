package electra_test

import (
	"testing"

	"github.com/ssztree/ssztree/electra"
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
