package synth

import (
	"fmt"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/view"
)

// earlyMix is the credentials of the validators of the states before
// Capella, when most had not changed their BLS credentials yet.
var earlyMix = mix{bls: 70}

// earlyShape returns the shape of a state before Capella of fork at about
// the given mainnet epoch, its latest payload of gasLimit (from Bellatrix
// on).
func earlyShape(p *def.Preset, fork forks.Name, epoch, gasLimit uint64) stateShape {
	return stateShape{
		slot: epoch * 32,
		fork: func(capella.Epoch) capella.Fork { return forkOf(p, fork) },
		validator: func(s source, epoch capella.Epoch) (capella.Validator, capella.Gwei) {
			return s.stakingValidator(epoch, earlyMix)
		},
		historicalRoots: historicalRootsAt(epoch),
		gasLimit:        gasLimit,
	}
}

// Phase0State returns a phase0 beacon state of the given preset with n
// validators, at slot 1,600,005 (epoch 50,000 in mainnet), with the
// contents the package doc lists, among them the pending attestations of
// the previous and the current epoch. It returns an error if spec is nil
// or n is negative.
func Phase0State(spec *phase0.Spec, n int, seed uint64) (*phase0.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := phase0.NewBeaconState(spec)
	s := newSource(seed)
	pop, err := fillState(st, nil, spec.Preset, n, s, earlyShape(spec.Preset, forks.NamePhase0, 50_000, 0))
	if err != nil {
		return nil, err
	}
	if err := fillPendingAttestations(st, spec, pop, n, s); err != nil {
		return nil, err
	}
	return st, nil
}

// fillPendingAttestations sets the pending attestations of a phase0 state
// of n validators: one of every committee of every slot of the previous
// epoch, and of the slots of the current epoch before the state's, with
// 95% of their bits set, included one slot later, some a few.
func fillPendingAttestations(st *phase0.BeaconState, spec *phase0.Spec, pop population, n int, s source) error {
	count, size := committeesOf(spec.Preset, n)
	if size == 0 {
		return nil
	}
	slotsPerEpoch := spec.Preset.Values["SLOTS_PER_EPOCH"]
	start := capella.Slot(uint64(pop.epoch) * slotsPerEpoch)
	epochs := []struct {
		list     *view.ListOf[*phase0.PendingAttestation]
		from, to capella.Slot
		target   capella.Checkpoint
	}{
		{st.PreviousEpochAttestations(), start - capella.Slot(slotsPerEpoch), start, capella.Checkpoint{Epoch: pop.epoch - 1, Root: s.root()}},
		{st.CurrentEpochAttestations(), start, pop.slot, capella.Checkpoint{Epoch: pop.epoch, Root: s.root()}},
	}
	source := capella.Checkpoint{Epoch: pop.epoch - 2, Root: s.root()}
	for _, e := range epochs {
		for slot := e.from; slot < e.to; slot++ {
			root := s.root()
			for index := range count {
				a := phase0.NewPendingAttestation(spec)
				if err := a.AggregationBits().UnmarshalSSZ(bitlist(s, size, bestAggregate)); err != nil {
					return fmt.Errorf("synth: aggregation bits: %w", err)
				}
				a.SetData(capella.AttestationData{Slot: slot, Index: capella.CommitteeIndex(index), BeaconBlockRoot: root, Source: source, Target: e.target})
				delay := capella.Slot(1)
				if s.percent(10) {
					delay += capella.Slot(s.IntN(4))
				}
				a.SetInclusionDelay(delay)
				a.SetProposerIndex(capella.ValidatorIndex(s.IntN(n)))
				if err := e.list.Append(a); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// AltairState returns an Altair beacon state of the given preset with n
// validators, at slot 3,200,005 (epoch 100,000 in mainnet), with the
// contents the package doc lists. It returns an error if spec is nil or n
// is negative.
func AltairState(spec *altair.Spec, n int, seed uint64) (*altair.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := altair.NewBeaconState(spec)
	if _, err := fillState(st, nil, spec.Preset, n, newSource(seed), earlyShape(spec.Preset, forks.NameAltair, 100_000, 0)); err != nil {
		return nil, err
	}
	return st, nil
}

// BellatrixState returns a Bellatrix beacon state of the given preset with
// n validators, at slot 5,440,005 (epoch 170,000 in mainnet, after the
// merge), with the contents the package doc lists. It returns an error if
// spec is nil or n is negative.
func BellatrixState(spec *bellatrix.Spec, n int, seed uint64) (*bellatrix.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := bellatrix.NewBeaconState(spec)
	if _, err := fillState(st, st.LatestExecutionPayloadHeader(), spec.Preset, n, newSource(seed), earlyShape(spec.Preset, forks.NameBellatrix, 170_000, 30_000_000)); err != nil {
		return nil, err
	}
	return st, nil
}
