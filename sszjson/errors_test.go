package sszjson

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// TestUnmarshalErrors checks that bad JSON gives an *Error naming the
// path to the fault, with the right sentinel.
func TestUnmarshalErrors(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	root := `"0x` + strings.Repeat("00", 32) + `"`
	innerOK := `{"a":"1","b":[],"c":"0x01","d":true}`
	tests := []struct {
		typ      schema.Type
		json     string
		path     string
		sentinel error
	}{
		// Containers: members.
		{checkpoint, `{"epoch":"1"}`, "Checkpoint.root", ErrField},
		{checkpoint, `{}`, "Checkpoint.epoch", ErrField},
		{checkpoint, `{"root":` + root + `}`, "Checkpoint.epoch", ErrField},
		{checkpoint, `{"epoch":"1","epoch":"2","root":` + root + `}`, "Checkpoint.epoch", ErrField},
		{checkpoint, `{"root":` + root + `,"epoch":"1","root":` + root + `}`, "Checkpoint.root", ErrField},
		{checkpoint, `{"epoch":"1","root":null}`, "Checkpoint.root", ErrKind},
		{checkpoint, `["1",` + root + `]`, "Checkpoint", ErrKind},
		{checkpoint, `null`, "Checkpoint", ErrKind},
		// Uints.
		{checkpoint, `{"epoch":1,"root":` + root + `}`, "Checkpoint.epoch", ErrKind},
		{checkpoint, `{"epoch":"18446744073709551616","root":` + root + `}`, "Checkpoint.epoch", ErrValue},
		{checkpoint, `{"epoch":"-1","root":` + root + `}`, "Checkpoint.epoch", ErrValue},
		{schema.Uint8, `"256"`, "uint8", ErrValue},
		{schema.Uint16, `"65536"`, "uint16", ErrValue},
		{schema.Uint32, `"4294967296"`, "uint32", ErrValue},
		{schema.Uint128, `"340282366920938463463374607431768211456"`, "uint128", ErrValue},
		{schema.Uint256, `"115792089237316195423570985008687907853269984665640564039457584007913129639936"`, "uint256", ErrValue},
		{schema.Uint64, `""`, "uint64", ErrValue},
		{schema.Uint64, `"+1"`, "uint64", ErrValue},
		{schema.Uint64, `" 1"`, "uint64", ErrValue},
		{schema.Uint64, `"1.0"`, "uint64", ErrValue},
		{schema.Uint64, `"0x10"`, "uint64", ErrValue},
		{schema.Uint64, `1e3`, "uint64", ErrKind},
		{schema.Uint64, `true`, "uint64", ErrKind},
		// Hex.
		{checkpoint, `{"epoch":"1","root":"0x00"}`, "Checkpoint.root", ErrLength},
		{checkpoint, `{"epoch":"1","root":"` + strings.Repeat("00", 32) + `"}`, "Checkpoint.root", ErrValue},
		{checkpoint, `{"epoch":"1","root":"0X` + strings.Repeat("00", 32) + `"}`, "Checkpoint.root", ErrValue},
		{checkpoint, `{"epoch":"1","root":"0x` + strings.Repeat("0g", 32) + `"}`, "Checkpoint.root", ErrValue},
		{checkpoint, `{"epoch":"1","root":"0x` + strings.Repeat("00", 32) + `0"}`, "Checkpoint.root", ErrValue},
		{schema.Byte, `"0x"`, "byte", ErrLength},
		{schema.Byte, `"0x0102"`, "byte", ErrLength},
		{schema.Byte, `"1"`, "byte", ErrValue},
		{must(schema.NewByteList(2)), `"0x010203"`, "ByteList[2]", ErrLength},
		{must(schema.NewByteList(2)), `["1"]`, "ByteList[2]", ErrKind},
		// Bitfields.
		{must(schema.NewBitlist(8)), `"0x"`, "Bitlist[8]", ErrLength},
		{must(schema.NewBitlist(8)), `"0x00"`, "Bitlist[8]", schema.ErrBitlist},
		{must(schema.NewBitlist(8)), `"0x0100"`, "Bitlist[8]", schema.ErrBitlist},
		{must(schema.NewBitlist(4)), `"0x20"`, "Bitlist[4]", schema.ErrLimit},
		{must(schema.NewBitlist(8)), `"0x0102"`, "Bitlist[8]", schema.ErrLimit},
		{must(schema.NewBitlist(8)), `"0x010203"`, "Bitlist[8]", ErrLength},
		{must(schema.NewBitvector(9)), `"0x0102"`, "Bitvector[9]", schema.ErrPadding},
		{must(schema.NewBitvector(9)), `"0x01"`, "Bitvector[9]", ErrLength},
		{must(schema.NewBitvector(9)), `[true]`, "Bitvector[9]", ErrKind},
		// Booleans.
		{schema.Boolean, `"true"`, "boolean", ErrKind},
		{schema.Boolean, `1`, "boolean", ErrKind},
		{schema.Boolean, `tru`, "boolean", ErrSyntax},
		// Vectors and lists.
		{must(schema.NewList(schema.Uint8, 2)), `["1","2","3"]`, "List[uint8, 2]", ErrLength},
		{must(schema.NewVector(schema.Uint8, 2)), `["1"]`, "Vector[uint8, 2]", ErrLength},
		{must(schema.NewVector(schema.Uint8, 2)), `["1","2","3"]`, "Vector[uint8, 2]", ErrLength},
		{must(schema.NewList(schema.Uint8, 2)), `"0x01"`, "List[uint8, 2]", ErrKind},
		{must(schema.NewList(schema.Uint8, 2)), `["1",2]`, "List[uint8, 2][1]", ErrKind},
		{must(schema.NewList(inner, 4)), `[` + innerOK + `,{"a":"x","b":[],"c":"0x01","d":true}]`, "List[Inner, 4][1].a", ErrValue},
		{must(schema.NewList(inner, 4)), `[` + innerOK + `,{"a":"1","b":["1","2","3","4","5"],"c":"0x01","d":true}]`, "List[Inner, 4][1].b", ErrLength},
		{must(schema.NewList(inner, 4)), `[{"d":true,"c":"0x00","b":[],"a":"1"}]`, "List[Inner, 4][0].c", schema.ErrBitlist},
		// Unions.
		{unionType, `{"selector":"3","data":null}`, "Union[None, uint32, Inner].selector", ErrValue},
		{unionType, `{"selector":"-1","data":null}`, "Union[None, uint32, Inner].selector", ErrValue},
		{unionType, `{"selector":"1.0","data":"1"}`, "Union[None, uint32, Inner].selector", ErrValue},
		{unionType, `{"selector":"256","data":null}`, "Union[None, uint32, Inner].selector", ErrValue},
		{unionType, `{"selector":"","data":null}`, "Union[None, uint32, Inner].selector", ErrValue},
		{unionType, `{"selector":1,"data":"1"}`, "Union[None, uint32, Inner].selector", ErrKind},
		{unionType, `{"selector":"0","data":"1"}`, "Union[None, uint32, Inner].data", ErrKind},
		{unionType, `{"selector":"0"}`, "Union[None, uint32, Inner].data", ErrField},
		{unionType, `{"data":null}`, "Union[None, uint32, Inner].selector", ErrField},
		{unionType, `{"selector":"1","selector":"1","data":"1"}`, "Union[None, uint32, Inner].selector", ErrField},
		{unionType, `{"selector":"1","data":"1","data":"1"}`, "Union[None, uint32, Inner].data", ErrField},
		{unionType, `{"data":{"a":"1"},"selector":"2"}`, "Union[None, uint32, Inner].data.b", ErrField},
		{must(schema.NewList(unionType, 3)), `[{"selector":"1","data":"4294967296"}]`, "List[Union[None, uint32, Inner], 3][0].data", ErrValue},
		// Syntax.
		{schema.Uint64, ``, "uint64", ErrSyntax},
		{schema.Uint64, `"1`, "uint64", ErrSyntax},
		{schema.Uint64, `"1" "2"`, "uint64", ErrSyntax},
		{schema.Uint64, `"1\x"`, "uint64", ErrSyntax},
		{schema.Uint64, "\"1\n\"", "uint64", ErrSyntax},
		{checkpoint, `{"epoch":"1",}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch" "1"}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1" "root":` + root + `}`, "Checkpoint", ErrSyntax},
		// A member that comes before its turn is skipped, its syntax checked.
		{checkpoint, `{"root":01,"epoch":"1"}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"root":[1,],"epoch":"1"}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"root":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `,"epoch":"1"}`, "Checkpoint", ErrSyntax},
		{checkpoint, `{"epoch":"1","root":` + root, "Checkpoint", ErrSyntax},
		{must(schema.NewList(schema.Uint8, 2)), `["1",]`, "List[uint8, 2][1]", ErrSyntax},
		{must(schema.NewList(schema.Uint8, 2)), `[,"1"]`, "List[uint8, 2][0]", ErrSyntax},
		{must(schema.NewList(schema.Uint8, 2)), `["1" "2"]`, "List[uint8, 2]", ErrSyntax},
	}
	for _, tc := range tests {
		out, err := Unmarshal(tc.typ, []byte(tc.json))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Unmarshal(%v, %.60s) = %x, %v; want an *Error", tc.typ, tc.json, out, err)
			continue
		}
		checkError(t, tc.typ, e, tc.path, tc.sentinel)
	}
}

// TestMarshalErrors checks that invalid SSZ gives an *Error naming the
// path to the fault, with the sentinel of package schema.
func TestMarshalErrors(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	tests := []struct {
		typ      schema.Type
		ssz      string
		path     string
		sentinel error
	}{
		{checkpoint, "00", "Checkpoint", schema.ErrSize},
		{schema.Boolean, "02", "boolean", schema.ErrBoolean},
		{inner, "0100 0b000000 13000000 02 0200000000000000 01", "Inner.d", schema.ErrBoolean},
		{inner, "0100 0c000000 13000000 01 0200000000000000 01", "Inner", schema.ErrOffset},
		{inner, "0100 0b000000 0a000000 01 0200000000000000 01", "Inner", schema.ErrOffset},
		{inner, "0100 0b000000 15000000 01 0200000000000000 01", "Inner", schema.ErrOffset},
		{inner, "0100 0b000000 13000000 01 0200000000000000 00", "Inner.c", schema.ErrBitlist},
		{inner, "0100 0b000000 12000000 01 02000000000000 01", "Inner.b", schema.ErrSize},
		{inner, "0100 0b000000", "Inner", schema.ErrSize},
		{must(schema.NewList(inner, 4)), "04000000 0100 0b000000 0b000000 00 00", "List[Inner, 4][0].c", schema.ErrBitlist},
		{must(schema.NewList(inner, 4)), "05000000 00", "List[Inner, 4]", schema.ErrOffset},
		{must(schema.NewList(inner, 1)), "08000000 08000000", "List[Inner, 1]", schema.ErrLimit},
		{must(schema.NewList(schema.Uint16, 2)), "010203", "List[uint16, 2]", schema.ErrSize},
		{must(schema.NewList(schema.Uint16, 1)), "01020304", "List[uint16, 1]", schema.ErrLimit},
		{must(schema.NewList(schema.Boolean, 3)), "0102", "List[boolean, 3][1]", schema.ErrBoolean},
		{must(schema.NewByteList(1)), "0102", "ByteList[1]", schema.ErrLimit},
		{must(schema.NewBitvector(9)), "0102", "Bitvector[9]", schema.ErrPadding},
		{must(schema.NewBitlist(3)), "10", "Bitlist[3]", schema.ErrLimit},
		{must(schema.NewBitlist(3)), "", "Bitlist[3]", schema.ErrBitlist},
		{unionType, "03", "Union[None, uint32, Inner]", schema.ErrSelector},
		{unionType, "0000", "Union[None, uint32, Inner]", schema.ErrSelector},
		{unionType, "", "Union[None, uint32, Inner]", schema.ErrSize},
		{unionType, "01 0500", "Union[None, uint32, Inner].data", schema.ErrSize},
		{must(schema.NewVector(inner, 2)), "08000000 07000000", "Vector[Inner, 2]", schema.ErrOffset},
	}
	for _, tc := range tests {
		ssz := unhex(tc.ssz)
		if _, err := tc.typ.Decode(ssz); err == nil {
			t.Errorf("%v.Decode(%x) accepts the bytes", tc.typ, ssz)
		}
		out, err := Marshal(tc.typ, ssz)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Marshal(%v, %x) = %s, %v; want an *Error", tc.typ, ssz, out, err)
			continue
		}
		checkError(t, tc.typ, e, tc.path, tc.sentinel)
	}
}

// checkError checks that e, an error about a value of type typ, wraps
// sentinel and names the part where, written as in messages: the top
// type's name, then the path ("List[Inner, 4][1].a"); that its message
// starts with "sszjson: " and where; and that its path is one
// schema.Locate finds, at a part of the type it names.
func checkError(t *testing.T, typ schema.Type, e *Error, where string, sentinel error) {
	t.Helper()
	path := strings.TrimPrefix(strings.TrimPrefix(where, typ.String()), ".")
	if e.Top != typ.String() || e.Path != path || !errors.Is(e, sentinel) {
		t.Errorf("%v: %v\nwant top %s, path %q and %q", typ, e, typ, path, sentinel)
	}
	msg := e.Error()
	if want := "sszjson: " + where; !strings.HasPrefix(msg, want) || len(msg) == len(want) || msg[len(want)] != ' ' && msg[len(want)] != ':' {
		t.Errorf("%v: %q does not start with %q", typ, msg, want)
	}
	checkPath(t, typ, e)
}

// checkPath checks that the path of e, an error about a value of type typ,
// parses, prints as it was, and names a part of type e.Type (or of no one
// type: a union's data whose options differ, or whose type the error does
// not know).
func checkPath(t *testing.T, typ schema.Type, e *Error) {
	t.Helper()
	p, err := schema.ParsePath(e.Path)
	if err != nil || p.String() != e.Path {
		t.Fatalf("%v: error %q: path parses to %v, %v", typ, e, p, err)
	}
	part := typ
	for k := range p {
		_, next, err := schema.Locate(typ, p[:k+1].String())
		if err != nil {
			if part == nil {
				return // below a union's data of no one type
			}
			t.Fatalf("%v: error %q: Locate(%q): %v", typ, e, p[:k+1], err)
		}
		part = next
	}
	if part != nil && e.Type != "" && part.String() != e.Type {
		t.Fatalf("%v: error %q: Locate finds a part of type %v", typ, e, part)
	}
	if part != nil && e.Type == "" {
		t.Fatalf("%v: error %q names no type, Locate finds %v", typ, e, part)
	}
}

// TestNilTypes checks that a nil type, or a nil pointer of a type (what a
// lookup of a missing type gives), is an error, not a panic.
func TestNilTypes(t *testing.T) {
	for _, typ := range []schema.Type{nil, (*schema.Container)(nil), (*schema.List)(nil)} {
		if _, err := Unmarshal(typ, []byte(`{}`)); !errors.Is(err, ErrUnsupportedType) {
			t.Errorf("Unmarshal(%#v): %v", typ, err)
		}
		if _, err := Marshal(typ, nil); !errors.Is(err, ErrUnsupportedType) {
			t.Errorf("Marshal(%#v): %v", typ, err)
		}
	}
}
