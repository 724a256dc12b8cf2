package forks_test

import (
	"fmt"

	"github.com/ssztree/ssztree/forks"
)

// Resolving a fork for a preset gives the schema types of its containers,
// those it takes from earlier forks included.
func Example() {
	types, err := forks.Capella.Resolve(forks.Minimal)
	if err != nil {
		panic(err)
	}
	state := types.Container("BeaconState")
	fmt.Println(state.NumFields(), "fields in", state.Name())
	fmt.Println(len(types.Names()), "containers")

	validator := types.Container("Validator")
	fmt.Println(validator.Name(), "bytes:", validator.FixedSize(), "defined in", forks.Capella.Owner("Validator").Name)
	fmt.Println("SyncCommittee defined in", forks.Capella.Owner("SyncCommittee").Name)
	// Output:
	// 28 fields in BeaconState
	// 49 containers
	// Validator bytes: 121 defined in phase0
	// SyncCommittee defined in altair
}
