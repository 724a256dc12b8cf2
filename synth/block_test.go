package synth

import (
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
)

// checkPayload checks the transactions and withdrawals of a block's
// payload.
func checkPayload(t *testing.T, p *def.Preset, pl payload) {
	t.Helper()
	txs := pl.Transactions()
	if txs.Len() != transactions {
		t.Errorf("%s: %d transactions, want %d", p.Name, txs.Len(), transactions)
	}
	total, small := 0, 0
	for _, tx := range txs.All() {
		total += tx.Len()
		if tx.Len() < 250 {
			small++
		}
	}
	if total < 20_000 || total > 1_000_000 || small < transactions/3 {
		t.Errorf("%s: %d bytes of transactions, %d under 250 bytes", p.Name, total, small)
	}
	if want := int(min(withdrawals, p.Values["MAX_WITHDRAWALS_PER_PAYLOAD"])); pl.Withdrawals().Len() != want {
		t.Errorf("%s: %d withdrawals, want %d", p.Name, pl.Withdrawals().Len(), want)
	}
}

// checkSyncAggregate checks that a sync aggregate is nearly full.
func checkSyncAggregate(t *testing.T, p *def.Preset, a *capella.SyncAggregate) {
	t.Helper()
	bits := a.SyncCommitteeBits()
	if n := bits.Count(); n < bits.Len()*8/10 {
		t.Errorf("%s: %d of %d sync committee bits set", p.Name, n, bits.Len())
	}
}

func TestCapellaBlock(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Minimal, capella.Mainnet} {
		b := checkEncoding(t,
			func(seed uint64) (*capella.SignedBeaconBlock, error) { return CapellaBlock(spec, seed) },
			func(data []byte) (*capella.SignedBeaconBlock, error) {
				return capella.DecodeSignedBeaconBlock(spec, data)
			})
		body := b.Message().Body()
		checkPayload(t, spec.Preset, body.ExecutionPayload())
		checkSyncAggregate(t, spec.Preset, body.SyncAggregate())
		if n := body.Attestations().Len(); n != 100 {
			t.Errorf("%s: %d attestations", spec.Preset.Name, n)
		}
	}
}

func TestDenebBlock(t *testing.T) {
	for _, spec := range []*deneb.Spec{deneb.Minimal, deneb.Mainnet} {
		b := checkEncoding(t,
			func(seed uint64) (*deneb.SignedBeaconBlock, error) { return DenebBlock(spec, seed) },
			func(data []byte) (*deneb.SignedBeaconBlock, error) { return deneb.DecodeSignedBeaconBlock(spec, data) })
		body := b.Message().Body()
		checkPayload(t, spec.Preset, body.ExecutionPayload())
		checkSyncAggregate(t, spec.Preset, body.SyncAggregate())
		if n := body.BlobKZGCommitments().Len(); n != 6 {
			t.Errorf("%s: %d blob commitments", spec.Preset.Name, n)
		}
		if used := body.ExecutionPayload().BlobGasUsed(); used != 6<<17 {
			t.Errorf("%s: %d blob gas used", spec.Preset.Name, used)
		}
		atts := body.Attestations()
		if atts.Len() != 100 {
			t.Fatalf("%s: %d attestations", spec.Preset.Name, atts.Len())
		}
		// Mainnet's committees of 1,000,000 validators: 64 per slot, of 488.
		if spec == deneb.Mainnet {
			if n := atts.Get(0).AggregationBits().Len(); n != 488 {
				t.Errorf("an attestation of %d bits, want 488", n)
			}
			if d := atts.Get(63).Data(); d.Index != 63 || d.Slot != b.Message().Slot()-1 {
				t.Errorf("attestation 63 of committee %d at slot %d, in a block of slot %d", d.Index, d.Slot, b.Message().Slot())
			}
		}
	}
}

// checkElectraBlock checks what Electra's and Fulu's blocks hold.
func checkElectraBlock(t *testing.T, p *def.Preset, b *electra.SignedBeaconBlock) {
	t.Helper()
	body := b.Message().Body()
	checkPayload(t, p, body.ExecutionPayload())
	checkSyncAggregate(t, p, body.SyncAggregate())
	if n := body.BlobKZGCommitments().Len(); n != 9 {
		t.Errorf("%s: %d blob commitments", p.Name, n)
	}
	atts := body.Attestations()
	if atts.Len() != 8 {
		t.Fatalf("%s: %d attestations", p.Name, atts.Len())
	}
	c := newChain(p, b.Message().Slot(), newSource(0))
	for i, a := range atts.All() {
		committees := a.CommitteeBits().Count()
		if i == 0 && committees != c.committees || committees == 0 {
			t.Errorf("%s: attestation %d of %d committees of %d", p.Name, i, committees, c.committees)
		}
		if n := a.AggregationBits().Len(); n != committees*c.committeeSize {
			t.Errorf("%s: attestation %d of %d bits, for %d committees of %d", p.Name, i, n, committees, c.committeeSize)
		}
	}
	if p.Name == "mainnet" && atts.Get(0).AggregationBits().Len() != 64*488 {
		t.Errorf("the best aggregate has %d bits, want 64 committees of 488", atts.Get(0).AggregationBits().Len())
	}
	r := body.ExecutionRequests()
	if r.Deposits().Len() != depositRequests || r.Withdrawals().Len() != withdrawalRequests || r.Consolidations().Len() != consolidationRequests {
		t.Errorf("%s: %d deposit, %d withdrawal and %d consolidation requests", p.Name, r.Deposits().Len(), r.Withdrawals().Len(), r.Consolidations().Len())
	}
}

func TestElectraBlock(t *testing.T) {
	for _, spec := range []*electra.Spec{electra.Minimal, electra.Mainnet} {
		b := checkEncoding(t,
			func(seed uint64) (*electra.SignedBeaconBlock, error) { return ElectraBlock(spec, seed) },
			func(data []byte) (*electra.SignedBeaconBlock, error) {
				return electra.DecodeSignedBeaconBlock(spec, data)
			})
		checkElectraBlock(t, spec.Preset, b)
	}
}

func TestFuluBlock(t *testing.T) {
	for _, spec := range []*fulu.Spec{fulu.Minimal, fulu.Mainnet} {
		b := checkEncoding(t,
			func(seed uint64) (*fulu.SignedBeaconBlock, error) { return FuluBlock(spec, seed) },
			func(data []byte) (*fulu.SignedBeaconBlock, error) { return fulu.DecodeSignedBeaconBlock(spec, data) })
		checkElectraBlock(t, spec.Preset, b)
	}
	if _, err := FuluBlock(nil, 1); err == nil {
		t.Error("FuluBlock of a nil Spec: no error")
	}
}
