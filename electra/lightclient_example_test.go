package electra_test

import (
	"fmt"

	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
)

// A light client that follows mainnet across the Electra fork takes the
// index of each proof from the slot of the state it is into.
func ExampleFinalizedRootGindexAtSlot() {
	epoch, _ := forks.MainnetSchedule.Epoch(forks.NameElectra)
	slot := electra.Slot(epoch * 32)
	for _, s := range []electra.Slot{slot - 1, slot} {
		g := electra.FinalizedRootGindexAtSlot(forks.MainnetSchedule, s)
		fmt.Println(s, g, g.Depth())
	}
	// Output:
	// 11649023 105 6
	// 11649024 169 7
}

// A Deneb branch, normalized to Electra's length, verifies at the index of
// its Deneb slot.
func ExampleNormalizeFinalityBranch() {
	var denebBranch [6]electra.Bytes32
	denebBranch[0] = electra.Bytes32{0x01}
	b := electra.NormalizeFinalityBranch(denebBranch)
	fmt.Println(len(b), b[0] == electra.Bytes32{}, b[1][0])
	// Output:
	// 7 true 1
}
