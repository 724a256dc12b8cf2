package phase0_test

import (
	"testing"

	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestBeaconBlockHeaderOf checks that a block's header has the block's
// root, and a signed block's signed header the signed block's, on random
// blocks and those of the conformance cases, in both presets.
func TestBeaconBlockHeaderOf(t *testing.T) {
	for _, spec := range []*phase0.Spec{phase0.Mainnet, phase0.Minimal} {
		preset := spec.Preset.Name
		for _, c := range samples.All(t, "phase0", preset, spec.Type("BeaconBlock")) {
			block, err := phase0.DecodeBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s BeaconBlock %s: %v", preset, c.Name, err)
			}
			h := phase0.BeaconBlockHeaderOf(block)
			if h.HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s BeaconBlock %s: the header's root is not the block's", preset, c.Name)
			}
			if h.Slot != block.Slot() || h.BodyRoot != phase0.Root(block.Body().HashTreeRoot()) {
				t.Errorf("%s BeaconBlock %s: header %+v", preset, c.Name, h)
			}
		}
		for _, c := range samples.All(t, "phase0", preset, spec.Type("SignedBeaconBlock")) {
			signed, err := phase0.DecodeSignedBeaconBlock(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s SignedBeaconBlock %s: %v", preset, c.Name, err)
			}
			h := phase0.SignedBeaconBlockHeaderOf(signed)
			if h.HashTreeRoot() != signed.HashTreeRoot() || h.Message.HashTreeRoot() != signed.Message().HashTreeRoot() {
				t.Errorf("%s SignedBeaconBlock %s: the header's root is not the block's", preset, c.Name)
			}
			if h.Signature != signed.Signature() {
				t.Errorf("%s SignedBeaconBlock %s: signature %v, want %v", preset, c.Name, h.Signature, signed.Signature())
			}
		}
	}
}
