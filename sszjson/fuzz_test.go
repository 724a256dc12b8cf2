package sszjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ssztree/ssztree/schema"
)

// FuzzUnmarshal feeds arbitrary text to Unmarshal for the type outer: it
// must never panic; when it succeeds, the text must be JSON and the output
// a valid serialization that round-trips through Marshal; when it fails,
// the error must name a path. The same holds allowing unknown members,
// which must accept whatever the default accepts, with the same output,
// and where it accepts more the default's error must be an unknown
// member.
func FuzzUnmarshal(f *testing.F) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 8; i++ {
		js, err := Marshal(outer, randSSZ(r, outer))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(js)
		var v map[string]any
		if err := json.Unmarshal(js, &v); err != nil {
			f.Fatal(err)
		}
		v["zz"] = []any{1, "2", nil, true, map[string]any{"a": 1e-3}}
		shuffled, _ := json.MarshalIndent(v, "", " ")
		f.Add(shuffled)
	}
	f.Add([]byte(`{"x":"1"}`))
	f.Add([]byte(`{"u":{"data":{"a":"1","b":[],"c":"0x01","d":true},"selector":"2"}}`))
	f.Add([]byte(`[1, -2.5e+3, "\u00e9\ud83d\ude00", {"a": null}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Unmarshal(outer, data)
		lenient, lenientErr := allowUnknown.Unmarshal(outer, data)
		switch {
		case err == nil && (lenientErr != nil || !bytes.Equal(lenient, out)):
			t.Fatalf("Unmarshal(%q) = %x; allowing unknown members: %x, %v", data, out, lenient, lenientErr)
		case err != nil && lenientErr == nil && !errors.Is(err, ErrUnknownMember):
			t.Fatalf("Unmarshal(%q): %v; allowing unknown members it succeeds", data, err)
		}
		checkUnmarshal(t, data, out, err)
		checkUnmarshal(t, data, lenient, lenientErr)
	})
}

// checkUnmarshal checks the result of an Unmarshal of data as outer, as
// FuzzUnmarshal says.
func checkUnmarshal(t *testing.T, data, out []byte, err error) {
	t.Helper()
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Top != "Outer" {
			t.Fatalf("error without its top type: %v", err)
		}
		checkPath(t, outer, e)
		return
	}
	if !json.Valid(data) {
		t.Fatalf("Unmarshal accepts text that is not JSON: %q", data)
	}
	if err := checkValid(outer, out); err != nil {
		t.Fatalf("Unmarshal(%q) = %x, invalid: %v", data, out, err)
	}
	js, err := Marshal(outer, out)
	if err != nil {
		t.Fatalf("Marshal(%x): %v", out, err)
	}
	back, err := Unmarshal(outer, js)
	if err != nil || !bytes.Equal(back, out) {
		t.Fatalf("round trip of %x through %s: %x, %v", out, js, back, err)
	}
}

// FuzzUnmarshalVersioned feeds arbitrary text to UnmarshalVersioned with
// the type outer for the version "phase0": it must never panic; its errors
// must be about the envelope, at a path of outer below the data; when it
// succeeds, the text must be JSON and the data, unmarshalled alone, give
// the same serialization.
func FuzzUnmarshalVersioned(f *testing.F) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 4; i++ {
		js, err := Marshal(outer, randSSZ(r, outer))
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(`{"version":"phase0","execution_optimistic":false,"finalized":true,"data":` + string(js) + `}`))
		f.Add([]byte(`{"data":` + string(js) + `,"finalized":false,"version":"phase0"}`))
	}
	f.Add([]byte(`{"version":"phase1","data":{}}`))
	f.Add([]byte(`{"version":"phase0","consensus_block_value":"1","execution_payload_blinded":true,"data":{"x":"1","zz":0}}`))
	typeOf := func(version string) (schema.Type, error) {
		if version == "phase0" {
			return outer, nil
		}
		return nil, errTypeOf
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, out, err := UnmarshalVersioned(data, typeOf)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Top != "Envelope" {
				t.Fatalf("error not about the envelope: %v", err)
			}
			if below, ok := strings.CutPrefix(e.Path, "data"); ok && e.Type != "" {
				sub := *e
				sub.Path = strings.TrimPrefix(below, ".")
				checkPath(t, outer, &sub)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("UnmarshalVersioned accepts text that is not JSON: %q", data)
		}
		alone, err := Unmarshal(outer, env.Data)
		if err != nil || !bytes.Equal(alone, out) {
			t.Fatalf("UnmarshalVersioned(%q) = %x; its data alone: %x, %v", data, out, alone, err)
		}
		if raw, err := UnmarshalEnvelope(data); err != nil || !bytes.Equal(raw.Data, env.Data) || raw.Version != env.Version {
			t.Fatalf("UnmarshalVersioned(%q) succeeds, UnmarshalEnvelope: %+v, %v", data, raw, err)
		}
	})
}

// FuzzRoundTrip feeds arbitrary bytes to Marshal for the type outer: it
// must accept exactly the bytes that outer.Decode accepts, and the JSON
// of those must be valid and give the bytes back.
func FuzzRoundTrip(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 16; i++ {
		f.Add(randSSZ(r, outer))
	}
	f.Fuzz(func(t *testing.T, ssz []byte) {
		_, decodeErr := outer.Decode(ssz)
		js, err := Marshal(outer, ssz)
		if (err == nil) != (decodeErr == nil) {
			t.Fatalf("Marshal(%x): %v; Decode: %v", ssz, err, decodeErr)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Top != "Outer" {
				t.Fatalf("error without its top type: %v", err)
			}
			checkPath(t, outer, e)
			return
		}
		if !json.Valid(js) {
			t.Fatalf("Marshal(%x) = %s: not JSON", ssz, js)
		}
		back, err := Unmarshal(outer, js)
		if err != nil || !bytes.Equal(back, ssz) {
			t.Fatalf("round trip of %x through %s: %x, %v", ssz, js, back, err)
		}
	})
}

// FuzzEnvelope feeds arbitrary text to UnmarshalEnvelope, which skips the
// envelope's members it does not know: it must never panic; its errors
// must be about the envelope; when it succeeds, the text must be JSON,
// encoding/json must see the same data and version (it keeps the last of
// duplicate members, which UnmarshalEnvelope rejects where they are
// known), and MarshalEnvelope must write the envelope again so that
// UnmarshalEnvelope reads the same back.
func FuzzEnvelope(f *testing.F) {
	f.Add([]byte(`{"version":"phase0","execution_optimistic":false,"finalized":true,"data":{"a":"1"}}`))
	f.Add([]byte(`{"dependent_root":"0x00","data":[1,2],"meta":{"x":[null]}}`))
	f.Add([]byte(`{"version":"fulu","execution_payload_blinded":true,"execution_payload_value":"1","consensus_block_value":"2","execution_payload_included":false,"data":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		env, err := UnmarshalEnvelope(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Top != "Envelope" {
				t.Fatalf("error not about the envelope: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("UnmarshalEnvelope accepts text that is not JSON: %q", data)
		}
		var std map[string]json.RawMessage
		if err := json.Unmarshal(data, &std); err != nil {
			t.Fatalf("UnmarshalEnvelope(%q) succeeds, encoding/json: %v", data, err)
		}
		if !bytes.Equal(std["data"], env.Data) {
			t.Fatalf("UnmarshalEnvelope(%q): data %s, encoding/json's %s", data, env.Data, std["data"])
		}
		if v, ok := std["version"]; ok && utf8.ValidString(env.Version) {
			// encoding/json reads invalid UTF-8 as U+FFFD.
			var s string
			if err := json.Unmarshal(v, &s); err != nil || s != env.Version {
				t.Fatalf("UnmarshalEnvelope(%q): version %q, encoding/json's %q (%v)", data, env.Version, s, err)
			}
		}
		out, err := MarshalEnvelope(env)
		if err != nil {
			if !utf8.ValidString(env.Version) {
				return // read as JSON strings are, unchecked; not written
			}
			t.Fatalf("MarshalEnvelope of %q's envelope: %v", data, err)
		}
		back, err := UnmarshalEnvelope(out)
		if err != nil || !sameEnvelope(back, env) {
			t.Fatalf("UnmarshalEnvelope(MarshalEnvelope(%s)) = %s, %v", describe(env), describe(back), err)
		}
	})
}
