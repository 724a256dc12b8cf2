package versioned

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// Blinded blocks of every fork that has them: decoded, their header's
// root is theirs, and their JSON in the proposer's envelope reads back.
func TestBlindedBlocks(t *testing.T) {
	for _, fork := range forks.Names()[forks.NameBellatrix:forks.NameGloas] {
		for _, preset := range []*def.Preset{forks.Mainnet, forks.Minimal} {
			name := fork.String() + "/" + preset.Name
			sb := blindedTypes[fork].newSigned(mustSpec(t, fork, preset))
			blindedTypes[fork].message(sb).(interface{ SetSlot(phase0.Slot) }).SetSlot(77)
			b, err := sb.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			signed, err := DecodeSignedBlindedBlock(fork, preset, b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			m := signed.Message()
			if !signed.Blinded() || !m.Blinded() || m.Slot() != 77 || m.ForkName() != fork || signed.HashTreeRoot() != sb.HashTreeRoot() {
				t.Errorf("%s: blinded %v %v, slot %d", name, signed.Blinded(), m.Blinded(), m.Slot())
			}
			if h := m.Header(); h.HashTreeRoot() != m.HashTreeRoot() {
				t.Errorf("%s: header root differs from the block's", name)
			}
			if c := signed.Copy(); !c.Blinded() || c.HashTreeRoot() != signed.HashTreeRoot() {
				t.Errorf("%s: copy", name)
			}
			if _, ok := signed.Fulu(); ok {
				t.Errorf("%s: Fulu() of a blinded block", name)
			}
			mb, _ := m.MarshalSSZ()
			if alone, err := DecodeBlindedBlock(fork, preset, mb); err != nil || !alone.Blinded() || alone.HashTreeRoot() != m.HashTreeRoot() {
				t.Errorf("%s: DecodeBlindedBlock: %v", name, err)
			}
			js, _ := m.MarshalJSON()
			env := `{"version":"` + fork.String() + `","execution_payload_blinded":true,"execution_payload_value":"1","consensus_block_value":"2","data":` + string(js) + `}`
			got, e, err := UnmarshalBlockEnvelope(preset, []byte(env))
			if err != nil || !got.Blinded() || got.HashTreeRoot() != m.HashTreeRoot() || e.ExecutionPayloadValue != "1" {
				t.Errorf("%s: envelope: %v", name, err)
			}
			sjs, _ := signed.MarshalJSON()
			if back, err := DecodeSignedBlindedBlockJSON(fork, preset, sjs); err != nil || back.HashTreeRoot() != signed.HashTreeRoot() {
				t.Errorf("%s: signed JSON: %v", name, err)
			}
			// A blinded block's JSON is no full block's.
			if _, err := DecodeBlockJSON(fork, preset, js); err == nil {
				t.Errorf("%s: blinded JSON decoded as a full block", name)
			}
		}
	}
	if _, err := DecodeBlindedBlock(forks.NameAltair, forks.Mainnet, nil); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("altair: %v", err)
	}

	// The blinded block of a full one has its root.
	full, err := synth.DenebBlock(deneb.Mainnet, 5)
	if err != nil {
		t.Fatal(err)
	}
	blind, err := deneb.BlindSigned(full)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := blind.MarshalSSZ()
	if _, err := DecodeSignedBlindedBlock(forks.NameGloas, forks.Mainnet, b); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("a blinded Gloas block: %v, want ErrUnknownFork (Gloas has none)", err)
	}
	got, err := DecodeSignedBlindedBlock(forks.NameDeneb, forks.Mainnet, b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Message().HashTreeRoot() != full.Message().HashTreeRoot() || got.Message().Header() != deneb.BeaconBlockHeaderOf(full.Message()) {
		t.Error("a blinded Deneb block's root or header differs from the full block's")
	}
}
