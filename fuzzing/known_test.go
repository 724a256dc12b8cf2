package fuzzing

import "github.com/ssztree/ssztree/fuzzing/difftest"

// knownClasses are the classes of disagreement settled against a peer of
// this module (README.md, "Disagreements"), which the targets skip. One
// more, zrnt's limit of the Electra attester slashings, is skipped by
// configuring zrnt (electraSpec).
var knownClasses = []difftest.Known{
	difftest.GapClass("fastssz: a container's first offset past its fixed part", true).Only("fastssz"),
	difftest.BoolClass("fastssz: a boolean byte other than 0 and 1 accepted").Only("fastssz"),
	difftest.PaddingClass("fastssz: a BeaconState's justification_bits with bits set past its 4").Only("fastssz"),
	difftest.ShiftedGapClass("zrnt: a container's first offset past its fixed part, the fields read from the fixed part's end").Only("zrnt"),
	difftest.FullBitlistClass("zrnt: a full Bitlist[N] (N bits, N a multiple of 8) rejected").Only("zrnt"),
	difftest.UnionTailClass("zrnt: bytes after a union's value ignored").Only("zrnt"),
	difftest.VectorOffsetClass("zrnt: a vector's first offset not checked, its elements read from the end of its offsets").Only("zrnt"),
	difftest.PanicClass("zrnt: panic on a list of variable-size elements whose first offset is 0",
		"view.(*ComplexListTypeDef).Deserialize").Only("zrnt"),
}
