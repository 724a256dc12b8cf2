// Package synth builds deterministic synthetic consensus objects with
// realistic contents (random keys and roots, balances around 32 ETH, full
// root vectors, sync committees), for the demo, the tests and the
// benchmarks. The same seed gives the same bytes.
package synth

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/capella"
)

// farFuture is FAR_FUTURE_EPOCH.
const farFuture = capella.Epoch(1<<64 - 1)

// source wraps a seeded generator with helpers for consensus values.
type source struct{ *rand.Rand }

func (s source) fill(b []byte) {
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], s.Uint64())
		copy(b[i:], w[:])
	}
}

func (s source) root() (r capella.Root) {
	s.fill(r[:])
	return r
}

func (s source) bytes32() (r capella.Bytes32) {
	s.fill(r[:])
	return r
}

func (s source) pubkey() (k capella.BLSPubkey) {
	s.fill(k[:])
	return k
}

// Validator returns a random active validator with 32 ETH at stake.
func (s source) validator(epoch capella.Epoch) capella.Validator {
	v := capella.Validator{
		Pubkey:                     s.pubkey(),
		EffectiveBalance:           32_000_000_000,
		ActivationEligibilityEpoch: capella.Epoch(s.Uint64N(uint64(epoch) + 1)),
		ExitEpoch:                  farFuture,
		WithdrawableEpoch:          farFuture,
	}
	s.fill(v.WithdrawalCredentials[:])
	v.WithdrawalCredentials[0] = byte(s.IntN(2)) // BLS or execution credentials
	v.ActivationEpoch = v.ActivationEligibilityEpoch + 1
	if s.IntN(100) == 0 { // a few exited or slashed
		v.Slashed = s.IntN(2) == 0
		v.ExitEpoch = epoch - capella.Epoch(s.IntN(1000))
		v.WithdrawableEpoch = v.ExitEpoch + 256
	}
	return v
}

// Validator returns the validator a deposit of the given seed would add.
func Validator(seed uint64, epoch capella.Epoch) capella.Validator {
	return source{rand.New(rand.NewPCG(seed, seed^0x5eed))}.validator(epoch)
}

// CapellaState returns a Capella beacon state of the given preset with n
// validators, at a slot of about 7,000,000.
func CapellaState(spec *capella.Spec, n int, seed uint64) (*capella.BeaconState, error) {
	s := source{rand.New(rand.NewPCG(seed, seed^0x5eed))}
	p := spec.Preset.Values
	slotsPerEpoch := p["SLOTS_PER_EPOCH"]
	slot := capella.Slot(7_000_000 - 7_000_000%slotsPerEpoch + 5)
	epoch := capella.Epoch(uint64(slot) / slotsPerEpoch)

	st := capella.NewBeaconState(spec)
	st.SetGenesisTime(1_606_824_023)
	st.SetGenesisValidatorsRoot(s.root())
	st.SetSlot(slot)
	st.SetFork(capella.Fork{
		PreviousVersion: capella.Version{0x02},
		CurrentVersion:  capella.Version{0x03},
		Epoch:           epoch - 10_000,
	})
	st.SetLatestBlockHeader(capella.BeaconBlockHeader{
		Slot:          slot,
		ProposerIndex: capella.ValidatorIndex(s.IntN(max(1, n))),
		ParentRoot:    s.root(),
		BodyRoot:      s.root(),
	})

	roots := func(count uint64) []capella.Root {
		rs := make([]capella.Root, count)
		for i := range rs {
			rs[i] = s.root()
		}
		return rs
	}
	if err := st.BlockRoots().SetAll(roots(p["SLOTS_PER_HISTORICAL_ROOT"])); err != nil {
		return nil, err
	}
	if err := st.StateRoots().SetAll(roots(p["SLOTS_PER_HISTORICAL_ROOT"])); err != nil {
		return nil, err
	}
	// Historical roots stopped growing at Capella; mainnet froze ~758.
	if err := st.HistoricalRoots().SetAll(roots(min(758, p["HISTORICAL_ROOTS_LIMIT"]))); err != nil {
		return nil, err
	}
	eth1 := capella.Eth1Data{DepositRoot: s.root(), DepositCount: uint64(n), BlockHash: capella.Hash32(s.root())}
	st.SetEth1Data(eth1)
	votes := make([]capella.Eth1Data, min(100, p["EPOCHS_PER_ETH1_VOTING_PERIOD"]*slotsPerEpoch))
	for i := range votes {
		votes[i] = eth1
	}
	if err := st.Eth1DataVotes().SetAll(votes); err != nil {
		return nil, err
	}
	st.SetEth1DepositIndex(uint64(n))

	validators := make([]capella.Validator, n)
	balances := make([]capella.Gwei, n)
	participation := make([]capella.ParticipationFlags, n)
	scores := make([]uint64, n)
	for i := range validators {
		validators[i] = s.validator(epoch)
		balances[i] = capella.Gwei(31_000_000_000 + s.Uint64N(2_000_000_000))
		participation[i] = capella.ParticipationFlags(s.IntN(8))
		if s.IntN(50) == 0 {
			scores[i] = s.Uint64N(100)
		}
	}
	if err := st.Validators().SetAll(validators); err != nil {
		return nil, err
	}
	if err := st.Balances().SetAll(balances); err != nil {
		return nil, err
	}
	mixes := make([]capella.Bytes32, p["EPOCHS_PER_HISTORICAL_VECTOR"])
	for i := range mixes {
		mixes[i] = s.bytes32()
	}
	if err := st.RandaoMixes().SetAll(mixes); err != nil {
		return nil, err
	}
	slashings := make([]capella.Gwei, p["EPOCHS_PER_SLASHINGS_VECTOR"])
	for i := 0; i < len(slashings); i += 97 {
		slashings[i] = 32_000_000_000
	}
	if err := st.Slashings().SetAll(slashings); err != nil {
		return nil, err
	}
	if err := st.PreviousEpochParticipation().SetAll(participation); err != nil {
		return nil, err
	}
	if err := st.CurrentEpochParticipation().SetAll(participation); err != nil {
		return nil, err
	}
	st.SetJustificationBits([1]byte{0x0f})
	st.SetPreviousJustifiedCheckpoint(capella.Checkpoint{Epoch: epoch - 2, Root: s.root()})
	st.SetCurrentJustifiedCheckpoint(capella.Checkpoint{Epoch: epoch - 1, Root: s.root()})
	st.SetFinalizedCheckpoint(capella.Checkpoint{Epoch: epoch - 2, Root: s.root()})
	if err := st.InactivityScores().SetAll(scores); err != nil {
		return nil, err
	}
	for _, committee := range []*capella.SyncCommittee{st.CurrentSyncCommittee(), st.NextSyncCommittee()} {
		keys := make([]capella.BLSPubkey, p["SYNC_COMMITTEE_SIZE"])
		for i := range keys {
			keys[i] = s.pubkey()
		}
		if err := committee.Pubkeys().SetAll(keys); err != nil {
			return nil, err
		}
		committee.SetAggregatePubkey(s.pubkey())
	}
	if err := fillPayloadHeader(st.LatestExecutionPayloadHeader(), s, uint64(slot)); err != nil {
		return nil, err
	}
	st.SetNextWithdrawalIndex(capella.WithdrawalIndex(s.Uint64N(1 << 30)))
	st.SetNextWithdrawalValidatorIndex(capella.ValidatorIndex(s.IntN(max(1, n))))
	summaries := make([]capella.HistoricalSummary, min(200, p["HISTORICAL_ROOTS_LIMIT"]))
	for i := range summaries {
		summaries[i] = capella.HistoricalSummary{BlockSummaryRoot: s.root(), StateSummaryRoot: s.root()}
	}
	if err := st.HistoricalSummaries().SetAll(summaries); err != nil {
		return nil, err
	}
	return st, nil
}

func fillPayloadHeader(h *capella.ExecutionPayloadHeader, s source, number uint64) error {
	h.SetParentHash(capella.Hash32(s.root()))
	var fee capella.ExecutionAddress
	s.fill(fee[:])
	h.SetFeeRecipient(fee)
	h.SetStateRoot(s.bytes32())
	h.SetReceiptsRoot(s.bytes32())
	bloom := h.LogsBloom()
	for i := 0; i < bloom.Len(); i += 7 {
		bloom.Set(i, byte(s.Uint32()))
	}
	h.SetPrevRandao(s.bytes32())
	h.SetBlockNumber(number)
	h.SetGasLimit(30_000_000)
	h.SetGasUsed(s.Uint64N(30_000_000))
	h.SetTimestamp(1_606_824_023 + 12*number)
	if err := h.ExtraData().SetBytes([]byte("ssztree synthetic payload")); err != nil {
		return fmt.Errorf("extra data: %w", err)
	}
	h.SetBaseFeePerGas(*uint256.NewInt(s.Uint64N(100_000_000_000)))
	h.SetBlockHash(capella.Hash32(s.root()))
	h.SetTransactionsRoot(s.root())
	h.SetWithdrawalsRoot(s.root())
	return nil
}
