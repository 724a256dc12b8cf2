package capella_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestBlind checks, on random signed blocks and those of the conformance
// cases, in both presets, that a blinded block has the root of its block,
// that it round-trips through SSZ and JSON, and that unblinding it with
// the block's payload gives the block back, and with another payload or
// one of another preset fails.
func TestBlind(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Mainnet, capella.Minimal} {
		preset := spec.Preset.Name
		other := capella.Minimal
		if spec == other {
			other = capella.Mainnet
		}
		for _, c := range samples.All(t, "capella", preset, spec.Type("SignedBeaconBlock")) {
			where := preset + " SignedBeaconBlock " + c.Name
			signed, err := capella.DecodeSignedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			blinded, err := capella.BlindSigned(signed)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if blinded.HashTreeRoot() != signed.HashTreeRoot() || blinded.Message().HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: the blinded block's root is not the block's", where)
			}
			checkRoundTrips(t, where, spec, blinded)

			payload := signed.Message().Body().ExecutionPayload()
			back, err := capella.UnblindSigned(blinded, payload)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, _ := back.MarshalSSZ(); !bytes.Equal(got, c.SSZ) {
				t.Errorf("%s: unblinded, the block encodes to other bytes", where)
			}
			block, err := capella.Unblind(blinded.Message(), payload)
			if err != nil || block.HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: Unblind of the message: %v", where, err)
			}
			if b, err := capella.Blind(signed.Message()); err != nil || b.HashTreeRoot() != blinded.Message().HashTreeRoot() {
				t.Errorf("%s: Blind of the message: %v", where, err)
			}

			changed := payload.Copy()
			changed.SetGasUsed(changed.GasUsed() ^ 1)
			if _, err := capella.UnblindSigned(blinded, changed); err == nil {
				t.Errorf("%s: unblinded with another payload", where)
			}
			if _, err := capella.Unblind(blinded.Message(), capella.NewExecutionPayload(other)); err == nil {
				t.Errorf("%s: unblinded with a payload of another preset", where)
			}
		}
	}
}

// TestBlindedRandom checks random blinded blocks, which the conformance
// tests have none of, through the schema and the Go types: decoded, they
// encode to the same bytes, and a JSON round trip keeps them.
func TestBlindedRandom(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Mainnet, capella.Minimal} {
		preset := spec.Preset.Name
		for _, c := range samples.All(t, "capella", preset, spec.Type("SignedBlindedBeaconBlock")) {
			where := preset + " SignedBlindedBeaconBlock " + c.Name
			signed, err := capella.DecodeSignedBlindedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, _ := signed.MarshalSSZ(); !bytes.Equal(got, c.SSZ) {
				t.Errorf("%s: encodes to other bytes", where)
			}
			checkRoundTrips(t, where, spec, signed)
		}
		for _, c := range samples.All(t, "capella", preset, spec.Type("BlindedBeaconBlockBody")) {
			body, err := capella.DecodeBlindedBeaconBlockBody(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s BlindedBeaconBlockBody %s: %v", preset, c.Name, err)
			}
			if got, _ := body.MarshalSSZ(); !bytes.Equal(got, c.SSZ) {
				t.Errorf("%s BlindedBeaconBlockBody %s: encodes to other bytes", preset, c.Name)
			}
		}
	}
}

// checkRoundTrips checks that signed, decoded from its SSZ and from its
// JSON, has its root and bytes.
func checkRoundTrips(t *testing.T, where string, spec *capella.Spec, signed *capella.SignedBlindedBeaconBlock) {
	t.Helper()
	enc, err := signed.MarshalSSZ()
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	dec, err := capella.DecodeSignedBlindedBeaconBlock(spec, enc)
	if err != nil || dec.HashTreeRoot() != signed.HashTreeRoot() {
		t.Errorf("%s: SSZ round trip: %v", where, err)
	}
	js, err := json.Marshal(signed)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	fromJSON := capella.NewSignedBlindedBeaconBlock(spec)
	if err := json.Unmarshal(js, fromJSON); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if got, _ := fromJSON.MarshalSSZ(); !bytes.Equal(got, enc) {
		t.Errorf("%s: JSON round trip gives other bytes", where)
	}
}
