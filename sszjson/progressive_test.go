package sszjson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// TestGoldenProgressive checks the JSON of progressive values and of
// compatible unions against hand-written JSON, both ways: progressive
// lists and bitlists as their bounded kinds, a progressive container as an
// object of its fields (the positions of active_fields do not show), a
// compatible union as {"selector": string, "data": value}.
func TestGoldenProgressive(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	tests := []struct {
		typ  schema.Type
		ssz  string
		json string
	}{
		{must(schema.NewProgressiveList(schema.Uint64)), "", `[]`},
		{must(schema.NewProgressiveList(schema.Uint64)), "0500000000000000 0600000000000000", `["5","6"]`},
		{must(schema.NewProgressiveList(schema.Uint8)), "0102", `["1","2"]`},
		{must(schema.NewProgressiveByteList()), "", `"0x"`},
		{must(schema.NewProgressiveByteList()), strings.Repeat("ab", 40), `"0x` + strings.Repeat("ab", 40) + `"`},
		{must(schema.NewProgressiveList(schema.Boolean)), "0100", `[true,false]`},
		{must(schema.NewProgressiveList(must(schema.NewProgressiveByteList()))), "08000000 08000000", `["0x","0x"]`},
		{must(schema.NewProgressiveList(must(schema.NewProgressiveByteList()))), "08000000 09000000 ff", `["0xff","0x"]`},
		{schema.NewProgressiveBitlist(), "01", `"0x01"`},
		{schema.NewProgressiveBitlist(), strings.Repeat("ff", 40) + "01", `"0x` + strings.Repeat("ff", 40) + `01"`},
		{progressive, "07 09000000 0b000000 0100 01", `{"a":"0x07","b":["1"],"c":"0x01"}`},
		{square, "0300 09", `{"side":"3","color":"9"}`},
		{shape, "01 0300 09", `{"selector":"1","data":{"side":"3","color":"9"}}`},
		{shape, "02 0400 0a", `{"selector":"2","data":{"radius":"4","color":"10"}}`},
		{must(schema.NewCompatibleUnion(map[int]schema.Type{127: schema.Byte})), "7f 2a", `{"selector":"127","data":"0x2a"}`},
	}
	for _, tc := range tests {
		ssz := unhex(tc.ssz)
		if _, err := tc.typ.Decode(ssz); err != nil {
			t.Fatalf("%v: test bytes %x do not decode: %v", tc.typ, ssz, err)
		}
		js, err := Marshal(tc.typ, ssz)
		if err != nil || string(js) != tc.json {
			t.Errorf("Marshal(%v, %x) = %s, %v; want %s", tc.typ, ssz, js, err, tc.json)
		}
		back, err := Unmarshal(tc.typ, []byte(tc.json))
		if err != nil || !bytes.Equal(back, ssz) {
			t.Errorf("Unmarshal(%v, %s) = %x, %v; want %x", tc.typ, tc.json, back, err, ssz)
		}
	}
	// Members in any order: data before selector.
	back, err := Unmarshal(shape, []byte(`{"data":{"color":"10","radius":"4"},"selector":"2"}`))
	if err != nil || !bytes.Equal(back, unhex("02 0400 0a")) {
		t.Errorf("data before selector: %x, %v", back, err)
	}
}

func TestProgressiveErrors(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	squareOK := `{"side":"3","color":"9"}`
	for _, tc := range []struct {
		typ      schema.Type
		json     string
		path     string
		sentinel error
	}{
		{schema.NewProgressiveBitlist(), `"0x"`, "ProgressiveBitList", ErrLength},
		{schema.NewProgressiveBitlist(), `"0x0100"`, "ProgressiveBitList", schema.ErrBitlist},
		{schema.NewProgressiveBitlist(), `["1"]`, "ProgressiveBitList", ErrKind},
		{must(schema.NewProgressiveByteList()), `"0x0"`, "ProgressiveByteList", ErrValue},
		{must(schema.NewProgressiveByteList()), `["1"]`, "ProgressiveByteList", ErrKind},
		{must(schema.NewProgressiveList(schema.Uint16)), `["65536"]`, "ProgressiveList[uint16][0]", ErrValue},
		{must(schema.NewProgressiveList(schema.Uint16)), `"0x0102"`, "ProgressiveList[uint16]", ErrKind},
		{progressive, `{"a":"0x07","b":[]}`, "Progressive.c", ErrField},
		{progressive, `{"a":"0x07","b":[],"c":"0x01","d":"1"}`, "Progressive", ErrUnknownMember},
		{square, `{"side":"3","radius":"3","color":"9"}`, "Square", ErrUnknownMember},
		{shape, `{"selector":"3","data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).selector", ErrValue},
		{shape, `{"selector":"0","data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).selector", ErrValue},
		{shape, `{"selector":1,"data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).selector", ErrKind},
		{shape, `{"selector":"1"}`, "CompatibleUnion({1: Square, 2: Circle}).data", ErrField},
		{shape, `{"data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).selector", ErrField},
		{shape, `{"selector":"1","data":null}`, "CompatibleUnion({1: Square, 2: Circle}).data", ErrKind},
		{shape, `{"selector":"2","data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).data", ErrUnknownMember},
		{shape, `{"selector":"1","selector":"1","data":` + squareOK + `}`, "CompatibleUnion({1: Square, 2: Circle}).selector", ErrField},
		{shape, squareOK, "CompatibleUnion({1: Square, 2: Circle})", ErrUnknownMember},
	} {
		out, err := Unmarshal(tc.typ, []byte(tc.json))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Unmarshal(%v, %s) = %x, %v; want an *Error", tc.typ, tc.json, out, err)
			continue
		}
		checkError(t, tc.typ, e, tc.path, tc.sentinel)
	}
	for _, tc := range []struct {
		typ      schema.Type
		ssz      string
		path     string
		sentinel error
	}{
		{schema.NewProgressiveBitlist(), "", "ProgressiveBitList", schema.ErrBitlist},
		{schema.NewProgressiveBitlist(), "0100", "ProgressiveBitList", schema.ErrBitlist},
		{must(schema.NewProgressiveList(schema.Uint16)), "010203", "ProgressiveList[uint16]", schema.ErrSize},
		{must(schema.NewProgressiveList(schema.Boolean)), "0102", "ProgressiveList[boolean][1]", schema.ErrBoolean},
		{must(schema.NewProgressiveList(inner)), "05000000 00", "ProgressiveList[Inner]", schema.ErrOffset},
		{progressive, "07 0a000000 0b000000 0100 01", "Progressive", schema.ErrOffset},
		{progressive, "07 09000000 0b000000 0100 00", "Progressive.c", schema.ErrBitlist},
		{square, "0300", "Square", schema.ErrSize},
		{shape, "", "CompatibleUnion({1: Square, 2: Circle})", schema.ErrSize},
		{shape, "00 0300 09", "CompatibleUnion({1: Square, 2: Circle})", schema.ErrSelector},
		{shape, "03 0300 09", "CompatibleUnion({1: Square, 2: Circle})", schema.ErrSelector},
		{shape, "81 0300 09", "CompatibleUnion({1: Square, 2: Circle})", schema.ErrSelector},
		{shape, "01 0300 09 00", "CompatibleUnion({1: Square, 2: Circle}).data", schema.ErrSize},
		{shape, "01", "CompatibleUnion({1: Square, 2: Circle}).data", schema.ErrSize},
	} {
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
