package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// state drives a go-eth2-client *fulu.BeaconState: plain Go slices.
type state struct{ h *hasher }

func (state) Decode(b []byte) (*fulu.BeaconState, error) {
	s := new(fulu.BeaconState)
	return s, s.UnmarshalSSZ(b)
}

func (state) Encode(s *fulu.BeaconState, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (p state) Root(s *fulu.BeaconState) ([32]byte, error) { return p.h.root(s) }

func (state) AddBalances(s *fulu.BeaconState, indices []int, delta uint64) error {
	for _, i := range indices {
		s.Balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (state) AddAllBalances(s *fulu.BeaconState, delta uint64) error {
	for i := range s.Balances {
		s.Balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (state) SetEffectiveBalance(s *fulu.BeaconState, i int, gwei uint64) error {
	s.Validators[i].EffectiveBalance = phase0.Gwei(gwei)
	return nil
}

func (state) AppendValidator(s *fulu.BeaconState, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	s.Validators = append(s.Validators, &phase0.Validator{
		PublicKey:                  v.Pubkey,
		WithdrawalCredentials:      append([]byte(nil), v.WithdrawalCredentials[:]...),
		EffectiveBalance:           phase0.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: phase0.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            phase0.Epoch(v.ActivationEpoch),
		ExitEpoch:                  phase0.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          phase0.Epoch(v.WithdrawableEpoch),
	})
	s.Balances = append(s.Balances, phase0.Gwei(balance))
	s.PreviousEpochParticipation = append(s.PreviousEpochParticipation, altair.ParticipationFlags(flags))
	s.CurrentEpochParticipation = append(s.CurrentEpochParticipation, altair.ParticipationFlags(flags))
	s.InactivityScores = append(s.InactivityScores, score)
	return nil
}

// Copy re-decodes the state's encoding: go-eth2-client has no copy.
func (p state) Copy(s *fulu.BeaconState) (*fulu.BeaconState, error) {
	b, err := s.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return p.Decode(b)
}
