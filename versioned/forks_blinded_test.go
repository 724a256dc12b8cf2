package versioned_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
)

// blindValue is what the blinding tests read of a block, blinded or not.
type blindValue interface {
	untyped
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
}

// blindPayload is what they change of an execution payload.
type blindPayload interface {
	GasUsed() uint64
	SetGasUsed(uint64)
}

// blindSigned is a fork's signed block, blinded or not, of message M.
type blindSigned[M any] interface {
	blindValue
	Message() M
}

// A blindFork is the fork's functions of blinded_gen.go, and those of its
// types the checks need.
type blindFork[S forkSpec, B, BB blindValue, SB blindSigned[B], SBB blindSigned[BB], P blindPayload] struct {
	name         string
	mainnet      S
	minimal      S
	decodeSigned decoder[S, SB]
	decodeBlind  decoder[S, SBB]
	decodeBody   decoder[S, blindValue]
	newBlinded   func(S) SBB
	newPayload   func(S) P
	payload      func(B) P
	copyPayload  func(P) P

	blind         func(B) (BB, error)
	blindSigned   func(SB) (SBB, error)
	unblind       func(BB, P) (B, error)
	unblindSigned func(SBB, P) (SB, error)
}

// test checks, on random signed blocks and those of the conformance
// cases, in both presets, that a blinded block has the root of its block,
// that it round-trips through SSZ and JSON, and that unblinding it with
// the block's payload gives the block back, and with another payload or
// one of another preset fails; and that random blinded blocks, which the
// conformance cases have none of, encode to their bytes and round-trip.
func (f blindFork[S, B, BB, SB, SBB, P]) test(t *testing.T) {
	for _, pair := range [][2]S{{f.mainnet, f.minimal}, {f.minimal, f.mainnet}} {
		spec, other := pair[0], pair[1]
		eachSample(t, f.name, "SignedBeaconBlock", f.decodeSigned, func(where string, signed SB, ssz []byte) {
			blinded, err := f.blindSigned(signed)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if blinded.HashTreeRoot() != signed.HashTreeRoot() || blinded.Message().HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: the blinded block's root is not the block's", where)
			}
			f.roundTrips(t, where, spec, blinded)

			payload := f.payload(signed.Message())
			back, err := f.unblindSigned(blinded, payload)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, _ := back.MarshalSSZ(); !bytes.Equal(got, ssz) {
				t.Errorf("%s: unblinded, the block encodes to other bytes", where)
			}
			block, err := f.unblind(blinded.Message(), payload)
			if err != nil || block.HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s: Unblind of the message: %v", where, err)
			}
			if b, err := f.blind(signed.Message()); err != nil || b.HashTreeRoot() != blinded.Message().HashTreeRoot() {
				t.Errorf("%s: Blind of the message: %v", where, err)
			}

			changed := f.copyPayload(payload)
			changed.SetGasUsed(changed.GasUsed() ^ 1)
			if _, err := f.unblindSigned(blinded, changed); err == nil {
				t.Errorf("%s: unblinded with another payload", where)
			}
			if _, err := f.unblind(blinded.Message(), f.newPayload(other)); err == nil {
				t.Errorf("%s: unblinded with a payload of another preset", where)
			}
		}, spec)
		eachSample(t, f.name, "SignedBlindedBeaconBlock", f.decodeBlind, func(where string, signed SBB, ssz []byte) {
			if got, _ := signed.MarshalSSZ(); !bytes.Equal(got, ssz) {
				t.Errorf("%s: encodes to other bytes", where)
			}
			f.roundTrips(t, where, spec, signed)
		}, spec)
		eachSample(t, f.name, "BlindedBeaconBlockBody", f.decodeBody, func(where string, body blindValue, ssz []byte) {
			if got, _ := body.MarshalSSZ(); !bytes.Equal(got, ssz) {
				t.Errorf("%s: encodes to other bytes", where)
			}
		}, spec)
	}
}

// roundTrips checks that signed, decoded from its SSZ and from its JSON,
// has its root and bytes.
func (f blindFork[S, B, BB, SB, SBB, P]) roundTrips(t *testing.T, where string, spec S, signed SBB) {
	t.Helper()
	enc, err := signed.MarshalSSZ()
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	dec, err := f.decodeBlind(spec, enc)
	if err != nil || dec.HashTreeRoot() != signed.HashTreeRoot() {
		t.Errorf("%s: SSZ round trip: %v", where, err)
	}
	js, err := json.Marshal(signed)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	fromJSON := f.newBlinded(spec)
	if err := json.Unmarshal(js, fromJSON); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if got, _ := fromJSON.MarshalSSZ(); !bytes.Equal(got, enc) {
		t.Errorf("%s: JSON round trip gives other bytes", where)
	}
}

// decodeAs returns decode as a decoder of V, an interface its values
// satisfy.
func decodeAs[V any, S forkSpec, T any](decode decoder[S, T]) decoder[S, V] {
	return func(s S, b []byte) (V, error) {
		v, err := decode(s, b)
		return any(v).(V), err
	}
}

// TestBlind runs the blinding checks of every fork with blinded blocks.
func TestBlind(t *testing.T) {
	for name, test := range map[string]func(*testing.T){
		"bellatrix": blindFork[*bellatrix.Spec, *bellatrix.BeaconBlock, *bellatrix.BlindedBeaconBlock, *bellatrix.SignedBeaconBlock, *bellatrix.SignedBlindedBeaconBlock, *bellatrix.ExecutionPayload]{
			"bellatrix", bellatrix.Mainnet, bellatrix.Minimal,
			bellatrix.DecodeSignedBeaconBlock, bellatrix.DecodeSignedBlindedBeaconBlock, decodeAs[blindValue](bellatrix.DecodeBlindedBeaconBlockBody),
			bellatrix.NewSignedBlindedBeaconBlock, bellatrix.NewExecutionPayload, func(b *bellatrix.BeaconBlock) *bellatrix.ExecutionPayload { return b.Body().ExecutionPayload() }, (*bellatrix.ExecutionPayload).Copy,
			bellatrix.Blind, bellatrix.BlindSigned, bellatrix.Unblind, bellatrix.UnblindSigned}.test,
		"capella": blindFork[*capella.Spec, *capella.BeaconBlock, *capella.BlindedBeaconBlock, *capella.SignedBeaconBlock, *capella.SignedBlindedBeaconBlock, *capella.ExecutionPayload]{
			"capella", capella.Mainnet, capella.Minimal,
			capella.DecodeSignedBeaconBlock, capella.DecodeSignedBlindedBeaconBlock, decodeAs[blindValue](capella.DecodeBlindedBeaconBlockBody),
			capella.NewSignedBlindedBeaconBlock, capella.NewExecutionPayload, func(b *capella.BeaconBlock) *capella.ExecutionPayload { return b.Body().ExecutionPayload() }, (*capella.ExecutionPayload).Copy,
			capella.Blind, capella.BlindSigned, capella.Unblind, capella.UnblindSigned}.test,
		"deneb": blindFork[*deneb.Spec, *deneb.BeaconBlock, *deneb.BlindedBeaconBlock, *deneb.SignedBeaconBlock, *deneb.SignedBlindedBeaconBlock, *deneb.ExecutionPayload]{
			"deneb", deneb.Mainnet, deneb.Minimal,
			deneb.DecodeSignedBeaconBlock, deneb.DecodeSignedBlindedBeaconBlock, decodeAs[blindValue](deneb.DecodeBlindedBeaconBlockBody),
			deneb.NewSignedBlindedBeaconBlock, deneb.NewExecutionPayload, func(b *deneb.BeaconBlock) *deneb.ExecutionPayload { return b.Body().ExecutionPayload() }, (*deneb.ExecutionPayload).Copy,
			deneb.Blind, deneb.BlindSigned, deneb.Unblind, deneb.UnblindSigned}.test,
		"electra": blindFork[*electra.Spec, *electra.BeaconBlock, *electra.BlindedBeaconBlock, *electra.SignedBeaconBlock, *electra.SignedBlindedBeaconBlock, *electra.ExecutionPayload]{
			"electra", electra.Mainnet, electra.Minimal,
			electra.DecodeSignedBeaconBlock, electra.DecodeSignedBlindedBeaconBlock, decodeAs[blindValue](electra.DecodeBlindedBeaconBlockBody),
			electra.NewSignedBlindedBeaconBlock, electra.NewExecutionPayload, func(b *electra.BeaconBlock) *electra.ExecutionPayload { return b.Body().ExecutionPayload() }, (*electra.ExecutionPayload).Copy,
			electra.Blind, electra.BlindSigned, electra.Unblind, electra.UnblindSigned}.test,
		"fulu": blindFork[*fulu.Spec, *fulu.BeaconBlock, *fulu.BlindedBeaconBlock, *fulu.SignedBeaconBlock, *fulu.SignedBlindedBeaconBlock, *fulu.ExecutionPayload]{
			"fulu", fulu.Mainnet, fulu.Minimal,
			fulu.DecodeSignedBeaconBlock, fulu.DecodeSignedBlindedBeaconBlock, decodeAs[blindValue](fulu.DecodeBlindedBeaconBlockBody),
			fulu.NewSignedBlindedBeaconBlock, fulu.NewExecutionPayload, func(b *fulu.BeaconBlock) *fulu.ExecutionPayload { return b.Body().ExecutionPayload() }, (*fulu.ExecutionPayload).Copy,
			fulu.Blind, fulu.BlindSigned, fulu.Unblind, fulu.UnblindSigned}.test,
	} {
		t.Run(name, test)
	}
}
