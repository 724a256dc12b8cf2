package view_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// A list of balances: append, change one, hash, and take a snapshot that
// later changes leave alone.
func Example() {
	balancesType := schema.Must(schema.NewList(schema.Uint64, 1<<40))
	balances, err := view.NewBasicList[uint64](balancesType)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 1000; i++ {
		if err := balances.Append(32_000_000_000); err != nil {
			panic(err)
		}
	}
	balances.Set(7, balances.Get(7)+1_000_000_000)
	root := balances.HashTreeRoot() // hashes everything once
	fmt.Printf("root %x\n", root)

	snapshot := balances.Copy() // O(1): shares every node
	balances.Set(8, 0)          // re-hashes one page and one path
	fmt.Println(balances.Get(8), snapshot.Get(8))
	// Output:
	// root e57c6fc4f3900b70f50a3d2d13aa079577644317a362182022d72ecd17c6d1bf
	// 0 32000000000
}

// A container with a list field: the handle on the field writes through to
// the container.
func ExampleContainer_Field() {
	checkpoints := schema.Must(schema.NewList(schema.Uint64, 16))
	record := schema.Must(schema.NewContainer("Record",
		schema.Field{Name: "slot", Type: schema.Uint64},
		schema.Field{Name: "epochs", Type: checkpoints}))
	r, err := view.NewContainer(record)
	if err != nil {
		panic(err)
	}
	r.SetUint(0, 12)
	epochs := r.Field(1).(*view.Uint64List)
	epochs.Append(3)
	epochs.Append(4)
	b, _ := r.MarshalSSZ()
	fmt.Printf("%x\n", b)
	// Output:
	// 0c000000000000000c00000003000000000000000400000000000000
}

// Decode chooses the view type for a schema type; each view type also has
// its own constructors, which return an error for a type it does not hold.
func ExampleDecode() {
	flags := schema.Must(schema.NewList(schema.Boolean, 64))
	v, err := view.Decode(flags, []byte{1, 0, 1})
	if err != nil {
		panic(err)
	}
	l := v.(*view.BoolList)
	last, err := l.Pop()
	fmt.Println(l.Len(), last, err)

	_, err = view.NewBasicList[uint8](flags)
	fmt.Println(errors.Is(err, view.ErrWrongType))
	_, err = view.Decode(flags, []byte{2})
	fmt.Println(err != nil)
	// Output:
	// 2 true <nil>
	// true
	// true
}
