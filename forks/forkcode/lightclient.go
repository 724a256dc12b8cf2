package forkcode

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
)

// The checks below are the assertions of the light-client builders of
// specs/altair/light-client/full-node.md, which every fork from Altair on
// keeps: each fork's CreateLightClientBootstrap and CreateLightClientUpdate
// read the slots and roots off its own types and pass them here, so that
// what is asserted, and the error that says so, is written once.

// CheckPostState returns an error naming pkg, and the state as what,
// unless a state is the post state of a block: the state's slot,
// stateSlot, is that of its latest block header, headerSlot, and that
// header with the state's root as its state root has the root postRoot,
// which must be blockRoot, the block's root.
func CheckPostState[R ~[32]byte](pkg, what string, stateSlot, headerSlot uint64, postRoot, blockRoot R) error {
	if stateSlot != headerSlot {
		return fmt.Errorf("%s: %s at slot %d has a latest block header of slot %d", pkg, what, stateSlot, headerSlot)
	}
	if postRoot != blockRoot {
		return fmt.Errorf("%s: the %s is not the post state of its block", pkg, what)
	}
	return nil
}

// AttestedInPeriod returns an error naming pkg unless the attested block,
// of root attestedRoot, is the parent of the signing block, whose parent
// root is parentRoot; and it reports whether the two blocks, at slot and
// attestedSlot, are in the same sync committee period of preset p, in
// which case an update holds the next sync committee (the current one
// signs it).
func AttestedInPeriod[R ~[32]byte](pkg string, p *def.Preset, slot, attestedSlot uint64, parentRoot, attestedRoot R) (bool, error) {
	if attestedRoot != parentRoot {
		return false, fmt.Errorf("%s: the attested block is not the parent of the block", pkg)
	}
	signaturePeriod, err := SyncCommitteePeriod(pkg, p, slot)
	if err != nil {
		return false, err
	}
	attestedPeriod, err := SyncCommitteePeriod(pkg, p, attestedSlot)
	if err != nil {
		return false, err
	}
	return attestedPeriod == signaturePeriod, nil
}

// CheckFinalized returns an error naming pkg unless a finalized block is
// the attested state's finalized checkpoint, of root checkpointRoot: a
// block after the genesis slot has the header root headerRoot, which must
// be checkpointRoot; a block at the genesis slot (genesis true) stands for
// a checkpoint that is zero, and headerRoot is not read.
func CheckFinalized[R ~[32]byte](pkg string, genesis bool, headerRoot, checkpointRoot R) error {
	switch {
	case !genesis && headerRoot != checkpointRoot:
		return fmt.Errorf("%s: the finalized block is not the attested state's finalized checkpoint %v", pkg, checkpointRoot)
	case genesis && checkpointRoot != (R{}):
		return fmt.Errorf("%s: a finalized block at the genesis slot, and the attested state's finalized checkpoint is %v, not zero", pkg, checkpointRoot)
	}
	return nil
}
