package forks

import (
	"slices"
	"testing"
)

// TestBlinded checks the blinded blocks of every fork from Bellatrix on
// against the fields of the beacon API's (types/<fork>/block.yaml) and
// go-eth2-client's (api/v1/<fork>/blindedbeaconblockbody.go): the body's
// fields, in order, with execution_payload_header in the place of
// execution_payload, of the fork's ExecutionPayloadHeader.
func TestBlinded(t *testing.T) {
	want := map[string][]string{
		"bellatrix": {"randao_reveal", "eth1_data", "graffiti", "proposer_slashings", "attester_slashings",
			"attestations", "deposits", "voluntary_exits", "sync_aggregate", "execution_payload_header"},
	}
	want["capella"] = append(slices.Clone(want["bellatrix"]), "bls_to_execution_changes")
	want["deneb"] = append(slices.Clone(want["capella"]), "blob_kzg_commitments")
	want["electra"] = append(slices.Clone(want["deneb"]), "execution_requests")
	want["fulu"] = want["electra"]
	for _, f := range allForks {
		ts := resolve(t, f.fork, Mainnet)
		body := ts.Container("BlindedBeaconBlockBody")
		w, ok := want[f.fork.Name]
		if ok != (body != nil) {
			t.Errorf("%s: BlindedBeaconBlockBody %v, want one: %v", f.fork.Name, body, ok)
		}
		if !ok || body == nil {
			continue
		}
		var names []string
		for i := 0; i < body.NumFields(); i++ {
			names = append(names, body.Field(i).Name)
		}
		if !slices.Equal(names, w) {
			t.Errorf("%s: BlindedBeaconBlockBody fields %v, want %v", f.fork.Name, names, w)
		}
		if got := body.Field(body.FieldIndex("execution_payload_header")).Type; got != ts.Container("ExecutionPayloadHeader") {
			t.Errorf("%s: execution_payload_header is a %v, not the fork's ExecutionPayloadHeader", f.fork.Name, got)
		}
		block, signed := ts.Container("BlindedBeaconBlock"), ts.Container("SignedBlindedBeaconBlock")
		if block.NumFields() != 5 || block.Field(4).Type != body || block.Field(4).Name != "body" {
			t.Errorf("%s: BlindedBeaconBlock does not hold the BlindedBeaconBlockBody as body", f.fork.Name)
		}
		if signed.NumFields() != 2 || signed.Field(0).Type != block || signed.Field(1).Name != "signature" {
			t.Errorf("%s: SignedBlindedBeaconBlock does not hold the BlindedBeaconBlock as message", f.fork.Name)
		}
	}
}
