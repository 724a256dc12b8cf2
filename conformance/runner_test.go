package conformance

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golang/snappy"
	"github.com/ssztree/ssztree/schema"
)

// A fakeCase is a case folder to write in a synthetic tests/ folder.
type fakeCase struct {
	path   string // below tests/general/phase0/ssz_generic/, or below tests/ if it starts with "/"
	ssz    []byte // written as serialized.ssz_snappy, or serialized.ssz if plain
	plain  bool
	value  string // value.yaml, if not empty
	root   []byte // meta.yaml, or roots.yaml in ssz_static, if not nil; padded to 32 bytes
	noData bool   // write no files at all
}

// writeLayout writes the cases into a tests/ folder in a temporary folder
// and returns that folder.
func writeLayout(t *testing.T, cases []fakeCase) string {
	t.Helper()
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, "tests", "general", "phase0", "ssz_generic", c.path)
		if rest, ok := strings.CutPrefix(c.path, "/"); ok {
			path = filepath.Join(dir, "tests", rest)
		}
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatal(err)
		}
		if c.noData {
			continue
		}
		write := func(name string, b []byte) {
			if err := os.WriteFile(filepath.Join(path, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if c.plain {
			write(plainFile, c.ssz)
		} else {
			write(snappyFile, snappy.Encode(nil, c.ssz))
		}
		if c.value != "" {
			write(valueFile, []byte(c.value))
		}
		if c.root != nil {
			var root [32]byte
			copy(root[:], c.root)
			name := metaFile
			if strings.Contains(c.path, "/"+staticRunner+"/") {
				name = rootsFile
			}
			write(name, []byte("{root: '0x"+hex.EncodeToString(root[:])+"'}\n"))
		}
	}
	return dir
}

// chunk returns b padded to a 32-byte chunk.
func chunk(b ...byte) []byte {
	c := make([]byte, 32)
	copy(c, b)
	return c
}

func hash(a, b []byte) []byte {
	h := sha256.Sum256(append(append([]byte{}, a...), b...))
	return h[:]
}

// syntheticCases is a tests/ folder in the layout of the newer releases.
var syntheticCases = []fakeCase{
	// Passing cases.
	{path: "uints/valid/uint_16_synthetic", ssz: []byte{0x34, 0x12}, value: "4660\n", root: []byte{0x34, 0x12}},
	{path: "uints/valid/uint_128_string", ssz: chunk(1)[:16], value: "'1'\n", root: []byte{1}},
	{path: "uints/valid/uint_256_plain", ssz: chunk(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
		value: "1606938044258990275541962092341162602522202993782792835301376\n",
		root:  chunk(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)},
	{path: "boolean/valid/false", ssz: []byte{0}, plain: true, value: "false\n...\n", root: []byte{}},
	{path: "boolean/invalid/byte_2", ssz: []byte{2}},
	{path: "basic_vector/valid/vec_uint8_2_hex", ssz: []byte{0xab, 0xcd}, value: "'0xabcd'\n", root: []byte{0xab, 0xcd}},
	{path: "basic_vector/invalid/vec_uint8_0", ssz: []byte{}},
	{path: "basic_vector/invalid/proglist_bool_3_max_byte_2", ssz: []byte{1, 1, 2}},
	{path: "bitlist/invalid/bitlist_no_delimiter_zeroes", ssz: []byte{0, 0, 0}},
	{path: "bitlist/invalid/bitlist_1_but_2", ssz: []byte{0x07}},
	{path: "containers/valid/SmallTestStruct_synthetic", ssz: []byte{1, 0, 2, 0}, value: "A: 1\nB: 2\n",
		root: hash(chunk(1), chunk(2))},
	// Four empty progressive lists: each root is mix_in_length(Bytes32(), 0).
	{path: "containers/valid/ProgressiveTestStruct_zero", ssz: []byte{16, 0, 0, 0, 16, 0, 0, 0, 16, 0, 0, 0, 16, 0, 0, 0},
		value: "A: '0x'\nB: []\nC: []\nD: []\n",
		root:  hash(hash(hash(chunk(), chunk()), hash(chunk(), chunk())), hash(hash(chunk(), chunk()), hash(chunk(), chunk())))},
	{path: "containers/invalid/ProgressiveBitsStruct_extra_byte", ssz: []byte{0}},
	// A compatible union of one option, a progressive container of one
	// byte: mix_in_selector(mix_in_active_fields(hash(chunk, 0), 0b1), 1).
	{path: "compatible_unions/valid/CompatibleUnionA_zero_selector_1", ssz: []byte{1, 0}, value: "selector: 1\ndata: {A: 0}\n",
		root: hash(hash(hash(chunk(), chunk()), chunk(1)), chunk(1))},
	{path: "compatible_unions/invalid/CompatibleUnionA_empty", ssz: []byte{}},
	{path: "compatible_unions/invalid/CompatibleUnionA_selector_0_none", ssz: []byte{0}},
	// Unsupported cases.
	{path: "stablecontainers/valid/StableContainerA_zero", ssz: []byte{1, 0}, value: "{}", root: []byte{}},
	{path: "stablecontainers/invalid/StableContainerA_empty", ssz: []byte{}},
	{path: "stablecontainers/invalid/StableContainerA_extra_byte", ssz: []byte{0}},
	// Failing cases.
	{path: "uints/valid/uint_8_bad_root", ssz: []byte{5}, value: "5\n", root: []byte{6}},
	{path: "bitvector/valid/bitvec_4_bad_value", ssz: []byte{5}, value: "'0x06'\n", root: []byte{5}},
	{path: "boolean/invalid/byte_1", ssz: []byte{1}},
	{path: "containers/invalid/NoSuchStruct_extra_byte", ssz: []byte{0}},
	{path: "compatible_unions/valid/NoSuchUnion_zero_selector_1", ssz: []byte{1, 0}, value: "selector: 1\ndata: {A: 0}\n", root: []byte{}},
	{path: "no_such_handler/valid/case_0", ssz: []byte{0}, value: "0", root: []byte{}},
	{path: "uints/valid/uint_8_no_files", noData: true},
	// ssz_static: passing cases, of a phase0 container in phase0 and in
	// capella, which takes it unchanged, and of a container of capella.
	{path: "/minimal/phase0/ssz_static/Checkpoint/ssz_random/case_0", ssz: checkpointSSZ, plain: true,
		value: checkpointYAML, root: checkpointRoot},
	{path: "/minimal/capella/ssz_static/Checkpoint/ssz_one/case_0", ssz: checkpointSSZ,
		value: checkpointYAML, root: checkpointRoot},
	{path: "/minimal/capella/ssz_static/HistoricalSummary/ssz_zero/case_0", ssz: make([]byte, 64),
		value: "{block_summary_root: '0x" + strings.Repeat("00", 32) + "', state_summary_root: '0x" + strings.Repeat("00", 32) + "'}\n",
		root:  hash(chunk(), chunk())},
	// ssz_static: failing cases: a wrong root, a type folder that is not
	// a container of the fork (of another fork, of none).
	{path: "/minimal/phase0/ssz_static/Checkpoint/ssz_random/case_1", ssz: checkpointSSZ, plain: true,
		value: checkpointYAML, root: chunk(1)},
	{path: "/minimal/phase0/ssz_static/Withdrawal/ssz_random/case_0", ssz: make([]byte, 44), root: []byte{}},
	{path: "/minimal/capella/ssz_static/NoSuchType/ssz_random/case_0", ssz: []byte{0}, root: []byte{}},
	// ssz_static: unsupported fork and preset.
	{path: "/mainnet/heze/ssz_static/Fork/ssz_random/case_0", ssz: []byte{0}},
	{path: "/mainnet/heze/ssz_static/Fork/ssz_random/case_1", ssz: []byte{0}},
	{path: "/mainnet/heze/ssz_static/ExecutionPayloadBid/ssz_zero/case_0", ssz: []byte{0}},
	{path: "/general/phase0/ssz_static/Fork/ssz_zero/case_0", ssz: []byte{0}},
	// Other runners.
	{path: "/mainnet/deneb/operations/attestation/pyspec_tests/a", noData: true},
	{path: "/mainnet/deneb/operations/deposit/pyspec_tests/b", noData: true},
	{path: "/minimal/deneb/operations/deposit/pyspec_tests/c", noData: true},
	{path: "/general/deneb/bls/sign/small/d", noData: true},
}

// A Checkpoint {epoch: 1, root: 0xaa..aa}, in SSZ, YAML, and its root.
var (
	checkpointSSZ  = append([]byte{1, 0, 0, 0, 0, 0, 0, 0}, bytes.Repeat([]byte{0xaa}, 32)...)
	checkpointYAML = "epoch: 1\nroot: '0x" + strings.Repeat("aa", 32) + "'\n"
	checkpointRoot = hash(chunk(1), bytes.Repeat([]byte{0xaa}, 32))
)

func TestRunSynthetic(t *testing.T) {
	dir := writeLayout(t, syntheticCases)
	s, err := Run(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("summary:\n" + s.String())

	wantHandlers := map[string]HandlerCount{
		"uints":             {Valid: 3, Failed: 2},
		"boolean":           {Valid: 1, Invalid: 1, Failed: 1},
		"basic_vector":      {Valid: 1, Invalid: 2},
		"bitlist":           {Invalid: 2},
		"bitvector":         {Failed: 1},
		"containers":        {Valid: 2, Invalid: 1, Failed: 1},
		"compatible_unions": {Valid: 1, Invalid: 2, Failed: 1},
		"stablecontainers":  {Unsupported: 3},
		"no_such_handler":   {Failed: 1},
	}
	for name, want := range wantHandlers {
		if got := s.Handlers[name]; got == nil || *got != want {
			t.Errorf("handler %s: got %+v, want %+v", name, got, want)
		}
	}
	if len(s.Handlers) != len(wantHandlers) {
		t.Errorf("got %d handlers, want %d", len(s.Handlers), len(wantHandlers))
	}

	wantFailures := map[string]string{ // the end of the case folder: text the error must hold
		"uint_8_bad_root":              "root 0x05",
		"bitvec_4_bad_value":           "value.yaml differs from serialized bytes: first difference at byte 0: got 0x06, want 0x05",
		"byte_1":                       "decoded invalid bytes 0x01 without error",
		"NoSuchStruct_extra_byte":      ErrUnknownType.Error(),
		"NoSuchUnion_zero_selector_1":  ErrUnknownType.Error(),
		"no_such_handler/valid/case_0": ErrUnknownType.Error(),
		"uint_8_no_files":              "neither serialized.ssz_snappy nor serialized.ssz",
		"Checkpoint/ssz_random/case_1": "root 0x",
		"Withdrawal/ssz_random/case_0": "Withdrawal is not a container of phase0",
		"NoSuchType/ssz_random/case_0": "NoSuchType is not a container of capella",
	}
	unknownType := []string{"NoSuchStruct_extra_byte", "NoSuchUnion_zero_selector_1", "no_such_handler/valid/case_0", "Withdrawal/ssz_random/case_0", "NoSuchType/ssz_random/case_0"}
	for _, f := range s.Failures {
		name := ""
		for suffix := range wantFailures {
			if strings.HasSuffix(filepath.ToSlash(f.Path), "/"+suffix) {
				name = suffix
			}
		}
		want, ok := wantFailures[name]
		switch {
		case !ok:
			t.Errorf("unexpected failure %v", f.Err)
		case !strings.Contains(f.Err.Error(), f.Path) || !strings.Contains(f.Err.Error(), want):
			t.Errorf("failure of %s: %v; want the path and %q", name, f.Err, want)
		case slices.Contains(unknownType, name) && !errors.Is(f.Err, ErrUnknownType):
			t.Errorf("failure of %s does not match ErrUnknownType: %v", name, f.Err)
		}
		delete(wantFailures, name)
	}
	for name := range wantFailures {
		t.Errorf("case %s did not fail", name)
	}

	wantUnsupported := []UnsupportedCount{
		{Handler: "stablecontainers", Missing: "StableContainer", Valid: 1, Invalid: 2},
	}
	if len(s.Unsupported) != len(wantUnsupported) {
		t.Errorf("unsupported: got %+v, want %+v", s.Unsupported, wantUnsupported)
	} else {
		for i, u := range s.Unsupported {
			if u != wantUnsupported[i] {
				t.Errorf("unsupported[%d]: got %+v, want %+v", i, u, wantUnsupported[i])
			}
		}
	}

	wantStatic := []StaticCount{
		{Preset: "general", Fork: "phase0", Types: 1, Cases: 1, Unsupported: "no preset general"},
		{Preset: "mainnet", Fork: "heze", Types: 2, Cases: 3, Unsupported: "fork heze not supported yet"},
		{Preset: "minimal", Fork: "capella", Types: 3, Cases: 3, ByType: []TypeCount{
			{Type: "Checkpoint", Passed: 1}, {Type: "HistoricalSummary", Passed: 1}, {Type: "NoSuchType", Failed: 1},
		}},
		{Preset: "minimal", Fork: "phase0", Types: 2, Cases: 3, ByType: []TypeCount{
			{Type: "Checkpoint", Passed: 1, Failed: 1}, {Type: "Withdrawal", Failed: 1},
		}},
	}
	if !reflect.DeepEqual(s.Static, wantStatic) {
		t.Errorf("ssz_static:\ngot  %+v\nwant %+v", s.Static, wantStatic)
	}
	if passed, failed, unsupported := s.StaticTotal(); passed != 3 || failed != 3 || unsupported != 4 {
		t.Errorf("ssz_static totals: %d passed, %d failed, %d unsupported; want 3, 3, 4", passed, failed, unsupported)
	}
	wantNotRun := []RunnerCount{{Runner: "bls", Cases: 1}, {Runner: "operations", Cases: 3}}
	if len(s.NotRun) != 2 || s.NotRun[0] != wantNotRun[0] || s.NotRun[1] != wantNotRun[1] {
		t.Errorf("not run: got %+v, want %+v", s.NotRun, wantNotRun)
	}

	text := s.String()
	for _, want := range []string{
		"unsupported: ssz_generic/stablecontainers (StableContainer): 1 valid and 2 invalid cases not run",
		"unsupported: ssz_static mainnet/heze (fork heze not supported yet): 3 cases of 2 types not run",
		"unsupported: ssz_static general/phase0 (no preset general): 1 case of 1 type not run",
		"not an SSZ suite, not run: operations: 3 cases",
		"FAIL: 10 of 29 cases failed",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
	// Rows of the ssz_static tables.
	for _, row := range [][]string{
		{"preset/fork", "types", "cases", "passed", "failed"},
		{"minimal/phase0", "2", "3", "1", "2"},
		{"type", "minimal/capella", "minimal/phase0"},
		{"Checkpoint", "1", "1/2"},
		{"NoSuchType", "0/1", "-"},
	} {
		found := false
		for _, line := range s.Lines() {
			found = found || slices.Equal(strings.Fields(strings.TrimPrefix(line, Prefix)), row)
		}
		if !found {
			t.Errorf("summary lacks the row %q", row)
		}
	}
	for _, line := range s.Lines() {
		if !strings.HasPrefix(line, Prefix) || strings.Contains(line, "\n") {
			t.Errorf("summary line %q does not start with %q or spans lines", line, Prefix)
		}
	}
}

func TestCasesSynthetic(t *testing.T) {
	dir := writeLayout(t, syntheticCases[:19]) // the cases that have bytes, in ssz_generic
	cs, err := Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 19 {
		t.Fatalf("got %d cases, want 19", len(cs))
	}
	byName := make(map[string]Case)
	for _, c := range cs {
		byName[c.Name] = c
	}
	c := byName["uint_16_synthetic"]
	if c.Handler != "uints" || !c.Valid || c.Fork != "phase0" || len(c.Types) != 1 ||
		c.Types[0].String() != "uint16" || string(c.Serialized) != "\x34\x12" {
		t.Errorf("uint_16_synthetic: got %+v", c)
	}
	c = byName["bitlist_no_delimiter_zeroes"]
	if c.Valid || len(c.Types) != len(noDelimiterLimits) || len(c.Serialized) != 3 {
		t.Errorf("bitlist_no_delimiter_zeroes: got %+v", c)
	}
	c = byName["StableContainerA_zero"]
	if !errors.Is(c.TypeErr, ErrUnsupported) || c.Types != nil || len(c.Serialized) != 2 {
		t.Errorf("StableContainerA_zero: got %+v", c)
	}
	c = byName["CompatibleUnionA_zero_selector_1"]
	if c.TypeErr != nil || len(c.Types) != 1 || c.Types[0] != compatibleUnionA {
		t.Errorf("CompatibleUnionA_zero_selector_1: got %+v", c)
	}
	c = byName["vec_uint8_0"]
	if !errors.Is(c.TypeErr, schema.ErrIllegalType) {
		t.Errorf("vec_uint8_0: got %+v", c)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(filepath.Join(dir, "nonexistent")); err == nil {
		t.Error("Run of a nonexistent folder: no error")
	}
	if _, err := Run(dir); err == nil || !strings.Contains(err.Error(), "no tests/ folder") {
		t.Errorf("Run of a folder without tests/: %v", err)
	}
	if _, err := Cases(dir); err == nil {
		t.Error("Cases of a folder without tests/: no error")
	}
	bad := writeLayout(t, []fakeCase{{path: "uints/other/uint_8_x", ssz: []byte{0}}})
	s, err := Run(bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Failures) != 1 || !strings.Contains(s.Failures[0].Err.Error(), "neither valid nor invalid") {
		t.Errorf("case in an unknown suite: got failures %v", s.Failures)
	}
}

func TestReadSerializedCap(t *testing.T) {
	dir := t.TempDir()
	// A snappy block header announcing 1 GiB: a varint length and no data.
	header := []byte{0x80, 0x80, 0x80, 0x80, 0x04}
	if err := os.WriteFile(filepath.Join(dir, snappyFile), header, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readSerialized(dir); err == nil || !strings.Contains(err.Error(), "decompresses to") {
		t.Errorf("readSerialized of a 1 GiB snappy block: %v", err)
	}
}
