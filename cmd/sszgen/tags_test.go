package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// prelude declares, in the packages of the tests of the struct front end,
// the types their fields use.
const prelude = `package p

import (
	"github.com/holiman/uint256"
	bits "github.com/OffchainLabs/go-bitfield"
	oldbits "github.com/prysmaticlabs/go-bitfield"
	dynssz "github.com/pk910/dynamic-ssz"
	"time"
)

type Gwei uint64
type Root [32]byte
type Roots []Root
type Inner struct{ A uint64; B [4]byte }
type Big struct{ A uint64; L []uint64 ` + "`ssz-max:\"8\"`" + ` }
type Prog struct {
	A uint64 ` + "`ssz-index:\"0\"`" + `
	C uint64 ` + "`ssz-index:\"3\"`" + `
}
type Prog2 struct {
	A uint64 ` + "`ssz-index:\"0\"`" + `
	D uint32 ` + "`ssz-index:\"5\"`" + `
}
type Union = dynssz.CompatibleUnion[struct{ Prog; Prog2 }]

var _ = uint256.Int{}
var _ bits.Bitlist
var _ oldbits.Bitlist
var _ time.Time
`

// fieldSchema maps a struct S whose one field is decl (a type and tags, as
// written after the field's name) with the spec values, and returns the
// schema type of the field, or the error.
func fieldSchema(t *testing.T, decl string, values map[string]uint64) (string, error) {
	t.Helper()
	return structSchema(t, "type S struct {\n\tF "+decl+"\n}\n", values)
}

// structSchema maps the struct S of the declarations decls and returns the
// schema type of its first field, or the error.
func structSchema(t *testing.T, decls string, values map[string]uint64) (string, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(prelude+decls), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := loadTypes(dir, "", []string{"S"}, values)
	if err != nil {
		return "", err
	}
	u := src.structs["S"]
	st, err := schemaOf(u.Fields[0].t)
	if err != nil {
		return "", err
	}
	return st.String(), nil
}

// TestFieldTypes maps a field of each Go type and each tag to its SSZ type.
func TestFieldTypes(t *testing.T) {
	values := map[string]uint64{"LIMIT": 100, "SIZE": 48, "TWO": 2}
	for _, tc := range []struct{ decl, want string }{
		{"bool", "boolean"},
		{"uint8", "uint8"},
		{"byte", "uint8"},
		{"uint16", "uint16"},
		{"uint32", "uint32"},
		{"uint64", "uint64"},
		{"Gwei", "uint64"},
		{"*uint64", "uint64"},
		{"uint64 `ssz-type:\"uint64\"`", "uint64"},
		{"*uint256.Int", "uint256"},
		{"uint256.Int", "uint256"},
		{"[32]byte `ssz-type:\"uint256\"`", "uint256"},
		{"[16]byte `ssz-type:\"uint128\"`", "uint128"},
		{"[32]byte", "ByteVector[32]"},
		{"Root", "ByteVector[32]"},
		{"[]byte `ssz-size:\"48\"`", "ByteVector[48]"},
		{"[]byte `ssz-size:\"32\" dynssz-size:\"SIZE\"`", "ByteVector[48]"},
		{"[]byte `ssz-size:\"32\" dynssz-size:\"MISSING\"`", "ByteVector[32]"},
		{"[]byte `ssz-max:\"1024\"`", "ByteList[1024]"},
		{"[]byte `ssz-max:\"1\" dynssz-max:\"LIMIT*TWO+1\"`", "ByteList[201]"},
		{"[]byte `ssz-max:\"1\" dynssz-max:\"(LIMIT+TWO)/2\"`", "ByteList[51]"},
		{"[]byte `ssz-size:\"8\" ssz-max:\"8\"`", "ByteVector[8]"},
		{"[]byte `ssz-type:\"progressive-list\"`", "ProgressiveByteList"},
		{"[]byte `ssz-type:\"bitlist\" ssz-max:\"2048\"`", "Bitlist[2048]"},
		{"bits.Bitlist `ssz-max:\"2048\"`", "Bitlist[2048]"},
		{"oldbits.Bitlist `ssz-max:\"64\"`", "Bitlist[64]"},
		{"bits.Bitlist `ssz-type:\"progressive-bitlist\"`", "ProgressiveBitList"},
		{"[2]byte `ssz-type:\"bitvector\" ssz-bitsize:\"12\"`", "Bitvector[12]"},
		{"[]byte `ssz-type:\"bitvector\" ssz-bitsize:\"4\" dynssz-bitsize:\"LIMIT\"`", "Bitvector[100]"},
		{"[8]byte `ssz-type:\"bitvector\"`", "Bitvector[64]"},
		{"bits.Bitvector64 `ssz-type:\"bitvector\" ssz-size:\"8\"`", "Bitvector[64]"},
		{"[4]uint64", "Vector[uint64, 4]"},
		{"[]uint64 `ssz-size:\"4\"`", "Vector[uint64, 4]"},
		{"[]Gwei `ssz-max:\"16\"`", "List[uint64, 16]"},
		{"[]uint64 `ssz-type:\"progressive-list\" ssz-max:\"16\"`", "ProgressiveList[uint64]"},
		{"[]bool `ssz-max:\"16\"`", "List[boolean, 16]"},
		{"[][32]byte `ssz-max:\"64\"`", "List[ByteVector[32], 64]"},
		{"[][]byte `ssz-size:\"?,32\" ssz-max:\"64\"`", "List[ByteVector[32], 64]"},
		{"[][]byte `ssz-size:\"4,32\"`", "Vector[ByteVector[32], 4]"},
		{"[][]byte `ssz-max:\"16,1024\"`", "List[ByteList[1024], 16]"},
		{"[2][]byte `ssz-size:\"?,?\" ssz-max:\"?,8\"`", "Vector[ByteList[8], 2]"},
		{"[][]uint64 `ssz-max:\"?,8\" ssz-size:\"3\"`", "Vector[List[uint64, 8], 3]"},
		{"Roots `ssz-max:\"4\"`", "List[ByteVector[32], 4]"},
		{"Inner", "Inner"},
		{"*Inner", "Inner"},
		{"Inner `ssz-type:\"container\"`", "Inner"},
		{"[]Inner `ssz-max:\"10\"`", "List[Inner, 10]"},
		{"[]*Big `ssz-max:\"10\"`", "List[Big, 10]"},
		{"[3]Inner", "Vector[Inner, 3]"},
		{"Prog", "Prog"},
		{"Prog `ssz-type:\"progressive-container\"`", "Prog"},
		{"[]Prog `ssz-type:\"progressive-list\"`", "ProgressiveList[Prog]"},
		{"Union", "CompatibleUnion({1: Prog, 2: Prog2})"},
		{"Union `ssz-type:\"compatible-union\"`", "CompatibleUnion({1: Prog, 2: Prog2})"},
		{"dynssz.CompatibleUnion[struct{ X Prog `ssz-index:\"5\"`; Y Prog2 `ssz-index:\"9\"` }]", "CompatibleUnion({5: Prog, 9: Prog2})"},
	} {
		got, err := fieldSchema(t, tc.decl, values)
		if err != nil {
			t.Errorf("%s: %v", tc.decl, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.decl, got, tc.want)
		}
	}
}

// TestFieldErrors checks the error of each unsupported or contradictory
// tag and type: it names the struct, the field and the tag.
func TestFieldErrors(t *testing.T) {
	values := map[string]uint64{"LIMIT": 100, "ZERO": 0}
	for _, tc := range []struct{ decl, want string }{
		{"[]uint64 `ssz-max:\"x\"`", `S.F: tag ssz-max "x": not a number`},
		{"[]uint64 `ssz-size:\"x\"`", `S.F: tag ssz-size "x": not a number`},
		{"[][]byte `ssz-max:\"4,x\"`", `S.F: tag ssz-max "4,x": dimension 2 ("x"): not a number`},
		{"[]uint64 `ssz-max:\"0\"`", `S.F: tag ssz-max "0": 0 is no length or limit`},
		{"[]uint64 `ssz-max:\"4,\"`", `S.F: tag ssz-max "4,": dimension 2 is empty`},
		{"[]uint64", `S.F: []uint64 needs ssz-size (a vector) or ssz-max (a list)`},
		{"[]byte", `S.F: []byte needs ssz-size (a vector) or ssz-max (a list)`},
		{"[]byte `ssz-size:\"32\" ssz-max:\"64\"`", `S.F: tag ssz-max "64": a limit other than the length 32 of a vector`},
		{"[4]uint64 `ssz-max:\"8\"`", `S.F: tag ssz-max "8": a limit other than the length 4 of a vector`},
		{"[4]byte `ssz-size:\"2\"`", `S.F: tag ssz-size "2": 2 is not the array's length 4`},
		{"[4]byte `dynssz-size:\"LIMIT\"`", `S.F: tag dynssz-size "LIMIT": 100 is not the array's length 4`},
		{"[]uint64 `dynssz-max:\"MISSING\"`", `S.F: tag dynssz-max "MISSING": MISSING is not among the spec values (-preset, -values) and there is no ssz-max to fall back to`},
		{"[]uint64 `dynssz-max:\"ZERO\"`", `S.F: tag dynssz-max "ZERO": ZERO is 0 in the spec values`},
		{"[]uint64 `ssz-max:\"4\" dynssz-max:\"8\"`", `S.F: tag dynssz-max "8": the number 8 contradicts ssz-max 4`},
		{"[]uint64 `ssz-max:\"4\" dynssz-max:\"LIMIT*\"`", `S.F: tag dynssz-max "LIMIT*": unexpected end`},
		{"[]uint64 `ssz-max:\"4\" dynssz-max:\"(LIMIT\"`", `S.F: tag dynssz-max "(LIMIT": missing ) for the ( at byte 0`},
		{"[]uint64 `ssz-max:\"4\" dynssz-max:\"LIMIT^2\"`", `S.F: tag dynssz-max "LIMIT^2": unexpected "^2" at byte 5`},
		{"[]uint64 `ssz-max:\"4\" dynssz-max:\"LIMIT/(LIMIT-LIMIT)\"`", `S.F: tag dynssz-max "LIMIT/(LIMIT-LIMIT)": division by 0`},
		{"[][]byte `ssz-size:\"2,6\" dynssz-size:\"?,LIMIT\"`", `S.F: tag dynssz-size "?,LIMIT": dimension 1 ("?"): ? where ssz-size gives 2`},
		{"[][]uint64 `ssz-max:\"?,8\" dynssz-max:\"LIMIT,8\"`", `S.F: tag ssz-max "?,8": dimension 1 ("?"): ? where dynssz-max gives "LIMIT"`},
		{"uint64 `ssz-type:\"uint32\"`", `S.F: tag ssz-type "uint32": uint64 is not a uint32`},
		{"uint64 `ssz-type:\"float\"`", `S.F: tag ssz-type "float": dimension 1: unknown or unsupported type "float"`},
		{"uint64 `ssz-max:\"4\"`", `S.F: tag ssz-max "4": uint64 has no length or limit`},
		{"uint64 `ssz:\"-\" ssz-type:\"-\"`", `S.F: tag ssz "-": given with ssz-type`},
		{"uint64 `ssz-index:\"x\"`", `S.F: tag ssz-index "x": not a number from 0 to 255`},
		{"[]byte `ssz-type:\"bitlist\"`", `S.F: a bitlist needs ssz-max (bits) or dynssz-max`},
		{"[4]byte `ssz-type:\"bitlist\" ssz-max:\"4\"`", `S.F: tag ssz-type "bitlist": a bitlist is a slice, not an array`},
		{"[]byte `ssz-type:\"bitvector\"`", `S.F: a bitvector of a slice needs ssz-bitsize or ssz-size`},
		{"[2]byte `ssz-type:\"bitvector\" ssz-bitsize:\"20\"`", `S.F: tag ssz-bitsize "20": 20 bits are not 2 bytes`},
		{"[]byte `ssz-max:\"4\" ssz-bitsize:\"4\"`", `S.F: tag ssz-bitsize "4": only a bitvector has a length in bits`},
		{"[8]byte `ssz-type:\"uint256\"`", `S.F: tag ssz-type "uint256": a uint256 is 32 bytes: [32]byte`},
		{"Inner `ssz-type:\"list\"`", `S.F: tag ssz-type "list": Inner is a struct, not a list`},
		{"Inner `ssz-type:\"progressive-container\"`", `S.F: tag ssz-type "progressive-container": Inner has no ssz-index tags`},
		{"[4]uint64 `ssz-type:\"progressive-list\"`", `S.F: tag ssz-type "progressive-list": a progressive list is a slice, not an array`},
		{"int", `S.F: type int is not supported`},
		{"string `ssz-size:\"4\"`", `S.F: type string is not supported`},
		{"map[string]uint64", `S.F: type map[string]uint64 is not supported`},
		{"time.Time", `S.F: type time.Time of package "time" is not supported`},
		{"[N]byte", `S.F: array length N: only a positive number is supported`},
		{"dynssz.Union[struct{ A Inner }]", `S.F: type dynssz.Union[struct{...}]: dynamic-ssz's Union (the specification's Union) is not supported`},
		{"dynssz.CompatibleUnion[struct{ A Inner `ssz-index:\"1\"`; B Inner }]", `some options have an ssz-index and some not`},
		{"dynssz.CompatibleUnion[struct{ A Inner `ssz-index:\"0\"` }]", `option A: tag ssz-index "0": a selector is from 1 to 127`},
		{"dynssz.CompatibleUnion[struct{ A Prog; B Inner }]", `compatible union options 1 (Prog) and 2 (Inner) are not compatible`},
	} {
		_, err := fieldSchema(t, tc.decl, values)
		if err == nil {
			t.Errorf("%s: no error, want %q", tc.decl, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.decl, err, tc.want)
		}
	}
}

// TestStructs checks what the front end makes of whole structs: the
// fields it leaves out, the names it gives, progressive containers.
func TestStructs(t *testing.T) {
	for _, tc := range []struct{ decls, want string }{
		{"type S struct {\n\tA uint64 `ssz-index:\"1\"`\n\tB uint32\n\tC uint8 `ssz-index:\"7\"`\n}\n",
			"S{a uint64, b uint32, c uint8} active_fields 01100001"},
		{"type S struct {\n\tA uint64\n\tb uint32\n\tC uint8 `ssz:\"-\"`\n\tD uint16 `ssz-type:\"-\"`\n\tE bool `json:\"e_json\"`\n\tHTTPPort uint16\n}\n",
			"S{a uint64, e_json boolean, http_port uint16}"},
		{"type S = T\ntype T struct{ A uint64 }\n", "S{a uint64}"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(prelude+tc.decls), 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := loadTypes(dir, "", []string{"S"}, nil)
		if err != nil {
			t.Errorf("%s: %v", tc.decls, err)
			continue
		}
		if got := describe(src.structs["S"]); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.decls, got, tc.want)
		}
	}
	for _, tc := range []struct{ decls, want string }{
		{"type S struct {\n\tA uint64 `ssz-index:\"3\"`\n\tB uint32 `ssz-index:\"2\"`\n}\n", `S.B: tag ssz-index "2": not above the field before it (3)`},
		{"type S struct{ a uint64 }\n", "S has no SSZ fields"},
		{"type S struct{ Next *S `ssz-max:\"2\"` }\n", "S refers to itself"},
		{"type S struct{ Copy uint64 }\n", "S.Copy: the field's accessor would clash with a method of the view"},
		{"type S struct{ A uint64 `json:\"x\"`; B uint64 `json:\"x\"` }\n", "S.B: SSZ name x is A's too"},
		{"type S struct{ A uint64 }\ntype SView struct{}\n", "S: the package declares SView, the name of its view"},
		{"type S uint64\n", "S is not a struct"},
	} {
		_, err := structSchema(t, tc.decls, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.decls, err, tc.want)
		}
	}
	if _, err := structSchema(t, "type T struct{}\n", nil); err == nil || !strings.Contains(err.Error(), "S: no such type in package p") {
		t.Errorf("a missing type: %v", err)
	}
}

// describe returns a container's fields and their SSZ types, and a
// progressive container's active fields.
func describe(u *uStruct) string {
	var b strings.Builder
	b.WriteString(u.Name + "{")
	for i, f := range u.Fields {
		st, err := schemaOf(f.t)
		if err != nil {
			return err.Error()
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.SSZName + " " + st.String())
	}
	b.WriteString("}")
	if u.Progressive {
		b.WriteString(" active_fields ")
		for _, a := range u.Active {
			b.WriteByte(map[bool]byte{false: '0', true: '1'}[a])
		}
	}
	return b.String()
}

// TestSpecValues checks the reading of -preset and -values.
func TestSpecValues(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "preset.yaml")
	if err := os.WriteFile(file, []byte("# a preset\nMAX_A: 16\nMAX_B: 32\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := specValues(file, "MAX_B=64, MAX_C=1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got["MAX_A"] != 16 || got["MAX_B"] != 64 || got["MAX_C"] != 1 {
		t.Fatalf("got %v", got)
	}
	for _, values := range []string{"MAX_A", "MAX_A=x", "=4", "MAX_A=-1"} {
		if _, err := specValues("", values); err == nil || !strings.Contains(err.Error(), "-values") {
			t.Errorf("-values %q: %v", values, err)
		}
	}
	if err := os.WriteFile(file, []byte("MAX_A: sixteen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := specValues(file, ""); err == nil || !strings.Contains(err.Error(), `MAX_A: "sixteen" is not an unsigned integer`) {
		t.Errorf("a bad preset file: %v", err)
	}
}
