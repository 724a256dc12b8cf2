// Package ssztree is the benchmark peer of ssztree itself, through its public
// fork packages (deneb, electra, fulu) and the view package: one peer per
// fork, all named ssztree.
package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/view"
)

// beaconState is what the script uses of a fork's *BeaconState: the same
// methods in every fork from Capella on, whose element types the later
// forks take unchanged (fulu.Validator is phase0.Validator...).
type beaconState[S any] interface {
	MarshalSSZTo(dst []byte) ([]byte, error)
	HashTreeRoot() [32]byte
	Copy() S
	View() *view.Container
	Validators() *view.ValueList[fulu.Validator, *fulu.Validator]
	Balances() *view.BasicList[fulu.Gwei]
	PreviousEpochParticipation() *view.BasicList[fulu.ParticipationFlags]
	CurrentEpochParticipation() *view.BasicList[fulu.ParticipationFlags]
	InactivityScores() *view.BasicList[uint64]
}

// state drives a fork's *BeaconState, S, decoded by decode.
type state[S beaconState[S]] struct {
	decode func(b []byte) (S, error)
}

func (p state[S]) Decode(b []byte) (S, error) { return p.decode(b) }

func (state[S]) Encode(s S, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (state[S]) Root(s S) ([32]byte, error) { return s.HashTreeRoot(), nil }

func (state[S]) AddBalances(s S, indices []int, delta uint64) error {
	balances := s.Balances()
	for _, i := range indices {
		balances.Set(i, balances.Get(i)+fulu.Gwei(delta))
	}
	return nil
}

func (state[S]) AddAllBalances(s S, delta uint64) error {
	s.Balances().Update(func(_ int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(delta) })
	return nil
}

func (state[S]) SetEffectiveBalance(s S, i int, gwei uint64) error {
	validators := s.Validators()
	v := validators.Get(i)
	v.EffectiveBalance = fulu.Gwei(gwei)
	validators.Set(i, v)
	return nil
}

func (state[S]) AppendValidator(s S, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	if err := s.Validators().Append(fulu.Validator{
		Pubkey:                     v.Pubkey,
		WithdrawalCredentials:      v.WithdrawalCredentials,
		EffectiveBalance:           fulu.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: fulu.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            fulu.Epoch(v.ActivationEpoch),
		ExitEpoch:                  fulu.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          fulu.Epoch(v.WithdrawableEpoch),
	}); err != nil {
		return err
	}
	if err := s.Balances().Append(fulu.Gwei(balance)); err != nil {
		return err
	}
	if err := s.PreviousEpochParticipation().Append(fulu.ParticipationFlags(flags)); err != nil {
		return err
	}
	if err := s.CurrentEpochParticipation().Append(fulu.ParticipationFlags(flags)); err != nil {
		return err
	}
	return s.InactivityScores().Append(score)
}

func (state[S]) Copy(s S) (S, error) { return s.Copy(), nil }
