package sszjson

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// allowUnknown is the option of the lenient decoding.
var allowUnknown = UnmarshalOptions{AllowUnknownMembers: true}

// TestUnknownMembers checks that a member that names no field is an error
// about the object that has it, naming the member, at the offset of its
// value; and that AllowUnknownMembers skips it, giving the value of the
// JSON without it.
func TestUnknownMembers(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	root := `"0x` + strings.Repeat("11", 32) + `"`
	cp := `{"epoch":"1","root":` + root + `}`
	innerOK := `{"a":"1","b":["2"],"c":"0x01","d":true}`
	pair := schema.Must(schema.NewContainer("Pair",
		schema.Field{Name: "cp", Type: checkpoint},
		schema.Field{Name: "n", Type: schema.Uint64},
	))
	tests := []struct {
		typ    schema.Type
		json   string // the JSON with the unknown member
		member string // the unknown member as it stands in json, with its comma
		name   string // the member's name
		where  string // the object that has it, as written in messages
	}{
		// At the top level: last, first, between fields, out of order.
		{checkpoint, `{"epoch":"1","root":` + root + `,"extra":[1,{"epoch":"x"}]}`, `,"extra":[1,{"epoch":"x"}]`, "extra", "Checkpoint"},
		{checkpoint, `{"extra":null,"epoch":"1","root":` + root + `}`, `"extra":null,`, "extra", "Checkpoint"},
		{checkpoint, `{"epoch":"1","extra":{},"root":` + root + `}`, `"extra":{},`, "extra", "Checkpoint"},
		{checkpoint, `{"root":` + root + `,"Epoch":"2","epoch":"1"}`, `,"Epoch":"2"`, "Epoch", "Checkpoint"},
		{checkpoint, `{"epoch":"1","\u0078":0,"root":` + root + `}`, `"\u0078":0,`, "x", "Checkpoint"},
		{wide, `{` + wideMembers(70) + `,"f70":"1"}`, `,"f70":"1"`, "f70", "Wide"},
		// Nested in a container.
		{pair, `{"cp":{"epoch":"1","zz":true,"root":` + root + `},"n":"2"}`, `"zz":true,`, "zz", "Pair.cp"},
		{pair, `{"n":"2","cp":{"epoch":"1","root":` + root + `,"zz":true}}`, `,"zz":true`, "zz", "Pair.cp"},
		{outer, `{"x":"1","y":"0x","z":[],"w":[true,false],"u":{"selector":"0","data":null},"v":"0x0000","big":"0","bs":"0x00000000","f":[],"cp":` + cp + `,"vl":[[],[]],"zz":0}`, `,"zz":0`, "zz", "Outer"},
		// Inside a list element.
		{must(schema.NewList(inner, 4)), `[` + innerOK + `,{"a":"1","b":[],"e":0,"c":"0x01","d":true}]`, `"e":0,`, "e", "List[Inner, 4][1]"},
		{must(schema.NewVector(checkpoint, 2)), `[` + cp + `,{"epoch":"1","root":` + root + `,"slot":"3"}]`, `,"slot":"3"`, "slot", "Vector[Checkpoint, 2][1]"},
		{outer, `{"x":"1","y":"0x","z":[` + innerOK + `,{"a":"1","b":[],"c":"0x01","d":true,"e":"1"}],"w":[true,false],"u":{"selector":"0","data":null},"v":"0x0000","big":"0","bs":"0x00000000","f":[],"cp":` + cp + `,"vl":[[],[]]}`, `,"e":"1"`, "e", "Outer.z[1]"},
		// Inside a union's data, before and after its selector, and in
		// the union's object itself.
		{unionType, `{"selector":"2","data":{"a":"1","b":[],"c":"0x01","d":true,"e":0}}`, `,"e":0`, "e", "Union[None, uint32, Inner].data"},
		{unionType, `{"data":{"e":0,"a":"1","b":[],"c":"0x01","d":true},"selector":"2"}`, `"e":0,`, "e", "Union[None, uint32, Inner].data"},
		{unionType, `{"selector":"1","data":"7","value":"7"}`, `,"value":"7"`, "value", "Union[None, uint32, Inner]"},
		{unionType, `{"type":1,"selector":"0","data":null}`, `"type":1,`, "type", "Union[None, uint32, Inner]"},
		{must(schema.NewList(unionType, 2)), `[{"selector":"0","data":null},{"selector":"2","data":{"a":"1","b":[],"c":"0x01","d":true,"e":0}}]`, `,"e":0`, "e", "List[Union[None, uint32, Inner], 2][1].data"},
	}
	for _, tc := range tests {
		clean := strings.Replace(tc.json, tc.member, "", 1)
		if clean == tc.json {
			t.Fatalf("%s does not hold %s", tc.json, tc.member)
		}
		want, err := Unmarshal(tc.typ, []byte(clean))
		if err != nil {
			t.Fatalf("Unmarshal(%v, %s): %v", tc.typ, clean, err)
		}

		out, err := Unmarshal(tc.typ, []byte(tc.json))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Unmarshal(%v, %s) = %x, %v; want an *Error", tc.typ, tc.json, out, err)
			continue
		}
		checkError(t, tc.typ, e, tc.where, ErrUnknownMember)
		at := strings.Index(tc.json, tc.member) + strings.Index(tc.member, `":`) + 2
		if e.Detail != strconv.Quote(tc.name) || e.Offset != at {
			t.Errorf("Unmarshal(%v, %s): %v\nwant the member %q at byte %d", tc.typ, tc.json, e, tc.name, at)
		}

		got, err := allowUnknown.Unmarshal(tc.typ, []byte(tc.json))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Unmarshal(%v, %s) allowing unknown members = %x, %v; want %x", tc.typ, tc.json, got, err, want)
		}
	}
}

// wideMembers returns the members of the JSON of a Wide value with n
// fields, without braces.
func wideMembers(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		v := `"1"`
		if i == n-1 {
			v = `"0x01"`
		}
		b.WriteString(`"f` + strconv.Itoa(i) + `":` + v)
	}
	return b.String()
}

// TestUnknownMemberNames checks the names of unknown members in errors,
// which the decoder reads back from the member's value: escapes decoded
// (escaped quotes and backslashes included), whitespace around the colon
// passed over, long names shortened.
func TestUnknownMemberNames(t *testing.T) {
	long := strings.Repeat("n", 100)
	for _, tc := range []struct{ json, detail string }{
		{`{"\u00e9":1}`, `"é"`},
		{`{"a\"b":1}`, `"a\"b"`},
		{`{"":1}`, `""`},
		{`{"a\\":1}`, `"a\\"`},
		{`{"\"":1}`, `"\""`},
		{`{"\\\"\\":1}`, `"\\\"\\"`},
		{"{ \"x\" \t:\n 1}", `"x"`},
		{`{"epoch":"1","y":1}`, `"y"`},
		{`{"` + long + `":1}`, strconv.Quote(long[:40]) + "..."},
	} {
		_, err := Unmarshal(checkpoint, []byte(tc.json))
		var e *Error
		at := strings.LastIndex(tc.json, "1")
		if !errors.As(err, &e) || !errors.Is(err, ErrUnknownMember) || e.Detail != tc.detail || e.Offset != at {
			t.Errorf("Unmarshal(%s) = %v; want an unknown member %s at byte %d", tc.json, err, tc.detail, at)
		}
	}
}

// TestAllowUnknownMembers checks what AllowUnknownMembers still rejects:
// a known member twice or missing, bad syntax in a skipped value; and
// that it lets an unknown member come twice.
func TestAllowUnknownMembers(t *testing.T) {
	root := `"0x` + strings.Repeat("00", 32) + `"`
	errorTests := []struct {
		typ      schema.Type
		json     string
		path     string
		sentinel error
	}{
		{checkpoint, `{"epoch":"1","x":0,"epoch":"2","root":` + root + `}`, "Checkpoint.epoch", ErrField},
		{checkpoint, `{"root":` + root + `,"x":0,"root":` + root + `,"epoch":"1"}`, "Checkpoint.root", ErrField},
		{checkpoint, `{"x":0,"root":` + root + `}`, "Checkpoint.epoch", ErrField},
		{unionType, `{"selector":"1","x":0,"selector":"1","data":"1"}`, "Union[None, uint32, Inner].selector", ErrField},
		{unionType, `{"data":"1","x":0,"data":"1","selector":"1"}`, "Union[None, uint32, Inner].data", ErrField},
		{unionType, `{"selector":"1","x":0}`, "Union[None, uint32, Inner].data", ErrField},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":01}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":[1,]}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":-}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":1.}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":nul}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":{"a" 1}}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root + `,"x":"1}`, "Checkpoint", ErrSyntax},
	}
	for _, tc := range errorTests {
		out, err := allowUnknown.Unmarshal(tc.typ, []byte(tc.json))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Unmarshal(%v, %.60s) allowing unknown members = %x, %v; want an *Error", tc.typ, tc.json, out, err)
			continue
		}
		checkError(t, tc.typ, e, tc.path, tc.sentinel)
		// By default the first unknown member is the error, unless a
		// known one is at fault before it.
		if _, err := Unmarshal(tc.typ, []byte(tc.json)); !errors.Is(err, ErrUnknownMember) && !errors.Is(err, tc.sentinel) {
			t.Errorf("Unmarshal(%v, %.60s) = %v", tc.typ, tc.json, err)
		}
	}

	// Unknown members twice, nested, of every kind of value.
	js := `{"x":0,"epoch":"7","x":[{"y":[]}],"root":` + root + `,"x":"\u0000","y":null,"z":-1.5e-7}`
	got, err := allowUnknown.Unmarshal(checkpoint, []byte(js))
	if want := unhex("0700000000000000" + strings.Repeat("00", 32)); err != nil || !bytes.Equal(got, want) {
		t.Errorf("Unmarshal(%s) allowing unknown members = %x, %v; want %x", js, got, err, want)
	}
}
