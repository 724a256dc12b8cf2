package ssztree

import (
	"fmt"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/view"
)

// gloasState is the Gloas state peer, which also applies the slot's and
// the epoch's changes (harness.SlotPeer): Fulu's writes, which Gloas keeps
// in the same fields (its lists progressive, its state a
// ProgressiveContainer), in the code of fuluState over Gloas' types. The
// ePBS work of a Gloas slot (the bid, builder payments) is not among them.
type gloasState struct {
	progressiveState[*gloas.BeaconState]
}

func (gloasState) ApplySlot(s *gloas.BeaconState, c *harness.SlotChanges) error {
	// The flags in one pass over the list's pages.
	if err := s.CurrentEpochParticipation().UpdateAt(c.Participation, func(int, gloas.ParticipationFlags) gloas.ParticipationFlags {
		return gloas.ParticipationFlags(c.Flags)
	}); err != nil {
		return err
	}
	// The rewards, then the withdrawals, each in one pass.
	balances := s.Balances()
	if err := balances.UpdateAt(c.Rewarded, func(_ int, b gloas.Gwei) gloas.Gwei { return b + gloas.Gwei(c.Reward) }); err != nil {
		return err
	}
	if err := balances.UpdateAt(c.Withdrawn, func(_ int, b gloas.Gwei) gloas.Gwei {
		return b - min(b, gloas.Gwei(c.WithdrawalAmount))
	}); err != nil {
		return err
	}
	s.SetNextWithdrawalIndex(s.NextWithdrawalIndex() + gloas.WithdrawalIndex(len(c.Withdrawn)))
	s.SetNextWithdrawalValidatorIndex(gloas.ValidatorIndex(c.NextWithdrawalValidator))
	s.SetLatestBlockHeader(gloas.BeaconBlockHeader{
		Slot:          gloas.Slot(c.Header.Slot),
		ProposerIndex: gloas.ValidatorIndex(c.Header.ProposerIndex),
		ParentRoot:    c.Header.ParentRoot,
		StateRoot:     c.Header.StateRoot,
		BodyRoot:      c.Header.BodyRoot,
	})
	s.BlockRoots().Set(c.RootIndex, c.BlockRoot)
	s.StateRoots().Set(c.RootIndex, c.StateRoot)
	deposits := s.PendingDeposits()
	for _, d := range c.Deposits {
		if err := deposits.Append(gloas.PendingDeposit{
			Pubkey:                d.Pubkey,
			WithdrawalCredentials: d.WithdrawalCredentials,
			Amount:                gloas.Gwei(d.Amount),
			Signature:             d.Signature,
			Slot:                  gloas.Slot(d.Slot),
		}); err != nil {
			return err
		}
	}
	return nil
}

func (gloasState) ApplyEpoch(s *gloas.BeaconState, c *harness.EpochChanges) error {
	s.Balances().Update(func(_ int, v gloas.Gwei) gloas.Gwei { return v + gloas.Gwei(c.BalanceDelta) })
	// The rotation moves the current list's tree into the previous field
	// (the two fields' types are equal, not the same value, so the tree is
	// viewed as the previous field's type), and builds the zero list from
	// its bytes.
	current := s.CurrentEpochParticipation()
	n := current.Len()
	previous, err := view.Of(s.PreviousEpochParticipation().Type(), current.Node())
	if err == nil {
		err = s.View().Set(fieldPreviousParticipation, previous)
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
	if err := s.Validators().UpdateAt(c.Effective, func(_ int, v gloas.Validator) gloas.Validator {
		v.EffectiveBalance = gloas.Gwei(c.EffectiveBalance)
		return v
	}); err != nil {
		return err
	}
	s.Slashings().Set(c.SlashingsIndex, gloas.Gwei(c.Slashing))
	s.RandaoMixes().Set(c.RandaoIndex, c.RandaoMix)
	s.SetJustificationBits([1]byte{c.JustificationBits})
	s.SetPreviousJustifiedCheckpoint(gloas.Checkpoint{Epoch: gloas.Epoch(c.PreviousJustified.Epoch), Root: c.PreviousJustified.Root})
	s.SetCurrentJustifiedCheckpoint(gloas.Checkpoint{Epoch: gloas.Epoch(c.CurrentJustified.Epoch), Root: c.CurrentJustified.Root})
	s.SetFinalizedCheckpoint(gloas.Checkpoint{Epoch: gloas.Epoch(c.Finalized.Epoch), Root: c.Finalized.Root})
	lookahead := s.ProposerLookahead()
	next := make([]gloas.ValidatorIndex, 0, lookahead.Len())
	for i, v := range lookahead.All() {
		if i >= harness.LookaheadShift {
			next = append(next, v)
		}
	}
	for _, v := range c.Lookahead {
		next = append(next, gloas.ValidatorIndex(v))
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
	return s.HistoricalSummaries().Append(gloas.HistoricalSummary{
		BlockSummaryRoot: c.HistoricalSummary[0],
		StateSummaryRoot: c.HistoricalSummary[1],
	})
}
