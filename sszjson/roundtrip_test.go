package sszjson

import (
	"bytes"
	"encoding/json"
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
				// field order, unknown members added, and whitespace.
				shuffled := reshape(t, js)
				if got, err = Unmarshal(typ, shuffled); err != nil {
					t.Fatalf("Unmarshal(%s): %v", shuffled, err)
				}
				if !bytes.Equal(got, ssz) {
					t.Fatalf("round trip of %s:\n got %x\nwant %x", shuffled, got, ssz)
				}
			}
		})
	}
}

// reshape returns js with the members of every object sorted by name (as
// encoding/json writes maps), an unknown member added to each, and
// indentation.
func reshape(t *testing.T, js []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, m := range v {
				add(m)
			}
			v["zz_unknown"] = []any{1.5e3, "x\u00e9\n", map[string]any{"a": nil, "b": true, "c": []any{}}}
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
	return out
}
