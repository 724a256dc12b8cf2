package workload

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/fulu"
)

// TestGossipInputs checks that each gossip input is a valid value of its
// Fulu type, which encodes back to the same bytes.
func TestGossipInputs(t *testing.T) {
	type marshaler interface{ MarshalSSZ() ([]byte, error) }
	decoders := map[string]func([]byte) (marshaler, error){
		harness.CaseSingleAttestation: func(b []byte) (marshaler, error) {
			var a fulu.SingleAttestation
			return &a, a.UnmarshalSSZ(b)
		},
		harness.CaseAggregate: func(b []byte) (marshaler, error) {
			return fulu.DecodeSignedAggregateAndProof(fulu.Mainnet, b)
		},
		harness.CaseBlobSidecar: func(b []byte) (marshaler, error) { return fulu.DecodeBlobSidecar(fulu.Mainnet, b) },
		harness.CaseColumnSidecar: func(b []byte) (marshaler, error) {
			return fulu.DecodeDataColumnSidecar(fulu.Mainnet, b)
		},
	}
	inputs, err := Micro(harness.ForkFulu)
	if err != nil {
		t.Fatal(err)
	}
	for _, cs := range harness.GossipCases {
		in := inputs[cs]
		v, err := decoders[cs](in)
		if err != nil {
			t.Errorf("%s: %v", cs, err)
			continue
		}
		out, err := v.MarshalSSZ()
		if err != nil || !bytes.Equal(out, in) {
			t.Errorf("%s: re-encoding differs from the input (%v)", cs, err)
		}
	}
	agg, err := fulu.DecodeSignedAggregateAndProof(fulu.Mainnet, inputs[harness.CaseAggregate])
	if err != nil {
		t.Fatal(err)
	}
	if n := agg.Message().Aggregate().AggregationBits().Len(); n != CommitteeSize {
		t.Errorf("aggregate of %d bits, want %d", n, CommitteeSize)
	}
	col, err := fulu.DecodeDataColumnSidecar(fulu.Mainnet, inputs[harness.CaseColumnSidecar])
	if err != nil {
		t.Fatal(err)
	}
	if n := col.Column().Len(); n != SidecarBlobs {
		t.Errorf("column of %d cells, want %d", n, SidecarBlobs)
	}
}

// TestGossipBlock checks that the Fulu block has Transactions transactions
// and full operation lists.
func TestGossipBlock(t *testing.T) {
	b, err := Block(harness.ForkFulu)
	if err != nil {
		t.Fatal(err)
	}
	blk, err := fulu.DecodeSignedBeaconBlock(fulu.Mainnet, b)
	if err != nil {
		t.Fatal(err)
	}
	body := blk.Message().Body()
	if n := body.ExecutionPayload().Transactions().Len(); n != Transactions {
		t.Errorf("%d transactions, want %d", n, Transactions)
	}
	counts := map[string]int{
		"proposer_slashings":        body.ProposerSlashings().Len(),
		"attester_slashings":        body.AttesterSlashings().Len(),
		"deposits":                  body.Deposits().Len(),
		"voluntary_exits":           body.VoluntaryExits().Len(),
		"bls_to_execution_changes":  body.BLSToExecutionChanges().Len(),
		"attestations (from synth)": body.Attestations().Len(),
	}
	want := map[string]int{
		"proposer_slashings": maxOperations, "attester_slashings": electraAttesterSlashings, "deposits": maxOperations,
		"voluntary_exits": maxOperations, "bls_to_execution_changes": maxOperations, "attestations (from synth)": 8,
	}
	for name, n := range counts {
		if n != want[name] {
			t.Errorf("%s: %d, want %d", name, n, want[name])
		}
	}
	again, err := Block(harness.ForkFulu)
	if err != nil || !bytes.Equal(again, b) {
		t.Errorf("a second block differs from the first (%v)", err)
	}
}
