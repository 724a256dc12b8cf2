package deneb_test

import (
	"testing"

	"github.com/ssztree/ssztree/deneb"
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
		{"finalized root", deneb.FinalizedRootGindex, 105},
		{"current sync committee", deneb.CurrentSyncCommitteeGindex, 54},
		{"next sync committee", deneb.NextSyncCommitteeGindex, 55},
		{"execution payload", deneb.ExecutionPayloadGindex, 25},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*deneb.Spec{deneb.Mainnet, deneb.Minimal} {
		st := deneb.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = deneb.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := deneb.FinalityBranch(st)
		if err != nil || !verify(root, deneb.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := deneb.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, deneb.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := deneb.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, deneb.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, deneb.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}

		body := deneb.NewBeaconBlockBody(spec)
		body.ExecutionPayload().SetBlockNumber(99)
		exec, err := deneb.ExecutionBranch(body)
		if err != nil || !verify(body.HashTreeRoot(), deneb.ExecutionPayloadGindex, body.ExecutionPayload().HashTreeRoot(), exec[:]) {
			t.Errorf("%s: ExecutionBranch does not verify (%v)", spec.Preset.Name, err)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []deneb.Bytes32) bool {
	b := make([][32]byte, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return tree.VerifyProof(root, g, leaf, b)
}
