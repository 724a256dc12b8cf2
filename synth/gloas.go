package synth

import (
	"fmt"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/view"
)

// The builders of a Gloas state: a few hundred, as the first months of
// enshrined proposer-builder separation may have, capped by nothing (the
// list is progressive).
const gloasBuilders = 200

// copyFields sets each field of dst that src has by name to src's value,
// through its serialization: the fields Gloas keeps from Fulu, a List in
// Fulu and a ProgressiveList in Gloas serialized alike, as a Container and
// a ProgressiveContainer of the same fields are. It returns the names of
// the fields of dst that src does not have.
func copyFields(dst *view.ProgressiveContainer, src *view.Container) ([]string, error) {
	var missing []string
	for i := range dst.NumFields() {
		name := dst.Schema().Field(i).Name
		j := src.Schema().FieldIndex(name)
		if j < 0 {
			missing = append(missing, name)
			continue
		}
		if err := dst.SetBytes(i, src.Bytes(j)); err != nil {
			return nil, fmt.Errorf("synth: field %s: %w", name, err)
		}
	}
	return missing, nil
}

// GloasState returns a Gloas beacon state of the given preset with n
// validators: FuluState's contents in Gloas' progressive lists (its
// latest_block_hash that of Fulu's latest payload header), with the fork
// of Gloas (which no network has scheduled: its epoch is 256 epochs
// before the state's), 200 builders, builder_pending_payments of the two
// epochs' slots (one in three paid, by a random builder, to the slot's
// proposer), 16 pending builder withdrawals, a bid of the latest block, its
// 16 expected withdrawals, the execution_payload_availability of every
// other slot, and a full ptc_window of random validators. It returns an
// error if spec is nil or n is negative.
func GloasState(spec *gloas.Spec, n int, seed uint64) (*gloas.BeaconState, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	fst, err := FuluState(spec.Fulu, n, seed)
	if err != nil {
		return nil, err
	}
	st := gloas.NewBeaconState(spec)
	missing, err := copyFields(st.View(), fst.View())
	if err != nil {
		return nil, err
	}
	s := newSource(seed ^ 0x6c6f6173) // the draws of Gloas' own fields, after Fulu's
	v := spec.Preset.Values
	epoch := capella.Epoch(uint64(fst.Slot()) / v["SLOTS_PER_EPOCH"])
	fork := forkOf(spec.Preset, forks.NameGloas)
	fork.Epoch = epoch - 256
	st.SetFork(fork)
	for _, name := range missing {
		switch name {
		case "latest_block_hash":
			st.SetLatestBlockHash(fst.LatestExecutionPayloadHeader().BlockHash())
		case "builders":
			builders := make([]gloas.Builder, gloasBuilders)
			for i := range builders {
				builders[i] = gloas.Builder{
					Pubkey:            s.pubkey(),
					ExecutionAddress:  s.address(),
					Balance:           capella.Gwei(1+s.Uint64N(1000)) * gwei,
					DepositEpoch:      epoch - capella.Epoch(s.IntN(200)),
					WithdrawableEpoch: farFuture,
				}
			}
			if err := st.Builders().SetAll(builders); err != nil {
				return nil, err
			}
		case "next_withdrawal_builder_index":
			st.SetNextWithdrawalBuilderIndex(gloas.BuilderIndex(s.IntN(gloasBuilders)))
		case "execution_payload_availability":
			bits := st.ExecutionPayloadAvailability()
			for i := 0; i < bits.Len(); i += 2 {
				bits.Set(i, true)
			}
		case "builder_pending_payments":
			payments := make([]gloas.BuilderPendingPayment, 2*v["SLOTS_PER_EPOCH"])
			for i := range payments {
				if s.IntN(3) != 0 {
					continue
				}
				payments[i] = gloas.BuilderPendingPayment{
					Weight: capella.Gwei(s.Uint64N(1 << 40)),
					Withdrawal: gloas.BuilderPendingWithdrawal{
						FeeRecipient: s.address(),
						Amount:       capella.Gwei(s.Uint64N(gwei)),
						BuilderIndex: gloas.BuilderIndex(s.IntN(gloasBuilders)),
					},
					ProposerIndex: capella.ValidatorIndex(s.IntN(max(1, n))),
				}
			}
			if err := st.BuilderPendingPayments().SetAll(payments); err != nil {
				return nil, err
			}
		case "builder_pending_withdrawals":
			for range 16 {
				w := gloas.BuilderPendingWithdrawal{FeeRecipient: s.address(), Amount: capella.Gwei(s.Uint64N(gwei)), BuilderIndex: gloas.BuilderIndex(s.IntN(gloasBuilders))}
				if err := st.BuilderPendingWithdrawals().Append(w); err != nil {
					return nil, err
				}
			}
		case "latest_execution_payload_bid":
			if err := fillBid(st.LatestExecutionPayloadBid(), s, fst.LatestExecutionPayloadHeader().BlockHash(), fst.Slot(), 0); err != nil {
				return nil, err
			}
		case "payload_expected_withdrawals":
			for i := range 16 {
				w := gloas.Withdrawal{Index: capella.WithdrawalIndex(i), ValidatorIndex: capella.ValidatorIndex(s.IntN(max(1, n))), Address: s.address(), Amount: capella.Gwei(s.Uint64N(gwei))}
				if err := st.PayloadExpectedWithdrawals().Append(w); err != nil {
					return nil, err
				}
			}
		case "ptc_window":
			window := st.PtcWindow()
			b := make([]byte, window.Len()*int(v["PTC_SIZE"])*8)
			for i := 0; i < len(b); i += 8 {
				putUint64(b[i:], uint64(s.IntN(max(1, n))))
			}
			if err := window.SetBytes(b); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("synth: Gloas state field %s has no value", name)
		}
	}
	return st, nil
}

// fillBid sets bid to a random builder's bid for slot on the block whose
// payload's hash is parent, with blobs commitments.
func fillBid(bid *gloas.ExecutionPayloadBid, s source, parent capella.Hash32, slot capella.Slot, blobs int) error {
	bid.SetParentBlockHash(parent)
	bid.SetParentBlockRoot(s.root())
	bid.SetBlockHash(capella.Hash32(s.root()))
	bid.SetPrevRandao(s.bytes32())
	bid.SetFeeRecipient(s.address())
	bid.SetGasLimit(60_000_000)
	bid.SetBuilderIndex(gloas.BuilderIndex(s.IntN(gloasBuilders)))
	bid.SetSlot(slot)
	bid.SetValue(capella.Gwei(s.Uint64N(gwei)))
	bid.SetExecutionRequestsRoot(s.root())
	for range blobs {
		var c gloas.KZGCommitment
		s.fill(c[:])
		if err := bid.BlobKZGCommitments().Append(c); err != nil {
			return err
		}
	}
	return nil
}

// putUint64 writes v little-endian to b.
func putUint64(b []byte, v uint64) {
	for i := range 8 {
		b[i] = byte(v >> (8 * i))
	}
}

// GloasBlock returns a signed Gloas block of the given preset: FuluBlock's
// attestations, sync aggregate and other operations in Gloas' progressive
// lists, its execution requests (and a builder's deposit) as the parent's, and, in the place of its
// payload and blob commitments, a builder's signed bid of 9 blobs'
// commitments and 4 payload attestations of the previous slot. It returns
// an error if spec is nil.
func GloasBlock(spec *gloas.Spec, seed uint64) (*gloas.SignedBeaconBlock, error) {
	if spec == nil {
		return nil, errNilSpec
	}
	fb, err := FuluBlock(spec.Fulu, seed)
	if err != nil {
		return nil, err
	}
	b := gloas.NewSignedBeaconBlock(spec)
	b.SetSignature(fb.Signature())
	m, fm := b.Message(), fb.Message()
	m.SetSlot(fm.Slot())
	m.SetProposerIndex(fm.ProposerIndex())
	m.SetParentRoot(fm.ParentRoot())
	m.SetStateRoot(fm.StateRoot())
	body, fbody := m.Body(), fm.Body()
	missing, err := copyFields(body.View(), fbody.View())
	if err != nil {
		return nil, err
	}
	s := newSource(seed ^ 0x6c6f6173)
	for _, name := range missing {
		switch name {
		case "signed_execution_payload_bid":
			signed := body.SignedExecutionPayloadBid()
			if err := fillBid(signed.Message(), s, fbody.ExecutionPayload().ParentHash(), fm.Slot(), 9); err != nil {
				return nil, err
			}
			signed.SetSignature(s.signature())
		case "payload_attestations":
			ptc := int(spec.Preset.Values["PTC_SIZE"])
			for range 4 {
				pa := gloas.NewPayloadAttestation(spec)
				bits := pa.AggregationBits()
				for i := range ptc {
					bits.Set(i, s.percent(95))
				}
				pa.SetData(gloas.PayloadAttestationData{BeaconBlockRoot: fm.ParentRoot(), Slot: fm.Slot() - 1, PayloadPresent: true, BlobDataAvailable: true})
				pa.SetSignature(s.signature())
				if err := body.PayloadAttestations().Append(pa); err != nil {
					return nil, err
				}
			}
		case "parent_execution_requests":
			// Fulu's requests, and a builder's deposit (EIP-8282): the
			// lists Gloas adds.
			requests := body.ParentExecutionRequests()
			if _, err := copyFields(requests.View(), fbody.ExecutionRequests().View()); err != nil {
				return nil, err
			}
			d := gloas.BuilderDepositRequest{Pubkey: s.pubkey(), WithdrawalCredentials: s.bytes32(), Amount: 10 * gwei, Signature: s.signature()}
			if err := requests.BuilderDeposits().Append(d); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("synth: Gloas block body field %s has no value", name)
		}
	}
	return b, nil
}
