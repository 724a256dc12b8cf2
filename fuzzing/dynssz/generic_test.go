package dynssz

import (
	"testing"

	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/pk910/dynamic-ssz/sszutils"
	"github.com/ssztree/ssztree/fuzzing/difftest"
)

// The targets of the generic kinds, progressive types among them: the
// types of the ssz_generic cases, written as Go types that dynamic-ssz
// reads by reflection (their annotations), seeded with those cases, valid
// and invalid. The test types are those of the specification
// (tests/formats/ssz_generic/README.md; the progressive ones as
// package conformance defines them after the generators).

type SingleFieldTestStruct struct{ A uint8 }

type SmallTestStruct struct{ A, B uint16 }

type FixedTestStruct struct {
	A uint8
	B uint64
	C uint32
}

type VarTestStruct struct {
	A uint16
	B []uint16 `ssz-max:"1024"`
	C uint8
}

type ComplexTestStruct struct {
	A uint16
	B []uint16 `ssz-max:"128"`
	C uint8
	D []byte `ssz-max:"256"`
	E VarTestStruct
	F [4]FixedTestStruct
	G [2]VarTestStruct
}

type BitsStruct struct {
	A []byte  `ssz-type:"bitlist" ssz-max:"5"`
	B [1]byte `ssz-type:"bitvector" ssz-bitsize:"2"`
	C [1]byte `ssz-type:"bitvector" ssz-bitsize:"1"`
	D []byte  `ssz-type:"bitlist" ssz-max:"6"`
	E [1]byte `ssz-type:"bitvector" ssz-bitsize:"8"`
}

type ProgressiveTestStruct struct {
	A []byte            `ssz-type:"progressive-list"`
	B []uint64          `ssz-type:"progressive-list"`
	C []SmallTestStruct `ssz-type:"progressive-list"`
	D [][]VarTestStruct `ssz-type:"progressive-list,progressive-list"`
}

type ProgressiveBitsStruct struct {
	A [32]byte  `ssz-type:"bitvector"`
	B []byte    `ssz-type:"bitlist" ssz-max:"256"`
	C []byte    `ssz-type:"progressive-bitlist"`
	D [33]byte  `ssz-type:"bitvector" ssz-bitsize:"257"`
	E []byte    `ssz-type:"bitlist" ssz-max:"257"`
	F []byte    `ssz-type:"progressive-bitlist"`
	G [160]byte `ssz-type:"bitvector"`
	H []byte    `ssz-type:"bitlist" ssz-max:"1280"`
	I []byte    `ssz-type:"progressive-bitlist"`
	J [161]byte `ssz-type:"bitvector" ssz-bitsize:"1281"`
	K []byte    `ssz-type:"bitlist" ssz-max:"1281"`
	L []byte    `ssz-type:"progressive-bitlist"`
}

// The progressive containers: ssz-index is each field's position in
// active_fields.

type ProgressiveSingleFieldContainerTestStruct struct {
	A uint8 `ssz-index:"0"`
}

type ProgressiveSingleListContainerTestStruct struct {
	C []byte `ssz-type:"progressive-bitlist" ssz-index:"4"`
}

type ProgressiveVarTestStruct struct {
	A uint8    `ssz-index:"0"`
	B []uint16 `ssz-max:"123" ssz-index:"2"`
	C []byte   `ssz-type:"progressive-bitlist" ssz-index:"4"`
}

// ProgressiveComplexTestStruct has active_fields 1010100010001100000011.
type ProgressiveComplexTestStruct struct {
	A uint8                                       `ssz-index:"0"`
	B []uint16                                    `ssz-max:"123" ssz-index:"2"`
	C []byte                                      `ssz-type:"progressive-bitlist" ssz-index:"4"`
	D []uint64                                    `ssz-type:"progressive-list" ssz-index:"8"`
	E []SmallTestStruct                           `ssz-type:"progressive-list" ssz-index:"12"`
	F [][]VarTestStruct                           `ssz-type:"progressive-list,progressive-list" ssz-index:"13"`
	G []ProgressiveSingleFieldContainerTestStruct `ssz-max:"10" ssz-index:"20"`
	H []ProgressiveVarTestStruct                  `ssz-type:"progressive-list" ssz-index:"21"`
}

// The compatible unions; ssz-index is each option's selector.

type CompatibleUnionA = dynssz.CompatibleUnion[struct {
	A ProgressiveSingleFieldContainerTestStruct `ssz-index:"1"`
}]

type CompatibleUnionBC = dynssz.CompatibleUnion[struct {
	B ProgressiveSingleListContainerTestStruct `ssz-index:"2"`
	C ProgressiveVarTestStruct                 `ssz-index:"3"`
}]

type CompatibleUnionABCA = dynssz.CompatibleUnion[struct {
	A  ProgressiveSingleFieldContainerTestStruct `ssz-index:"1"`
	B  ProgressiveSingleListContainerTestStruct  `ssz-index:"2"`
	C  ProgressiveVarTestStruct                  `ssz-index:"3"`
	A2 ProgressiveSingleFieldContainerTestStruct `ssz-index:"4"`
}]

// The progressive lists and bitlist of the basic_progressive_list and
// progressive_bitlist cases, annotated as dynamic-ssz documents for
// non-struct types.
type (
	ProgressiveBoolList   []bool
	ProgressiveUint8List  []uint8
	ProgressiveUint16List []uint16
	ProgressiveUint32List []uint32
	ProgressiveUint64List []uint64
	ProgressiveBitlist    []byte
)

var (
	_ = sszutils.Annotate[ProgressiveBoolList](`ssz-type:"progressive-list"`)
	_ = sszutils.Annotate[ProgressiveUint8List](`ssz-type:"progressive-list"`)
	_ = sszutils.Annotate[ProgressiveUint16List](`ssz-type:"progressive-list"`)
	_ = sszutils.Annotate[ProgressiveUint32List](`ssz-type:"progressive-list"`)
	_ = sszutils.Annotate[ProgressiveUint64List](`ssz-type:"progressive-list"`)
	_ = sszutils.Annotate[ProgressiveBitlist](`ssz-type:"progressive-bitlist"`)
)

// generic is a ssz_generic type, by its handler and the prefix of its case
// names, with dynamic-ssz as its peer.
type generic struct {
	handler, prefix string
	peer            difftest.Peer
}

func genericTargets(tb testing.TB, gs ...generic) []*difftest.Target {
	tb.Helper()
	var out []*difftest.Target
	for _, g := range gs {
		t, err := difftest.GenericTarget(g.handler, g.prefix, []difftest.Peer{g.peer}, knownClasses)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, t)
	}
	return out
}

func FuzzGenericContainer(f *testing.F) {
	difftest.Fuzz(f, genericTargets(f,
		generic{"containers", "SingleFieldTestStruct_", dynsszPeer[SingleFieldTestStruct]()},
		generic{"containers", "SmallTestStruct_", dynsszPeer[SmallTestStruct]()},
		generic{"containers", "FixedTestStruct_", dynsszPeer[FixedTestStruct]()},
		generic{"containers", "VarTestStruct_", dynsszPeer[VarTestStruct]()},
		generic{"containers", "ComplexTestStruct_", dynsszPeer[ComplexTestStruct]()},
		generic{"containers", "BitsStruct_", dynsszPeer[BitsStruct]()},
	))
}

// FuzzProgressive covers EIP-7916's progressive lists and bitlists,
// alone and in containers.
func FuzzProgressive(f *testing.F) {
	difftest.Fuzz(f, genericTargets(f,
		generic{"containers", "ProgressiveTestStruct_", dynsszPeer[ProgressiveTestStruct]()},
		generic{"containers", "ProgressiveBitsStruct_", dynsszPeer[ProgressiveBitsStruct]()},
		generic{"basic_progressive_list", "proglist_bool_", dynsszPeer[ProgressiveBoolList]()},
		generic{"basic_progressive_list", "proglist_uint8_", dynsszPeer[ProgressiveUint8List]()},
		generic{"basic_progressive_list", "proglist_uint16_", dynsszPeer[ProgressiveUint16List]()},
		generic{"basic_progressive_list", "proglist_uint32_", dynsszPeer[ProgressiveUint32List]()},
		generic{"basic_progressive_list", "proglist_uint64_", dynsszPeer[ProgressiveUint64List]()},
		generic{"progressive_bitlist", "progbitlist_", dynsszPeer[ProgressiveBitlist]()},
	))
}

// FuzzProgressiveContainer covers EIP-7495's progressive containers and
// EIP-8016's compatible unions.
func FuzzProgressiveContainer(f *testing.F) {
	difftest.Fuzz(f, genericTargets(f,
		generic{"progressive_containers", "ProgressiveSingleFieldContainerTestStruct_", dynsszPeer[ProgressiveSingleFieldContainerTestStruct]()},
		generic{"progressive_containers", "ProgressiveSingleListContainerTestStruct_", dynsszPeer[ProgressiveSingleListContainerTestStruct]()},
		generic{"progressive_containers", "ProgressiveVarTestStruct_", dynsszPeer[ProgressiveVarTestStruct]()},
		generic{"progressive_containers", "ProgressiveComplexTestStruct_", dynsszPeer[ProgressiveComplexTestStruct]()},
		generic{"compatible_unions", "CompatibleUnionA_", dynsszPeer[CompatibleUnionA]()},
		generic{"compatible_unions", "CompatibleUnionBC_", dynsszPeer[CompatibleUnionBC]()},
		generic{"compatible_unions", "CompatibleUnionABCA_", dynsszPeer[CompatibleUnionABCA]()},
	))
}
