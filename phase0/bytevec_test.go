package phase0_test

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/phase0"
)

// TestByteVectorMarshalSSZ checks that a byte vector's MarshalSSZ gives
// its bytes, in a copy that the caller may change.
func TestByteVectorMarshalSSZ(t *testing.T) {
	r := phase0.Root{1, 2, 3}
	b, err := r.MarshalSSZ()
	if err != nil || !bytes.Equal(b, r[:]) {
		t.Fatalf("MarshalSSZ: %x, %v", b, err)
	}
	b[0] = 9
	if r[0] != 1 {
		t.Error("MarshalSSZ returned the root's own bytes")
	}
	var back phase0.Root
	if err := back.UnmarshalSSZ(b); err != nil || back[0] != 9 || back[1] != 2 {
		t.Errorf("UnmarshalSSZ of MarshalSSZ: %v %v", back, err)
	}
}
