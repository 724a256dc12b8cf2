package schema_test

import (
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// TestEqual checks that types built alike are equal, and that a change of
// any part (a length, a limit, an element, a field's name or type, an
// active field, an option) makes them differ.
func TestEqual(t *testing.T) {
	must := schema.Must[schema.Type]
	container := func(name string, fields ...schema.Field) schema.Type {
		return must(schema.NewContainer(name, fields...))
	}
	progressive := func(active []bool, fields ...schema.Field) schema.Type {
		return must(schema.NewProgressiveContainer("P", active, fields...))
	}
	u64 := schema.Field{Name: "a", Type: schema.Uint64}
	list := func(elem schema.Type, limit uint64) schema.Type { return must(schema.NewList(elem, limit)) }
	vector := func(elem schema.Type, n uint64) schema.Type { return must(schema.NewVector(elem, n)) }
	union := func(opts ...schema.Type) schema.Type { return must(schema.NewUnion(opts...)) }
	compatible := func(opts map[int]schema.Type) schema.Type { return must(schema.NewCompatibleUnion(opts)) }
	build := []func(variant int) schema.Type{
		func(v int) schema.Type { return []schema.Type{schema.Uint64, schema.Uint32}[v] },
		func(v int) schema.Type { return []schema.Type{schema.Byte, schema.Uint8}[v] },
		func(v int) schema.Type { return must(schema.NewBitvector([]uint64{8, 9}[v])) },
		func(v int) schema.Type { return must(schema.NewBitlist([]uint64{8, 9}[v])) },
		func(v int) schema.Type { return vector(schema.Uint64, []uint64{4, 5}[v]) },
		func(v int) schema.Type { return vector([]schema.Type{schema.Uint64, schema.Uint32}[v], 4) },
		func(v int) schema.Type { return list(schema.Uint64, []uint64{4, 5}[v]) },
		func(v int) schema.Type { return list([]schema.Type{schema.Byte, schema.Uint8}[v], 4) },
		func(v int) schema.Type {
			return must(schema.NewProgressiveList([]schema.Type{schema.Uint64, schema.Uint16}[v]))
		},
		func(v int) schema.Type {
			return container("C", u64, schema.Field{Name: []string{"b", "c"}[v], Type: schema.Uint8})
		},
		func(v int) schema.Type {
			return container("C", u64, schema.Field{Name: "b", Type: list(schema.Uint8, []uint64{3, 4}[v])})
		},
		func(v int) schema.Type { return progressive([][]bool{{true, true}, {true, false, true}}[v], u64, u64b) },
		func(v int) schema.Type { return union(nil, []schema.Type{schema.Uint64, schema.Uint32}[v]) },
		func(v int) schema.Type {
			opt := progressive([]bool{true}, u64)
			return compatible(map[int]schema.Type{1 + v: opt})
		},
	}
	for i, b := range build {
		x, y, other := b(0), b(0), b(1)
		if !schema.Equal(x, y) {
			t.Errorf("%d: %v built twice: not equal", i, x)
		}
		if schema.Equal(x, other) || schema.Equal(other, x) {
			t.Errorf("%d: %v and %v: equal", i, x, other)
		}
		for _, c := range build {
			if y := c(0); y.String() != x.String() && schema.Equal(x, y) {
				t.Errorf("%d: %v and %v: equal", i, x, y)
			}
		}
	}
	if !schema.Equal(container("A", u64), container("B", u64)) {
		t.Error("containers of other names and the same fields: not equal")
	}
}

// u64b is a second uint64 field.
var u64b = schema.Field{Name: "b", Type: schema.Uint64}

// TestEqualForks checks Equal on the types of the forks: Electra's and
// Fulu's blocks, and phase0's in both presets, are equal; Capella's and
// Deneb's states, and mainnet's and minimal's Altair states, are not.
func TestEqualForks(t *testing.T) {
	typ := func(f *def.Fork, p *def.Preset, name string) schema.Type {
		ts, err := f.Resolve(p)
		if err != nil {
			t.Fatal(err)
		}
		return ts.Type(name)
	}
	for _, tc := range []struct {
		a, b schema.Type
		want bool
	}{
		{typ(forks.Electra, forks.Mainnet, "SignedBeaconBlock"), typ(forks.Fulu, forks.Mainnet, "SignedBeaconBlock"), true},
		{typ(forks.Phase0, forks.Mainnet, "SignedBeaconBlock"), typ(forks.Phase0, forks.Minimal, "SignedBeaconBlock"), true},
		{typ(forks.Capella, forks.Mainnet, "BeaconState"), typ(forks.Deneb, forks.Mainnet, "BeaconState"), false},
		{typ(forks.Altair, forks.Mainnet, "BeaconState"), typ(forks.Altair, forks.Minimal, "BeaconState"), false},
		{typ(forks.Fulu, forks.Mainnet, "BeaconState"), typ(forks.Gloas, forks.Mainnet, "BeaconState"), false},
	} {
		if got := schema.Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("Equal(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
