package fulu_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestBlind checks, on random signed blocks and those of the conformance
// cases, in both presets, that a blinded block has the root of its block,
// that it round-trips through SSZ and JSON, and that unblinding it with
// the block's payload gives the block back, and with another payload or
// one of another preset fails.
func TestBlind(t *testing.T) {
	for _, spec := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
		preset := spec.Preset.Name
		other := fulu.Minimal
		if spec == other {
			other = fulu.Mainnet
		}
		for _, c := range samples.All(t, "fulu", preset, spec.Type("SignedBeaconBlock")) {
			where := preset + " SignedBeaconBlock " + c.Name
			signed, err := fulu.DecodeSignedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			blinded, err := fulu.BlindSigned(signed)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if blinded.HashTreeRoot() != signed.HashTreeRoot() || blinded.Message().HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: the blinded block's root is not the block's", where)
			}
			checkRoundTrips(t, where, spec, blinded)

			payload := signed.Message().Body().ExecutionPayload()
			back, err := fulu.UnblindSigned(blinded, payload)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, _ := back.MarshalSSZ(); !bytes.Equal(got, c.SSZ) {
				t.Errorf("%s: unblinded, the block encodes to other bytes", where)
			}
			block, err := fulu.Unblind(blinded.Message(), payload)
			if err != nil || block.HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: Unblind of the message: %v", where, err)
			}
			if b, err := fulu.Blind(signed.Message()); err != nil || b.HashTreeRoot() != blinded.Message().HashTreeRoot() {
				t.Errorf("%s: Blind of the message: %v", where, err)
			}

			changed := payload.Copy()
			changed.SetGasUsed(changed.GasUsed() ^ 1)
			if _, err := fulu.UnblindSigned(blinded, changed); err == nil {
				t.Errorf("%s: unblinded with another payload", where)
			}
			if _, err := fulu.Unblind(blinded.Message(), fulu.NewExecutionPayload(other)); err == nil {
				t.Errorf("%s: unblinded with a payload of another preset", where)
			}
		}
	}
}

// TestBlindedRandom checks random blinded blocks, which the conformance
// tests have none of, through the schema and the Go types: decoded, they
// encode to the same bytes, and a JSON round trip keeps them.
func TestBlindedRandom(t *testing.T) {
	for _, spec := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
		preset := spec.Preset.Name
		for _, c := range samples.All(t, "fulu", preset, spec.Type("SignedBlindedBeaconBlock")) {
			where := preset + " SignedBlindedBeaconBlock " + c.Name
			signed, err := fulu.DecodeSignedBlindedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, _ := signed.MarshalSSZ(); !bytes.Equal(got, c.SSZ) {
				t.Errorf("%s: encodes to other bytes", where)
			}
			checkRoundTrips(t, where, spec, signed)
		}
		for _, c := range samples.All(t, "fulu", preset, spec.Type("BlindedBeaconBlockBody")) {
			body, err := fulu.DecodeBlindedBeaconBlockBody(spec, c.SSZ)
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
func checkRoundTrips(t *testing.T, where string, spec *fulu.Spec, signed *fulu.SignedBlindedBeaconBlock) {
	t.Helper()
	enc, err := signed.MarshalSSZ()
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	dec, err := fulu.DecodeSignedBlindedBeaconBlock(spec, enc)
	if err != nil || dec.HashTreeRoot() != signed.HashTreeRoot() {
		t.Errorf("%s: SSZ round trip: %v", where, err)
	}
	js, err := json.Marshal(signed)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	fromJSON := fulu.NewSignedBlindedBeaconBlock(spec)
	if err := json.Unmarshal(js, fromJSON); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if got, _ := fromJSON.MarshalSSZ(); !bytes.Equal(got, enc) {
		t.Errorf("%s: JSON round trip gives other bytes", where)
	}
}
