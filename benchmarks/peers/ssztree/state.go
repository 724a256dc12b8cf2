// Package ssztree is the benchmark peer of ssztree itself, through its public
// fork packages (deneb, electra, fulu, gloas) and the view package: one peer per
// fork, all named ssztree.
package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/view"
)

// elemList is what the script uses of a state's validators: a
// view.ValueList through Fulu, a view.ProgressiveValueList from Gloas on.
type elemList[V any] interface {
	Get(i int) V
	Set(i int, v V)
	Append(v V) error
	UpdateAt(indices []int, f func(i int, v V) V) error
}

// basicList is what the script uses of a state's lists of integers: a
// view.BasicList through Fulu, a view.ProgressiveBasicList from Gloas on.
type basicList[T any] interface {
	elemList[T]
	Update(f func(i int, v T) T)
	UpdateAt(indices []int, f func(i int, v T) T) error
}

// beaconState is what the script uses of a fork's *BeaconState, S, whose
// lists are of the types V (validators), B (balances), P (participation)
// and I (inactivity scores): the same methods in every fork from Capella
// on, whose element types the later forks take unchanged
// (fulu.Validator is phase0.Validator...), the lists of Gloas progressive.
type beaconState[S any, V elemList[fulu.Validator], B basicList[fulu.Gwei], P basicList[fulu.ParticipationFlags], I basicList[uint64]] interface {
	MarshalSSZTo(dst []byte) ([]byte, error)
	HashTreeRoot() [32]byte
	Copy() S
	Validators() V
	Balances() B
	PreviousEpochParticipation() P
	CurrentEpochParticipation() P
	InactivityScores() I
}

// state drives a fork's *BeaconState, S, decoded by decode.
type state[S beaconState[S, V, B, P, I], V elemList[fulu.Validator], B basicList[fulu.Gwei], P basicList[fulu.ParticipationFlags], I basicList[uint64]] struct {
	decode func(b []byte) (S, error)
}

// boundedState is the state peer of a fork whose lists have limits
// (Capella through Fulu).
type boundedState[S beaconState[S, *view.ValueList[fulu.Validator, *fulu.Validator], *view.BasicList[fulu.Gwei], *view.BasicList[fulu.ParticipationFlags], *view.BasicList[uint64]]] = state[S, *view.ValueList[fulu.Validator, *fulu.Validator], *view.BasicList[fulu.Gwei], *view.BasicList[fulu.ParticipationFlags], *view.BasicList[uint64]]

// progressiveState is the state peer of a fork whose lists are
// progressive (Gloas).
type progressiveState[S beaconState[S, *view.ProgressiveValueList[fulu.Validator, *fulu.Validator], *view.ProgressiveBasicList[fulu.Gwei], *view.ProgressiveBasicList[fulu.ParticipationFlags], *view.ProgressiveBasicList[uint64]]] = state[S, *view.ProgressiveValueList[fulu.Validator, *fulu.Validator], *view.ProgressiveBasicList[fulu.Gwei], *view.ProgressiveBasicList[fulu.ParticipationFlags], *view.ProgressiveBasicList[uint64]]

func (p state[S, V, B, P, I]) Decode(b []byte) (S, error) { return p.decode(b) }

func (state[S, V, B, P, I]) Encode(s S, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (state[S, V, B, P, I]) Root(s S) ([32]byte, error) { return s.HashTreeRoot(), nil }

func (state[S, V, B, P, I]) AddBalances(s S, indices []int, delta uint64) error {
	balances := s.Balances()
	if len(indices) == 1 {
		i := indices[0]
		balances.Set(i, balances.Get(i)+fulu.Gwei(delta))
		return nil
	}
	// Many balances in one pass over the touched pages, as a node adds an
	// epoch's or a block's rewards.
	return balances.UpdateAt(indices, func(_ int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(delta) })
}

func (state[S, V, B, P, I]) AddAllBalances(s S, delta uint64) error {
	s.Balances().Update(func(_ int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(delta) })
	return nil
}

func (state[S, V, B, P, I]) SetEffectiveBalance(s S, i int, gwei uint64) error {
	validators := s.Validators()
	v := validators.Get(i)
	v.EffectiveBalance = fulu.Gwei(gwei)
	validators.Set(i, v)
	return nil
}

func (state[S, V, B, P, I]) AppendValidator(s S, v harness.Validator, balance uint64, flags uint8, score uint64) error {
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

func (state[S, V, B, P, I]) Copy(s S) (S, error) { return s.Copy(), nil }
