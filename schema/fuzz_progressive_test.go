package schema

import "testing"

// The fuzz targets of the progressive kinds (EIP-7916, EIP-7495) and of
// compatible unions (EIP-8016), checked by checkRoundTrip against the flat
// references refValid and refRoot (merkleize_progressive, mix_in_length,
// mix_in_active_fields, mix_in_selector, written from the specification's
// text in reference_test.go). Their seeds in testdata/fuzz are cases of the
// progressive ssz_generic handlers of the conformance data (valid_<case>
// and invalid_<case>, with the selector of their type: add new types at the
// end of a list) and the smallest of the inputs that a run of a minute per
// target found interesting (found_<hash>).

// The test structs of the progressive ssz_generic handlers
// (tests/formats/ssz_generic/README.md of consensus-specs a08d8a6e).
var (
	progSingleField = Must(NewProgressiveContainer("ProgressiveSingleFieldContainerTestStruct", bitsOf("1"), field("A", Byte)))
	progSingleList  = Must(NewProgressiveContainer("ProgressiveSingleListContainerTestStruct", bitsOf("00001"), field("C", NewProgressiveBitlist())))
	progVar         = Must(NewProgressiveContainer("ProgressiveVarTestStruct", bitsOf("10101"),
		field("A", Byte), field("B", Must(NewList(Uint16, 123))), field("C", NewProgressiveBitlist())))
	progComplex = Must(NewProgressiveContainer("ProgressiveComplexTestStruct", bitsOf("1010100010001100000011"),
		field("A", Byte), field("B", Must(NewList(Uint16, 123))), field("C", NewProgressiveBitlist()),
		field("D", Must(NewProgressiveList(Uint64))), field("E", Must(NewProgressiveList(smallTestStruct))),
		field("F", Must(NewProgressiveList(Must(NewProgressiveList(varTestStruct))))),
		field("G", Must(NewList(progSingleField, 10))), field("H", Must(NewProgressiveList(progVar)))))
	progTestStruct = Must(NewContainer("ProgressiveTestStruct",
		field("A", Must(NewProgressiveByteList())), field("B", Must(NewProgressiveList(Uint64))),
		field("C", Must(NewProgressiveList(smallTestStruct))),
		field("D", Must(NewProgressiveList(Must(NewProgressiveList(varTestStruct)))))))
	progBitsStruct = Must(NewContainer("ProgressiveBitsStruct",
		field("A", Must(NewBitvector(256))), field("B", Must(NewBitlist(256))), field("C", NewProgressiveBitlist()),
		field("D", Must(NewBitvector(257))), field("E", Must(NewBitlist(257))), field("F", NewProgressiveBitlist()),
		field("G", Must(NewBitvector(1280))), field("H", Must(NewBitlist(1280))), field("I", NewProgressiveBitlist()),
		field("J", Must(NewBitvector(1281))), field("K", Must(NewBitlist(1281))), field("L", NewProgressiveBitlist())))

	compatibleUnionA   = Must(NewCompatibleUnion(map[int]Type{1: progSingleField}))
	compatibleUnionBC  = Must(NewCompatibleUnion(map[int]Type{2: progSingleList, 3: progVar}))
	compatibleUnionABC = Must(NewCompatibleUnion(map[int]Type{1: progSingleField, 2: progSingleList, 3: progVar, 4: progSingleField}))
)

// The types of the fuzz targets, indexed by the selector byte.
var (
	fuzzProgressiveBasicLists = []Type{
		Must(NewProgressiveList(Boolean)), Must(NewProgressiveList(Uint8)), Must(NewProgressiveList(Uint16)),
		Must(NewProgressiveList(Uint32)), Must(NewProgressiveList(Uint64)), Must(NewProgressiveList(Uint128)),
		Must(NewProgressiveList(Uint256)), Must(NewProgressiveByteList()),
	}

	fuzzProgressiveCompositeLists = []Type{
		// Fixed-size elements, stored in pages.
		Must(NewProgressiveList(smallTestStruct)), Must(NewProgressiveList(checkpoint)),
		Must(NewProgressiveList(validator)), Must(NewProgressiveList(bytes32)),
		Must(NewProgressiveList(singleField)), Must(NewProgressiveList(progSingleField)),
		Must(NewProgressiveList(Must(NewBitvector(4)))),
		// Variable-size elements, one subtree each.
		Must(NewProgressiveList(varTestStruct)), Must(NewProgressiveList(progVar)),
		Must(NewProgressiveList(Must(NewProgressiveList(varTestStruct)))),
		Must(NewProgressiveList(Must(NewProgressiveByteList()))), Must(NewProgressiveList(NewProgressiveBitlist())),
		Must(NewProgressiveList(Must(NewList(Uint16, 5)))), Must(NewProgressiveList(compatibleUnionABC)),
		// A bounded list of progressive lists.
		Must(NewList(Must(NewProgressiveList(Uint16)), 4)),
	}

	fuzzProgressiveBitlists = []Type{NewProgressiveBitlist()}

	fuzzProgressiveContainers = []Type{
		progSingleField, progSingleList, progVar, progComplex, progTestStruct, progBitsStruct,
		progressiveContainers()[1], // fixed-size: 0111
		Must(NewProgressiveContainer("Sparse", append(make([]bool, 255), true), field("x", Uint64))),
		Must(NewContainer("WithProgressive", field("a", Uint8), field("p", progVar), field("b", Boolean))),
	}

	fuzzCompatibleUnions = []Type{
		compatibleUnionA, compatibleUnionBC, compatibleUnionABC,
		Must(NewCompatibleUnion(map[int]Type{127: Uint8, 1: Byte})),
		Must(NewCompatibleUnion(map[int]Type{1: Must(NewCompatibleUnion(map[int]Type{2: progVar})), 9: compatibleUnionBC})),
		Must(NewCompatibleUnion(map[int]Type{5: Must(NewList(checkpoint, 3)), 6: Must(NewList(checkpoint, 3))})),
		Must(NewContainer("WithCompatibleUnion", field("a", Uint8), field("u", compatibleUnionABC), field("b", Boolean))),
		Must(NewVector(compatibleUnionA, 2)),
	}
)

// FuzzProgressiveBasicList checks the round-trip properties of
// checkRoundTrip for progressive lists of booleans and of uint8 to uint256,
// ProgressiveByteList included.
func FuzzProgressiveBasicList(f *testing.F) { fuzzTypes(f, fuzzProgressiveBasicLists) }

// FuzzProgressiveCompositeList checks the round-trip properties of
// checkRoundTrip for progressive lists of fixed-size composite values
// (in pages) and of variable-size ones (with offsets).
func FuzzProgressiveCompositeList(f *testing.F) { fuzzTypes(f, fuzzProgressiveCompositeLists) }

// FuzzProgressiveBitlist checks the round-trip properties of
// checkRoundTrip for ProgressiveBitList.
func FuzzProgressiveBitlist(f *testing.F) { fuzzTypes(f, fuzzProgressiveBitlists) }

// FuzzProgressiveContainer checks the round-trip properties of
// checkRoundTrip for the progressive containers of the ssz_generic tests,
// the containers of progressive fields, and others.
func FuzzProgressiveContainer(f *testing.F) { fuzzTypes(f, fuzzProgressiveContainers) }

// FuzzCompatibleUnion checks the round-trip properties of checkRoundTrip
// for the compatible unions of the ssz_generic tests, nested ones, and
// compatible unions inside containers and vectors.
func FuzzCompatibleUnion(f *testing.F) { fuzzTypes(f, fuzzCompatibleUnions) }
