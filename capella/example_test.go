package capella_test

import (
	"encoding/json"
	"fmt"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/tree"
)

// A beacon state: set fields, change a balance, take a snapshot that later
// changes leave alone, and encode.
func Example() {
	st := capella.NewBeaconState(capella.Minimal)
	st.SetSlot(64)
	for i := 0; i < 4; i++ {
		st.Validators().Append(capella.Validator{
			EffectiveBalance: 32_000_000_000,
			ExitEpoch:        1<<64 - 1,
		})
		st.Balances().Append(32_000_000_000)
	}
	snapshot := st.Copy() // O(1)

	balances := st.Balances() // a handle: writes go to st
	balances.Set(2, balances.Get(2)+1_000_000_000)
	v := st.Validators().Get(3) // a plain struct
	v.Slashed = true
	st.Validators().Set(3, v)

	fmt.Println(st.Balances().Get(2), snapshot.Balances().Get(2))
	fmt.Println(st.Validators().Get(3).Slashed, snapshot.Validators().Get(3).Slashed)
	fmt.Println(st.HashTreeRoot() != snapshot.HashTreeRoot())
	data, _ := st.MarshalSSZ()
	back, _ := capella.DecodeBeaconState(capella.Minimal, data)
	fmt.Println(back.HashTreeRoot() == st.HashTreeRoot())
	// Output:
	// 33000000000 32000000000
	// true false
	// true
	// true
}

// The zero value of a type is the mainnet default: decode into it as into
// the types of other SSZ libraries.
func ExampleBeaconState_UnmarshalSSZ() {
	st := capella.NewBeaconState(capella.Mainnet)
	st.SetSlot(64)
	data, _ := st.MarshalSSZ()

	var back capella.BeaconState
	if err := back.UnmarshalSSZ(data); err != nil {
		panic(err)
	}
	fmt.Println(back.Slot(), back.Spec() == capella.Mainnet)
	// Output:
	// 64 true
}

// Plain structs marshal to the beacon-API JSON format.
func ExampleCheckpoint_MarshalJSON() {
	cp := capella.Checkpoint{Epoch: 12, Root: capella.Root{0xab, 0xcd}}
	b, _ := json.Marshal(cp)
	fmt.Println(string(b))

	var back capella.Checkpoint
	if err := json.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Println(back == cp)
	// Output:
	// {"epoch":"12","root":"0xabcd000000000000000000000000000000000000000000000000000000000000"}
	// true
}

// Views marshal to JSON too; unmarshal into a view made for a preset.
func ExampleBeaconBlockBody_MarshalJSON() {
	body := capella.NewBeaconBlockBody(capella.Minimal)
	body.SetGraffiti(capella.Bytes32{'h', 'i'})
	b, _ := json.Marshal(body)

	back := capella.NewBeaconBlockBody(capella.Minimal)
	if err := json.Unmarshal(b, back); err != nil {
		panic(err)
	}
	graffiti := back.Graffiti()
	fmt.Println(back.HashTreeRoot() == body.HashTreeRoot(), string(graffiti[:2]))
	// Output:
	// true hi
}

// A light client's proof that a state holds a finalized root, checked
// against the state's root.
func ExampleBeaconState_ProveBranch() {
	st := capella.NewBeaconState(capella.Minimal)
	st.SetFinalizedCheckpoint(capella.Checkpoint{Epoch: 3, Root: capella.Root{0xfe}})
	g, leaf, branch, err := st.ProveBranch("finalized_checkpoint.root")
	if err != nil {
		panic(err)
	}
	fmt.Println(g == capella.FinalizedRootGindex, len(branch), leaf[0] == 0xfe)
	fmt.Println(tree.VerifyProof(st.HashTreeRoot(), g, leaf, branch))
	// Output:
	// true 6 true
	// true
}
