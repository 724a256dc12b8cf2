package dynssz

import "github.com/ssztree/ssztree/fuzzing/difftest"

// knownClasses are the classes of disagreement settled against
// dynamic-ssz (../README.md, "Disagreements"), which the targets skip.
var knownClasses = []difftest.Known{
	difftest.PaddingClass("dynssz: a BeaconState's justification_bits with bits set past its 4").Only("dynssz"),
}
