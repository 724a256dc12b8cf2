// Package zrnt is the benchmark peer of protolambda/ztyp, the tree-backed
// design, through the Electra types of protolambda/zrnt v0.34.1 (its latest
// fork): the state is a ztyp view over a binary tree with cached roots;
// blocks and the other micro cases are zrnt's flat Go types (or ztyp views
// where zrnt has no standalone type). Roots use ztyp's default hash
// function (tree.GetHashFn: crypto/sha256 per pair).
package zrnt

import (
	"bytes"
	"fmt"

	"github.com/protolambda/zrnt/eth2/beacon/altair"
	"github.com/protolambda/zrnt/eth2/beacon/common"
	"github.com/protolambda/zrnt/eth2/beacon/electra"
	"github.com/protolambda/zrnt/eth2/beacon/phase0"
	"github.com/protolambda/zrnt/eth2/configs"
	"github.com/protolambda/ztyp/codec"
	"github.com/protolambda/ztyp/tree"
	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// spec is the mainnet preset.
var spec = configs.Mainnet

// reader returns a decoding reader over b.
func reader(b []byte) *codec.DecodingReader {
	return codec.NewDecodingReader(bytes.NewReader(b), uint64(len(b)))
}

// serialize appends what write writes to dst, growing it to hold size more
// bytes first.
func serialize(dst []byte, size uint64, write func(w *codec.EncodingWriter) error) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	buf.Grow(int(size))
	err := write(codec.NewEncodingWriter(buf))
	return buf.Bytes(), err
}

// state drives a *electra.BeaconStateView.
type state struct{}

func (state) Decode(b []byte) (*electra.BeaconStateView, error) {
	return electra.AsBeaconStateView(electra.BeaconStateType(spec).Deserialize(reader(b)))
}

func (state) Encode(s *electra.BeaconStateView, dst []byte) ([]byte, error) {
	size, err := s.ValueByteLength()
	if err != nil {
		return nil, err
	}
	return serialize(dst, size, s.Serialize)
}

func (state) Root(s *electra.BeaconStateView) ([32]byte, error) {
	return s.HashTreeRoot(tree.GetHashFn()), nil
}

func (state) AddBalances(s *electra.BeaconStateView, indices []int, delta uint64) error {
	balances, err := s.Balances()
	if err != nil {
		return err
	}
	for _, i := range indices {
		b, err := balances.GetBalance(common.ValidatorIndex(i))
		if err != nil {
			return err
		}
		if err := balances.SetBalance(common.ValidatorIndex(i), b+common.Gwei(delta)); err != nil {
			return err
		}
	}
	return nil
}

// AddAllBalances reads every balance, changes them and replaces the list in
// one go (SetBalances), zrnt's bulk path for an epoch's rewards.
func (state) AddAllBalances(s *electra.BeaconStateView, delta uint64) error {
	balances, err := s.Balances()
	if err != nil {
		return err
	}
	all, err := balances.AllBalances()
	if err != nil {
		return err
	}
	for i := range all {
		all[i] += common.Gwei(delta)
	}
	return s.SetBalances(all)
}

func (state) SetEffectiveBalance(s *electra.BeaconStateView, i int, gwei uint64) error {
	validators, err := s.Validators()
	if err != nil {
		return err
	}
	v, err := validators.Validator(common.ValidatorIndex(i))
	if err != nil {
		return err
	}
	return v.SetEffectiveBalance(common.Gwei(gwei))
}

func (state) AppendValidator(s *electra.BeaconStateView, v harness.Validator, balance uint64, flags uint8, score uint64) error {
	registry, err := s.Validators()
	if err != nil {
		return err
	}
	validators, ok := registry.(*phase0.ValidatorsRegistryView)
	if !ok {
		return fmt.Errorf("validators: unexpected %T", registry)
	}
	raw := phase0.Validator{
		Pubkey:                     v.Pubkey,
		WithdrawalCredentials:      v.WithdrawalCredentials,
		EffectiveBalance:           common.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: common.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            common.Epoch(v.ActivationEpoch),
		ExitEpoch:                  common.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          common.Epoch(v.WithdrawableEpoch),
	}
	if err := validators.Append(raw.View()); err != nil {
		return err
	}
	balances, err := s.Balances()
	if err != nil {
		return err
	}
	if err := balances.AppendBalance(common.Gwei(balance)); err != nil {
		return err
	}
	for _, get := range []func() (*altair.ParticipationRegistryView, error){s.PreviousEpochParticipation, s.CurrentEpochParticipation} {
		p, err := get()
		if err != nil {
			return err
		}
		if err := p.Append(view.Uint8View(flags)); err != nil {
			return err
		}
	}
	scores, err := s.InactivityScores()
	if err != nil {
		return err
	}
	return scores.Append(view.Uint64View(score))
}

func (state) Copy(s *electra.BeaconStateView) (*electra.BeaconStateView, error) {
	c, err := s.CopyState()
	if err != nil {
		return nil, err
	}
	return c.(*electra.BeaconStateView), nil
}
