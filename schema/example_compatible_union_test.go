package schema_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// The compatible union of the specification's example: Square and Circle
// keep color at one position of their active_fields, so color has one
// generalized index whichever shape a value holds, and a proof of it
// checks against either.
func ExampleCompatibleUnion() {
	square := schema.Must(schema.NewProgressiveContainer("Square", []bool{true, false, true},
		schema.Field{Name: "side", Type: schema.Uint16},
		schema.Field{Name: "color", Type: schema.Uint8}))
	circle := schema.Must(schema.NewProgressiveContainer("Circle", []bool{false, true, true},
		schema.Field{Name: "radius", Type: schema.Uint16},
		schema.Field{Name: "color", Type: schema.Uint8}))
	shape := schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{1: square, 2: circle}))
	fmt.Println(shape)

	for _, b := range [][]byte{{1, 5, 0, 7}, {2, 9, 0, 7}} { // a Square, a Circle, both of color 7
		n, err := shape.Decode(b)
		if err != nil {
			panic(err)
		}
		g, _, err := schema.LocateIn(shape, n, "data.color")
		if err != nil {
			panic(err)
		}
		leaf, branch, _ := tree.Prove(n, g)
		fmt.Println("selector", b[0], "color at gindex", g, "holds", leaf[0], tree.VerifyProof(n.Root(), g, leaf, branch))
	}

	_, err := shape.Decode([]byte{3, 5, 0, 7})
	fmt.Println("selector 3:", errors.Is(err, schema.ErrSelector))
	_, err = schema.NewCompatibleUnion(map[int]schema.Type{1: square, 2: schema.Uint8})
	fmt.Println("Square or uint8:", errors.Is(err, schema.ErrIllegalType))
	// Output:
	// CompatibleUnion({1: Square, 2: Circle})
	// selector 1 color at gindex 73 holds 7 true
	// selector 2 color at gindex 73 holds 7 true
	// selector 3: true
	// Square or uint8: true
}
