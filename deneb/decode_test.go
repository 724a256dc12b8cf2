package deneb_test

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/phase0"
)

// TestDecodeErrors checks that decoding bad bytes is an error, not a
// panic, and that a nil *Spec is reported as ErrNilSpec.
func TestDecodeErrors(t *testing.T) {
	if _, err := deneb.DecodeBlobSidecar(deneb.Mainnet, make([]byte, 100)); err == nil {
		t.Error("DecodeBlobSidecar of 100 bytes: no error")
	}
	if _, err := deneb.DecodeBeaconState(nil, nil); !errors.Is(err, deneb.ErrNilSpec) || !errors.Is(err, phase0.ErrNilSpec) {
		t.Errorf("DecodeBeaconState(nil, nil): %v, want ErrNilSpec", err)
	}
}
