package schema_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// A type described at run time: its sizes, the generalized index of a
// field, a value decoded into a tree and encoded back, and invalid bytes
// refused with the field at fault.
func Example() {
	checkpoint := schema.Must(schema.NewContainer("Checkpoint",
		schema.Field{Name: "epoch", Type: schema.Uint64},
		schema.Field{Name: "root", Type: schema.Must(schema.NewByteVector(32))}))
	vote := schema.Must(schema.NewContainer("Vote",
		schema.Field{Name: "target", Type: checkpoint},
		schema.Field{Name: "approved", Type: schema.Boolean}))
	fmt.Println(vote, "bytes:", vote.FixedSize())
	g, err := schema.Gindex(vote, "target.root")
	if err != nil {
		panic(err)
	}
	fmt.Println("gindex of target.root:", g)

	b := make([]byte, vote.FixedSize())
	b[0], b[8], b[40] = 3, 0xaa, 1 // epoch 3, root 0xaa00…, approved
	n, err := vote.Decode(b)
	if err != nil {
		panic(err)
	}
	fmt.Printf("root %x\n", n.Root())
	back, _ := vote.Encode(nil, n)
	fmt.Println("round trip:", string(back) == string(b))

	b[40] = 2 // a boolean is 0 or 1
	_, err = vote.Decode(b)
	fmt.Println("approved = 2:", errors.Is(err, schema.ErrBoolean))
	// Output:
	// Vote bytes: 41
	// gindex of target.root: 5
	// root cc9e76e9c43a449570eb7b4a9a5135214a6e18298dde160419583049fd3e9f2f
	// round trip: true
	// approved = 2: true
}

// Which fields of a value hold its memory: a container of a slot and a list
// of 10,000 balances, broken down by field.
func ExampleMemoryByPath() {
	state := schema.Must(schema.NewContainer("State",
		schema.Field{Name: "slot", Type: schema.Uint64},
		schema.Field{Name: "balances", Type: schema.Must(schema.NewList(schema.Uint64, 1<<40))}))
	b := make([]byte, 12+10_000*8)
	b[8] = 12 // the offset of balances
	n, err := state.Decode(b)
	if err != nil {
		panic(err)
	}
	var m tree.Memory
	parts, err := schema.MemoryByPath(state, n, &m, 1)
	if err != nil {
		panic(err)
	}
	for _, p := range parts {
		fmt.Printf("%q holds more than 80,000 bytes: %v\n", p.Path, p.Bytes > 80_000)
	}
	fmt.Println("the set holds the state:", m.Len() == 1, m.Bytes() == tree.Size(n))
	// Output:
	// "slot" holds more than 80,000 bytes: false
	// "balances" holds more than 80,000 bytes: true
	// "" holds more than 80,000 bytes: false
	// the set holds the state: true true
}
