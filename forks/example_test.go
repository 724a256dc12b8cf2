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

// A fork version names the fork and the network of a state; a schedule
// gives the fork of a slot.
func ExampleLookupVersion() {
	name, schedule, ok := forks.LookupVersion(forks.ForkVersion{0x90, 0x00, 0x00, 0x74})
	fmt.Println(name, schedule, ok)
	fmt.Println(forks.MainnetSchedule.AtSlot(13_164_544))
	v, _ := forks.HoodiSchedule.Version(forks.NameFulu)
	fmt.Println(v)
	n, err := forks.ParseName("Deneb")
	fmt.Println(n, err, n < forks.NameElectra)
	// Output:
	// electra sepolia (mainnet preset) true
	// fulu
	// 0x70000910
	// deneb <nil> true
}
