// Package ssztree is the benchmark peer of ssztree itself, through its public
// capella and view packages.
package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
)

// state drives a *capella.BeaconState.
type state struct{}

func (state) Decode(b []byte) (*capella.BeaconState, error) {
	return capella.DecodeBeaconState(capella.Mainnet, b)
}

func (state) Encode(s *capella.BeaconState, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (state) Root(s *capella.BeaconState) ([32]byte, error) { return s.HashTreeRoot(), nil }

func (state) AddBalances(s *capella.BeaconState, indices []int, delta uint64) error {
	balances := s.Balances()
	for _, i := range indices {
		balances.Set(i, balances.Get(i)+capella.Gwei(delta))
	}
	return nil
}

func (state) AddAllBalances(s *capella.BeaconState, delta uint64) error {
	s.Balances().Update(func(_ int, v capella.Gwei) capella.Gwei { return v + capella.Gwei(delta) })
	return nil
}

func (state) SetEffectiveBalance(s *capella.BeaconState, i int, gwei uint64) error {
	validators := s.Validators()
	v := validators.Get(i)
	v.EffectiveBalance = capella.Gwei(gwei)
	validators.Set(i, v)
	return nil
}

func (state) AppendValidator(s *capella.BeaconState, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	if err := s.Validators().Append(capella.Validator{
		Pubkey:                     v.Pubkey,
		WithdrawalCredentials:      v.WithdrawalCredentials,
		EffectiveBalance:           capella.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: capella.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            capella.Epoch(v.ActivationEpoch),
		ExitEpoch:                  capella.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          capella.Epoch(v.WithdrawableEpoch),
	}); err != nil {
		return err
	}
	if err := s.Balances().Append(capella.Gwei(balance)); err != nil {
		return err
	}
	if err := s.PreviousEpochParticipation().Append(capella.ParticipationFlags(flags)); err != nil {
		return err
	}
	if err := s.CurrentEpochParticipation().Append(capella.ParticipationFlags(flags)); err != nil {
		return err
	}
	return s.InactivityScores().Append(score)
}

func (state) Copy(s *capella.BeaconState) (*capella.BeaconState, error) { return s.Copy(), nil }
