// Package peer is the benchmark peer of pk910/dynamic-ssz v1.4.0, through
// the Fulu, Electra and Gloas types of attestantio/go-eth2-client v0.30.1
// (spec/fulu's state, spec/electra's state and blocks, which Fulu did not
// change, spec/gloas's state and block), whose SSZ code dynamic-ssz
// generated: one peer per fork. Every
// operation goes through one DynSsz instance, the entry points
// dynamic-ssz's documentation prescribes, created with
// WithAsyncHashing(GOMAXPROCS): its parallel hashing.
package peer

import (
	"runtime"

	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// newDynSsz returns the DynSsz instance of the peer: mainnet sizes (the
// static ones go-eth2-client's code was generated with) and parallel
// hashing on every core.
func newDynSsz() *dynssz.DynSsz {
	return dynssz.NewDynSsz(nil, dynssz.WithAsyncHashing(runtime.GOMAXPROCS(0)))
}

// lists are the lists of a go-eth2-client BeaconState that the script
// changes: plain Go slices, under the same names and types in every fork
// from Altair on.
type lists struct {
	validators        *[]*phase0.Validator
	balances          *[]phase0.Gwei
	previous, current *[]altair.ParticipationFlags
	inactivityScores  *[]uint64
}

// state drives a fork's go-eth2-client *BeaconState, a *S; lists returns
// its lists.
type state[S any] struct {
	ds    *dynssz.DynSsz
	lists func(*S) lists
}

func (p state[S]) Decode(b []byte) (*S, error) {
	s := new(S)
	return s, p.ds.UnmarshalSSZ(s, b)
}

func (p state[S]) Encode(s *S, dst []byte) ([]byte, error) { return p.ds.MarshalSSZTo(s, dst) }

func (p state[S]) Root(s *S) ([32]byte, error) { return p.ds.HashTreeRoot(s) }

func (p state[S]) AddBalances(s *S, indices []int, delta uint64) error {
	balances := *p.lists(s).balances
	for _, i := range indices {
		balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (p state[S]) AddAllBalances(s *S, delta uint64) error {
	balances := *p.lists(s).balances
	for i := range balances {
		balances[i] += phase0.Gwei(delta)
	}
	return nil
}

func (p state[S]) SetEffectiveBalance(s *S, i int, gwei uint64) error {
	(*p.lists(s).validators)[i].EffectiveBalance = phase0.Gwei(gwei)
	return nil
}

func (p state[S]) AppendValidator(s *S, v harness.Validator, balance uint64, flags uint8, score uint64) error {
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
func (p state[S]) Copy(s *S) (*S, error) {
	b, err := p.ds.MarshalSSZ(s)
	if err != nil {
		return nil, err
	}
	return p.Decode(b)
}
