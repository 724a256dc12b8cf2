package synth

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/capella"
)

func TestCapellaStateIsDeterministicAndValid(t *testing.T) {
	a, err := CapellaState(capella.Minimal, 300, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := CapellaState(capella.Minimal, 300, 7)
	if err != nil {
		t.Fatal(err)
	}
	if a.HashTreeRoot() != b.HashTreeRoot() {
		t.Fatal("the same seed gave two states")
	}
	data, err := a.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	back, err := capella.DecodeBeaconState(capella.Minimal, data)
	if err != nil {
		t.Fatal(err)
	}
	if back.HashTreeRoot() != a.HashTreeRoot() {
		t.Fatal("decoding the encoded state gives another root")
	}
	again, _ := back.MarshalSSZ()
	if !bytes.Equal(again, data) {
		t.Fatal("re-encoding differs")
	}
	if a.Validators().Len() != 300 || a.Balances().Len() != 300 {
		t.Fatalf("%d validators, %d balances", a.Validators().Len(), a.Balances().Len())
	}
}
