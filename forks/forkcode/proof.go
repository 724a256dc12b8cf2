package forkcode

import (
	"crypto/sha256"
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// Gindex returns the generalized index of path in values of t: for the
// indices the specification fixes (the light-client proofs), whose paths
// every fork that uses them has, so that a path t lacks is a mistake of the
// calling package, and panics.
func Gindex(t schema.Type, path string) tree.Gindex {
	g, err := schema.Gindex(t, path)
	if err != nil {
		panic(err)
	}
	return g
}

// Branch writes to dst the Merkle branch of the node at g of v's tree, the
// siblings' roots leaf first (see tree.Prove); dst must have exactly the
// branch's length, else the error names pkg, the fork's package.
func Branch[R ~[32]byte](pkg string, v view.View, g tree.Gindex, dst []R) error {
	_, branch, err := tree.Prove(v.Node(), g)
	if err != nil {
		return err
	}
	if len(branch) != len(dst) {
		return fmt.Errorf("%s: branch of %d roots for generalized index %d, want %d", pkg, len(branch), g, len(dst))
	}
	for i, r := range branch {
		dst[i] = R(r)
	}
	return nil
}

// VerifyMerkleBranch reports whether branch proves leaf against root, leaf
// being the node at index among the 2^depth nodes depth levels below the
// root: the specification's is_valid_merkle_branch
// (specs/phase0/beacon-chain.md), which the light-client and sidecar
// verifications call with the depth and the subtree index of a generalized
// index (floorlog2 and get_subtree_index). A branch of another length than
// depth does not verify; as in the specification, the bits of index above
// depth are not read.
func VerifyMerkleBranch[R ~[32]byte](leaf [32]byte, branch []R, depth int, index uint64, root [32]byte) bool {
	if len(branch) != depth {
		return false
	}
	value := leaf
	var pair [64]byte
	for i, sibling := range branch {
		if index>>uint(i)&1 == 1 {
			copy(pair[:32], sibling[:])
			copy(pair[32:], value[:])
		} else {
			copy(pair[:32], value[:])
			copy(pair[32:], sibling[:])
		}
		value = sha256.Sum256(pair[:])
	}
	return value == root
}

// VerifyBranch is VerifyMerkleBranch of the node at the generalized index
// g: its depth and its index at that depth.
func VerifyBranch[R ~[32]byte](leaf [32]byte, branch []R, g tree.Gindex, root [32]byte) bool {
	if g == 0 {
		return false
	}
	return VerifyMerkleBranch(leaf, branch, g.Depth(), g.Index(), root)
}

// NormalizeBranch writes to dst branch padded at its start with zero roots
// to the depth of g: the specification's normalize_merkle_branch
// (specs/electra/light-client/fork.md), which gives a branch of an earlier
// fork the length of a later fork's, whose state tree is deeper, as
// is_valid_normalized_merkle_branch reads it. dst must have g's depth, and
// branch at most that; else the error names pkg, the fork's package.
func NormalizeBranch[R ~[32]byte](pkg string, branch []R, g tree.Gindex, dst []R) error {
	if len(dst) != g.Depth() || len(branch) > len(dst) {
		return fmt.Errorf("%s: a branch of %d roots does not normalize to %d for generalized index %d", pkg, len(branch), len(dst), g)
	}
	extra := len(dst) - len(branch)
	clear(dst[:extra])
	copy(dst[extra:], branch)
	return nil
}

// VerifyNormalizedBranch reports whether branch, normalized to g's depth
// or longer, proves leaf at g against root: the specification's
// is_valid_normalized_merkle_branch (specs/altair/light-client/sync-protocol.md),
// which requires the roots before the last g.Depth() to be zero.
func VerifyNormalizedBranch[R ~[32]byte](leaf [32]byte, branch []R, g tree.Gindex, root [32]byte) bool {
	extra := len(branch) - g.Depth()
	if g == 0 || extra < 0 {
		return false
	}
	for _, r := range branch[:extra] {
		if r != (R{}) {
			return false
		}
	}
	return VerifyBranch(leaf, branch[extra:], g, root)
}

// SyncCommitteePeriod returns the sync committee period of slot in preset
// p: the specification's compute_sync_committee_period_at_slot
// (specs/altair/light-client/sync-protocol.md). The error names pkg if p
// lacks SLOTS_PER_EPOCH or EPOCHS_PER_SYNC_COMMITTEE_PERIOD, or has either
// zero.
func SyncCommitteePeriod(pkg string, p *def.Preset, slot uint64) (uint64, error) {
	spe, epp := p.Values["SLOTS_PER_EPOCH"], p.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"]
	if spe == 0 || epp == 0 {
		return 0, fmt.Errorf("%s: preset %s has no SLOTS_PER_EPOCH or EPOCHS_PER_SYNC_COMMITTEE_PERIOD", pkg, p.Name)
	}
	return slot / spe / epp, nil
}

// CheckParticipants returns an error naming pkg unless participants, the
// bits set in a sync aggregate, reach MIN_SYNC_COMMITTEE_PARTICIPANTS of
// preset p, as create_light_client_update asserts
// (specs/altair/light-client/full-node.md).
func CheckParticipants(pkg string, p *def.Preset, participants int) error {
	if min := p.Values["MIN_SYNC_COMMITTEE_PARTICIPANTS"]; uint64(participants) < min {
		return fmt.Errorf("%s: the sync aggregate has %d participants, want at least MIN_SYNC_COMMITTEE_PARTICIPANTS (%d)", pkg, participants, min)
	}
	return nil
}
