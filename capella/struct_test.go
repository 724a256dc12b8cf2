package capella_test

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/schema"
)

// TestStructsRejectInvalid checks that plain structs reject what the schema
// rejects, and leave the value unchanged.
func TestStructsRejectInvalid(t *testing.T) {
	v := capella.Validator{EffectiveBalance: 5}
	good, _ := v.MarshalSSZ()
	for _, tc := range []struct {
		b    []byte
		want error
	}{
		{good[:120], schema.ErrSize},
		{append(append([]byte(nil), good...), 0), schema.ErrSize},
		{func() []byte { b := append([]byte(nil), good...); b[88] = 2; return b }(), schema.ErrBoolean},
	} {
		got := v
		if err := got.UnmarshalSSZ(tc.b); !errors.Is(err, tc.want) {
			t.Errorf("UnmarshalSSZ: %v, want %v", err, tc.want)
		}
		if got != v {
			t.Error("a failed UnmarshalSSZ changed the value")
		}
	}
	var cp capella.Checkpoint
	if err := cp.UnmarshalSSZ(make([]byte, 39)); !errors.Is(err, schema.ErrSize) {
		t.Errorf("Checkpoint of 39 bytes: %v", err)
	}
	// A nested struct's boolean is checked too.
	var ex capella.SignedBLSToExecutionChange
	if err := ex.UnmarshalSSZ(make([]byte, ex.SizeSSZ())); err != nil {
		t.Fatal(err)
	}
}
