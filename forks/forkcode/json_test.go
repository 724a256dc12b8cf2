package forkcode

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// raw is a value that holds its serialization.
type raw struct {
	b   []byte
	err error // of MarshalSSZ
}

func (r *raw) MarshalSSZ() ([]byte, error) { return r.b, r.err }
func (r *raw) UnmarshalSSZ(b []byte) error {
	if len(b) != 8 {
		return errors.New("not 8 bytes")
	}
	r.b = b
	return nil
}

func TestJSON(t *testing.T) {
	v := &raw{b: []byte{7, 0, 0, 0, 0, 0, 0, 0}}
	if got, err := MarshalJSON(v, schema.Uint64); err != nil || string(got) != `"7"` {
		t.Errorf("MarshalJSON: %s, %v", got, err)
	}
	bad := errors.New("bad")
	if _, err := MarshalJSON(&raw{err: bad}, schema.Uint64); err != bad {
		t.Errorf("MarshalJSON of a value that fails to marshal: %v", err)
	}
	if err := UnmarshalJSON(v, schema.Uint64, []byte(`"8"`)); err != nil || !bytes.Equal(v.b, []byte{8, 0, 0, 0, 0, 0, 0, 0}) {
		t.Errorf("UnmarshalJSON: %x, %v", v.b, err)
	}
	for _, s := range []string{``, `{`, `8`, `"-1"`} {
		if err := UnmarshalJSON(v, schema.Uint64, []byte(s)); err == nil {
			t.Errorf("UnmarshalJSON(%q): no error", s)
		}
		if !bytes.Equal(v.b, []byte{8, 0, 0, 0, 0, 0, 0, 0}) {
			t.Errorf("a failed UnmarshalJSON(%q) changed the value to %x", s, v.b)
		}
	}
}
