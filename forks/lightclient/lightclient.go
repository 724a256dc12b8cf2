// Package lightclient builds the light-client data of
// specs/altair/light-client/full-node.md (create_light_client_bootstrap,
// create_light_client_update, create_light_client_finality_update,
// create_light_client_optimistic_update) once for every fork that has it.
//
// Every fork from Altair on keeps these builders and changes only what
// they are built of: its BeaconState and BeaconBlock, its LightClientHeader
// (block_to_light_client_header), and the depths of its branches, which
// are arrays of another length in each fork whose state grows a level. A
// fork's package describes itself with a [Fork] (its name, its
// block_to_light_client_header, its branches) and calls the functions here
// with its own types, which are inferred: what is read, what is asserted
// and the error that says so are written once, and the errors name the
// fork's package.
//
// It is support for the fork packages, kept beside package forks with the
// definitions it serves. It can be imported, but none of it is stable API:
// it changes with the fork packages without notice. Call the builders through a
// fork's package (altair.CreateLightClientBootstrap...), whose API is.
//
// The builders take a block's message, the BeaconBlock, where the
// specification takes the SignedBeaconBlock and reads its message only.
// The specification's checks of the fork epoch are those of the types: a
// fork's block is at or after its fork epoch.
package lightclient

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/view"
)

// State is what the builders read of a fork's BeaconState, whose sync
// committees are of type C. The fields it names are phase0's and
// Altair's, the same types in every fork.
type State[C any] interface {
	HashTreeRoot() [32]byte
	Slot() phase0.Slot
	LatestBlockHeader() phase0.BeaconBlockHeader
	FinalizedCheckpoint() phase0.Checkpoint
	CurrentSyncCommittee() C
	NextSyncCommittee() C
}

// Block is what the builders read of a fork's BeaconBlock. A block is a
// pointer to a view, comparable, so that a missing finalized block is the
// zero Block (nil).
type Block interface {
	comparable
	HashTreeRoot() [32]byte
	Slot() phase0.Slot
	ParentRoot() phase0.Root
}

// SyncAggregate is what the builders read of a block's sync aggregate: its
// bits, whose count is the number of participants.
type SyncAggregate interface {
	SyncCommitteeBits() *view.Bitvector
}

// Bootstrap is a fork's LightClientBootstrap, whose header is of type H,
// its sync committee of type C and its branch of type CB.
type Bootstrap[H, C, CB any] interface {
	SetHeader(H)
	SetCurrentSyncCommittee(C)
	SetCurrentSyncCommitteeBranch(CB)
}

// Update is a fork's LightClientUpdate: headers of type H, sync committee
// of type C, next sync committee branch of type NB, finality branch of
// type FB, sync aggregate of type A.
type Update[H, C, NB, FB, A any] interface {
	FinalityUpdate[H, FB, A]
	SetNextSyncCommittee(C)
	SetNextSyncCommitteeBranch(NB)
	AttestedHeader() H
	FinalizedHeader() H
	FinalityBranch() FB
	SyncAggregate() A
	SignatureSlot() phase0.Slot
}

// FinalityUpdate is a fork's LightClientFinalityUpdate, of the types of
// [Update].
type FinalityUpdate[H, FB, A any] interface {
	OptimisticUpdate[H, A]
	SetFinalizedHeader(H)
	SetFinalityBranch(FB)
}

// OptimisticUpdate is a fork's LightClientOptimisticUpdate, of the types
// of [Update].
type OptimisticUpdate[H, A any] interface {
	SetAttestedHeader(H)
	SetSyncAggregate(A)
	SetSignatureSlot(phase0.Slot)
}

// Fork is what the builders need of one fork beyond its values' methods:
// states of type St, blocks of type Blk, light-client headers of type H,
// sync committees of type C, sync aggregates of type A, and the branches
// of the current and next sync committees and of the finalized root, of
// types CB, NB and FB. Make one with [NewFork], which infers the types.
type Fork[St State[C], Blk Block, H, C any, A SyncAggregate, CB, NB, FB any] struct {
	pkg       string
	header    func(Blk) (H, error)
	aggregate func(Blk) A
	current   func(St) (CB, error)
	next      func(St) (NB, error)
	finality  func(St) (FB, error)
}

// NewFork returns the Fork of the package pkg, which names it in errors:
// header is its block_to_light_client_header, aggregate returns a block's
// sync aggregate (its body's), and current, next and finality are its
// compute_merkle_proof of a state at the current and next sync committee
// and the finalized root.
func NewFork[St State[C], Blk Block, H, C any, A SyncAggregate, CB, NB, FB any](pkg string,
	header func(Blk) (H, error), aggregate func(Blk) A,
	current func(St) (CB, error), next func(St) (NB, error), finality func(St) (FB, error),
) *Fork[St, Blk, H, C, A, CB, NB, FB] {
	return &Fork[St, Blk, H, C, A, CB, NB, FB]{pkg: pkg, header: header, aggregate: aggregate, current: current, next: next, finality: finality}
}

// CreateBootstrap fills b, a new LightClientBootstrap, with that of block
// and its post state st, and returns it: the specification's
// create_light_client_bootstrap. It checks, as the specification asserts,
// that st is the block's post state: st's latest block header, with st's
// root as its state root, is the block's header.
func CreateBootstrap[St State[C], Blk Block, H, C any, A SyncAggregate, CB, NB, FB any, B Bootstrap[H, C, CB]](f *Fork[St, Blk, H, C, A, CB, NB, FB], st St, block Blk, b B) (B, error) {
	var none B
	if err := f.checkPostState(st, block, "state"); err != nil {
		return none, err
	}
	h, err := f.header(block)
	if err != nil {
		return none, err
	}
	branch, err := f.current(st)
	if err != nil {
		return none, err
	}
	b.SetHeader(h)
	b.SetCurrentSyncCommittee(st.CurrentSyncCommittee())
	b.SetCurrentSyncCommitteeBranch(branch)
	return b, nil
}

// CreateUpdate fills u, a new LightClientUpdate of preset p, with the
// update that block, of post state st, makes of its parent attestedBlock,
// of post state attestedState, and returns it: the specification's
// create_light_client_update. The update holds the next sync committee if
// both blocks are in the same sync committee period, and the finality
// proof if finalizedBlock, the block of attestedState's finalized
// checkpoint, is not nil (nil when it is not available locally). It
// returns an error where the specification asserts: too few participants
// in block's sync aggregate, a state that is not its block's post state,
// an attested block that is not block's parent, a finalized block that is
// not attestedState's finalized checkpoint.
func CreateUpdate[St State[C], Blk Block, H, C any, A SyncAggregate, CB, NB, FB any, U Update[H, C, NB, FB, A]](f *Fork[St, Blk, H, C, A, CB, NB, FB], p *def.Preset, st St, block Blk, attestedState St, attestedBlock Blk, finalizedBlock Blk, u U) (U, error) {
	var none U
	aggregate := f.aggregate(block)
	if err := forkcode.CheckParticipants(f.pkg, p, aggregate.SyncCommitteeBits().Count()); err != nil {
		return none, err
	}
	if err := f.checkPostState(st, block, "state"); err != nil {
		return none, err
	}
	if err := f.checkPostState(attestedState, attestedBlock, "attested state"); err != nil {
		return none, err
	}
	samePeriod, err := forkcode.AttestedInPeriod(f.pkg, p, uint64(block.Slot()), uint64(attestedBlock.Slot()), block.ParentRoot(), attestedBlock.HashTreeRoot())
	if err != nil {
		return none, err
	}

	attested, err := f.header(attestedBlock)
	if err != nil {
		return none, err
	}
	u.SetAttestedHeader(attested)
	// The next sync committee is of use only if the update is signed by
	// the current one.
	if samePeriod {
		branch, err := f.next(attestedState)
		if err != nil {
			return none, err
		}
		u.SetNextSyncCommittee(attestedState.NextSyncCommittee())
		u.SetNextSyncCommitteeBranch(branch)
	}
	var noBlock Blk
	if finalizedBlock != noBlock {
		finalizedRoot := attestedState.FinalizedCheckpoint().Root
		if finalizedBlock.Slot() != 0 {
			// The header's beacon block header has the block's root.
			if err := forkcode.CheckFinalized(f.pkg, false, phase0.Root(finalizedBlock.HashTreeRoot()), finalizedRoot); err != nil {
				return none, err
			}
			h, err := f.header(finalizedBlock)
			if err != nil {
				return none, err
			}
			u.SetFinalizedHeader(h)
		} else if err := forkcode.CheckFinalized(f.pkg, true, phase0.Root{}, finalizedRoot); err != nil {
			return none, err
		}
		branch, err := f.finality(attestedState)
		if err != nil {
			return none, err
		}
		u.SetFinalityBranch(branch)
	}
	u.SetSyncAggregate(aggregate)
	u.SetSignatureSlot(block.Slot())
	return u, nil
}

// CreateFinalityUpdate fills to, a new LightClientFinalityUpdate, with the
// fields of update but the next sync committee's, and returns it: the
// specification's create_light_client_finality_update.
func CreateFinalityUpdate[H, C, NB, FB, A any, U Update[H, C, NB, FB, A], F FinalityUpdate[H, FB, A]](update U, to F) F {
	to.SetAttestedHeader(update.AttestedHeader())
	to.SetFinalizedHeader(update.FinalizedHeader())
	to.SetFinalityBranch(update.FinalityBranch())
	to.SetSyncAggregate(update.SyncAggregate())
	to.SetSignatureSlot(update.SignatureSlot())
	return to
}

// CreateOptimisticUpdate fills to, a new LightClientOptimisticUpdate, with
// the attested header, sync aggregate and signature slot of update, and
// returns it: the specification's create_light_client_optimistic_update.
func CreateOptimisticUpdate[H, C, NB, FB, A any, U Update[H, C, NB, FB, A], O OptimisticUpdate[H, A]](update U, to O) O {
	to.SetAttestedHeader(update.AttestedHeader())
	to.SetSyncAggregate(update.SyncAggregate())
	to.SetSignatureSlot(update.SignatureSlot())
	return to
}

// checkPostState returns an error, naming st as what, unless st is the
// post state of block, as the builders of full-node.md assert: st is at
// the slot of its latest block header, and that header, with st's root as
// its state root, is block's.
func (f *Fork[St, Blk, H, C, A, CB, NB, FB]) checkPostState(st St, block Blk, what string) error {
	header := st.LatestBlockHeader()
	header.StateRoot = st.HashTreeRoot()
	return forkcode.CheckPostState(f.pkg, what, uint64(st.Slot()), uint64(header.Slot), header.HashTreeRoot(), block.HashTreeRoot())
}
