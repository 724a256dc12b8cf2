package def_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// A fork of two containers whose sizes depend on a preset, written once and
// resolved into schema types for two presets.
func Example() {
	root := def.Alias("Root", def.ByteVector(def.N(32)))
	fork := &def.Fork{Name: "example", Containers: []*def.Container{
		{Name: "Checkpoint", Fields: []def.Field{
			{Name: "epoch", Type: def.Basic(schema.Uint64)},
			{Name: "root", Type: root},
		}},
		{Name: "History", Fields: []def.Field{
			{Name: "roots", Type: def.Vector(root, def.P("SLOTS_PER_EPOCH"))},
			{Name: "votes", Type: def.List(def.Ref("Checkpoint"), def.P("SLOTS_PER_EPOCH").Times(2))},
			{Name: "bits", Type: def.Bitvector(def.P("SLOTS_PER_EPOCH").Over(8))},
		}},
	}}
	fmt.Println(fork.Lookup("History").Fields[1].Type)
	for _, p := range []*def.Preset{
		{Name: "small", Values: map[string]uint64{"SLOTS_PER_EPOCH": 8}},
		{Name: "large", Values: map[string]uint64{"SLOTS_PER_EPOCH": 32}},
	} {
		types, err := fork.Resolve(p)
		if err != nil {
			panic(err)
		}
		h := types.Container("History")
		fmt.Println(p.Name, h.Field(1).Type, "roots bytes:", h.Field(0).Type.FixedSize())
	}
	_, err := fork.Resolve(&def.Preset{Name: "empty"})
	fmt.Println("a preset without SLOTS_PER_EPOCH:", errors.Is(err, def.ErrUnknown))
	// Output:
	// List[Checkpoint, SLOTS_PER_EPOCH * 2]
	// small List[Checkpoint, 16] roots bytes: 256
	// large List[Checkpoint, 64] roots bytes: 1024
	// a preset without SLOTS_PER_EPOCH: true
}
