package sszjson

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// TestGolden checks the JSON of values against hand-written JSON, both
// ways.
func TestGolden(t *testing.T) {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	zero32 := "0x" + strings.Repeat("00", 32)
	tests := []struct {
		typ  schema.Type
		ssz  string
		json string
	}{
		{checkpoint, "0100000000000000" + strings.Repeat("00", 32), `{"epoch":"1","root":"` + zero32 + `"}`},
		{checkpoint, "ffffffffffffffff" + strings.Repeat("ab", 32), `{"epoch":"18446744073709551615","root":"0x` + strings.Repeat("ab", 32) + `"}`},
		{schema.Uint8, "ff", `"255"`},
		{schema.Uint16, "3412", `"4660"`},
		{schema.Uint32, "00000080", `"2147483648"`},
		{schema.Uint64, "0000000000000000", `"0"`},
		{schema.Uint128, strings.Repeat("ff", 16), `"340282366920938463463374607431768211455"`},
		{schema.Uint128, "0000000000000000 0100000000000000", `"18446744073709551616"`},
		{schema.Uint128, "0000e8890423c78a 0000000000000000", `"10000000000000000000"`},
		{schema.Uint128, "0500c8003bc71c0c 0700000000000000", `"130000000000000000005"`},
		{schema.Uint256, "0700000040228a53fd9ed1e0fc17393772259ac8b57cc8280000000000000000", `"1000000000000000000100000000000000000000000000000000000007"`},
		{schema.Uint256, strings.Repeat("ff", 32), `"115792089237316195423570985008687907853269984665640564039457584007913129639935"`},
		{schema.Uint256, strings.Repeat("00", 16) + "01" + strings.Repeat("00", 15), `"340282366920938463463374607431768211456"`},
		{schema.Uint256, "2a" + strings.Repeat("00", 31), `"42"`},
		{schema.Byte, "2a", `"0x2a"`},
		{schema.Boolean, "01", `true`},
		{schema.Boolean, "00", `false`},
		{must(schema.NewBitlist(8)), "01", `"0x01"`},
		{must(schema.NewBitlist(8)), "0d", `"0x0d"`},
		{must(schema.NewBitlist(16)), "ff01", `"0xff01"`},
		{must(schema.NewBitvector(9)), "0101", `"0x0101"`},
		{must(schema.NewBitvector(512)), strings.Repeat("00", 63) + "80", `"0x` + strings.Repeat("00", 63) + `80"`},
		{must(schema.NewByteList(5)), "", `"0x"`},
		{must(schema.NewByteList(5)), "0102", `"0x0102"`},
		{must(schema.NewByteVector(4)), "deadbeef", `"0xdeadbeef"`},
		{must(schema.NewList(schema.Uint8, 5)), "", `[]`},
		{must(schema.NewList(schema.Uint8, 5)), "0102", `["1","2"]`},
		{must(schema.NewVector(schema.Uint8, 2)), "0102", `["1","2"]`},
		{must(schema.NewList(schema.Uint64, 5)), "0500000000000000 0600000000000000", `["5","6"]`},
		{must(schema.NewVector(schema.Boolean, 2)), "0100", `[true,false]`},
		{unionType, "00", `{"selector":"0","data":null}`},
		{unionType, "01 05000000", `{"selector":"1","data":"5"}`},
		{inner, "0100 0b000000 13000000 01 0200000000000000 01", `{"a":"1","b":["2"],"c":"0x01","d":true}`},
		{must(schema.NewList(must(schema.NewByteList(4)), 3)), "08000000 0a000000 aabb", `["0xaabb","0x"]`},
		{must(schema.NewList(must(schema.NewByteList(4)), 3)), "", `[]`},
	}
	for _, tc := range tests {
		ssz := unhex(tc.ssz)
		got, err := Marshal(tc.typ, ssz)
		if err != nil {
			t.Errorf("Marshal(%v, %x): %v", tc.typ, ssz, err)
		} else if string(got) != tc.json {
			t.Errorf("Marshal(%v, %x):\n got %s\nwant %s", tc.typ, ssz, got, tc.json)
		}
		back, err := Unmarshal(tc.typ, []byte(tc.json))
		if err != nil {
			t.Errorf("Unmarshal(%v, %s): %v", tc.typ, tc.json, err)
		} else if !bytes.Equal(back, ssz) {
			t.Errorf("Unmarshal(%v, %s):\n got %x\nwant %x", tc.typ, tc.json, back, ssz)
		}
	}
}

// TestUnmarshalLenient checks what Unmarshal accepts beyond Marshal's
// output: upper-case hex, leading zeros, whitespace, escapes, reordered
// members (unknown ones are in unknown_test.go).
func TestUnmarshalLenient(t *testing.T) {
	tests := []struct {
		typ  schema.Type
		json string
		ssz  string
	}{
		{schema.Must(schema.NewByteVector(4)), `"0xDEADbeef"`, "deadbeef"},
		{schema.Uint64, ` "007" `, "0700000000000000"},
		{schema.Uint64, `"\u0031\u0032"`, "0c00000000000000"},
		{checkpoint, "{\n\t\"root\" : \"0x" + strings.Repeat("11", 32) + "\" ,\n \"epoch\": \"2\"}",
			"0200000000000000" + strings.Repeat("11", 32)},
		{checkpoint, `{"\u0065poch":"3","root":"0x` + strings.Repeat("00", 32) + `"}`, "0300000000000000" + strings.Repeat("00", 32)},
		{unionType, `{"data":"7","selector":"1"}`, "01 07000000"},
		{unionType, `{"data":null,"selector":"0"}`, "00"},
		{inner, `{"d":false,"c":"0x03","b":[],"a":"65535"}`, "ffff 0b000000 0b000000 00 03"},
	}
	for _, tc := range tests {
		got, err := Unmarshal(tc.typ, []byte(tc.json))
		if err != nil {
			t.Errorf("Unmarshal(%v, %s): %v", tc.typ, tc.json, err)
		} else if want := unhex(tc.ssz); !bytes.Equal(got, want) {
			t.Errorf("Unmarshal(%v, %s):\n got %x\nwant %x", tc.typ, tc.json, got, want)
		}
	}
}

// TestWideUints checks the decimal strings of uint128 and uint256 against
// math/big, both ways.
func TestWideUints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, typ := range []*schema.Uint{schema.Uint64, schema.Uint128, schema.Uint256} {
		size := typ.FixedSize()
		for i := 0; i < 2000; i++ {
			le := make([]byte, size)
			// Random values of every magnitude.
			for j := range le[:r.IntN(size+1)] {
				le[j] = byte(r.Uint32())
			}
			be := make([]byte, size)
			for j := range le {
				be[size-1-j] = le[j]
			}
			want := `"` + new(big.Int).SetBytes(be).String() + `"`
			got, err := Marshal(typ, le)
			if err != nil || string(got) != want {
				t.Fatalf("Marshal(%v, %x) = %s, %v; want %s", typ, le, got, err, want)
			}
			back, err := Unmarshal(typ, got)
			if err != nil || !bytes.Equal(back, le) {
				t.Fatalf("Unmarshal(%v, %s) = %x, %v; want %x", typ, got, back, err, le)
			}
		}
	}
}
