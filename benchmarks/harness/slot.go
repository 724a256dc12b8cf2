package harness

import "fmt"

// The work of a slot and of an epoch: the changes a block, and an epoch's
// processing, make to a mainnet state of Fulu (consensus-specs v1.6.1,
// specs/fulu/beacon-chain.md and the earlier forks' process_block and
// process_epoch it keeps), reduced to the writes they make, the same in
// every peer, then the root. They are measured cold only (one operation
// after a full collection), as a node performs them.

// Row IDs of the slot and epoch rows.
const (
	RowSlot  = "slot"  // a block's state changes (SlotChanges) + root, cold
	RowEpoch = "epoch" // an epoch's state changes (EpochChanges) + root, cold
)

// Sizes of the slot's and the epoch's changes (issue 15): a mainnet slot's
// attestations set the flags of 1/32 of 1,000,000 validators; the sync
// committee has SYNC_COMMITTEE_SIZE = 512 members; a payload carries
// MAX_WITHDRAWALS_PER_PAYLOAD = 16 withdrawals; an epoch's changes of
// inactivity scores and effective balances touch 1 % of the validators;
// process_pending_deposits and process_pending_partial_withdrawals take
// MAX_PENDING_DEPOSITS_PER_EPOCH = 16 and, per payload,
// MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP = 8 entries from the front.
const (
	SlotParticipation        = 31_250
	SlotSyncRewards          = 512
	SlotWithdrawals          = 16
	SlotDeposits             = 2
	EpochInactivityScores    = 10_000
	EpochEffectiveBalances   = 10_000
	EpochPendingDeposits     = 16
	EpochPartialWithdrawals  = 8
	LookaheadShift           = 32 // SLOTS_PER_EPOCH: proposer_lookahead moves by one epoch
	slotsPerHistoricalRoot   = 8192
	epochsPerHistoricalVec   = 65536
	epochsPerSlashingsVector = 8192
)

// firstSlot is the slot of the first block applied: synth's Fulu state is at
// slot 13,440,005.
const firstSlot = 13_440_006

// Header is a BeaconBlockHeader in plain Go values.
type Header struct {
	Slot, ProposerIndex             uint64
	ParentRoot, StateRoot, BodyRoot [32]byte
}

// PendingDeposit is a PendingDeposit (Electra) in plain Go values.
type PendingDeposit struct {
	Pubkey                [48]byte
	WithdrawalCredentials [32]byte
	Amount                uint64
	Signature             [96]byte
	Slot                  uint64
}

// Checkpoint is a Checkpoint in plain Go values.
type Checkpoint struct {
	Epoch uint64
	Root  [32]byte
}

// SlotChanges are the state changes of one block, which a peer applies in
// this order; then the harness takes the root.
type SlotChanges struct {
	// Participation lists the validators whose current_epoch_participation
	// is set to Flags (attestations; an index may repeat).
	Participation []int
	Flags         uint8
	// Rewarded lists the sync committee's members and, last, the
	// proposer: each balance is raised by Reward.
	Rewarded []int
	Reward   uint64
	// Withdrawn lists the validators whose balance is decreased by
	// min(balance, WithdrawalAmount); next_withdrawal_index is then raised
	// by len(Withdrawn) and next_withdrawal_validator_index set to
	// NextWithdrawalValidator.
	Withdrawn               []int
	WithdrawalAmount        uint64
	NextWithdrawalValidator uint64
	// Header is the new latest_block_header.
	Header Header
	// block_roots[RootIndex] = BlockRoot, state_roots[RootIndex] = StateRoot.
	RootIndex            int
	BlockRoot, StateRoot [32]byte
	// Deposits are appended to pending_deposits.
	Deposits []PendingDeposit
}

// EpochChanges are the state changes of one epoch's processing, which a peer
// applies in this order; then the harness takes the root.
type EpochChanges struct {
	// BalanceDelta is added to every balance (rewards).
	BalanceDelta uint64
	// Then previous_epoch_participation becomes current_epoch_participation,
	// and current_epoch_participation all zero (as many as validators).
	//
	// Inactive lists validators whose inactivity score is set to
	// InactivityScore; Effective those whose effective_balance is set to
	// EffectiveBalance.
	Inactive         []int
	InactivityScore  uint64
	Effective        []int
	EffectiveBalance uint64
	// slashings[SlashingsIndex] = Slashing; randao_mixes[RandaoIndex] =
	// RandaoMix.
	SlashingsIndex int
	Slashing       uint64
	RandaoIndex    int
	RandaoMix      [32]byte
	// JustificationBits is the new justification_bits (its 4 low bits);
	// then previous_justified_checkpoint, current_justified_checkpoint,
	// finalized_checkpoint.
	JustificationBits                              uint8
	PreviousJustified, CurrentJustified, Finalized Checkpoint
	// Lookahead is appended to proposer_lookahead after its first
	// LookaheadShift entries are dropped.
	Lookahead [LookaheadShift]uint64
	// PendingDeposits and PendingPartialWithdrawals entries (or as many as
	// there are) are removed from the front of those lists.
	PendingDeposits, PendingPartialWithdrawals int
	// HistoricalSummary is appended to historical_summaries: block summary
	// root, state summary root.
	HistoricalSummary [2][32]byte
}

// SlotPeer is implemented by a StatePeer whose state can take the changes
// of a slot and of an epoch (the peers of Fulu): the harness then runs
// RowSlot and RowEpoch.
type SlotPeer[S any] interface {
	ApplySlot(s S, c *SlotChanges) error
	ApplyEpoch(s S, c *EpochChanges) error
}

// fillBytes fills dst with bytes derived from (row, k, j).
func fillBytes(dst []byte, row string, k, j int) {
	for i := range dst {
		if i%8 == 0 {
			v := mix(rowSeed(row) ^ mix(uint64(k)<<20^uint64(j)<<8^uint64(i)))
			for b := 0; b < 8 && i+b < len(dst); b++ {
				dst[i+b] = byte(v >> (8 * b))
			}
		}
	}
}

// root32 returns 32 bytes derived from (row, k, j).
func root32(row string, k, j int) [32]byte {
	var r [32]byte
	fillBytes(r[:], row, k, j)
	return r
}

// NewSlotChanges returns the changes of operation k of RowSlot on a state of
// n validators, reusing c's slices.
func NewSlotChanges(c *SlotChanges, k, n int) *SlotChanges {
	if c == nil {
		c = &SlotChanges{}
	}
	c.Participation = PickMany(c.Participation, RowSlot+"/participation", k, SlotParticipation, n)
	c.Flags = 0b111 // TIMELY_SOURCE, TIMELY_TARGET, TIMELY_HEAD
	c.Rewarded = PickMany(c.Rewarded, RowSlot+"/rewarded", k, SlotSyncRewards+1, n)
	c.Reward = 10_000 + uint64(k%100)
	// The sweep withdraws from consecutive validators.
	start := Pick(RowSlot+"/withdrawn", k, 0, n)
	c.Withdrawn = c.Withdrawn[:0]
	for j := range SlotWithdrawals {
		c.Withdrawn = append(c.Withdrawn, (start+j)%n)
	}
	c.WithdrawalAmount = 15_000_000 + uint64(k%1000)
	c.NextWithdrawalValidator = uint64((start + SlotWithdrawals) % n)
	slot := uint64(firstSlot + k)
	c.Header = Header{
		Slot:          slot,
		ProposerIndex: uint64(c.Rewarded[SlotSyncRewards]),
		ParentRoot:    root32(RowSlot+"/parent", k, 0),
		BodyRoot:      root32(RowSlot+"/body", k, 0),
	}
	c.RootIndex = int(slot % slotsPerHistoricalRoot)
	c.BlockRoot = root32(RowSlot+"/block-root", k, 0)
	c.StateRoot = root32(RowSlot+"/state-root", k, 0)
	c.Deposits = c.Deposits[:0]
	for j := range SlotDeposits {
		d := PendingDeposit{Amount: 32_000_000_000, Slot: slot}
		fillBytes(d.Pubkey[:], RowSlot+"/pubkey", k, j)
		fillBytes(d.WithdrawalCredentials[:], RowSlot+"/credentials", k, j)
		d.WithdrawalCredentials[0] = 1
		fillBytes(d.Signature[:], RowSlot+"/signature", k, j)
		c.Deposits = append(c.Deposits, d)
	}
	return c
}

// NewEpochChanges returns the changes of operation k of RowEpoch on a state
// of n validators, reusing c's slices.
func NewEpochChanges(c *EpochChanges, k, n int) *EpochChanges {
	if c == nil {
		c = &EpochChanges{}
	}
	epoch := uint64(firstSlot/32 + 1 + k)
	c.BalanceDelta = BalanceDelta(k)
	c.Inactive = PickMany(c.Inactive, RowEpoch+"/inactive", k, EpochInactivityScores, n)
	c.InactivityScore = uint64(k%5) * 4
	c.Effective = PickMany(c.Effective, RowEpoch+"/effective", k, EpochEffectiveBalances, n)
	c.EffectiveBalance = EffectiveBalance(k)
	c.SlashingsIndex = int(epoch % epochsPerSlashingsVector)
	c.Slashing = uint64(k) * 1_000_000_000
	c.RandaoIndex = int(epoch % epochsPerHistoricalVec)
	c.RandaoMix = root32(RowEpoch+"/randao", k, 0)
	c.JustificationBits = uint8(0b0111 ^ k%2)
	c.PreviousJustified = Checkpoint{Epoch: epoch - 2, Root: root32(RowEpoch+"/previous", k, 0)}
	c.CurrentJustified = Checkpoint{Epoch: epoch - 1, Root: root32(RowEpoch+"/current", k, 0)}
	c.Finalized = Checkpoint{Epoch: epoch - 3, Root: root32(RowEpoch+"/finalized", k, 0)}
	for j := range c.Lookahead {
		c.Lookahead[j] = uint64(Pick(RowEpoch+"/lookahead", k, j, n))
	}
	c.PendingDeposits, c.PendingPartialWithdrawals = EpochPendingDeposits, EpochPartialWithdrawals
	c.HistoricalSummary = [2][32]byte{root32(RowEpoch+"/summary", k, 0), root32(RowEpoch+"/summary", k, 1)}
	return c
}

// slotOp returns the operation of RowSlot or RowEpoch, and false when the
// peer is not a SlotPeer: the changes are made in prep (not timed), applied and
// hashed in do.
func (x *session[S]) slotOp(row string) (op, bool) {
	sp, ok := any(x.p).(SlotPeer[S])
	if !ok {
		return op{}, false
	}
	switch row {
	case RowSlot:
		var c *SlotChanges
		return op{row: row,
			prep: func(k int) error { c = NewSlotChanges(c, k, x.n); return nil },
			do: func(int) error {
				if err := sp.ApplySlot(x.s, c); err != nil {
					return fmt.Errorf("slot: %w", err)
				}
				_, err := x.root()
				return err
			}}, true
	case RowEpoch:
		var c *EpochChanges
		return op{row: row,
			prep: func(k int) error { c = NewEpochChanges(c, k, x.n); return nil },
			do: func(int) error {
				if err := sp.ApplyEpoch(x.s, c); err != nil {
					return fmt.Errorf("epoch: %w", err)
				}
				_, err := x.root()
				return err
			}}, true
	}
	return op{}, false
}

// SlotRows lists the slot and epoch rows, in the order they run.
var SlotRows = []string{RowSlot, RowEpoch}

func init() {
	for _, row := range SlotRows {
		stateChecks[row] = []string{row}
	}
}
