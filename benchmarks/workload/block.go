package workload

import (
	"fmt"
	"strings"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/view"
)

// Block returns the serialization of the mainnet SignedBeaconBlock of a
// fork that the block micro case decodes: for Deneb, Electra and Fulu,
// synth's block of the fork (synth.FuluBlock...) with its payload's
// transactions replaced by Transactions of MinTransaction to MaxTransaction
// bytes and every operation list full (fillGossipBlock); for Gloas,
// synth.GloasBlock; for Capella, the block of capellaBlock, on which the
// Capella tables were measured.
func Block(fork string) ([]byte, error) {
	type encoder interface{ MarshalSSZ() ([]byte, error) }
	var b encoder
	var err error
	switch fork {
	case harness.ForkCapella:
		return capellaBlock()
	case harness.ForkDeneb:
		var blk *deneb.SignedBeaconBlock
		if blk, err = synth.DenebBlock(deneb.Mainnet, Seed); err == nil {
			body := blk.Message().Body()
			err = fillGossipBlock(body.ExecutionPayload().Transactions(), fixedOperations(body), body.AttesterSlashings(), denebAttesterSlashings)
		}
		b = blk
	case harness.ForkElectra, harness.ForkFulu:
		var blk *electra.SignedBeaconBlock
		if fork == harness.ForkElectra {
			blk, err = synth.ElectraBlock(electra.Mainnet, Seed)
		} else {
			blk, err = synth.FuluBlock(fulu.Mainnet, Seed)
		}
		if err == nil {
			body := blk.Message().Body()
			err = fillGossipBlock(body.ExecutionPayload().Transactions(), fixedOperations(body), body.AttesterSlashings(), electraAttesterSlashings)
		}
		b = blk
	case harness.ForkGloas:
		b, err = synth.GloasBlock(gloas.Mainnet, Seed)
	default:
		return nil, fmt.Errorf("workload: no block of fork %q", fork)
	}
	if err != nil {
		return nil, fmt.Errorf("workload: %s block: %w", fork, err)
	}
	return b.MarshalSSZ()
}

// BlockContents says what the block of a fork holds, for the report (from
// the package doc of synth).
func BlockContents(fork string) string {
	const common = "a sync aggregate with 97% of its bits set, an execution payload of 100 transactions of realistic sizes (about 80 kB) and 16 withdrawals"
	gossip := fmt.Sprintf("its payload's transactions replaced by %d of %d to %d bytes and its operation lists filled to their limits (16 proposer slashings, %%s of two indexed attestations of %d indices, 16 deposits, 16 voluntary exits, 16 BLS changes; random contents)", Transactions, MinTransaction, MaxTransaction, CommitteeSize)
	switch fork {
	case harness.ForkCapella:
		return fmt.Sprintf("A block whose execution payload carries %d transactions of %d to %d bytes and 16 withdrawals, its other fields random and its operation lists empty.", Transactions, MinTransaction, MaxTransaction)
	case harness.ForkDeneb:
		return "`synth.DenebBlock(deneb.Mainnet, 1)` (" + common + ", 100 attestations and 6 blobs' commitments), " + fmt.Sprintf(gossip, "2 attester slashings") + "."
	case harness.ForkElectra, harness.ForkFulu:
		return fmt.Sprintf("`synth.%sBlock(%s.Mainnet, 1)` (%s, 8 attestations of EIP-7549, 9 blobs' commitments and execution requests: 4 deposits, 2 withdrawals, 1 consolidation), %s.", strings.ToUpper(fork[:1])+fork[1:], fork, common, fmt.Sprintf(gossip, "1 attester slashing"))
	case harness.ForkGloas:
		return "`synth.GloasBlock(gloas.Mainnet, 1)`: Fulu's block in Gloas' progressive lists (" + common[:strings.Index(common, ", an execution payload")] + ", 8 attestations of EIP-7549, execution requests), its payload replaced by a builder's signed bid of 9 blobs' commitments (EIP-7732), and 4 payload attestations."
	}
	return ""
}

// capellaBlock returns the serialization of a mainnet Capella
// SignedBeaconBlock whose execution payload carries 1,000 transactions of
// 150 to 450 bytes and 16 withdrawals, its other fields random and its
// operation lists empty.
func capellaBlock() ([]byte, error) {
	r := rng(4)
	var root capella.Root
	var sig capella.BLSSignature
	spec := capella.Mainnet
	blk := capella.NewSignedBeaconBlock(spec)
	msg := blk.Message()
	msg.SetSlot(7_000_005)
	msg.SetProposerIndex(capella.ValidatorIndex(r.Uint64N(1_000_000)))
	msg.SetParentRoot(capella.Root(fill(r, root[:])))
	msg.SetStateRoot(capella.Root(fill(r, root[:])))

	body := msg.Body()
	fill(r, sig[:])
	body.SetRandaoReveal(sig)
	eth1 := capella.Eth1Data{DepositCount: r.Uint64N(1_000_000)}
	fill(r, eth1.DepositRoot[:])
	fill(r, eth1.BlockHash[:])
	body.SetEth1Data(eth1)
	var graffiti capella.Bytes32
	copy(graffiti[:], "ssztree benchmarks")
	body.SetGraffiti(graffiti)
	agg := body.SyncAggregate()
	bits := agg.SyncCommitteeBits()
	for i := range bits.Len() {
		bits.Set(i, r.IntN(10) != 0)
	}
	fill(r, sig[:])
	agg.SetSyncCommitteeSignature(sig)

	p := body.ExecutionPayload()
	var h capella.Bytes32
	p.SetParentHash(capella.Hash32(fill(r, h[:])))
	var fee capella.ExecutionAddress
	p.SetFeeRecipient(capella.ExecutionAddress(fill(r, fee[:])))
	p.SetStateRoot(capella.Bytes32(fill(r, h[:])))
	p.SetReceiptsRoot(capella.Bytes32(fill(r, h[:])))
	bloom := p.LogsBloom()
	for i := 0; i < bloom.Len(); i += 3 {
		bloom.Set(i, byte(r.Uint32()))
	}
	p.SetPrevRandao(capella.Bytes32(fill(r, h[:])))
	p.SetBlockNumber(17_000_000)
	p.SetGasLimit(30_000_000)
	p.SetGasUsed(r.Uint64N(30_000_000))
	p.SetTimestamp(1_700_000_000)
	if err := p.ExtraData().SetBytes([]byte("ssztree")); err != nil {
		return nil, err
	}
	p.SetBaseFeePerGas(*uint256.NewInt(r.Uint64N(100_000_000_000)))
	p.SetBlockHash(capella.Hash32(fill(r, h[:])))

	txs := p.Transactions()
	txType, ok := txs.Type().(*schema.List).Elem().(*schema.List)
	if !ok {
		return nil, fmt.Errorf("transactions: unexpected element type %s", txs.Type())
	}
	for range Transactions {
		tx, err := view.NewBasicList[uint8](txType)
		if err != nil {
			return nil, err
		}
		n := MinTransaction + r.IntN(MaxTransaction-MinTransaction+1)
		if err := tx.SetBytes(fill(r, make([]byte, n))); err != nil {
			return nil, err
		}
		if err := txs.Append(tx); err != nil {
			return nil, err
		}
	}
	withdrawals := make([]capella.Withdrawal, 16)
	for i := range withdrawals {
		w := &withdrawals[i]
		w.Index = capella.WithdrawalIndex(40_000_000 + i)
		w.ValidatorIndex = capella.ValidatorIndex(r.Uint64N(1_000_000))
		fill(r, fee[:])
		w.Address = fee
		w.Amount = capella.Gwei(r.Uint64N(100_000_000))
	}
	if err := p.Withdrawals().SetAll(withdrawals); err != nil {
		return nil, err
	}
	fill(r, sig[:])
	blk.SetSignature(sig)
	return blk.MarshalSSZ()
}
