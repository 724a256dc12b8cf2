// Package karalabe is the benchmark peer of karalabe/ssz v0.3.0, on the
// Deneb types of its consensus-spec tests (the latest fork they have) (package
// github.com/karalabe/ssz/tests/testtypes/consensus-spec-tests, which it
// exports) and the few of types.go, hashed sequentially
// (ssz.HashSequential) or concurrently (ssz.HashConcurrent).
package karalabe

import (
	"github.com/karalabe/ssz"
	spec "github.com/karalabe/ssz/tests/testtypes/consensus-spec-tests"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// hashFn is ssz.HashSequential or ssz.HashConcurrent.
type hashFn func(obj ssz.Object) [32]byte

// encode appends the serialization of obj to dst, growing it if needed.
func encode(obj ssz.Object, dst []byte) ([]byte, error) {
	n, size := len(dst), int(ssz.Size(obj))
	if cap(dst)-n < size {
		dst = append(dst[:cap(dst)], make([]byte, n+size-cap(dst))...)
	}
	dst = dst[:n+size]
	return dst, ssz.EncodeToBytes(dst[n:], obj)
}

// state drives a *spec.BeaconStateDeneb: plain Go slices.
type state struct{ hash hashFn }

func (state) Decode(b []byte) (*spec.BeaconStateDeneb, error) {
	s := new(spec.BeaconStateDeneb)
	return s, ssz.DecodeFromBytes(b, s)
}

func (state) Encode(s *spec.BeaconStateDeneb, dst []byte) ([]byte, error) {
	return encode(s, dst)
}

func (p state) Root(s *spec.BeaconStateDeneb) ([32]byte, error) { return p.hash(s), nil }

func (state) AddBalances(s *spec.BeaconStateDeneb, indices []int, delta uint64) error {
	for _, i := range indices {
		s.Balances[i] += delta
	}
	return nil
}

func (state) AddAllBalances(s *spec.BeaconStateDeneb, delta uint64) error {
	for i := range s.Balances {
		s.Balances[i] += delta
	}
	return nil
}

func (state) SetEffectiveBalance(s *spec.BeaconStateDeneb, i int, gwei uint64) error {
	s.Validators[i].EffectiveBalance = gwei
	return nil
}

func (state) AppendValidator(s *spec.BeaconStateDeneb, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	s.Validators = append(s.Validators, &spec.Validator{
		Pubkey:                     v.Pubkey,
		WithdrawalCredentials:      v.WithdrawalCredentials,
		EffectiveBalance:           v.EffectiveBalance,
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: v.ActivationEligibilityEpoch,
		ActivationEpoch:            v.ActivationEpoch,
		ExitEpoch:                  v.ExitEpoch,
		WithdrawableEpoch:          v.WithdrawableEpoch,
	})
	s.Balances = append(s.Balances, balance)
	s.PreviousEpochParticipation = append(s.PreviousEpochParticipation, flags)
	s.CurrentEpochParticipation = append(s.CurrentEpochParticipation, flags)
	s.InactivityScores = append(s.InactivityScores, score)
	return nil
}

// Copy re-decodes the state's encoding: karalabe/ssz has no copy.
func (p state) Copy(s *spec.BeaconStateDeneb) (*spec.BeaconStateDeneb, error) {
	b, err := encode(s, nil)
	if err != nil {
		return nil, err
	}
	return p.Decode(b)
}
