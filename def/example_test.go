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

// A later fork derives a container of an earlier one and edits the copy as
// its specification lists the changes; here it turns it into a
// ProgressiveContainer, whose fields keep their generalized indices when a
// still later fork removes one.
func ExampleFork_Derive() {
	u64 := def.Basic(schema.Uint64)
	old := &def.Fork{Name: "old", Containers: []*def.Container{
		{Name: "Body", Fields: []def.Field{
			{Name: "a", Type: u64},
			{Name: "payload", Type: def.List(u64, def.N(16))},
			{Name: "c", Type: def.List(u64, def.N(16))},
		}},
	}}
	next := &def.Fork{Name: "next", Parent: old, Containers: []*def.Container{
		old.Derive("Body").
			Retype(def.Field{Name: "c", Type: def.ProgressiveList(u64)}).
			Replace("payload", def.Field{Name: "payload_hash", Type: def.ByteVector(def.N(32))}).
			Append(def.Field{Name: "d", Type: def.ProgressiveBitlist()}).
			AsProgressive(),
	}}
	later := &def.Fork{Name: "later", Parent: next, Containers: []*def.Container{
		next.Derive("Body").Remove("payload_hash"),
	}}
	for _, f := range []*def.Fork{old, next, later} {
		types, err := f.Resolve(&def.Preset{Name: "none"})
		if err != nil {
			panic(err)
		}
		body := types.Type("Body")
		g, _ := schema.Gindex(body, "c")
		fmt.Printf("%s: %T, c at gindex %d\n", f.Name, body, g)
	}
	_, err := (&def.Fork{Name: "wrong", Parent: old, Containers: []*def.Container{
		old.Derive("Body").Remove("b"),
	}}).Resolve(&def.Preset{Name: "none"})
	fmt.Println(err)
	// Output:
	// old: *schema.Container, c at gindex 6
	// next: *schema.ProgressiveContainer, c at gindex 41
	// later: *schema.ProgressiveContainer, c at gindex 41
	// def: fork wrong, container Body: no such field: b to remove
}
