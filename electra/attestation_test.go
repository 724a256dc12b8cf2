package electra_test

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/electra"
)

// TestSingleAttestation checks that a SingleAttestation, a plain struct,
// round-trips through SSZ and rejects bytes of the wrong size.
func TestSingleAttestation(t *testing.T) {
	a := electra.SingleAttestation{CommitteeIndex: 3, AttesterIndex: 77}
	a.Data.Slot = 12
	b, err := a.MarshalSSZ()
	if err != nil || len(b) != 240 {
		t.Fatalf("MarshalSSZ: %d bytes, %v", len(b), err)
	}
	var back electra.SingleAttestation
	if err := back.UnmarshalSSZ(b); err != nil || back != a {
		t.Errorf("UnmarshalSSZ: %+v, %v", back, err)
	}
	if err := back.UnmarshalSSZ(b[1:]); err == nil {
		t.Error("UnmarshalSSZ of 239 bytes: no error")
	}
	if _, err := electra.DecodeBeaconState(nil, nil); !errors.Is(err, electra.ErrNilSpec) {
		t.Errorf("DecodeBeaconState(nil, nil): %v, want ErrNilSpec", err)
	}
}

// TestDecodeAllocs checks what decoding a gossip aggregate costs: the
// value with its view (one allocation), the view's lazy tree and its copy
// of the bytes.
func TestDecodeAllocs(t *testing.T) {
	b, err := electra.NewSignedAggregateAndProof(electra.Mainnet).MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	a := testing.AllocsPerRun(50, func() {
		if _, err := electra.DecodeSignedAggregateAndProof(electra.Mainnet, b); err != nil {
			t.Fatal(err)
		}
	})
	if a != 3 {
		t.Errorf("DecodeSignedAggregateAndProof allocates %v times, want 3", a)
	}
}
