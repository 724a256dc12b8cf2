package synth

import (
	"fmt"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/view"
)

// Counts of the changes of one epoch that [FuluEpoch] makes: those of the
// epoch rows of docs/performance.md#slot-and-epoch (a mainnet epoch's
// rewards touch every balance; a few hundred to a few thousand effective
// balances move; the deposit and withdrawal queues move by a few entries).
const (
	EpochEffectiveBalances = 1000
	EpochPendingDeposits   = 4
	EpochWithdrawals       = 4
)

// FuluEpoch makes in st the changes of one epoch's processing, with values
// of seed: the slot advanced by an epoch, every balance changed (rewards
// and penalties), participation rotated (the current epoch's flags become
// the previous epoch's, sharing their tree; the new current flags are
// random), EpochEffectiveBalances validators' effective balances changed,
// EpochPendingDeposits pending deposits processed and as many appended,
// EpochWithdrawals partial withdrawals likewise, the epoch's RANDAO mix
// and 32 block and state roots. It is the workload of a state cache's
// snapshots one epoch apart: the values are made up, not the result of
// processing anything.
func FuluEpoch(st *fulu.BeaconState, seed uint64) error {
	s := newSource(seed)
	v := st.Spec().Preset.Values
	perEpoch := v["SLOTS_PER_EPOCH"]
	slot := st.Slot() + fulu.Slot(perEpoch)
	st.SetSlot(slot)

	bal := st.Balances()
	bal.Update(func(i int, b fulu.Gwei) fulu.Gwei {
		if b > 100_000 && i%50 == 0 {
			return b - 10_000 // a penalty
		}
		return b + 12_000 + fulu.Gwei(i%7)
	})

	c := st.View()
	prev, cur := c.Schema().FieldIndex("previous_epoch_participation"), c.Schema().FieldIndex("current_epoch_participation")
	// The two lists are of equal but distinct types: the current one's
	// tree under a view of the previous one's type.
	moved, err := view.Of(c.Schema().Field(prev).Type, c.Field(cur).Node())
	if err == nil {
		err = c.Set(prev, moved)
	}
	if err != nil {
		return fmt.Errorf("synth: participation: %w", err)
	}
	flags := make([]byte, st.Validators().Len())
	for i := range flags {
		flags[i] = byte(s.IntN(8))
	}
	if err := st.CurrentEpochParticipation().SetBytes(flags); err != nil {
		return fmt.Errorf("synth: participation: %w", err)
	}

	vals := st.Validators()
	if n := vals.Len(); n > 0 {
		for range EpochEffectiveBalances {
			i := s.IntN(n)
			v := vals.Get(i)
			v.EffectiveBalance = capella.Gwei(16+s.IntN(2033)) * gwei
			vals.Set(i, v)
		}
	}

	deposits := st.PendingDeposits()
	for range min(EpochPendingDeposits, deposits.Len()) {
		if _, err := deposits.Pop(); err != nil {
			return fmt.Errorf("synth: pending deposits: %w", err)
		}
	}
	for range EpochPendingDeposits {
		if err := deposits.Append(electra.PendingDeposit{
			Pubkey: s.pubkey(), WithdrawalCredentials: s.credentials(0x02),
			Amount: 32 * gwei, Signature: s.signature(), Slot: slot,
		}); err != nil {
			return fmt.Errorf("synth: pending deposits: %w", err)
		}
	}
	withdrawals := st.PendingPartialWithdrawals()
	for range min(EpochWithdrawals, withdrawals.Len()) {
		if _, err := withdrawals.Pop(); err != nil {
			return fmt.Errorf("synth: pending withdrawals: %w", err)
		}
	}
	for range EpochWithdrawals {
		if err := withdrawals.Append(electra.PendingPartialWithdrawal{
			ValidatorIndex: capella.ValidatorIndex(s.IntN(max(1, vals.Len()))),
			Amount:         capella.Gwei(s.IntN(32)) * gwei, WithdrawableEpoch: capella.Epoch(uint64(slot)/perEpoch + 256),
		}); err != nil {
			return fmt.Errorf("synth: pending withdrawals: %w", err)
		}
	}

	epoch := uint64(slot) / perEpoch
	st.RandaoMixes().Set(int(epoch%v["EPOCHS_PER_HISTORICAL_VECTOR"]), s.bytes32())
	for k := range perEpoch {
		i := int((uint64(slot) - perEpoch + k) % v["SLOTS_PER_HISTORICAL_ROOT"])
		st.BlockRoots().Set(i, s.root())
		st.StateRoots().Set(i, s.root())
	}
	return nil
}
