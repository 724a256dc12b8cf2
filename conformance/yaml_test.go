package conformance

import (
	"bytes"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"gopkg.in/yaml.v3"
)

var testUnion = schema.Must(schema.NewUnion(nil, schema.Uint16, schema.Must(schema.NewList(schema.Uint8, 4))))

func TestSSZFromYAML(t *testing.T) {
	max128 := bytes.Repeat([]byte{0xff}, 16)
	pow200 := make([]byte, 32)
	pow200[25] = 1
	tests := []struct {
		t    schema.Type
		yaml string
		want []byte
	}{
		{schema.Uint8, "255", []byte{0xff}},
		{schema.Uint16, "0x1234", []byte{0x34, 0x12}},
		{schema.Uint64, "18446744073709551615", bytes.Repeat([]byte{0xff}, 8)},
		{schema.Uint128, "'340282366920938463463374607431768211455'", max128},
		{schema.Uint128, "340282366920938463463374607431768211455", max128},
		{schema.Uint128, "18446744073709551615", append(bytes.Repeat([]byte{0xff}, 8), make([]byte, 8)...)},
		{schema.Uint256, "1606938044258990275541962092341162602522202993782792835301376", pow200},
		{schema.Byte, "7", []byte{7}},
		{schema.Boolean, "true", []byte{1}},
		{schema.Boolean, "false\n...\n", []byte{0}},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "[1, 2, 3]", []byte{1, 2, 3}},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "'0x010203'", []byte{1, 2, 3}},
		{schema.Must(schema.NewByteVector(2)), "[&x 9, *x]", []byte{9, 9}},
		{schema.Must(schema.NewByteList(4)), "'0x'", []byte{}},
		{schema.Must(schema.NewByteList(4)), "[]", []byte{}},
		{schema.Must(schema.NewVector(schema.Boolean, 2)), "[true, false]", []byte{1, 0}},
		{schema.Must(schema.NewList(schema.Uint16, 4)), "[1, 258]", []byte{1, 0, 2, 1}},
		{schema.Must(schema.NewBitvector(10)), "'0xff03'", []byte{0xff, 0x03}},
		{schema.Must(schema.NewBitlist(10)), "'0x01'", []byte{0x01}},
		{smallTestStruct, "{B: 2, A: 1}", []byte{1, 0, 2, 0}},
		{varTestStruct, "A: 1\nB: [2, 3]\nC: 4\n", []byte{1, 0, 7, 0, 0, 0, 4, 2, 0, 3, 0}},
		{schema.Must(schema.NewList(varTestStruct, 2)), "[{A: 1, B: [], C: 2}, {A: 3, B: [4], C: 5}]",
			[]byte{8, 0, 0, 0, 15, 0, 0, 0, 1, 0, 7, 0, 0, 0, 2, 3, 0, 7, 0, 0, 0, 5, 4, 0}},
		{testUnion, "{selector: 0, value: null}", []byte{0}},
		{testUnion, "{selector: 0}", []byte{0}},
		{testUnion, "{selector: 1, value: 7}", []byte{1, 7, 0}},
		{testUnion, "{selector: 2, data: '0x0102'}", []byte{2, 1, 2}},
	}
	for _, tt := range tests {
		got, err := SSZFromYAML(tt.t, parseYAML(t, tt.yaml))
		if err != nil {
			t.Errorf("%v from %s: %v", tt.t, tt.yaml, err)
		} else if !bytes.Equal(got, tt.want) {
			t.Errorf("%v from %s = %x, want %x", tt.t, tt.yaml, got, tt.want)
		}
	}
}

func TestSSZFromYAMLErrors(t *testing.T) {
	tests := []struct {
		t    schema.Type
		yaml string
	}{
		{schema.Uint8, "256"},
		{schema.Uint8, "-1"},
		{schema.Uint8, "1.5"},
		{schema.Uint64, "18446744073709551616"},
		{schema.Uint64, "'5'"},
		{schema.Uint128, "'0x05'"},
		{schema.Uint256, "'12a'"},
		{schema.Uint16, "[1]"},
		{schema.Boolean, "1"},
		{schema.Boolean, "'true'"},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "[1, 2]"},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "'0x0102'"},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "'010203'"},
		{schema.Must(schema.NewVector(schema.Uint8, 3)), "'0x01020'"},
		{schema.Must(schema.NewByteList(2)), "'0x010203'"},
		{schema.Must(schema.NewByteList(2)), "[1, 2, 3]"},
		{schema.Must(schema.NewList(schema.Uint16, 4)), "'0x0100'"},
		{schema.Must(schema.NewBitvector(10)), "'0xff'"},
		{schema.Must(schema.NewBitlist(10)), "[true]"},
		{smallTestStruct, "{A: 1}"},
		{smallTestStruct, "{A: 1, B: 2, C: 3}"},
		{smallTestStruct, "{A: 1, B: 2, A: 3}"},
		{smallTestStruct, "[1, 2]"},
		{testUnion, "{selector: 3, value: 1}"},
		{testUnion, "{selector: 0, value: 1}"},
		{testUnion, "{selector: 1}"},
		{testUnion, "{value: 1}"},
		{testUnion, "7"},
	}
	for _, tt := range tests {
		if got, err := SSZFromYAML(tt.t, parseYAML(t, tt.yaml)); err == nil {
			t.Errorf("%v from %s = %x, want an error", tt.t, tt.yaml, got)
		}
	}
}

func parseYAML(t *testing.T, s string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return doc.Content[0]
}
