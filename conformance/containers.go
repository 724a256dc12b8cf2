package conformance

import "github.com/ssztree/ssztree/schema"

// The test containers of the ssz_generic containers handler, as defined in
// tests/formats/ssz_generic/README.md of the specification and in its
// generator (tests/generators/runners/ssz_generic_cases/ssz_container.py).
var (
	singleFieldTestStruct = container("SingleFieldTestStruct",
		field("A", schema.Byte),
	)
	smallTestStruct = container("SmallTestStruct",
		field("A", schema.Uint16),
		field("B", schema.Uint16),
	)
	fixedTestStruct = container("FixedTestStruct",
		field("A", schema.Uint8),
		field("B", schema.Uint64),
		field("C", schema.Uint32),
	)
	varTestStruct = container("VarTestStruct",
		field("A", schema.Uint16),
		field("B", schema.Must(schema.NewList(schema.Uint16, 1024))),
		field("C", schema.Uint8),
	)
	complexTestStruct = container("ComplexTestStruct",
		field("A", schema.Uint16),
		field("B", schema.Must(schema.NewList(schema.Uint16, 128))),
		field("C", schema.Uint8),
		field("D", schema.Must(schema.NewByteList(256))),
		field("E", varTestStruct),
		field("F", schema.Must(schema.NewVector(fixedTestStruct, 4))),
		field("G", schema.Must(schema.NewVector(varTestStruct, 2))),
	)
	bitsStruct = container("BitsStruct",
		field("A", schema.Must(schema.NewBitlist(5))),
		field("B", schema.Must(schema.NewBitvector(2))),
		field("C", schema.Must(schema.NewBitvector(1))),
		field("D", schema.Must(schema.NewBitlist(6))),
		field("E", schema.Must(schema.NewBitvector(8))),
	)
	progressiveTestStruct = container("ProgressiveTestStruct",
		field("A", schema.Must(schema.NewProgressiveByteList())),
		field("B", schema.Must(schema.NewProgressiveList(schema.Uint64))),
		field("C", schema.Must(schema.NewProgressiveList(smallTestStruct))),
		field("D", schema.Must(schema.NewProgressiveList(schema.Must(schema.NewProgressiveList(varTestStruct))))),
	)
	progressiveBitsStruct = container("ProgressiveBitsStruct",
		field("A", schema.Must(schema.NewBitvector(256))),
		field("B", schema.Must(schema.NewBitlist(256))),
		field("C", schema.NewProgressiveBitlist()),
		field("D", schema.Must(schema.NewBitvector(257))),
		field("E", schema.Must(schema.NewBitlist(257))),
		field("F", schema.NewProgressiveBitlist()),
		field("G", schema.Must(schema.NewBitvector(1280))),
		field("H", schema.Must(schema.NewBitlist(1280))),
		field("I", schema.NewProgressiveBitlist()),
		field("J", schema.Must(schema.NewBitvector(1281))),
		field("K", schema.Must(schema.NewBitlist(1281))),
		field("L", schema.NewProgressiveBitlist()),
	)
)

// The test structs of the progressive_containers handler, as the
// consensus specs' generator (ssz_progressive_container.py) defines them.
var (
	progressiveSingleFieldContainerTestStruct = progressive("ProgressiveSingleFieldContainerTestStruct", "1",
		field("A", schema.Byte),
	)
	progressiveSingleListContainerTestStruct = progressive("ProgressiveSingleListContainerTestStruct", "00001",
		field("C", schema.NewProgressiveBitlist()),
	)
	progressiveVarTestStruct = progressive("ProgressiveVarTestStruct", "10101",
		field("A", schema.Byte),
		field("B", schema.Must(schema.NewList(schema.Uint16, 123))),
		field("C", schema.NewProgressiveBitlist()),
	)
	progressiveComplexTestStruct = progressive("ProgressiveComplexTestStruct", "1010100010001100000011",
		field("A", schema.Byte),
		field("B", schema.Must(schema.NewList(schema.Uint16, 123))),
		field("C", schema.NewProgressiveBitlist()),
		field("D", schema.Must(schema.NewProgressiveList(schema.Uint64))),
		field("E", schema.Must(schema.NewProgressiveList(smallTestStruct))),
		field("F", schema.Must(schema.NewProgressiveList(schema.Must(schema.NewProgressiveList(varTestStruct))))),
		field("G", schema.Must(schema.NewList(progressiveSingleFieldContainerTestStruct, 10))),
		field("H", schema.Must(schema.NewProgressiveList(progressiveVarTestStruct))),
	)
)

// progressiveTestContainers maps the names of the structs of the
// progressive_containers handler to their types.
var progressiveTestContainers = map[string]schema.Type{
	"ProgressiveSingleFieldContainerTestStruct": progressiveSingleFieldContainerTestStruct,
	"ProgressiveSingleListContainerTestStruct":  progressiveSingleListContainerTestStruct,
	"ProgressiveVarTestStruct":                  progressiveVarTestStruct,
	"ProgressiveComplexTestStruct":              progressiveComplexTestStruct,
}

// The unions of the compatible_unions handler, as the consensus specs'
// generator (ssz_compatible_union.py) defines them.
var (
	compatibleUnionA = schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{
		1: progressiveSingleFieldContainerTestStruct,
	}))
	compatibleUnionBC = schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{
		2: progressiveSingleListContainerTestStruct,
		3: progressiveVarTestStruct,
	}))
	compatibleUnionABCA = schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{
		1: progressiveSingleFieldContainerTestStruct,
		2: progressiveSingleListContainerTestStruct,
		3: progressiveVarTestStruct,
		4: progressiveSingleFieldContainerTestStruct,
	}))
)

// testCompatibleUnions maps the names of the unions of the
// compatible_unions handler to their types.
var testCompatibleUnions = map[string]schema.Type{
	"CompatibleUnionA":    compatibleUnionA,
	"CompatibleUnionBC":   compatibleUnionBC,
	"CompatibleUnionABCA": compatibleUnionABCA,
}

// testContainers maps the names of the supported test containers to their
// types.
var testContainers = map[string]schema.Type{
	"SingleFieldTestStruct": singleFieldTestStruct,
	"SmallTestStruct":       smallTestStruct,
	"FixedTestStruct":       fixedTestStruct,
	"VarTestStruct":         varTestStruct,
	"ComplexTestStruct":     complexTestStruct,
	"BitsStruct":            bitsStruct,
	"ProgressiveTestStruct": progressiveTestStruct,
	"ProgressiveBitsStruct": progressiveBitsStruct,
}

// unsupportedContainers maps the names of the test containers whose field
// types the schema package does not support yet to the missing types.
var unsupportedContainers = map[string]string{}

func container(name string, fields ...schema.Field) *schema.Container {
	return schema.Must(schema.NewContainer(name, fields...))
}

// progressive returns the progressive container whose active_fields are
// written as a string of 0s and 1s.
func progressive(name, active string, fields ...schema.Field) *schema.ProgressiveContainer {
	bits := make([]bool, len(active))
	for i := range active {
		bits[i] = active[i] == '1'
	}
	return schema.Must(schema.NewProgressiveContainer(name, bits, fields...))
}

func field(name string, t schema.Type) schema.Field {
	return schema.Field{Name: name, Type: t}
}
