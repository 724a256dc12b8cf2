package sszjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// checkpointJSON is the JSON of a checkpoint, and checkpointSSZ its
// serialization.
var (
	checkpointJSON = `{"epoch":"3","root":"0x` + strings.Repeat("22", 32) + `"}`
	checkpointSSZ  = unhex("0300000000000000" + strings.Repeat("22", 32))
)

// TestUnmarshalEnvelope checks the members of envelopes as the beacon API
// writes them.
func TestUnmarshalEnvelope(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		json string
		want Envelope
	}{
		{`{"version":"capella","execution_optimistic":false,"finalized":true,"data":` + checkpointJSON + `}`,
			Envelope{Version: "capella", ExecutionOptimistic: &no, Finalized: &yes}},
		{`{"version":"deneb","data":` + checkpointJSON + `}`,
			Envelope{Version: "deneb"}},
		{` { "data" : ` + checkpointJSON + ` ,` + "\n" + `"finalized":false, "version" : "\u0070hase0" } `,
			Envelope{Version: "phase0", Finalized: &no}},
		{`{"version":"fulu","execution_payload_blinded":true,"execution_payload_value":"12345","consensus_block_value":"0115792089237316195423570985008687907853269984665640564039457584007913129639935","data":` + checkpointJSON + `}`,
			Envelope{Version: "fulu", ExecutionPayloadBlinded: &yes, ExecutionPayloadValue: "12345", ConsensusBlockValue: "0115792089237316195423570985008687907853269984665640564039457584007913129639935"}},
		{`{"version":"gloas","consensus_block_value":"0","execution_payload_included":false,"data":` + checkpointJSON + `}`,
			Envelope{Version: "gloas", ConsensusBlockValue: "0", ExecutionPayloadIncluded: &no}},
		// The data may be any JSON: it is not converted.
		{`{"version":"","data":[1,{"a":null}]}`, Envelope{Data: []byte(`[1,{"a":null}]`)}},
		// Members not known are skipped, whatever their value.
		{`{"version":"electra","dependent_root":"0x` + strings.Repeat("ab", 32) + `","execution_optimistic":true,"data":` + checkpointJSON + `,"meta":{"a":[1,2.5e3,null,{"b":"\u00e9"}]},"Version":"x"}`,
			Envelope{Version: "electra", ExecutionOptimistic: &yes}},
		// Some responses have no version.
		{`{"execution_optimistic":false,"finalized":false,"data":[` + checkpointJSON + `]}`,
			Envelope{ExecutionOptimistic: &no, Finalized: &no, Data: []byte(`[` + checkpointJSON + `]`)}},
	}
	for _, tc := range tests {
		in := []byte(tc.json)
		got, err := UnmarshalEnvelope(in)
		if err != nil {
			t.Errorf("UnmarshalEnvelope(%s): %v", tc.json, err)
			continue
		}
		want := tc.want
		if want.Data == nil {
			want.Data = []byte(checkpointJSON)
		}
		if !sameEnvelope(got, want) {
			t.Errorf("UnmarshalEnvelope(%s) =\n%s\nwant\n%s", tc.json, describe(got), describe(want))
		}
		if off := cap(in) - cap(got.Data); off < 0 || off >= len(in) || &in[off] != &got.Data[0] {
			t.Errorf("UnmarshalEnvelope(%s): data %s is not a slice of the input", tc.json, got.Data)
		}

		// UnmarshalVersioned converts the data.
		if string(want.Data) != checkpointJSON {
			continue
		}
		calls := 0
		env, ssz, err := UnmarshalVersioned([]byte(tc.json), func(version string) (schema.Type, error) {
			calls++
			if version != want.Version {
				t.Errorf("UnmarshalVersioned(%s): version %q, want %q", tc.json, version, want.Version)
			}
			return checkpoint, nil
		})
		if err != nil || calls != 1 || !bytes.Equal(ssz, checkpointSSZ) || !sameEnvelope(env, want) {
			t.Errorf("UnmarshalVersioned(%s) = %s, %x, %v after %d calls; want %x", tc.json, describe(env), ssz, err, calls, checkpointSSZ)
		}
	}
}

func sameEnvelope(a, b Envelope) bool {
	flag := func(x, y *bool) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return a.Version == b.Version && flag(a.ExecutionOptimistic, b.ExecutionOptimistic) && flag(a.Finalized, b.Finalized) &&
		flag(a.ExecutionPayloadBlinded, b.ExecutionPayloadBlinded) && flag(a.ExecutionPayloadIncluded, b.ExecutionPayloadIncluded) &&
		a.ExecutionPayloadValue == b.ExecutionPayloadValue && a.ConsensusBlockValue == b.ConsensusBlockValue && bytes.Equal(a.Data, b.Data)
}

func describe(e Envelope) string {
	flag := func(x *bool) string {
		if x == nil {
			return "nil"
		}
		if *x {
			return "true"
		}
		return "false"
	}
	return "version " + e.Version + ", optimistic " + flag(e.ExecutionOptimistic) + ", finalized " + flag(e.Finalized) +
		", blinded " + flag(e.ExecutionPayloadBlinded) + ", included " + flag(e.ExecutionPayloadIncluded) +
		", values " + e.ExecutionPayloadValue + " " + e.ConsensusBlockValue + ", data " + string(e.Data)
}

// errTypeOf is the error of the typeOf function of the tests for a version
// it does not know.
var errTypeOf = errors.New("no such version")

// typeOfTest gives the checkpoint type for "phase0", the union of the
// tests for "union", nil for "nil", a nil *schema.Container for "nilptr",
// and an error for other versions.
func typeOfTest(version string) (schema.Type, error) {
	switch version {
	case "phase0":
		return checkpoint, nil
	case "union":
		return unionType, nil
	case "nil":
		return nil, nil
	case "nilptr":
		return (*schema.Container)(nil), nil
	}
	return nil, errTypeOf
}

// TestEnvelopeErrors checks the errors about envelopes: of their own
// members, at paths that start with the member's name, and of their data,
// at paths that start with "data".
func TestEnvelopeErrors(t *testing.T) {
	cp := checkpointJSON
	tests := []struct {
		json     string
		path     string // below Envelope
		sentinel error
		// typed is the type of the data where only UnmarshalVersioned
		// fails (for the data or its type), nil where the envelope is
		// at fault.
		typed schema.Type
	}{
		// The envelope's members.
		{`["phase0",` + cp + `]`, "", ErrKind, nil},
		{`null`, "", ErrKind, nil},
		{``, "", ErrSyntax, nil},
		{`{"version":"phase0"}`, "data", ErrField, nil},
		{`{}`, "data", ErrField, nil},
		{`{"version":"phase0","dependent_root":"0x00"}`, "data", ErrField, nil},
		{`{"version":"phase0","version":"phase0","data":` + cp + `}`, "version", ErrField, nil},
		{`{"version":"phase0","data":` + cp + `,"data":` + cp + `}`, "data", ErrField, nil},
		{`{"version":"phase0","finalized":true,"finalized":true,"data":` + cp + `}`, "finalized", ErrField, nil},
		{`{"version":"phase0","data":` + cp + `,"dependent_root":0x00}`, "", ErrSyntax, nil},
		{`{"version":"phase0","data":` + cp + `,"dependent_root":-}`, "dependent_root", ErrSyntax, nil},
		{`{"version":"phase0","dependent_root":["0x00",],"data":` + cp + `}`, "dependent_root", ErrSyntax, nil},
		{`{"version":"phase0","dependent_root":` + strings.Repeat("[", maxSkipDepth+1) + `}`, "dependent_root", ErrSyntax, nil},
		{`{"version":1,"data":` + cp + `}`, "version", ErrKind, nil},
		{`{"version":null,"data":` + cp + `}`, "version", ErrKind, nil},
		{`{"version":"phase0","finalized":"true","data":` + cp + `}`, "finalized", ErrKind, nil},
		{`{"version":"phase0","execution_optimistic":0,"data":` + cp + `}`, "execution_optimistic", ErrKind, nil},
		{`{"version":"phase0","execution_payload_blinded":null,"data":` + cp + `}`, "execution_payload_blinded", ErrKind, nil},
		{`{"version":"phase0","execution_payload_included":"false","data":` + cp + `}`, "execution_payload_included", ErrKind, nil},
		{`{"version":"phase0","execution_payload_value":12345,"data":` + cp + `}`, "execution_payload_value", ErrKind, nil},
		{`{"version":"phase0","execution_payload_value":"-1","data":` + cp + `}`, "execution_payload_value", ErrValue, nil},
		{`{"version":"phase0","consensus_block_value":"0x10","data":` + cp + `}`, "consensus_block_value", ErrValue, nil},
		{`{"version":"phase0","consensus_block_value":"115792089237316195423570985008687907853269984665640564039457584007913129639936","data":` + cp + `}`, "consensus_block_value", ErrValue, nil},
		{`{"version":"phase0","consensus_block_value":"","data":` + cp + `}`, "consensus_block_value", ErrValue, nil},
		{`{"version":"phase0","data":` + cp + `} {}`, "", ErrSyntax, nil},
		{`{"version":"phase0","data":` + cp, "", ErrSyntax, nil},
		{`{"version":"phase0","data":` + cp + `,}`, "", ErrSyntax, nil},
		{`{"version":"phase0","data":{"epoch":"1",}}`, "data", ErrSyntax, nil},
		{`{"data":{"epoch" "1"},"version":"phase0"}`, "data", ErrSyntax, nil},
		// The version's type: UnmarshalVersioned needs the version.
		{`{"data":` + cp + `}`, "version", ErrField, checkpoint},
		{`{"Version":"phase0","data":` + cp + `}`, "version", ErrField, checkpoint},
		{`{"data":` + cp + `,"dependent_root":"0x00"}`, "version", ErrField, checkpoint},
		{`{"version":"phase1","data":` + cp + `}`, "version", errTypeOf, checkpoint},
		{`{"data":` + cp + `,"version":"phase1"}`, "version", errTypeOf, checkpoint},
		{`{"version":"nil","data":` + cp + `}`, "version", ErrUnsupportedType, checkpoint},
		{`{"data":` + cp + `,"version":"nilptr"}`, "version", ErrUnsupportedType, checkpoint},
		// The data, with the version before and after it.
		{`{"version":"phase0","data":{"epoch":"1"}}`, "data.root", ErrField, checkpoint},
		{`{"data":{"epoch":"1"},"version":"phase0"}`, "data.root", ErrField, checkpoint},
		{`{"version":"phase0","data":{"epoch":1,"root":"0x"}}`, "data.epoch", ErrKind, checkpoint},
		{`{"data":{"epoch":"1","root":"0x00"},"version":"phase0"}`, "data.root", ErrLength, checkpoint},
		{`{"version":"phase0","data":null}`, "data", ErrKind, checkpoint},
		{`{"version":"phase0","data":{"epoch":"1","slot":"2","root":"0x"}}`, "data", ErrUnknownMember, checkpoint},
		{`{"version":"phase0","dependent_root":"0x00","data":{"epoch":"1","slot":"2","root":"0x"}}`, "data", ErrUnknownMember, checkpoint},
		{`{"data":{"epoch":"1","slot":"2","root":"0x"},"version":"phase0"}`, "data", ErrUnknownMember, checkpoint},
		{`{"version":"union","data":{"selector":"2","data":{"a":"1","b":[],"c":"0x01","d":true,"e":0}}}`, "data.data", ErrUnknownMember, unionType},
		{`{"data":{"selector":"1","data":"1","x":0},"version":"union"}`, "data", ErrUnknownMember, unionType},
	}
	for _, tc := range tests {
		_, _, err := UnmarshalVersioned([]byte(tc.json), typeOfTest)
		checkEnvelopeError(t, "UnmarshalVersioned", tc.json, err, tc.path, tc.sentinel, tc.typed)
		_, err = UnmarshalEnvelope([]byte(tc.json))
		if tc.typed == nil {
			checkEnvelopeError(t, "UnmarshalEnvelope", tc.json, err, tc.path, tc.sentinel, nil)
		} else if err != nil {
			t.Errorf("UnmarshalEnvelope(%s): %v", tc.json, err)
		}
	}

	if _, _, err := UnmarshalVersioned([]byte(`{"version":"phase0","data":`+cp+`}`), nil); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("UnmarshalVersioned with a nil function: %v", err)
	}

}

// checkEnvelopeError checks that err, of fn for json, is an *Error about
// the envelope that wraps sentinel at path, that the message says so, and
// that a path below the data is one of typ, the data's type.
func checkEnvelopeError(t *testing.T, fn, json string, err error, path string, sentinel error, typ schema.Type) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Top != "Envelope" || e.Path != path || !errors.Is(err, sentinel) {
		t.Errorf("%s(%.80s) = %v; want an *Error at Envelope path %q wrapping %q", fn, json, err, path, sentinel)
		return
	}
	want := "sszjson: Envelope"
	if path != "" {
		want += "." + path
	}
	if msg := e.Error(); !strings.HasPrefix(msg, want+" ") && !strings.HasPrefix(msg, want+":") {
		t.Errorf("%s(%.80s): %q does not start with %q", fn, json, msg, want)
	}
	if below, ok := strings.CutPrefix(path, "data"); ok && typ != nil {
		sub := *e
		sub.Path = strings.TrimPrefix(below, ".")
		checkPath(t, typ, &sub)
	}
}

// TestEnvelopeAllowUnknownMembers checks that AllowUnknownMembers skips
// the unknown members of the envelope and of its data.
func TestEnvelopeAllowUnknownMembers(t *testing.T) {
	js := `{"meta":{"a":[1]},"version":"phase0","data":{"epoch":"3","slot":"9","root":"0x` + strings.Repeat("22", 32) + `"},"dependent_root":"0x00"}`
	env, ssz, err := allowUnknown.UnmarshalVersioned([]byte(js), typeOfTest)
	if err != nil || env.Version != "phase0" || !bytes.Equal(ssz, checkpointSSZ) {
		t.Fatalf("UnmarshalVersioned(%s) allowing unknown members = %+v, %x, %v", js, env, ssz, err)
	}
	if env, err = allowUnknown.UnmarshalEnvelope([]byte(js)); err != nil || env.Version != "phase0" {
		t.Fatalf("UnmarshalEnvelope(%s) allowing unknown members = %+v, %v", js, env, err)
	}
	// Known members still count once.
	js = `{"version":"phase0","x":0,"version":"phase0","data":` + checkpointJSON + `}`
	_, _, err = allowUnknown.UnmarshalVersioned([]byte(js), typeOfTest)
	checkEnvelopeError(t, "UnmarshalVersioned", js, err, "version", ErrField, nil)
}

// TestMarshalEnvelope checks the envelopes MarshalEnvelope and
// MarshalVersioned write: the members set, in the order of Envelope's
// fields, and what UnmarshalEnvelope and UnmarshalVersioned read back.
func TestMarshalEnvelope(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		env  Envelope
		want string // the envelope without its data and closing brace
	}{
		{Envelope{Version: "capella", ExecutionOptimistic: &no, Finalized: &yes},
			`{"version":"capella","execution_optimistic":false,"finalized":true,"data":`},
		{Envelope{Version: "deneb"}, `{"version":"deneb","data":`},
		{Envelope{ExecutionOptimistic: &yes, Finalized: &no},
			`{"execution_optimistic":true,"finalized":false,"data":`},
		{Envelope{Version: "fulu", ExecutionPayloadBlinded: &no, ExecutionPayloadIncluded: &yes, ExecutionPayloadValue: "12345", ConsensusBlockValue: "0"},
			`{"version":"fulu","execution_payload_blinded":false,"execution_payload_included":true,"execution_payload_value":"12345","consensus_block_value":"0","data":`},
		{Envelope{Version: "a\"b\\c\n"}, `{"version":"a\"b\\c\u000a","data":`},
		{Envelope{}, `{"data":`},
	}
	for _, tc := range tests {
		env := tc.env
		env.Data = []byte(checkpointJSON)
		got, err := MarshalEnvelope(env)
		if want := tc.want + checkpointJSON + "}"; err != nil || string(got) != want {
			t.Errorf("MarshalEnvelope(%s) = %s, %v; want %s", describe(env), got, err, want)
			continue
		}
		back, err := UnmarshalEnvelope(got)
		if err != nil || !sameEnvelope(back, env) {
			t.Errorf("UnmarshalEnvelope(%s) = %s, %v; want %s", got, describe(back), err, describe(env))
		}

		// MarshalVersioned converts the data and ignores env.Data.
		env.Data = []byte(`"ignored"`)
		versioned, err := MarshalVersioned(env, checkpoint, checkpointSSZ)
		if err != nil || !bytes.Equal(versioned, got) {
			t.Errorf("MarshalVersioned(%s) = %s, %v; want %s", describe(env), versioned, err, got)
		}
		if env.Version == "" {
			continue
		}
		env.Data = []byte(checkpointJSON)
		back, ssz, err := UnmarshalVersioned(versioned, func(string) (schema.Type, error) { return checkpoint, nil })
		if err != nil || !sameEnvelope(back, env) || !bytes.Equal(ssz, checkpointSSZ) {
			t.Errorf("UnmarshalVersioned(%s) = %s, %x, %v", versioned, describe(back), ssz, err)
		}
	}

	// AppendEnvelope appends.
	if got, err := AppendEnvelope([]byte("x"), Envelope{Data: []byte(" [ ] ")}); err != nil || string(got) != `x{"data": [ ] }` {
		t.Errorf("AppendEnvelope = %s, %v", got, err)
	}
}

// TestMarshalEnvelopeErrors checks the errors of MarshalEnvelope and
// MarshalVersioned: about the envelope, at the member at fault.
func TestMarshalEnvelopeErrors(t *testing.T) {
	tests := []struct {
		env      Envelope
		path     string
		sentinel error
	}{
		{Envelope{Version: "phase0"}, "data", ErrField},
		{Envelope{Version: "phase0", Data: []byte{}}, "data", ErrField},
		{Envelope{Version: "phase0", Data: []byte(`{"a":}`)}, "data", ErrSyntax},
		{Envelope{Version: "phase0", Data: []byte(`1 2`)}, "data", ErrSyntax},
		{Envelope{Version: "phase0", Data: []byte(`{"a":1`)}, "data", ErrSyntax},
		{Envelope{Version: "phase0", Data: []byte(`  `)}, "data", ErrSyntax},
		{Envelope{Version: "\xff", Data: []byte(`{}`)}, "version", ErrValue},
		{Envelope{Version: "phase0", ExecutionPayloadValue: "-1", Data: []byte(`{}`)}, "execution_payload_value", ErrValue},
		{Envelope{Version: "phase0", ConsensusBlockValue: "0x10", Data: []byte(`{}`)}, "consensus_block_value", ErrValue},
		{Envelope{Version: "phase0", ConsensusBlockValue: "115792089237316195423570985008687907853269984665640564039457584007913129639936", Data: []byte(`{}`)}, "consensus_block_value", ErrValue},
	}
	for _, tc := range tests {
		out, err := AppendEnvelope([]byte("kept"), tc.env)
		checkEnvelopeError(t, "AppendEnvelope", describe(tc.env), err, tc.path, tc.sentinel, nil)
		if string(out) != "kept" {
			t.Errorf("AppendEnvelope(%s) changed dst: %q", describe(tc.env), out)
		}
		if tc.path == "data" {
			continue
		}
		_, err = MarshalVersioned(tc.env, checkpoint, checkpointSSZ)
		checkEnvelopeError(t, "MarshalVersioned", describe(tc.env), err, tc.path, tc.sentinel, nil)
	}

	// The data's faults, below "data".
	_, err := MarshalVersioned(Envelope{Version: "phase0"}, checkpoint, checkpointSSZ[:39])
	checkEnvelopeError(t, "MarshalVersioned", "a short checkpoint", err, "data", schema.ErrSize, checkpoint)
	_, err = MarshalVersioned(Envelope{Version: "phase0"}, nil, checkpointSSZ)
	checkEnvelopeError(t, "MarshalVersioned", "a nil type", err, "data", ErrUnsupportedType, nil)
}
