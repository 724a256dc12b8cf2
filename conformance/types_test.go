package conformance

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

func TestParseType(t *testing.T) {
	tests := []struct {
		handler, name string
		want          string // the types, joined by ", "
	}{
		{"uints", "uint_8_one_too_high", "uint8"},
		{"uints", "uint_256_last_byte_empty", "uint256"},
		{"uints", "uint_128_random_3", "uint128"},
		{"boolean", "true", "boolean"},
		{"boolean", "byte_0x80", "boolean"},
		{"basic_vector", "vec_bool_1_max", "Vector[boolean, 1]"},
		{"basic_vector", "vec_uint16_513_random", "Vector[uint16, 513]"},
		{"basic_vector", "vec_uint256_31_zero_one_byte_less", "Vector[uint256, 31]"},
		{"basic_vector", "vec_uint8_16_nil", "Vector[uint8, 16]"},
		{"basic_vector", "proglist_bool_5_zero_byte_rev_nibble", "Vector[boolean, 5]"},
		{"bitvector", "bitvec_513_max", "Bitvector[513]"},
		{"bitvector", "bitvec_9_random_8", "Bitvector[9]"},
		{"bitlist", "bitlist_31_lengthy_4", "Bitlist[31]"},
		{"bitlist", "bitlist_32_but_64", "Bitlist[32]"},
		{"bitlist", "bitlist_no_delimiter_zero_byte", "Bitlist[1], Bitlist[8], Bitlist[512], Bitlist[2048]"},
		{"containers", "SingleFieldTestStruct_max_chaos_2", "SingleFieldTestStruct"},
		{"containers", "ComplexTestStruct_max_count_last_offset_2_overflow", "ComplexTestStruct"},
		{"containers", "BitsStruct_nil_count_offset_0_zeroed", "BitsStruct"},
		{"containers", "VarTestStruct", "VarTestStruct"},
		{"basic_progressive_list", "proglist_uint8_5_max", "ProgressiveList[uint8]"},
		{"basic_progressive_list", "proglist_bool_1366_zero_rev_nibble", "ProgressiveList[boolean]"},
		{"basic_progressive_list", "proglist_uint256_86_random_one_byte_less", "ProgressiveList[uint256]"},
		{"progressive_bitlist", "progbitlist_max_5", "ProgressiveBitList"},
		{"progressive_bitlist", "progbitlist_no_delimiter_zeroes", "ProgressiveBitList"},
		{"containers", "ProgressiveTestStruct_zero", "ProgressiveTestStruct"},
		{"progressive_containers", "ProgressiveVarTestStruct_zero", "ProgressiveVarTestStruct"},
		{"progressive_containers", "ProgressiveComplexTestStruct_random_modded_3", "ProgressiveComplexTestStruct"},
		{"containers", "ProgressiveBitsStruct_max_count_offset_32_plus_one", "ProgressiveBitsStruct"},
	}
	for _, tt := range tests {
		ts, err := ParseType(tt.handler, tt.name)
		if err != nil {
			t.Errorf("ParseType(%q, %q): %v", tt.handler, tt.name, err)
			continue
		}
		names := make([]string, len(ts))
		for i, typ := range ts {
			names[i] = typ.String()
		}
		if got := strings.Join(names, ", "); got != tt.want {
			t.Errorf("ParseType(%q, %q) = %s, want %s", tt.handler, tt.name, got, tt.want)
		}
	}
}

func TestParseTypeErrors(t *testing.T) {
	tests := []struct {
		handler, name string
		want          error
	}{
		{"basic_vector", "vec_bool_0", schema.ErrIllegalType},
		{"basic_vector", "vec_uint256_0", schema.ErrIllegalType},
		{"bitvector", "bitvec_0", schema.ErrIllegalType},
		{"basic_progressivelist", "proglist_bool_0_zero", ErrUnsupported},
		{"basic_progressive_list", "proglist_float_5_max", ErrUnknownType},
		{"basic_progressive_list", "proglist", ErrUnknownType},
		{"basic_progressive_list", "list_uint8_5_max", ErrUnknownType},
		{"progressive_bitlist", "bitlist_max_5", ErrUnknownType},
		{"progressive_containers", "ProgressiveTestStruct_zero", ErrUnknownType},
		{"progressive_containers", "VarTestStruct_zero", ErrUnknownType},
		{"compatible_unions", "CompatibleUnionAB_empty", ErrUnknownType},
		{"compatible_unions", "ProgressiveVarTestStruct_zero", ErrUnknownType},
		{"stablecontainers", "StableContainerA_empty", ErrUnsupported},
		{"uints", "uint_7_max", ErrUnknownType},
		{"uints", "uint", ErrUnknownType},
		{"uints", "int_8_max", ErrUnknownType},
		{"basic_vector", "vec_float_3_max", ErrUnknownType},
		{"basic_vector", "vec_uint8", ErrUnknownType},
		{"basic_vector", "list_uint8_3", ErrUnknownType},
		{"bitvector", "bitvec", ErrUnknownType},
		{"bitvector", "bitvec_x", ErrUnknownType},
		{"bitlist", "bitlist_-1", ErrUnknownType},
		{"containers", "SmallTestStructX_max", ErrUnknownType},
		{"containers", "Small_max", ErrUnknownType},
		{"no_such_handler", "true", ErrUnknownType},
	}
	for _, tt := range tests {
		ts, err := ParseType(tt.handler, tt.name)
		if !errors.Is(err, tt.want) {
			t.Errorf("ParseType(%q, %q) = %v, %v; want an error matching %q", tt.handler, tt.name, ts, err, tt.want)
		}
	}
}
