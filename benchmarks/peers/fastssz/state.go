package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// lists are the lists of a go-eth2-client BeaconState that the script
// changes: plain Go slices, under the same names and types in every fork
// from Altair on.
type lists struct {
	validators        *[]*phase0.Validator
	balances          *[]phase0.Gwei
	previous, current *[]altair.ParticipationFlags
	inactivityScores  *[]uint64
}

// beaconState is a fork's go-eth2-client *BeaconState, a *S, with the SSZ
// methods fastssz generated.
type beaconState[S any] interface {
	*S
	ssz.Unmarshaler
	MarshalSSZTo(dst []byte) ([]byte, error)
	MarshalSSZ() ([]byte, error)
	hashable
}

// state drives a fork's go-eth2-client *BeaconState, PS; lists returns its
// lists.
type state[S any, PS beaconState[S]] struct {
	h     *hasher
	lists func(PS) lists
}

func (state[S, PS]) Decode(b []byte) (PS, error) {
	s := PS(new(S))
	return s, s.UnmarshalSSZ(b)
}

func (state[S, PS]) Encode(s PS, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (p state[S, PS]) Root(s PS) ([32]byte, error) { return p.h.root(s) }

func (p state[S, PS]) AddBalances(s PS, indices []int, delta uint64) error {
	balances := *p.lists(s).balances
	for _, i := range indices {
		balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (p state[S, PS]) AddAllBalances(s PS, delta uint64) error {
	balances := *p.lists(s).balances
	for i := range balances {
		balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (p state[S, PS]) SetEffectiveBalance(s PS, i int, gwei uint64) error {
	(*p.lists(s).validators)[i].EffectiveBalance = phase0.Gwei(gwei)
	return nil
}

func (p state[S, PS]) AppendValidator(s PS, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	l := p.lists(s)
	*l.validators = append(*l.validators, &phase0.Validator{
		PublicKey:                  v.Pubkey,
		WithdrawalCredentials:      append([]byte(nil), v.WithdrawalCredentials[:]...),
		EffectiveBalance:           phase0.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: phase0.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            phase0.Epoch(v.ActivationEpoch),
		ExitEpoch:                  phase0.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          phase0.Epoch(v.WithdrawableEpoch),
	})
	*l.balances = append(*l.balances, phase0.Gwei(balance))
	*l.previous = append(*l.previous, altair.ParticipationFlags(flags))
	*l.current = append(*l.current, altair.ParticipationFlags(flags))
	*l.inactivityScores = append(*l.inactivityScores, score)
	return nil
}

// Copy re-decodes the state's encoding: go-eth2-client has no copy.
func (p state[S, PS]) Copy(s PS) (PS, error) {
	b, err := s.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return p.Decode(b)
}
