package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// stateRootPath is the field of a BeaconBlock that commits to its post
// state, in every fork.
const stateRootPath = "state_root"

// anchor returns the tree of block with its state_root chunk replaced by
// the tree of state, whose root is the chunk's: the tree has the block's
// root, and the state's nodes below the state root's generalized index,
// which it returns. It shares both trees' nodes and copies none.
func anchor(block, state View) (*tree.Node, tree.Gindex, error) {
	bn := block.Node()
	g, t, err := schema.LocateIn(block.Type(), bn, stateRootPath)
	if err != nil {
		return nil, 0, fmt.Errorf("view: anchor at a block: %w", err)
	}
	if t == nil || t.FixedSize() != 32 {
		return nil, 0, fmt.Errorf("view: anchor at a block: %v's %s is %v, not a root", block.Type(), stateRootPath, t)
	}
	leaf, err := tree.GetGindex(bn, g)
	if err != nil {
		return nil, 0, fmt.Errorf("view: anchor at a block: %w", err)
	}
	sn := state.Node()
	if leaf.Root() != sn.Root() {
		return nil, 0, fmt.Errorf("view: anchor at a block: the state's root %x is not the block's state_root %x", sn.Root(), leaf.Root())
	}
	n, err := tree.SetGindex(bn, g, sn)
	if err != nil {
		return nil, 0, fmt.Errorf("view: anchor at a block: %w", err)
	}
	return n, g, nil
}

// AnchoredGindex returns the generalized index, below the root of a block
// of type blockType, of the part of its post-state (of type stateType) that
// path names: the index of the block's state_root concatenated with the
// part's index in the state (the specification's
// concat_generalized_indices). A verifier that holds a block root computes
// with it the indices that [ProveAnchored] proves, from the types alone.
func AnchoredGindex(blockType, stateType schema.Type, path string) (tree.Gindex, error) {
	b, err := schema.Gindex(blockType, stateRootPath)
	if err != nil {
		return 0, err
	}
	s, err := schema.Gindex(stateType, path)
	if err != nil {
		return 0, err
	}
	g, ok := b.Concat(s)
	if !ok {
		return 0, fmt.Errorf("view: %s of the state below the block is deeper than 63 levels", path)
	}
	return g, nil
}

// ProveAnchored returns the compact multiproof, against the hash tree root
// of block (a BeaconBlock: the root a block header names), of the parts of
// state, the block's post-state, that paths name, as [ProveCompact] proves
// them in the state: the proof goes from the block's root down to its
// state_root and on into the state, with the generalized indices of the
// state concatenated to that of state_root. It returns the generalized
// indices of the proven leaves below the block's root, which
// [tree.CompactMultiproof.VerifyIndices] checks against the block's root.
// The state's root must be the block's state_root. Fields of the block
// itself (its execution payload, or in Gloas its bid:
// "body.execution_payload.block_hash",
// "body.signed_execution_payload_bid.message.block_hash") are proven
// against its root by [ProveCompact] of the block.
func ProveAnchored(block, state View, max int, paths ...string) (*tree.CompactMultiproof, []tree.Gindex, error) {
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("view: ProveAnchored of no path")
	}
	n, at, err := anchor(block, state)
	if err != nil {
		return nil, nil, err
	}
	gs, err := schema.ViewGindices(state.Type(), state.Node(), paths, max)
	if err != nil {
		return nil, nil, err
	}
	for i, g := range gs {
		c, ok := at.Concat(g)
		if !ok {
			return nil, nil, fmt.Errorf("view: a leaf of %q below the block is deeper than 63 levels", paths)
		}
		gs[i] = c
	}
	p, err := tree.ProveCompactIndices(n, gs)
	if err != nil {
		return nil, nil, err
	}
	return p, gs, nil
}

// ProveBranchAnchored returns the single proof, against the hash tree root
// of block, of the part of state (the block's post-state) that path names
// (see [ProveAnchored]): its generalized index below the block's root, its
// leaf and its branch, leaf first, which [tree.VerifyProof] checks against
// the block's root.
func ProveBranchAnchored(block, state View, path string) (g tree.Gindex, leaf [32]byte, branch [][32]byte, err error) {
	n, at, err := anchor(block, state)
	if err != nil {
		return 0, leaf, nil, err
	}
	sg, _, err := schema.LocateIn(state.Type(), state.Node(), path)
	if err != nil {
		return 0, leaf, nil, err
	}
	g, ok := at.Concat(sg)
	if !ok {
		return 0, leaf, nil, fmt.Errorf("view: %s of the state below the block is deeper than 63 levels", path)
	}
	leaf, branch, err = tree.Prove(n, g)
	return g, leaf, branch, err
}
