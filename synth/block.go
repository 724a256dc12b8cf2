package synth

import (
	"encoding/binary"
	"fmt"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/view"
)

// The contents of every block, whatever its fork, each capped by the
// preset's limit.
const (
	// blockValidators is the number of active validators of the chain a
	// block belongs to, which sizes its committees: about mainnet's.
	blockValidators = 1_000_000
	// transactions is the number of transactions of a block's payload.
	transactions = 100
	// withdrawals is the number of withdrawals of a block's payload:
	// MAX_WITHDRAWALS_PER_PAYLOAD of mainnet, as a sweep fills them.
	withdrawals = 16
)

// executionFields is what execution payloads and their headers share,
// from Capella on.
type executionFields interface {
	SetParentHash(capella.Hash32)
	SetFeeRecipient(capella.ExecutionAddress)
	SetStateRoot(capella.Bytes32)
	SetReceiptsRoot(capella.Bytes32)
	LogsBloom() *view.BasicVector[byte]
	SetPrevRandao(capella.Bytes32)
	SetBlockNumber(uint64)
	SetGasLimit(uint64)
	SetGasUsed(uint64)
	SetTimestamp(uint64)
	ExtraData() *view.BasicList[byte]
	SetBaseFeePerGas(uint256.Int)
	SetBlockHash(capella.Hash32)
}

// payload is an execution payload of Capella or a later fork.
type payload interface {
	executionFields
	Transactions() *view.ListOf[*view.ByteList]
	Withdrawals() *view.ValueList[capella.Withdrawal, *capella.Withdrawal]
}

// blockMessage is what the BeaconBlock of every fork has.
type blockMessage interface {
	SetSlot(capella.Slot)
	SetProposerIndex(capella.ValidatorIndex)
	SetParentRoot(capella.Root)
	SetStateRoot(capella.Root)
}

// blockBody is what the BeaconBlockBody of every fork since Altair has,
// besides the lists whose element types change.
type blockBody interface {
	SetRandaoReveal(capella.BLSSignature)
	SetEth1Data(capella.Eth1Data)
	SetGraffiti(capella.Bytes32)
	SyncAggregate() *capella.SyncAggregate
}

// blockShape is what differs between the blocks fillBlock builds.
type blockShape struct {
	// slot is about the block's slot, as stateShape's.
	slot uint64
	// gasLimit is the payload's gas limit.
	gasLimit uint64
	// blobs is the number of the blobs the block commits to.
	blobs int
}

// chain is what the builders of a block's attestations need to know of
// the chain it extends.
type chain struct {
	p              *def.Preset
	slot           capella.Slot
	epoch          capella.Epoch
	source, target capella.Checkpoint
	// committees is the number of committees per slot, committeeSize the
	// number of validators of each.
	committees, committeeSize int
}

// newChain returns the chain of a block at slot, with blockValidators
// active validators.
func newChain(p *def.Preset, slot capella.Slot, s source) chain {
	v := p.Values
	epoch := capella.Epoch(uint64(slot) / v["SLOTS_PER_EPOCH"])
	count, size := committeesOf(p, blockValidators)
	return chain{
		p:             p,
		slot:          slot,
		epoch:         epoch,
		source:        capella.Checkpoint{Epoch: epoch - 1, Root: s.root()},
		target:        capella.Checkpoint{Epoch: epoch, Root: s.root()},
		committees:    count,
		committeeSize: size,
	}
}

// committeesOf returns the number of committees per slot of a chain of
// active validators, get_committee_count_per_slot of the specification
// (phase0 beacon-chain.md, v1.6.1), and the size of each, taken equal, at
// most MAX_VALIDATORS_PER_COMMITTEE.
func committeesOf(p *def.Preset, active int) (count, size int) {
	v := p.Values
	perSlot := uint64(active) / v["SLOTS_PER_EPOCH"]
	n := max(1, min(v["MAX_COMMITTEES_PER_SLOT"], perSlot/v["TARGET_COMMITTEE_SIZE"]))
	return int(n), int(min(v["MAX_VALIDATORS_PER_COMMITTEE"], perSlot/n))
}

// fillBlock sets the fields of a signed block that every fork since
// Capella has, and returns its chain.
func fillBlock(signed interface{ SetSignature(capella.BLSSignature) }, msg blockMessage, body blockBody, pl payload, p *def.Preset, s source, shape blockShape) (chain, error) {
	v := p.Values
	slot := capella.Slot(shape.slot - shape.slot%v["SLOTS_PER_EPOCH"] + 6)
	msg.SetSlot(slot)
	msg.SetProposerIndex(capella.ValidatorIndex(s.IntN(blockValidators)))
	msg.SetParentRoot(s.root())
	msg.SetStateRoot(s.root())
	signed.SetSignature(s.signature())

	body.SetRandaoReveal(s.signature())
	body.SetEth1Data(capella.Eth1Data{DepositRoot: s.root(), DepositCount: 2_000_000 + s.Uint64N(100_000), BlockHash: capella.Hash32(s.root())})
	var graffiti capella.Bytes32
	copy(graffiti[:], "ssztree synthetic block")
	body.SetGraffiti(graffiti)
	sync := body.SyncAggregate()
	bits := sync.SyncCommitteeBits()
	for i := range bits.Len() {
		bits.Set(i, s.percent(97)) // sync committees are nearly full
	}
	sync.SetSyncCommitteeSignature(s.signature())

	if err := fillExecution(pl, s, uint64(slot), shape.gasLimit); err != nil {
		return chain{}, err
	}
	if err := pl.Transactions().UnmarshalSSZ(transactionList(s, shape.blobs)); err != nil {
		return chain{}, fmt.Errorf("synth: transactions: %w", err)
	}
	ws := make([]capella.Withdrawal, min(withdrawals, v["MAX_WITHDRAWALS_PER_PAYLOAD"]))
	first, validator := s.Uint64N(1<<30), s.Uint64N(blockValidators)
	for i := range ws {
		// The sweep's skims of 0x01 validators: what they earned above
		// 32 ETH since the last sweep, some hundredths of an ether.
		ws[i] = capella.Withdrawal{
			Index:          capella.WithdrawalIndex(first + uint64(i)),
			ValidatorIndex: capella.ValidatorIndex((validator + uint64(i)*(1+s.Uint64N(3))) % blockValidators),
			Address:        s.address(),
			Amount:         capella.Gwei(10_000_000 + s.Uint64N(10_000_000)),
		}
	}
	if err := pl.Withdrawals().SetAll(ws); err != nil {
		return chain{}, err
	}
	if b, ok := pl.(blobGas); ok {
		const gasPerBlob = 1 << 17 // GAS_PER_BLOB, EIP-4844
		b.SetBlobGasUsed(uint64(shape.blobs) * gasPerBlob)
		b.SetExcessBlobGas(s.Uint64N(1 << 26))
	}
	return newChain(p, slot, s), nil
}

// fillExecution sets the fields that execution payloads and their headers
// share, for a payload of block number.
func fillExecution(h executionFields, s source, number, gasLimit uint64) error {
	h.SetParentHash(capella.Hash32(s.root()))
	h.SetFeeRecipient(s.address())
	h.SetStateRoot(s.bytes32())
	h.SetReceiptsRoot(s.bytes32())
	bloom := h.LogsBloom()
	for i := 0; i < bloom.Len(); i += 7 {
		bloom.Set(i, byte(s.Uint32()))
	}
	h.SetPrevRandao(s.bytes32())
	h.SetBlockNumber(number)
	h.SetGasLimit(gasLimit)
	h.SetGasUsed(s.Uint64N(gasLimit))
	h.SetTimestamp(1_606_824_023 + 12*number)
	if err := h.ExtraData().SetBytes([]byte("ssztree synthetic payload")); err != nil {
		return fmt.Errorf("synth: extra data: %w", err)
	}
	h.SetBaseFeePerGas(*uint256.NewInt(s.Uint64N(100_000_000_000)))
	h.SetBlockHash(capella.Hash32(s.root()))
	return nil
}

// transactionSize returns the size of a random transaction: most are
// transfers and token or swap calls of a few hundred bytes, some contract
// calls of a few kilobytes, a few deployments or calldata-heavy ones of
// tens of kilobytes.
func transactionSize(s source) int {
	switch r := s.IntN(100); {
	case r < 60:
		return 100 + s.IntN(150)
	case r < 90:
		return 250 + s.IntN(1250)
	case r < 99:
		return 1500 + s.IntN(6500)
	default:
		return 8000 + s.IntN(32000)
	}
}

// transactionList returns the serialization of a payload's transactions
// (List[Transaction, MAX_TRANSACTIONS_PER_PAYLOAD]): random bytes behind a
// type byte, EIP-1559 (0x02) for most, EIP-4844 (0x03) for the blob
// carriers, one for every three blobs.
func transactionList(s source, blobs int) []byte {
	txs := make([][]byte, transactions)
	size := 4 * len(txs)
	for i := range txs {
		txs[i] = make([]byte, transactionSize(s))
		s.fill(txs[i])
		txs[i][0] = 0x02
		if i < (blobs+2)/3 {
			txs[i][0] = 0x03
		}
		size += len(txs[i])
	}
	b := make([]byte, 4*len(txs), size)
	offset := 4 * len(txs)
	for i, tx := range txs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(offset))
		offset += len(tx)
		b = append(b, tx...)
	}
	return b
}

// bitlist returns the serialization of a bitlist of n bits, each set with
// probability percent/100.
func bitlist(s source, n, percent int) []byte {
	b := make([]byte, n/8+1)
	for i := range n {
		if s.percent(percent) {
			b[i/8] |= 1 << (i % 8)
		}
	}
	b[n/8] |= 1 << (n % 8) // the delimiter
	return b
}

// The share of their committees' validators that attestations aggregate,
// in percent: the best aggregates of the last slot, nearly whole, and the
// others (late ones, or of another head), sparse.
const (
	bestAggregate  = 95
	otherAggregate = 10
)

// attestationData returns the data of an attestation to slot.
func (c chain) attestationData(s source, slot capella.Slot, index int) capella.AttestationData {
	return capella.AttestationData{Slot: slot, Index: capella.CommitteeIndex(index), BeaconBlockRoot: s.root(), Source: c.source, Target: c.target}
}

// fillAttestations appends count attestations of Capella and Deneb (one
// committee each) to list: those of every committee of the last slot, then
// of the slots before.
func fillAttestations(list *view.ListOf[*capella.Attestation], newAttestation func() *capella.Attestation, c chain, s source, count int) error {
	count = min(count, int(c.p.Values["MAX_ATTESTATIONS"]))
	for i := range count {
		a := newAttestation()
		percent := bestAggregate
		if i >= c.committees {
			percent = otherAggregate
		}
		if err := a.AggregationBits().UnmarshalSSZ(bitlist(s, c.committeeSize, percent)); err != nil {
			return fmt.Errorf("synth: aggregation bits: %w", err)
		}
		slot := c.slot - 1 - capella.Slot(i/c.committees)
		a.SetData(c.attestationData(s, slot, i%c.committees))
		a.SetSignature(s.signature())
		if err := list.Append(a); err != nil {
			return err
		}
	}
	return nil
}

// fillElectraAttestations appends count attestations of Electra (EIP-7549:
// several committees each) to list: the first of every committee of the
// last slot, the others of some committees of the slots before.
func fillElectraAttestations(list *view.ListOf[*electra.Attestation], newAttestation func() *electra.Attestation, c chain, s source, count int) error {
	count = min(count, int(c.p.Values["MAX_ATTESTATIONS_ELECTRA"]))
	for i := range count {
		a := newAttestation()
		bits := a.CommitteeBits()
		members, percent := 0, bestAggregate
		for j := range c.committees {
			if i == 0 || s.percent(50) {
				bits.Set(j, true)
				members += c.committeeSize
			}
		}
		if members == 0 { // an attestation names one committee at least
			bits.Set(s.IntN(c.committees), true)
			members = c.committeeSize
		}
		if i > 0 {
			percent = otherAggregate
		}
		if err := a.AggregationBits().UnmarshalSSZ(bitlist(s, members, percent)); err != nil {
			return fmt.Errorf("synth: aggregation bits: %w", err)
		}
		a.SetData(c.attestationData(s, c.slot-1-capella.Slot(i), 0))
		a.SetSignature(s.signature())
		if err := list.Append(a); err != nil {
			return err
		}
	}
	return nil
}

// fillCommitments sets count random KZG commitments.
func fillCommitments(list *view.ValueList[deneb.KZGCommitment, *deneb.KZGCommitment], s source, count int) error {
	cs := make([]deneb.KZGCommitment, count)
	for i := range cs {
		s.fill(cs[i][:])
	}
	return list.SetAll(cs)
}

// The execution requests of an Electra or Fulu block, each capped by the
// preset's limit.
const (
	depositRequests       = 4
	withdrawalRequests    = 2
	consolidationRequests = 1
)

// fillRequests sets the execution requests of an Electra or Fulu block.
func fillRequests(r *electra.ExecutionRequests, p *def.Preset, s source) error {
	v := p.Values
	deposits := make([]electra.DepositRequest, min(depositRequests, v["MAX_DEPOSIT_REQUESTS_PER_PAYLOAD"]))
	first := 2_000_000 + s.Uint64N(100_000)
	for i := range deposits {
		prefix := byte(executionPrefix)
		if s.percent(30) {
			prefix = compoundingPrefix
		}
		deposits[i] = electra.DepositRequest{Pubkey: s.pubkey(), WithdrawalCredentials: s.credentials(prefix), Amount: 32 * gwei, Signature: s.signature(), Index: first + uint64(i)}
	}
	if err := r.Deposits().SetAll(deposits); err != nil {
		return err
	}
	// A full exit (amount 0) and partial withdrawals.
	ws := make([]electra.WithdrawalRequest, min(withdrawalRequests, v["MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD"]))
	for i := range ws {
		ws[i] = electra.WithdrawalRequest{SourceAddress: s.address(), ValidatorPubkey: s.pubkey()}
		if i > 0 {
			ws[i].Amount = capella.Gwei(1+s.Uint64N(100)) * gwei
		}
	}
	if err := r.Withdrawals().SetAll(ws); err != nil {
		return err
	}
	cs := make([]electra.ConsolidationRequest, min(consolidationRequests, v["MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD"]))
	for i := range cs {
		cs[i] = electra.ConsolidationRequest{SourceAddress: s.address(), SourcePubkey: s.pubkey(), TargetPubkey: s.pubkey()}
	}
	return r.Consolidations().SetAll(cs)
}

// CapellaBlock returns a signed Capella block of the given preset, of the
// contents the package doc lists: 100 attestations, a sync aggregate,
// and a payload of 100 transactions and 16 withdrawals. It returns an
// error if spec is nil.
func CapellaBlock(spec *capella.Spec, seed uint64) (*capella.SignedBeaconBlock, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	s := newSource(seed)
	b := capella.NewSignedBeaconBlock(spec)
	msg := b.Message()
	body := msg.Body()
	c, err := fillBlock(b, msg, body, body.ExecutionPayload(), spec.Preset, s, blockShape{slot: 7_000_000, gasLimit: 30_000_000})
	if err != nil {
		return nil, err
	}
	if err := fillAttestations(body.Attestations(), func() *capella.Attestation { return capella.NewAttestation(spec) }, c, s, 100); err != nil {
		return nil, err
	}
	return b, nil
}

// DenebBlock returns a signed Deneb block of the given preset, of the
// contents the package doc lists: Capella's, with 6 blobs' commitments. It
// returns an error if spec is nil.
func DenebBlock(spec *deneb.Spec, seed uint64) (*deneb.SignedBeaconBlock, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	s := newSource(seed)
	b := deneb.NewSignedBeaconBlock(spec)
	msg := b.Message()
	body := msg.Body()
	const blobs = 6 // MAX_BLOBS_PER_BLOCK of Deneb's mainnet configuration
	c, err := fillBlock(b, msg, body, body.ExecutionPayload(), spec.Preset, s, blockShape{slot: 300_000 * 32, gasLimit: 30_000_000, blobs: blobs})
	if err != nil {
		return nil, err
	}
	if err := fillAttestations(body.Attestations(), func() *capella.Attestation { return deneb.NewAttestation(spec) }, c, s, 100); err != nil {
		return nil, err
	}
	if err := fillCommitments(body.BlobKZGCommitments(), s, blobs); err != nil {
		return nil, err
	}
	return b, nil
}

// electraBlock is what Electra's and Fulu's blocks share: they are the
// same Go types, of two Specs.
func electraBlock(b *electra.SignedBeaconBlock, p *def.Preset, s source, slot uint64, gasLimit uint64, newAttestation func() *electra.Attestation) error {
	msg := b.Message()
	body := msg.Body()
	const blobs = 9 // MAX_BLOBS_PER_BLOCK_ELECTRA of mainnet's configuration
	c, err := fillBlock(b, msg, body, body.ExecutionPayload(), p, s, blockShape{slot: slot, gasLimit: gasLimit, blobs: blobs})
	if err != nil {
		return err
	}
	if err := fillElectraAttestations(body.Attestations(), newAttestation, c, s, 8); err != nil {
		return err
	}
	if err := fillCommitments(body.BlobKZGCommitments(), s, blobs); err != nil {
		return err
	}
	return fillRequests(body.ExecutionRequests(), p, s)
}

// ElectraBlock returns a signed Electra block of the given preset, of the
// contents the package doc lists: 8 attestations of several committees
// each, a sync aggregate, a payload of 100 transactions and 16
// withdrawals, 9 blobs' commitments and execution requests. It returns an
// error if spec is nil.
func ElectraBlock(spec *electra.Spec, seed uint64) (*electra.SignedBeaconBlock, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	b := electra.NewSignedBeaconBlock(spec)
	if err := electraBlock(b, spec.Preset, newSource(seed), 390_000*32, 45_000_000, func() *electra.Attestation { return electra.NewAttestation(spec) }); err != nil {
		return nil, err
	}
	return b, nil
}

// FuluBlock returns a signed Fulu block of the given preset, of the
// contents the package doc lists: those of ElectraBlock. It returns an
// error if spec is nil.
func FuluBlock(spec *fulu.Spec, seed uint64) (*fulu.SignedBeaconBlock, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	b := fulu.NewSignedBeaconBlock(spec)
	if err := electraBlock(b, spec.Preset, newSource(seed), 420_000*32, 60_000_000, func() *electra.Attestation { return fulu.NewAttestation(spec) }); err != nil {
		return nil, err
	}
	return b, nil
}
