package electra

import (
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/tree"
)

// A branch of a Deneb state is one root shorter than an Electra branch of
// the same field. An Electra light client takes Deneb's light-client data
// with its branches normalized (specs/electra/light-client/fork.md,
// upgrade_lc_update_to_electra...): padded at their start with zero roots
// to Electra's length, which VerifyNormalizedBranch reads at the index of
// the slot.

// NormalizeFinalityBranch returns a Deneb finality branch with Electra's
// length: normalize_merkle_branch(branch, FINALIZED_ROOT_GINDEX_ELECTRA).
func NormalizeFinalityBranch(branch [forks.FinalizedRootDepth]Bytes32) [forks.FinalizedRootDepthElectra]Bytes32 {
	var b [forks.FinalizedRootDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], FinalizedRootGindex, b[:]))
	return b
}

// NormalizeCurrentSyncCommitteeBranch returns a Deneb current sync
// committee branch with Electra's length:
// normalize_merkle_branch(branch, CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA).
func NormalizeCurrentSyncCommitteeBranch(branch [forks.CurrentSyncCommitteeDepth]Bytes32) [forks.CurrentSyncCommitteeDepthElectra]Bytes32 {
	var b [forks.CurrentSyncCommitteeDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], CurrentSyncCommitteeGindex, b[:]))
	return b
}

// NormalizeNextSyncCommitteeBranch returns a Deneb next sync committee
// branch with Electra's length: normalize_merkle_branch(branch,
// NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA).
func NormalizeNextSyncCommitteeBranch(branch [forks.NextSyncCommitteeDepth]Bytes32) [forks.NextSyncCommitteeDepthElectra]Bytes32 {
	var b [forks.NextSyncCommitteeDepthElectra]Bytes32
	forkcode.Check(forkcode.NormalizeBranch("electra", branch[:], NextSyncCommitteeGindex, b[:]))
	return b
}

// VerifyNormalizedBranch reports whether branch, normalized to at least
// the depth of g, proves leaf at g against root: the specification's
// is_valid_normalized_merkle_branch, which a light client calls with the
// index of the slot (FinalizedRootGindexAtSlot...) and a branch of
// Electra's length.
func VerifyNormalizedBranch(leaf [32]byte, branch []Bytes32, g tree.Gindex, root Root) bool {
	return forkcode.VerifyNormalizedBranch(leaf, branch, g, root)
}
