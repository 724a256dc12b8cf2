package sszjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestRoundTrip converts random values of every type of the zoo to JSON
// and back.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, typ := range zoo() {
		t.Run(typ.String(), func(t *testing.T) {
			for i := 0; i < 200; i++ {
				ssz := randSSZ(r, typ)
				if err := checkValid(typ, ssz); err != nil {
					t.Fatalf("generator: %v", err)
				}
				js, err := Marshal(typ, ssz)
				if err != nil {
					t.Fatalf("Marshal(%x): %v", ssz, err)
				}
				if !json.Valid(js) {
					t.Fatalf("Marshal(%x) = %s: not JSON", ssz, js)
				}
				got, err := Unmarshal(typ, js)
				if err != nil {
					t.Fatalf("Unmarshal(%s): %v", js, err)
				}
				if !bytes.Equal(got, ssz) {
					t.Fatalf("round trip of %s:\n got %x\nwant %x", js, got, ssz)
				}
				// The same value with members in sorted rather than
				// field order and whitespace.
				sorted, _ := reshape(t, js, false)
				if got, err = Unmarshal(typ, sorted); err != nil {
					t.Fatalf("Unmarshal(%s): %v", sorted, err)
				}
				if !bytes.Equal(got, ssz) {
					t.Fatalf("round trip of %s:\n got %x\nwant %x", sorted, got, ssz)
				}
				// And with an unknown member added to every object: an
				// error by default, skipped on request.
				unknown, objects := reshape(t, js, true)
				if got, err = (UnmarshalOptions{AllowUnknownMembers: true}).Unmarshal(typ, unknown); err != nil {
					t.Fatalf("Unmarshal(%s) allowing unknown members: %v", unknown, err)
				}
				if !bytes.Equal(got, ssz) {
					t.Fatalf("round trip of %s:\n got %x\nwant %x", unknown, got, ssz)
				}
				_, err = Unmarshal(typ, unknown)
				var e *Error
				switch {
				case objects == 0 && err != nil:
					t.Fatalf("Unmarshal(%s): %v", unknown, err)
				case objects > 0 && (!errors.As(err, &e) || !errors.Is(err, ErrUnknownMember) || e.Detail != `"zz_unknown"`):
					t.Fatalf("Unmarshal(%s) = %v, want an unknown member zz_unknown", unknown, err)
				case objects > 0:
					checkPath(t, typ, e)
				}
			}
		})
	}
}

// reshape returns js with the members of every object sorted by name (as
// encoding/json writes maps), with unknown an unknown member added to
// each, and indentation; and the number of objects.
func reshape(t *testing.T, js []byte, unknown bool) ([]byte, int) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	objects := 0
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, m := range v {
				add(m)
			}
			objects++
			if unknown {
				v["zz_unknown"] = []any{1.5e3, "x\u00e9\n", map[string]any{"a": nil, "b": true, "c": []any{}}}
			}
		case []any:
			for _, e := range v {
				add(e)
			}
		}
	}
	add(v)
	out, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	return out, objects
}
