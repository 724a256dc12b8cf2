package synth

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/view"
)

// phase0State is what the beacon states of every fork share: the fields
// fillState sets in all of them. Their types are phase0's, which the
// later forks alias (named here by their Capella aliases).
type phase0State interface {
	SetGenesisTime(uint64)
	SetGenesisValidatorsRoot(capella.Root)
	SetSlot(capella.Slot)
	SetFork(capella.Fork)
	SetLatestBlockHeader(capella.BeaconBlockHeader)
	BlockRoots() *view.ValueVector[capella.Root, *capella.Root]
	StateRoots() *view.ValueVector[capella.Root, *capella.Root]
	HistoricalRoots() *view.ValueList[capella.Root, *capella.Root]
	SetEth1Data(capella.Eth1Data)
	Eth1DataVotes() *view.ValueList[capella.Eth1Data, *capella.Eth1Data]
	SetEth1DepositIndex(uint64)
	Validators() *view.ValueList[capella.Validator, *capella.Validator]
	Balances() *view.BasicList[capella.Gwei]
	RandaoMixes() *view.ValueVector[capella.Bytes32, *capella.Bytes32]
	Slashings() *view.BasicVector[capella.Gwei]
	SetJustificationBits([1]byte)
	SetPreviousJustifiedCheckpoint(capella.Checkpoint)
	SetCurrentJustifiedCheckpoint(capella.Checkpoint)
	SetFinalizedCheckpoint(capella.Checkpoint)
}

// altairFields is what Altair adds to the state, kept by every later
// fork.
type altairFields interface {
	PreviousEpochParticipation() *view.BasicList[capella.ParticipationFlags]
	CurrentEpochParticipation() *view.BasicList[capella.ParticipationFlags]
	InactivityScores() *view.BasicList[uint64]
	CurrentSyncCommittee() *capella.SyncCommittee
	NextSyncCommittee() *capella.SyncCommittee
}

// capellaFields is what Capella adds to the state, kept by every later
// fork.
type capellaFields interface {
	SetNextWithdrawalIndex(capella.WithdrawalIndex)
	SetNextWithdrawalValidatorIndex(capella.ValidatorIndex)
	HistoricalSummaries() *view.ValueList[capella.HistoricalSummary, *capella.HistoricalSummary]
}

// capellaState is what the beacon states of Capella and every later fork
// share.
type capellaState interface {
	phase0State
	altairFields
	capellaFields
}

// payloadHeader is what the execution payload headers of Bellatrix and
// every later fork share.
type payloadHeader interface {
	executionFields
	SetTransactionsRoot(capella.Root)
}

// withdrawalsRoot is what Capella adds to payload headers.
type withdrawalsRoot interface {
	SetWithdrawalsRoot(capella.Root)
}

// blobGas is what Deneb adds to payloads and their headers.
type blobGas interface {
	SetBlobGasUsed(uint64)
	SetExcessBlobGas(uint64)
}

// forkOf returns the fork field of a state of fork n in preset p: the
// versions of n and of the fork before it (phase0's twice), in the
// configuration of p's name (mainnet's for a preset of another name), and
// mainnet's epoch of n, from the schedules of package forks
// (configs/mainnet.yaml and configs/minimal.yaml of the specification
// release v1.6.1).
func forkOf(p *def.Preset, n forks.Name) capella.Fork {
	versions := forks.MainnetSchedule
	if p.Name == forks.MinimalSchedule.Preset().Name {
		versions = forks.MinimalSchedule
	}
	current, _ := versions.Version(n)
	previous := current // phase0's: the genesis version twice
	if n > forks.NamePhase0 {
		previous, _ = versions.Version(n - 1)
	}
	return capella.Fork{
		PreviousVersion: capella.Version(previous),
		CurrentVersion:  capella.Version(current),
		Epoch:           capella.Epoch(mainnetEpoch(n)),
	}
}

// mainnetEpoch returns mainnet's epoch of fork n.
func mainnetEpoch(n forks.Name) uint64 {
	epoch, _ := forks.MainnetSchedule.Epoch(n)
	return epoch
}

// stateShape is what differs between the states fillState builds.
type stateShape struct {
	// slot is about the state's slot: it is rounded down to the start of
	// its epoch in the preset, and 5 added.
	slot uint64
	// fork returns the state's fork at its epoch.
	fork func(epoch capella.Epoch) capella.Fork
	// validator returns a random validator and its balance.
	validator func(s source, epoch capella.Epoch) (capella.Validator, capella.Gwei)
	// historicalRoots is the length of historical_roots.
	historicalRoots uint64
	// summaries is the length of historical_summaries (Capella on).
	summaries uint64
	// gasLimit is the latest payload's gas limit.
	gasLimit uint64
	// blobs is the number of blobs of the latest payload, for its blob gas
	// used (Deneb on).
	blobs uint64
}

// population is what fillState tells the later forks' builders about the
// validators it made.
type population struct {
	epoch      capella.Epoch
	slot       capella.Slot
	validators []capella.Validator
}

// historicalSummariesAt returns the length of historical_summaries at a
// mainnet epoch: one entry per SLOTS_PER_HISTORICAL_ROOT (8192) slots, 256
// epochs, since Capella.
func historicalSummariesAt(epoch uint64) uint64 {
	return (epoch - mainnetEpoch(forks.NameCapella)) / 256
}

// fillState sets every field of st that Capella has, those of them st has,
// with n validators, and returns them; h is the state's latest payload
// header, nil before Bellatrix. The draws from s come in the order
// CapellaState has always made them, so that its states stay the same
// bytes.
func fillState(st phase0State, h payloadHeader, p *def.Preset, n int, s source, shape stateShape) (population, error) {
	if n < 0 {
		return population{}, fmt.Errorf("synth: %d validators", n)
	}
	v := p.Values
	slotsPerEpoch := v["SLOTS_PER_EPOCH"]
	slot := capella.Slot(shape.slot - shape.slot%slotsPerEpoch + 5)
	epoch := capella.Epoch(uint64(slot) / slotsPerEpoch)

	st.SetGenesisTime(1_606_824_023)
	st.SetGenesisValidatorsRoot(s.root())
	st.SetSlot(slot)
	st.SetFork(shape.fork(epoch))
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
	if err := st.BlockRoots().SetAll(roots(v["SLOTS_PER_HISTORICAL_ROOT"])); err != nil {
		return population{}, err
	}
	if err := st.StateRoots().SetAll(roots(v["SLOTS_PER_HISTORICAL_ROOT"])); err != nil {
		return population{}, err
	}
	if err := st.HistoricalRoots().SetAll(roots(min(shape.historicalRoots, v["HISTORICAL_ROOTS_LIMIT"]))); err != nil {
		return population{}, err
	}
	eth1 := capella.Eth1Data{DepositRoot: s.root(), DepositCount: uint64(n), BlockHash: capella.Hash32(s.root())}
	st.SetEth1Data(eth1)
	votes := make([]capella.Eth1Data, min(100, v["EPOCHS_PER_ETH1_VOTING_PERIOD"]*slotsPerEpoch))
	for i := range votes {
		votes[i] = eth1
	}
	if err := st.Eth1DataVotes().SetAll(votes); err != nil {
		return population{}, err
	}
	st.SetEth1DepositIndex(uint64(n))

	validators := make([]capella.Validator, n)
	balances := make([]capella.Gwei, n)
	participation := make([]capella.ParticipationFlags, n)
	scores := make([]uint64, n)
	for i := range validators {
		validators[i], balances[i] = shape.validator(s, epoch)
		participation[i] = capella.ParticipationFlags(s.IntN(8))
		if s.IntN(50) == 0 {
			scores[i] = s.Uint64N(100)
		}
	}
	if err := st.Validators().SetAll(validators); err != nil {
		return population{}, err
	}
	if err := st.Balances().SetAll(balances); err != nil {
		return population{}, err
	}
	mixes := make([]capella.Bytes32, v["EPOCHS_PER_HISTORICAL_VECTOR"])
	for i := range mixes {
		mixes[i] = s.bytes32()
	}
	if err := st.RandaoMixes().SetAll(mixes); err != nil {
		return population{}, err
	}
	slashings := make([]capella.Gwei, v["EPOCHS_PER_SLASHINGS_VECTOR"])
	for i := 0; i < len(slashings); i += 97 {
		slashings[i] = 32 * gwei
	}
	if err := st.Slashings().SetAll(slashings); err != nil {
		return population{}, err
	}
	altair, isAltair := st.(altairFields)
	if isAltair {
		if err := altair.PreviousEpochParticipation().SetAll(participation); err != nil {
			return population{}, err
		}
		if err := altair.CurrentEpochParticipation().SetAll(participation); err != nil {
			return population{}, err
		}
	}
	st.SetJustificationBits([1]byte{0x0f})
	st.SetPreviousJustifiedCheckpoint(capella.Checkpoint{Epoch: epoch - 2, Root: s.root()})
	st.SetCurrentJustifiedCheckpoint(capella.Checkpoint{Epoch: epoch - 1, Root: s.root()})
	st.SetFinalizedCheckpoint(capella.Checkpoint{Epoch: epoch - 2, Root: s.root()})
	if isAltair {
		if err := altair.InactivityScores().SetAll(scores); err != nil {
			return population{}, err
		}
		for _, committee := range []*capella.SyncCommittee{altair.CurrentSyncCommittee(), altair.NextSyncCommittee()} {
			keys := make([]capella.BLSPubkey, v["SYNC_COMMITTEE_SIZE"])
			for i := range keys {
				keys[i] = s.pubkey()
			}
			if err := committee.Pubkeys().SetAll(keys); err != nil {
				return population{}, err
			}
			committee.SetAggregatePubkey(s.pubkey())
		}
	}
	if h != nil {
		if err := fillPayloadHeader(h, s, uint64(slot), shape.gasLimit); err != nil {
			return population{}, err
		}
	}
	if c, ok := st.(capellaFields); ok {
		c.SetNextWithdrawalIndex(capella.WithdrawalIndex(s.Uint64N(1 << 30)))
		c.SetNextWithdrawalValidatorIndex(capella.ValidatorIndex(s.IntN(max(1, n))))
		summaries := make([]capella.HistoricalSummary, min(shape.summaries, v["HISTORICAL_ROOTS_LIMIT"]))
		for i := range summaries {
			summaries[i] = capella.HistoricalSummary{BlockSummaryRoot: s.root(), StateSummaryRoot: s.root()}
		}
		if err := c.HistoricalSummaries().SetAll(summaries); err != nil {
			return population{}, err
		}
	}
	if b, ok := h.(blobGas); ok {
		const gasPerBlob = 1 << 17 // GAS_PER_BLOB, EIP-4844
		b.SetBlobGasUsed(shape.blobs * gasPerBlob)
		b.SetExcessBlobGas(s.Uint64N(1 << 26))
	}
	return population{epoch: epoch, slot: slot, validators: validators}, nil
}

// fillPayloadHeader sets every field of h that Capella's header has, those
// of them h has, for a payload of block number.
func fillPayloadHeader(h payloadHeader, s source, number, gasLimit uint64) error {
	if err := fillExecution(h, s, number, gasLimit); err != nil {
		return err
	}
	h.SetTransactionsRoot(s.root())
	if w, ok := h.(withdrawalsRoot); ok {
		w.SetWithdrawalsRoot(s.root())
	}
	return nil
}

// historicalRootsAt returns the length of historical_roots at a mainnet
// epoch: one entry per SLOTS_PER_HISTORICAL_ROOT (8192) slots, 256 epochs,
// until Capella froze it (758 on mainnet).
func historicalRootsAt(epoch uint64) uint64 {
	return min(epoch, mainnetEpoch(forks.NameCapella)) / 256
}

// errNilSpec is the error of the builders given a nil Spec.
var errNilSpec = errors.New("synth: nil Spec")

// CapellaState returns a Capella beacon state of the given preset with n
// validators, at a slot of about 7,000,000: validators of 32 ETH with BLS
// or execution credentials, half each, and the contents the package doc
// lists. It returns an error if spec is nil or n is negative.
func CapellaState(spec *capella.Spec, n int, seed uint64) (*capella.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := capella.NewBeaconState(spec)
	_, err := fillState(st, st.LatestExecutionPayloadHeader(), spec.Preset, n, newSource(seed), stateShape{
		slot: 7_000_000,
		fork: func(epoch capella.Epoch) capella.Fork {
			return capella.Fork{PreviousVersion: capella.Version{0x02}, CurrentVersion: capella.Version{0x03}, Epoch: epoch - 10_000}
		},
		validator: func(s source, epoch capella.Epoch) (capella.Validator, capella.Gwei) {
			v := s.validator(epoch)
			return v, capella.Gwei(31*gwei + s.Uint64N(2*gwei))
		},
		historicalRoots: 758,
		summaries:       200,
		gasLimit:        30_000_000,
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// denebMix is the credentials of Deneb's validators: a few BLS, the rest
// execution.
var denebMix = mix{bls: 5}

// DenebState returns a Deneb beacon state of the given preset with n
// validators, at epoch 300,000 (slot 9,600,005 in mainnet), with the
// contents the package doc lists. It returns an error if spec is nil or n
// is negative.
func DenebState(spec *deneb.Spec, n int, seed uint64) (*deneb.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	st := deneb.NewBeaconState(spec)
	_, err := fillState(st, st.LatestExecutionPayloadHeader(), spec.Preset, n, newSource(seed), stateShape{
		slot: 300_000 * 32,
		fork: func(capella.Epoch) capella.Fork { return forkOf(spec.Preset, forks.NameDeneb) },
		validator: func(s source, epoch capella.Epoch) (capella.Validator, capella.Gwei) {
			return s.stakingValidator(epoch, denebMix)
		},
		historicalRoots: historicalRootsAt(300_000),
		summaries:       historicalSummariesAt(300_000),
		gasLimit:        30_000_000,
		blobs:           3,
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}
