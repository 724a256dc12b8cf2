package ssztree

import (
	"fmt"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/view"
)

// pendingList is what the epoch's changes use of a state's pending lists:
// a view.ValueList in Fulu, a view.ProgressiveValueList in Gloas.
type pendingList[T any] interface {
	Len() int
	Append(v T) error
	DropFirst(k int) error
}

// participationList is what the epoch's rotation uses of a participation
// list beside basicList: its tree and type, and its bytes set at once.
type participationList interface {
	basicList[fulu.ParticipationFlags]
	view.View
	Len() int
	SetBytes(b []byte) error
}

// slotState is what the slot's and the epoch's changes use of a fork's
// *BeaconState from Fulu on, beside beaconState: the fields whose types
// Gloas kept as they were, the pending lists, of types D (deposits) and W
// (partial withdrawals), which Gloas made progressive, and the untyped
// view, a container in Fulu and a progressive one in Gloas.
type slotState[S any, V elemList[fulu.Validator], B basicList[fulu.Gwei], P participationList, I basicList[uint64], D pendingList[fulu.PendingDeposit], W pendingList[fulu.PendingPartialWithdrawal]] interface {
	beaconState[S, V, B, P, I]
	Untyped() view.View
	NextWithdrawalIndex() fulu.WithdrawalIndex
	SetNextWithdrawalIndex(v fulu.WithdrawalIndex)
	SetNextWithdrawalValidatorIndex(v fulu.ValidatorIndex)
	SetLatestBlockHeader(v fulu.BeaconBlockHeader)
	BlockRoots() *view.ValueVector[fulu.Root, *fulu.Root]
	StateRoots() *view.ValueVector[fulu.Root, *fulu.Root]
	RandaoMixes() *view.ValueVector[fulu.Bytes32, *fulu.Bytes32]
	Slashings() *view.BasicVector[fulu.Gwei]
	SetJustificationBits(v [1]byte)
	SetPreviousJustifiedCheckpoint(v fulu.Checkpoint)
	SetCurrentJustifiedCheckpoint(v fulu.Checkpoint)
	SetFinalizedCheckpoint(v fulu.Checkpoint)
	ProposerLookahead() *view.BasicVector[fulu.ValidatorIndex]
	PendingDeposits() D
	PendingPartialWithdrawals() W
	HistoricalSummaries() *view.ValueList[fulu.HistoricalSummary, *fulu.HistoricalSummary]
}

// slotPeer is the state peer of a fork from Fulu on, S, which also applies
// the slot's and the epoch's changes (harness.SlotPeer): the same code for
// Fulu and Gloas, over the methods their states share (slotState). The
// ePBS work of a Gloas slot (the bid, builder payments) is not among the
// changes.
type slotPeer[S slotState[S, V, B, P, I, D, W], V elemList[fulu.Validator], B basicList[fulu.Gwei], P participationList, I basicList[uint64], D pendingList[fulu.PendingDeposit], W pendingList[fulu.PendingPartialWithdrawal]] struct {
	state[S, V, B, P, I]
}

// fuluState is the Fulu state peer, whose lists have limits.
type fuluState = slotPeer[*fulu.BeaconState, *view.ValueList[fulu.Validator, *fulu.Validator], *view.BasicList[fulu.Gwei], *view.BasicList[fulu.ParticipationFlags], *view.BasicList[uint64], *view.ValueList[fulu.PendingDeposit, *fulu.PendingDeposit], *view.ValueList[fulu.PendingPartialWithdrawal, *fulu.PendingPartialWithdrawal]]

// gloasState is the Gloas state peer, whose lists are progressive and its
// state a ProgressiveContainer.
type gloasState = slotPeer[*gloas.BeaconState, *view.ProgressiveValueList[fulu.Validator, *fulu.Validator], *view.ProgressiveBasicList[fulu.Gwei], *view.ProgressiveBasicList[fulu.ParticipationFlags], *view.ProgressiveBasicList[uint64], *view.ProgressiveValueList[fulu.PendingDeposit, *fulu.PendingDeposit], *view.ProgressiveValueList[fulu.PendingPartialWithdrawal, *fulu.PendingPartialWithdrawal]]

func (slotPeer[S, V, B, P, I, D, W]) ApplySlot(s S, c *harness.SlotChanges) error {
	// The flags in one pass over the list's pages.
	if err := s.CurrentEpochParticipation().UpdateAt(c.Participation, func(int, fulu.ParticipationFlags) fulu.ParticipationFlags {
		return fulu.ParticipationFlags(c.Flags)
	}); err != nil {
		return err
	}
	// The rewards, then the withdrawals, each in one pass.
	balances := s.Balances()
	if err := balances.UpdateAt(c.Rewarded, func(_ int, b fulu.Gwei) fulu.Gwei { return b + fulu.Gwei(c.Reward) }); err != nil {
		return err
	}
	if err := balances.UpdateAt(c.Withdrawn, func(_ int, b fulu.Gwei) fulu.Gwei {
		return b - min(b, fulu.Gwei(c.WithdrawalAmount))
	}); err != nil {
		return err
	}
	s.SetNextWithdrawalIndex(s.NextWithdrawalIndex() + fulu.WithdrawalIndex(len(c.Withdrawn)))
	s.SetNextWithdrawalValidatorIndex(fulu.ValidatorIndex(c.NextWithdrawalValidator))
	s.SetLatestBlockHeader(fulu.BeaconBlockHeader{
		Slot:          fulu.Slot(c.Header.Slot),
		ProposerIndex: fulu.ValidatorIndex(c.Header.ProposerIndex),
		ParentRoot:    c.Header.ParentRoot,
		StateRoot:     c.Header.StateRoot,
		BodyRoot:      c.Header.BodyRoot,
	})
	s.BlockRoots().Set(c.RootIndex, c.BlockRoot)
	s.StateRoots().Set(c.RootIndex, c.StateRoot)
	deposits := s.PendingDeposits()
	for _, d := range c.Deposits {
		if err := deposits.Append(fulu.PendingDeposit{
			Pubkey:                d.Pubkey,
			WithdrawalCredentials: d.WithdrawalCredentials,
			Amount:                fulu.Gwei(d.Amount),
			Signature:             d.Signature,
			Slot:                  fulu.Slot(d.Slot),
		}); err != nil {
			return err
		}
	}
	return nil
}

func (slotPeer[S, V, B, P, I, D, W]) ApplyEpoch(s S, c *harness.EpochChanges) error {
	s.Balances().Update(func(_ int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(c.BalanceDelta) })
	// The rotation moves the current list's tree into the previous field
	// (the two fields' types are equal, not the same value, so the tree is
	// viewed as the previous field's type), and builds the zero list from
	// its bytes.
	current := s.CurrentEpochParticipation()
	n := current.Len()
	previous, err := view.Of(s.PreviousEpochParticipation().Type(), current.Node())
	if err == nil {
		err = s.Untyped().(view.AnyContainer).Set(fieldPreviousParticipation, previous)
	}
	if err != nil {
		return fmt.Errorf("participation rotation: %w", err)
	}
	if err := s.CurrentEpochParticipation().SetBytes(make([]byte, n)); err != nil {
		return err
	}
	if err := s.InactivityScores().UpdateAt(c.Inactive, func(int, uint64) uint64 { return c.InactivityScore }); err != nil {
		return err
	}
	// The effective balances in one pass over the validators' pages.
	if err := s.Validators().UpdateAt(c.Effective, func(_ int, v fulu.Validator) fulu.Validator {
		v.EffectiveBalance = fulu.Gwei(c.EffectiveBalance)
		return v
	}); err != nil {
		return err
	}
	s.Slashings().Set(c.SlashingsIndex, fulu.Gwei(c.Slashing))
	s.RandaoMixes().Set(c.RandaoIndex, c.RandaoMix)
	s.SetJustificationBits([1]byte{c.JustificationBits})
	s.SetPreviousJustifiedCheckpoint(fulu.Checkpoint{Epoch: fulu.Epoch(c.PreviousJustified.Epoch), Root: c.PreviousJustified.Root})
	s.SetCurrentJustifiedCheckpoint(fulu.Checkpoint{Epoch: fulu.Epoch(c.CurrentJustified.Epoch), Root: c.CurrentJustified.Root})
	s.SetFinalizedCheckpoint(fulu.Checkpoint{Epoch: fulu.Epoch(c.Finalized.Epoch), Root: c.Finalized.Root})
	lookahead := s.ProposerLookahead()
	next := make([]fulu.ValidatorIndex, 0, lookahead.Len())
	for i, v := range lookahead.All() {
		if i >= harness.LookaheadShift {
			next = append(next, v)
		}
	}
	for _, v := range c.Lookahead {
		next = append(next, fulu.ValidatorIndex(v))
	}
	if err := lookahead.SetAll(next); err != nil {
		return err
	}
	if err := dropFront(s.PendingDeposits(), c.PendingDeposits); err != nil {
		return err
	}
	if err := dropFront(s.PendingPartialWithdrawals(), c.PendingPartialWithdrawals); err != nil {
		return err
	}
	return s.HistoricalSummaries().Append(fulu.HistoricalSummary{
		BlockSummaryRoot: c.HistoricalSummary[0],
		StateSummaryRoot: c.HistoricalSummary[1],
	})
}

// fieldPreviousParticipation is the index of previous_epoch_participation
// among a Fulu BeaconState's fields, and a Gloas one's.
const fieldPreviousParticipation = 15

// dropFront removes the first k elements of l, all of them if it has
// fewer, as a node's epoch processing does to its pending lists.
func dropFront(l interface {
	Len() int
	DropFirst(k int) error
}, k int) error {
	return l.DropFirst(min(k, l.Len()))
}
