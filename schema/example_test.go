package schema_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
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
