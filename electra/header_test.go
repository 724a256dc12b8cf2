package electra_test

import (
	"testing"

	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestBeaconBlockHeaderOf checks that a block's header has the block's
// root, and a signed block's signed header the signed block's, on random
// blocks and those of the conformance cases, in both presets.
func TestBeaconBlockHeaderOf(t *testing.T) {
	for _, spec := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
		preset := spec.Preset.Name
		for _, c := range samples.All(t, "electra", preset, spec.Type("BeaconBlock")) {
			block, err := electra.DecodeBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s BeaconBlock %s: %v", preset, c.Name, err)
			}
			h := electra.BeaconBlockHeaderOf(block)
			if h.HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s BeaconBlock %s: the header's root is not the block's", preset, c.Name)
			}
			if h.Slot != block.Slot() || h.BodyRoot != electra.Root(block.Body().HashTreeRoot()) {
				t.Errorf("%s BeaconBlock %s: header %+v", preset, c.Name, h)
			}
		}
		for _, c := range samples.All(t, "electra", preset, spec.Type("SignedBeaconBlock")) {
			signed, err := electra.DecodeSignedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s SignedBeaconBlock %s: %v", preset, c.Name, err)
			}
			h := electra.SignedBeaconBlockHeaderOf(signed)
			if h.HashTreeRoot() != signed.HashTreeRoot() || h.Message.HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s SignedBeaconBlock %s: the header's root is not the block's", preset, c.Name)
			}
			if h.Signature != signed.Signature() {
				t.Errorf("%s SignedBeaconBlock %s: signature %v, want %v", preset, c.Name, h.Signature, signed.Signature())
			}
		}
	}
}

// TestExecutionPayloadHeaderOf checks that a payload's header has the
// payload's root, and the transactions' root, on random payloads and those
// of the conformance cases, in both presets; and that the header does not
// change with the payload it was taken from.
func TestExecutionPayloadHeaderOf(t *testing.T) {
	for _, spec := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
		preset := spec.Preset.Name
		for _, c := range samples.All(t, "electra", preset, spec.Type("ExecutionPayload")) {
			payload, err := electra.DecodeExecutionPayload(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s ExecutionPayload %s: %v", preset, c.Name, err)
			}
			h, err := electra.ExecutionPayloadHeaderOf(payload)
			if err != nil {
				t.Fatalf("%s ExecutionPayload %s: %v", preset, c.Name, err)
			}
			root := payload.HashTreeRoot()
			if h.HashTreeRoot() != root {
				t.Errorf("%s ExecutionPayload %s: the header's root is not the payload's", preset, c.Name)
			}
			if h.TransactionsRoot() != electra.Root(payload.Transactions().HashTreeRoot()) || h.BlockHash() != payload.BlockHash() ||
				h.WithdrawalsRoot() != electra.Root(payload.Withdrawals().HashTreeRoot()) ||
				h.BlobGasUsed() != payload.BlobGasUsed() || h.ExcessBlobGas() != payload.ExcessBlobGas() {
				t.Errorf("%s ExecutionPayload %s: header fields differ from the payload's", preset, c.Name)
			}
			payload.SetBlockNumber(payload.BlockNumber() + 1)
			if h.HashTreeRoot() != root || h.BlockNumber() == payload.BlockNumber() {
				t.Errorf("%s ExecutionPayload %s: the header changed with the payload", preset, c.Name)
			}
		}
	}
}
