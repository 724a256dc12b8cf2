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
		{`{"data":` + cp + `}`, "version", ErrField, nil},
		{`{"version":"phase0"}`, "data", ErrField, nil},
		{`{}`, "version", ErrField, nil},
		{`{"version":"phase0","version":"phase0","data":` + cp + `}`, "version", ErrField, nil},
		{`{"version":"phase0","data":` + cp + `,"data":` + cp + `}`, "data", ErrField, nil},
		{`{"version":"phase0","finalized":true,"finalized":true,"data":` + cp + `}`, "finalized", ErrField, nil},
		{`{"version":"phase0","data":` + cp + `,"dependent_root":"0x00"}`, "", ErrUnknownMember, nil},
		{`{"Version":"phase0","data":` + cp + `}`, "", ErrUnknownMember, nil},
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
		// The version's type.
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
