package synth

import (
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/view"
)

// electraMix is the credentials of the validators of Electra and Fulu
// states: a few BLS, one in ten compounding, the rest execution.
var electraMix = mix{bls: 3, compounding: 10}

// The lengths of the Electra queues of every Electra and Fulu state, each
// capped by the preset's limit (the minimal preset holds 64 partial
// withdrawals and 64 consolidations at most): of the order of what
// mainnet's states held in 2025, when the queues ranged from hundreds to
// tens of thousands of entries.
const (
	pendingDeposits           = 4000
	pendingPartialWithdrawals = 800
	pendingConsolidations     = 300
)

// electraState is what the beacon states of Electra and Fulu share beyond
// Capella's fields.
type electraState interface {
	capellaState
	SetDepositRequestsStartIndex(uint64)
	SetDepositBalanceToConsume(capella.Gwei)
	SetExitBalanceToConsume(capella.Gwei)
	SetEarliestExitEpoch(capella.Epoch)
	SetConsolidationBalanceToConsume(capella.Gwei)
	SetEarliestConsolidationEpoch(capella.Epoch)
	PendingDeposits() *view.ValueList[electra.PendingDeposit, *electra.PendingDeposit]
	PendingPartialWithdrawals() *view.ValueList[electra.PendingPartialWithdrawal, *electra.PendingPartialWithdrawal]
	PendingConsolidations() *view.ValueList[electra.PendingConsolidation, *electra.PendingConsolidation]
}

// fillElectraState sets every field of st, a state of fork (Electra or
// Fulu) with n validators at about the given slot, the latest payload of
// gasLimit, and returns the population fillState made.
func fillElectraState(st electraState, h payloadHeader, p *def.Preset, n int, s source, slot, gasLimit uint64, fork forks.Name) (population, error) {
	pop, err := fillState(st, h, p, n, s, stateShape{
		slot: slot,
		fork: func(capella.Epoch) capella.Fork { return forkOf(p, fork) },
		validator: func(s source, epoch capella.Epoch) (capella.Validator, capella.Gwei) {
			return s.stakingValidator(epoch, electraMix)
		},
		historicalRoots: historicalRootsAt(slot / 32),
		summaries:       historicalSummariesAt(slot / 32),
		gasLimit:        gasLimit,
		blobs:           6,
	})
	if err != nil {
		return population{}, err
	}
	v := p.Values
	// The deposit contract's deposits before Electra are all processed:
	// the bridge's index has reached the start of the requests.
	st.SetDepositRequestsStartIndex(uint64(n))
	st.SetDepositBalanceToConsume(capella.Gwei(s.Uint64N(256 * gwei)))
	st.SetExitBalanceToConsume(capella.Gwei(s.Uint64N(256 * gwei)))
	st.SetEarliestExitEpoch(pop.epoch + capella.Epoch(5+s.IntN(2000)))
	st.SetConsolidationBalanceToConsume(capella.Gwei(s.Uint64N(128 * gwei)))
	st.SetEarliestConsolidationEpoch(pop.epoch + capella.Epoch(5+s.IntN(5000)))

	var compounding []capella.ValidatorIndex
	for i, val := range pop.validators {
		if val.WithdrawalCredentials[0] == compoundingPrefix && val.ExitEpoch == farFuture {
			compounding = append(compounding, capella.ValidatorIndex(i))
		}
	}
	// Deposits wait in the order they came, by slot: two in three make a
	// new validator of 32 ETH, the rest top up an existing one.
	deposits := make([]electra.PendingDeposit, min(pendingDeposits, v["PENDING_DEPOSITS_LIMIT"]))
	first := uint64(pop.slot) - min(uint64(pop.slot), 50_000)
	for i := range deposits {
		d := electra.PendingDeposit{Signature: s.signature(), Slot: capella.Slot(first + uint64(i)*50_000/uint64(len(deposits)))}
		if n == 0 || s.IntN(3) != 0 {
			prefix := byte(executionPrefix)
			if s.percent(30) {
				prefix = compoundingPrefix
			}
			d.Pubkey, d.WithdrawalCredentials, d.Amount = s.pubkey(), s.credentials(prefix), 32*gwei
		} else {
			val := pop.validators[s.IntN(n)]
			d.Pubkey, d.WithdrawalCredentials = val.Pubkey, val.WithdrawalCredentials
			d.Amount = capella.Gwei(1+s.Uint64N(100)) * gwei
		}
		deposits[i] = d
	}
	if err := st.PendingDeposits().SetAll(deposits); err != nil {
		return population{}, err
	}
	// Partial withdrawals and consolidations name compounding validators:
	// none in a state without any.
	if len(compounding) > 0 {
		withdrawals := make([]electra.PendingPartialWithdrawal, min(pendingPartialWithdrawals, v["PENDING_PARTIAL_WITHDRAWALS_LIMIT"]))
		for i := range withdrawals {
			withdrawals[i] = electra.PendingPartialWithdrawal{
				ValidatorIndex:    compounding[s.IntN(len(compounding))],
				Amount:            capella.Gwei(s.Uint64N(64 * gwei)),
				WithdrawableEpoch: pop.epoch + capella.Epoch(256+i*256/len(withdrawals)),
			}
		}
		if err := st.PendingPartialWithdrawals().SetAll(withdrawals); err != nil {
			return population{}, err
		}
		consolidations := make([]electra.PendingConsolidation, min(pendingConsolidations, v["PENDING_CONSOLIDATIONS_LIMIT"]))
		for i := range consolidations {
			consolidations[i] = electra.PendingConsolidation{
				SourceIndex: capella.ValidatorIndex(s.IntN(n)),
				TargetIndex: compounding[s.IntN(len(compounding))],
			}
		}
		if err := st.PendingConsolidations().SetAll(consolidations); err != nil {
			return population{}, err
		}
	}
	return pop, nil
}

// ElectraState returns an Electra beacon state of the given preset with n
// validators, at epoch 390,000 (slot 12,480,005 in mainnet), with the
// contents the package doc lists. It returns an error if spec is nil or n
// is negative.
func ElectraState(spec *electra.Spec, n int, seed uint64) (*electra.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := electra.NewBeaconState(spec)
	if _, err := fillElectraState(st, st.LatestExecutionPayloadHeader(), spec.Preset, n, newSource(seed), 390_000*32, 45_000_000, forks.NameElectra); err != nil {
		return nil, err
	}
	return st, nil
}

// FuluState returns a Fulu beacon state of the given preset with n
// validators, at epoch 420,000 (slot 13,440,005 in mainnet), with the
// contents the package doc lists, among them a full proposer lookahead. It
// returns an error if spec is nil or n is negative.
func FuluState(spec *fulu.Spec, n int, seed uint64) (*fulu.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := fulu.NewBeaconState(spec)
	s := newSource(seed)
	if _, err := fillElectraState(st, st.LatestExecutionPayloadHeader(), spec.Preset, n, s, 420_000*32, 60_000_000, forks.NameFulu); err != nil {
		return nil, err
	}
	lookahead := st.ProposerLookahead()
	proposers := make([]capella.ValidatorIndex, lookahead.Len())
	for i := range proposers {
		proposers[i] = capella.ValidatorIndex(s.IntN(max(1, n)))
	}
	if err := lookahead.SetAll(proposers); err != nil {
		return nil, err
	}
	return st, nil
}
