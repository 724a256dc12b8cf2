package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

// TestFresh checks that the generated files of the repository are what the
// generator writes now: go generate ./... was run after the last change.
func TestFresh(t *testing.T) {
	for _, f := range []*def.Fork{forks.Phase0, forks.Altair, forks.Bellatrix, forks.Capella, forks.Deneb, forks.Electra, forks.Fulu, forks.Gloas} {
		for file, gen := range map[string]func(*def.Fork) ([]byte, error){
			"types_gen.go":     generate,
			"zero_gen_test.go": generateZeroTest,
			"spec_gen.go":      generateSpec,
		} {
			want, err := gen(f)
			if err != nil {
				t.Fatalf("%s, %s: %v", f.Name, file, err)
			}
			path := filepath.Join("..", "..", f.Name, file)
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate ./...", path)
			}
		}
	}
}

func TestDoc(t *testing.T) {
	got := doc("New", "BeaconBlockBody", " returns ", article("BeaconBlockBody"),
		" holding the default value, for the preset of spec. It panics if spec is nil.")
	want := "// NewBeaconBlockBody returns a BeaconBlockBody holding the default value,\n" +
		"// for the preset of spec. It panics if spec is nil."
	if got != want {
		t.Errorf("doc:\n%s\nwant\n%s", got, want)
	}
	for _, line := range strings.Split(doc(strings.Repeat("word ", 100)), "\n") {
		if len(line) > docWidth {
			t.Errorf("doc wrote a line of %d bytes: %q", len(line), line)
		}
	}
	if got := doc(strings.Repeat("x", 100)); got != "// "+strings.Repeat("x", 100) {
		t.Errorf("doc of a word longer than a line: %q", got)
	}
}

func TestAt(t *testing.T) {
	a := at{off: 8}
	if got := a.slice("b", 32); got != "b[8:40]" {
		t.Errorf("slice at 8: %s", got)
	}
	e := at{}.index("i0", 32)
	if got := e.slice("b", 32); got != "b[32*i0:32*i0+32]" {
		t.Errorf("slice of element i0: %s", got)
	}
	if got := a.index("i0", 16).index("i1", 4).slice("b", 4); got != "b[16*i0+4*i1+8:16*i0+4*i1+12]" {
		t.Errorf("slice of element i1 of element i0: %s", got)
	}
}

func TestConvert(t *testing.T) {
	for _, tc := range []struct{ expr, from, to, want string }{
		{"v", "uint64", "uint64", "v"},
		{"v", "Slot", "uint64", "uint64(v)"},
		{"b[3]", "uint8", "ParticipationFlags", "ParticipationFlags(b[3])"},
		{"b[3]", "uint8", "byte", "b[3]"},
	} {
		if got := convert(tc.expr, tc.from, tc.to); got != tc.want {
			t.Errorf("convert(%q, %q, %q) = %q, want %q", tc.expr, tc.from, tc.to, got, tc.want)
		}
	}
}

// TestImports checks that the imports of a generated file are found from
// the packages it names, and only from names of packages.
func TestImports(t *testing.T) {
	g, err := newGen(forks.Capella)
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`func f(x *T) uint256.Int { var v phase0.Root; _ = x.view; return fmt.Sprint(binary.LittleEndian, v) }`)
	got, err := g.imports(body)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"encoding/binary", "fmt", "github.com/holiman/uint256", modulePath + "phase0"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("imports: %q, want %q", got, want)
	}
	if _, err := g.imports([]byte("func {")); err == nil {
		t.Error("imports of code that does not parse: no error")
	}
}

// TestGrandchild generates a fork whose parent is capella, as the forks
// after Capella will be: what it takes from phase0 through capella is
// reached through the field of its Spec that holds phase0's, directly.
func TestGrandchild(t *testing.T) {
	blob := def.Alias("TestBlob", def.ByteVector(def.N(64)))
	f := &def.Fork{Name: "testfork", Parent: forks.Capella, Containers: []*def.Container{
		{Name: "Record", Fields: []def.Field{
			{Name: "blob", Type: blob},
			{Name: "attestations", Type: def.List(def.Ref("Attestation"), def.N(4))},
			{Name: "body", Type: def.Ref("BeaconBlockBody")},
			{Name: "header", Type: def.Ref("BeaconBlockHeader")},
		}},
	}}
	src, err := generate(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"github.com/ssztree/ssztree/capella"`,
		`"github.com/ssztree/ssztree/phase0"`,
		"type Attestation = capella.Attestation",
		"type Root = capella.Root",
		"return capella.NewAttestation(spec.Capella)",
		"type TestBlob [64]byte",
		`forkcode.UnmarshalSSZ(v[:], b, "testfork", "TestBlob")`,
		"phase0.WrapAttestation(spec.Phase0, v.(*view.Container))",
		"return capella.WrapAttestation(spec.Capella, c)",
		"capella.WrapBeaconBlockBody(x.Spec().Capella, x.container().Field(2).(*view.Container))",
		"func (x *Record) SetHeader(v BeaconBlockHeader)",
		`Record: ts.Container("Record")`,
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the grandchild fork's code lacks %s", want)
		}
	}
	if bytes.Contains(src, []byte(".Capella.Bellatrix")) {
		t.Error("the grandchild fork reaches an earlier fork's Spec through capella's, not its own field")
	}
	if !bytes.Contains(src, []byte("type Checkpoint = capella.Checkpoint")) {
		t.Error("the grandchild fork does not re-export Checkpoint")
	}
}

// TestSpec checks the Spec that the generator writes for a fork whose
// parent is capella: a field for each earlier fork, filled from the
// parent's, and the parent's ErrNilSpec and Value.
func TestSpec(t *testing.T) {
	f := &def.Fork{Name: "testfork", Parent: forks.Capella}
	src, err := generateSpec(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"package testfork",
		`"github.com/ssztree/ssztree/capella"`,
		"Phase0    *phase0.Spec",
		"Capella   *capella.Spec",
		"Phase0:    parent.Phase0,",
		"Capella:   parent,",
		"ts, err := forks.Testfork.Resolve(p)",
		"var ErrNilSpec = capella.ErrNilSpec",
		"type Value = capella.Value",
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the Spec of a child of capella lacks %q", want)
		}
	}
	src, err = generateSpec(forks.Phase0)
	if err != nil {
		t.Fatal(err)
	}
	for _, unwanted := range []string{"parent", ".Spec\n"} {
		if bytes.Contains(src, []byte(unwanted)) {
			t.Errorf("the Spec of phase0, the first fork, has %q", unwanted)
		}
	}
}

// TestProgressive checks the code of Gloas' progressive containers and
// lists: views over view.ProgressiveContainer, with its constructors and
// schema type, and handles of the progressive views of package view, by
// element kind; and a plain container that holds a progressive one.
func TestProgressive(t *testing.T) {
	src, err := generate(forks.Gloas)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"c    *view.ProgressiveContainer",
		"view.DecodeProgressiveContainerTo(&p.c, spec.schemas.BeaconState, b)",
		"func WrapBeaconState(spec *Spec, c *view.ProgressiveContainer) *BeaconState",
		"func (x *BeaconState) Validators() *view.ProgressiveValueList[Validator, *Validator]",
		"func (x *BeaconState) Balances() *view.ProgressiveBasicList[Gwei]",
		"func (x *BeaconState) PtcWindow() *view.CompactVector",
		"func (x *Attestation) AggregationBits() *view.ProgressiveBitlist",
		"func (x *BeaconBlockBody) Attestations() *view.ProgressiveListOf[*Attestation]",
		"func (x *ExecutionPayload) Transactions() *view.ProgressiveListOf[*view.ProgressiveByteList]",
		"func (x *DataColumnSidecar) Column() *view.ProgressiveCompactList",
		"wrapExecutionPayloadBid(x.Spec(), x.container().Field(0).(*view.ProgressiveContainer))",
		"func WrapSignedExecutionPayloadBid(spec *Spec, c *view.Container)",
		"type BuilderIndex uint64",
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the code of gloas lacks %s", want)
		}
	}
	spec, err := generateSpec(forks.Gloas)
	if err != nil {
		t.Fatal(err)
	}
	// gofmt aligns the values of the schemas' fields: compare words.
	words := strings.Join(strings.Fields(string(src)), " ")
	for _, want := range []string{
		`BeaconState: ts.Type("BeaconState").(*schema.ProgressiveContainer),`,
		`BeaconBlock: ts.Container("BeaconBlock"),`,
	} {
		if !strings.Contains(words, want) {
			t.Errorf("the schemas of gloas lack %s", want)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(string(spec)), " "), "Fulu *fulu.Spec") {
		t.Error("gloas' Spec has no field Fulu")
	}
}
