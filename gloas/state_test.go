package gloas_test

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestStateAccessors decodes states (random ones, and the ssz_static cases
// of samples.Dir) through the typed view, writes the progressive
// lists through their handles (a balance, a validator, an appended
// builder, an inactivity score), and checks the root against the schema's
// of the bytes the view encodes, and that the untouched input keeps its
// root.
func TestStateAccessors(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Mainnet, gloas.Minimal} {
		typ := spec.Type("BeaconState")
		for _, c := range samples.All(t, "gloas", spec.Preset.Name, typ) {
			st, err := gloas.DecodeBeaconState(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s %s: %v", spec.Preset.Name, c.Name, err)
			}
			before := st.HashTreeRoot()
			cp := st.Copy()
			if bl := cp.Balances(); bl.Len() > 0 {
				bl.Set(bl.Len()-1, bl.Get(bl.Len()-1)+1)
			}
			if vs := cp.Validators(); vs.Len() > 0 {
				v := vs.Get(0)
				v.Slashed = !v.Slashed
				vs.Set(0, v)
			}
			if err := cp.Builders().Append(gloas.Builder{Balance: 32e9, Version: 1}); err != nil {
				t.Fatal(err)
			}
			if err := cp.InactivityScores().Append(7); err != nil {
				t.Fatal(err)
			}
			cp.SetNextWithdrawalBuilderIndex(cp.NextWithdrawalBuilderIndex() + 1)
			b, err := cp.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			n2, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%s: the schema does not decode the view's encoding: %v", c.Name, err)
			}
			if got, want := cp.HashTreeRoot(), n2.Root(); got != want {
				t.Errorf("%s %s: root after the writes %x, the schema's of its bytes %x", spec.Preset.Name, c.Name, got, want)
			}
			if got := cp.Builders().Get(cp.Builders().Len() - 1); got.Balance != 32e9 || got.Version != 1 {
				t.Errorf("%s: the appended builder reads back as %+v", c.Name, got)
			}
			if st.HashTreeRoot() != before {
				t.Errorf("%s: writing the copy changed the original", c.Name)
			}
			if out, _ := st.MarshalSSZ(); !bytes.Equal(out, c.SSZ) {
				t.Errorf("%s: the original does not encode to its input", c.Name)
			}
		}
	}
}

// TestBlockAccessors reads and writes the progressive lists of a block
// body (attestations, payload attestations) and the bid, against the
// schema.
func TestBlockAccessors(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Mainnet, gloas.Minimal} {
		typ := spec.Type("BeaconBlockBody").(*schema.ProgressiveContainer)
		for _, c := range samples.All(t, "gloas", spec.Preset.Name, typ) {
			body, err := gloas.DecodeBeaconBlockBody(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s %s: %v", spec.Preset.Name, c.Name, err)
			}
			att := gloas.NewAttestation(spec)
			if err := att.AggregationBits().Append(true); err != nil {
				t.Fatal(err)
			}
			if err := body.Attestations().Append(att); err != nil {
				t.Fatal(err)
			}
			pa := gloas.NewPayloadAttestation(spec)
			pa.SetData(gloas.PayloadAttestationData{Slot: 9, PayloadPresent: true})
			if err := body.PayloadAttestations().Append(pa); err != nil {
				t.Fatal(err)
			}
			bid := body.SignedExecutionPayloadBid().Message()
			bid.SetValue(bid.Value() + 5)
			if err := bid.BlobKZGCommitments().Append(gloas.KZGCommitment{1}); err != nil {
				t.Fatal(err)
			}
			b, err := body.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			n, err := typ.Decode(b)
			if err != nil {
				t.Fatalf("%s: the schema does not decode the view's encoding: %v", c.Name, err)
			}
			if got, want := body.HashTreeRoot(), n.Root(); got != want {
				t.Errorf("%s %s: root after the writes %x, the schema's of its bytes %x", spec.Preset.Name, c.Name, got, want)
			}
			last := body.PayloadAttestations().Get(body.PayloadAttestations().Len() - 1)
			if d := last.Data(); d.Slot != 9 || !d.PayloadPresent {
				t.Errorf("%s: the appended payload attestation reads back as %+v", c.Name, d)
			}
		}
	}
}
