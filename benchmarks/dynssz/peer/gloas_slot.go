package peer

import (
	"fmt"

	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// gloasState is the Gloas state peer, which also applies the slot's and
// the epoch's changes (harness.SlotPeer): Fulu's writes, which Gloas keeps
// in the same fields of spec/gloas's BeaconState, in the code of fuluState
// over that struct.
type gloasState struct {
	state[gloas.BeaconState]
}

func (gloasState) ApplySlot(s *gloas.BeaconState, c *harness.SlotChanges) error {
	for _, i := range c.Participation {
		s.CurrentEpochParticipation[i] = altair.ParticipationFlags(c.Flags)
	}
	for _, i := range c.Rewarded {
		s.Balances[i] += phase0.Gwei(c.Reward)
	}
	for _, i := range c.Withdrawn {
		s.Balances[i] -= min(s.Balances[i], phase0.Gwei(c.WithdrawalAmount))
	}
	s.NextWithdrawalIndex += capella.WithdrawalIndex(len(c.Withdrawn))
	s.NextWithdrawalValidatorIndex = phase0.ValidatorIndex(c.NextWithdrawalValidator)
	s.LatestBlockHeader = &phase0.BeaconBlockHeader{
		Slot:          phase0.Slot(c.Header.Slot),
		ProposerIndex: phase0.ValidatorIndex(c.Header.ProposerIndex),
		ParentRoot:    c.Header.ParentRoot,
		StateRoot:     c.Header.StateRoot,
		BodyRoot:      c.Header.BodyRoot,
	}
	s.BlockRoots[c.RootIndex] = c.BlockRoot
	s.StateRoots[c.RootIndex] = c.StateRoot
	for _, d := range c.Deposits {
		s.PendingDeposits = append(s.PendingDeposits, &electra.PendingDeposit{
			Pubkey:                d.Pubkey,
			WithdrawalCredentials: append([]byte(nil), d.WithdrawalCredentials[:]...),
			Amount:                phase0.Gwei(d.Amount),
			Signature:             d.Signature,
			Slot:                  phase0.Slot(d.Slot),
		})
	}
	return nil
}

func (gloasState) ApplyEpoch(s *gloas.BeaconState, c *harness.EpochChanges) error {
	for i := range s.Balances {
		s.Balances[i] += phase0.Gwei(c.BalanceDelta)
	}
	s.PreviousEpochParticipation = s.CurrentEpochParticipation
	s.CurrentEpochParticipation = make([]altair.ParticipationFlags, len(s.PreviousEpochParticipation))
	for _, i := range c.Inactive {
		s.InactivityScores[i] = c.InactivityScore
	}
	for _, i := range c.Effective {
		s.Validators[i].EffectiveBalance = phase0.Gwei(c.EffectiveBalance)
	}
	s.Slashings[c.SlashingsIndex] = phase0.Gwei(c.Slashing)
	s.RANDAOMixes[c.RandaoIndex] = c.RandaoMix
	if len(s.JustificationBits) != 1 {
		return fmt.Errorf("justification_bits of %d bytes", len(s.JustificationBits))
	}
	s.JustificationBits[0] = c.JustificationBits
	s.PreviousJustifiedCheckpoint = &phase0.Checkpoint{Epoch: phase0.Epoch(c.PreviousJustified.Epoch), Root: c.PreviousJustified.Root}
	s.CurrentJustifiedCheckpoint = &phase0.Checkpoint{Epoch: phase0.Epoch(c.CurrentJustified.Epoch), Root: c.CurrentJustified.Root}
	s.FinalizedCheckpoint = &phase0.Checkpoint{Epoch: phase0.Epoch(c.Finalized.Epoch), Root: c.Finalized.Root}
	if len(s.ProposerLookahead) < harness.LookaheadShift {
		return fmt.Errorf("proposer_lookahead of %d entries", len(s.ProposerLookahead))
	}
	s.ProposerLookahead = append(s.ProposerLookahead[:0], s.ProposerLookahead[harness.LookaheadShift:]...)
	for _, v := range c.Lookahead {
		s.ProposerLookahead = append(s.ProposerLookahead, phase0.ValidatorIndex(v))
	}
	s.PendingDeposits = s.PendingDeposits[min(c.PendingDeposits, len(s.PendingDeposits)):]
	s.PendingPartialWithdrawals = s.PendingPartialWithdrawals[min(c.PendingPartialWithdrawals, len(s.PendingPartialWithdrawals)):]
	s.HistoricalSummaries = append(s.HistoricalSummaries, &capella.HistoricalSummary{
		BlockSummaryRoot: c.HistoricalSummary[0],
		StateSummaryRoot: c.HistoricalSummary[1],
	})
	return nil
}
