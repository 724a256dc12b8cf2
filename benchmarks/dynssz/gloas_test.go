package dynssz

import (
	"bytes"
	"testing"

	egloas "github.com/attestantio/go-eth2-client/spec/gloas"
	dynssz "github.com/pk910/dynamic-ssz"

	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
)

// TestGloasAgreement decodes ssztree's synthetic mainnet Gloas state and
// block (consensus-specs v1.7.0-alpha.13) with dynamic-ssz into
// go-eth2-client v0.30.1's spec/gloas types, and demands the same roots
// and encodings: their field lists, progressive containers and lists
// agree. (spec/gloas's BeaconState has the 46 fields of v1.7.0-alpha.13,
// in its order.)
func TestGloasAgreement(t *testing.T) {
	ds := dynssz.NewDynSsz(nil)
	st, err := synth.GloasState(gloas.Mainnet, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	block, err := synth.GloasBlock(gloas.Mainnet, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		ours interface {
			MarshalSSZ() ([]byte, error)
			HashTreeRoot() [32]byte
		}
		theirs any
	}{
		{"BeaconState", st, new(egloas.BeaconState)},
		{"SignedBeaconBlock", block, new(egloas.SignedBeaconBlock)},
		{"BeaconBlockBody", block.Message().Body(), new(egloas.BeaconBlockBody)},
		{"ExecutionPayloadBid", st.LatestExecutionPayloadBid(), new(egloas.ExecutionPayloadBid)},
	} {
		b, err := c.ours.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		if err := ds.UnmarshalSSZ(c.theirs, b); err != nil {
			t.Errorf("%s: dynamic-ssz does not decode ssztree's encoding: %v", c.name, err)
			continue
		}
		root, err := ds.HashTreeRoot(c.theirs)
		if err != nil {
			t.Fatal(err)
		}
		if root != c.ours.HashTreeRoot() {
			t.Errorf("%s: dynamic-ssz's root %x, ssztree's %x", c.name, root, c.ours.HashTreeRoot())
		}
		again, err := ds.MarshalSSZ(c.theirs)
		if err != nil || !bytes.Equal(again, b) {
			t.Errorf("%s: dynamic-ssz re-encodes differently: %v", c.name, err)
		}
	}
}
