package fuzzing

import (
	"strconv"
	"testing"

	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/fuzzing/difftest"
	"github.com/ssztree/ssztree/schema"
)

// The targets of the generic kinds: the types of the ssz_generic cases
// (containers, bitlists, bitvectors, vectors of basic values), seeded with
// those cases, valid and invalid, and unions, seeded with the default
// value of each option; ztyp, with the same types built from its type
// definitions, is the peer (fastssz generates code for containers of
// consensus types only).

// The test containers of ssz_generic (tests/formats/ssz_generic/README.md
// of the specification), as ztyp types.
var (
	zSingleFieldTestStruct = view.ContainerType("SingleFieldTestStruct", []view.FieldDef{{Name: "A", Type: view.ByteType}})
	zSmallTestStruct       = view.ContainerType("SmallTestStruct", []view.FieldDef{{Name: "A", Type: view.Uint16Type}, {Name: "B", Type: view.Uint16Type}})
	zFixedTestStruct       = view.ContainerType("FixedTestStruct", []view.FieldDef{
		{Name: "A", Type: view.Uint8Type}, {Name: "B", Type: view.Uint64Type}, {Name: "C", Type: view.Uint32Type}})
	zVarTestStruct = view.ContainerType("VarTestStruct", []view.FieldDef{
		{Name: "A", Type: view.Uint16Type}, {Name: "B", Type: view.ListType(view.Uint16Type, 1024)}, {Name: "C", Type: view.Uint8Type}})
	zComplexTestStruct = view.ContainerType("ComplexTestStruct", []view.FieldDef{
		{Name: "A", Type: view.Uint16Type},
		{Name: "B", Type: view.ListType(view.Uint16Type, 128)},
		{Name: "C", Type: view.Uint8Type},
		{Name: "D", Type: view.ListType(view.ByteType, 256)},
		{Name: "E", Type: zVarTestStruct},
		{Name: "F", Type: view.VectorType(zFixedTestStruct, 4)},
		{Name: "G", Type: view.VectorType(zVarTestStruct, 2)},
	})
	zBitsStruct = view.ContainerType("BitsStruct", []view.FieldDef{
		{Name: "A", Type: view.BitListType(5)}, {Name: "B", Type: view.BitVectorType(2)}, {Name: "C", Type: view.BitVectorType(1)},
		{Name: "D", Type: view.BitListType(6)}, {Name: "E", Type: view.BitVectorType(8)}})
)

// genericTargets returns the targets of ts, each the handler and case
// prefix of a ssz_generic type with its ztyp type.
func genericTargets(tb testing.TB, handler string, ts ...generic) []*difftest.Target {
	tb.Helper()
	var out []*difftest.Target
	for _, g := range ts {
		t, err := difftest.GenericTarget(handler, g.prefix, []difftest.Peer{zrntView(g.ztyp)}, knownClasses)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, t)
	}
	return out
}

// generic is a ssz_generic type, by the prefix of its case names, and its
// ztyp type.
type generic struct {
	prefix string
	ztyp   view.TypeDef
}

func FuzzGenericContainer(f *testing.F) {
	difftest.Fuzz(f, genericTargets(f, "containers",
		generic{"SingleFieldTestStruct_", zSingleFieldTestStruct},
		generic{"SmallTestStruct_", zSmallTestStruct},
		generic{"FixedTestStruct_", zFixedTestStruct},
		generic{"VarTestStruct_", zVarTestStruct},
		generic{"ComplexTestStruct_", zComplexTestStruct},
		generic{"BitsStruct_", zBitsStruct},
	))
}

// genericLengths are the lengths and limits of the ssz_generic bitlist,
// bitvector and vector cases.
var genericLengths = []uint64{1, 2, 3, 4, 5, 8, 16, 31, 512, 513}

func FuzzGenericBitlist(f *testing.F) {
	var gs []generic
	for _, n := range genericLengths {
		gs = append(gs, generic{"bitlist_" + itoa(n) + "_", view.BitListType(n)})
	}
	difftest.Fuzz(f, genericTargets(f, "bitlist", gs...))
}

func FuzzGenericBitvector(f *testing.F) {
	var gs []generic
	for _, n := range genericLengths {
		gs = append(gs, generic{"bitvec_" + itoa(n) + "_", view.BitVectorType(n)})
	}
	difftest.Fuzz(f, genericTargets(f, "bitvector", gs...))
}

// FuzzGenericVector covers the vectors of basic values but uint128, which
// ztyp does not have, and booleans: ztyp's BoolType is not one of its basic
// types (view.BasicTypeDef), so view.VectorType(view.BoolType, n) is a
// vector of composite values, one chunk per boolean, whose root is not
// Vector[boolean, n]'s (README.md, "Disagreements").
func FuzzGenericVector(f *testing.F) {
	elems := []struct {
		name string
		t    view.TypeDef
	}{{"uint8", view.Uint8Type}, {"uint16", view.Uint16Type},
		{"uint32", view.Uint32Type}, {"uint64", view.Uint64Type}, {"uint256", view.Uint256Type}}
	var gs []generic
	for _, e := range elems {
		for _, n := range genericLengths {
			gs = append(gs, generic{"vec_" + e.name + "_" + itoa(n) + "_", view.VectorType(e.t, n)})
		}
	}
	difftest.Fuzz(f, genericTargets(f, "basic_vector", gs...))
}

// FuzzGenericUnion covers unions, which the ssz_generic cases of the
// conformance data do not: Union[None, uint16, VarTestStruct] and
// Union[uint8, Bitlist[16], ComplexTestStruct], seeded with each option's
// default value.
func FuzzGenericUnion(f *testing.F) {
	varTest, complexTest := genericType(f, "VarTestStruct_"), genericType(f, "ComplexTestStruct_")
	bits := schema.Must(schema.NewBitlist(16))
	unions := []struct {
		ours *schema.Union
		ztyp view.TypeDef
	}{
		{schema.Must(schema.NewUnion(nil, schema.Uint16, varTest)), view.UnionType([]view.TypeDef{nil, view.Uint16Type, zVarTestStruct})},
		{schema.Must(schema.NewUnion(schema.Uint8, bits, complexTest)), view.UnionType([]view.TypeDef{view.Uint8Type, view.BitListType(16), zComplexTestStruct})},
	}
	var targets []*difftest.Target
	for _, u := range unions {
		targets = append(targets, &difftest.Target{
			Name:  "union/" + u.ours.String(),
			Type:  u.ours,
			Peers: []difftest.Peer{zrntView(u.ztyp)},
			Known: knownClasses,
			Seeds: difftest.DefaultSeeds(u.ours),
		})
	}
	difftest.Fuzz(f, targets)
}

// genericType returns ssztree's type of the ssz_generic container cases
// named with prefix.
func genericType(tb testing.TB, prefix string) schema.Type {
	tb.Helper()
	t, err := difftest.GenericTarget("containers", prefix, nil, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return t.Type
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
