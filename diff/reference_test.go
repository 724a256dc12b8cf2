package diff

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// reference is the straightforward diff the tree walk is checked against:
// it walks two serializations of a value of type t by the schema, element
// by element and field by field, reading every byte, with the leaves of
// the package doc.
func reference(t schema.Type, a, b []byte, path schema.Path, out []Change) []Change {
	if string(a) == string(b) {
		return out
	}
	whole := func() []Change {
		return append(out, Change{Path: path, Kind: Changed, Type: t, A: a, B: b})
	}
	switch t := t.(type) {
	case *schema.Container:
		fields := make([]schema.Type, t.NumFields())
		for i := range fields {
			fields[i] = t.Field(i).Type
		}
		pa, pb := split(fields, a), split(fields, b)
		for i := range fields {
			out = reference(fields[i], pa[i], pb[i], at(path, schema.FieldStep(t.Field(i).Name)), out)
		}
		return out
	case *schema.Vector:
		if isByte(t.Elem()) {
			return whole()
		}
		return referenceElems(t.Elem(), elems(t.Elem(), a), elems(t.Elem(), b), path, out)
	case *schema.List:
		if isByte(t.Elem()) {
			return whole()
		}
		return referenceElems(t.Elem(), elems(t.Elem(), a), elems(t.Elem(), b), path, out)
	case *schema.ProgressiveList:
		if isByte(t.Elem()) {
			return whole()
		}
		return referenceElems(t.Elem(), elems(t.Elem(), a), elems(t.Elem(), b), path, out)
	case *schema.ProgressiveContainer:
		fields := make([]schema.Type, t.NumFields())
		for i := range fields {
			fields[i] = t.Field(i).Type
		}
		pa, pb := split(fields, a), split(fields, b)
		for i := range fields {
			out = reference(fields[i], pa[i], pb[i], at(path, schema.FieldStep(t.Field(i).Name)), out)
		}
		return out
	case *schema.Union:
		if a[0] != b[0] || t.Option(int(a[0])) == nil {
			return whole()
		}
		return reference(t.Option(int(a[0])), a[1:], b[1:], at(path, schema.FieldStep("data")), out)
	}
	return whole()
}

func referenceElems(elem schema.Type, ea, eb [][]byte, path schema.Path, out []Change) []Change {
	for i := 0; i < min(len(ea), len(eb)); i++ {
		out = reference(elem, ea[i], eb[i], at(path, schema.IndexStep(uint64(i))), out)
	}
	for i := len(eb); i < len(ea); i++ {
		out = append(out, Change{Path: at(path, schema.IndexStep(uint64(i))), Kind: Removed, Type: elem, A: ea[i]})
	}
	for i := len(ea); i < len(eb); i++ {
		out = append(out, Change{Path: at(path, schema.IndexStep(uint64(i))), Kind: Added, Type: elem, B: eb[i]})
	}
	return out
}

// split cuts the serialization of a container (or of a sequence) of the
// given part types into the parts, following the offsets of the variable
// ones.
func split(types []schema.Type, b []byte) [][]byte {
	parts := make([][]byte, len(types))
	var starts []int
	var vars []int
	pos := 0
	for i, t := range types {
		if t.IsFixedSize() {
			parts[i] = b[pos : pos+t.FixedSize()]
			pos += t.FixedSize()
			continue
		}
		starts = append(starts, int(binary.LittleEndian.Uint32(b[pos:])))
		vars = append(vars, i)
		pos += 4
	}
	for k, i := range vars {
		end := len(b)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		parts[i] = b[starts[k]:end]
	}
	return parts
}

// elems cuts the serialization of a sequence of elem values into them.
func elems(elem schema.Type, b []byte) [][]byte {
	if elem.IsFixedSize() {
		n := len(b) / elem.FixedSize()
		out := make([][]byte, n)
		for i := range out {
			out[i] = b[i*elem.FixedSize() : (i+1)*elem.FixedSize()]
		}
		return out
	}
	if len(b) == 0 {
		return nil
	}
	n := int(binary.LittleEndian.Uint32(b)) / 4
	types := make([]schema.Type, n)
	for i := range types {
		types[i] = elem
	}
	return split(types, b)
}

func field(name string, t schema.Type) schema.Field { return schema.Field{Name: name, Type: t} }

// diffTypes are the types the walk is fuzzed on: every kind of data tree
// (packed pages, pages of compact values with and without group roots,
// a subtree per element, stems of large limits), bounded and
// progressive, nested, and a Fulu and a Gloas state of the minimal
// preset.
var diffTypes = func() []schema.Type {
	m := schema.Must[*schema.Container]
	bytes32 := schema.Must(schema.NewByteVector(32))
	bytes48 := schema.Must(schema.NewByteVector(48))
	checkpoint := m(schema.NewContainer("Checkpoint", field("epoch", schema.Uint64), field("root", bytes32)))
	validator := m(schema.NewContainer("Validator",
		field("pubkey", bytes48), field("withdrawal_credentials", bytes32),
		field("effective_balance", schema.Uint64), field("slashed", schema.Boolean),
		field("activation_eligibility_epoch", schema.Uint64), field("activation_epoch", schema.Uint64),
		field("exit_epoch", schema.Uint64), field("withdrawable_epoch", schema.Uint64)))
	inner := m(schema.NewContainer("Inner", field("a", schema.Uint16),
		field("b", schema.Must(schema.NewList(schema.Uint64, 100))), field("c", schema.Must(schema.NewBitlist(40)))))
	union := schema.Must(schema.NewUnion(nil, schema.Uint32, inner))
	fulu, err := forks.Fulu.Resolve(forks.Minimal)
	if err != nil {
		panic(err)
	}
	state := fulu.Type("BeaconState")
	gloas, err := forks.Gloas.Resolve(forks.Minimal)
	if err != nil {
		panic(err)
	}
	progressive := func(elem schema.Type) schema.Type { return schema.Must(schema.NewProgressiveList(elem)) }
	return []schema.Type{
		progressive(schema.Uint64), progressive(schema.Boolean), progressive(schema.Uint8),
		progressive(schema.Uint256), progressive(validator), progressive(checkpoint), progressive(bytes32),
		progressive(schema.Must(schema.NewByteList(20))), progressive(inner), progressive(union),
		progressive(progressive(schema.Uint16)), schema.NewProgressiveBitlist(),
		schema.Must(schema.NewProgressiveContainer("Prog", []bool{true, false, true, true},
			field("x", schema.Uint64), field("vs", progressive(validator)), field("i", inner))),
		gloas.Type("BeaconState"),
		schema.Uint64, schema.Boolean, bytes32, checkpoint, validator,
		schema.Must(schema.NewList(schema.Uint64, 1<<40)),
		schema.Must(schema.NewList(schema.Uint8, 3000)),
		schema.Must(schema.NewList(schema.Boolean, 50)),
		schema.Must(schema.NewVector(schema.Uint256, 9)),
		schema.Must(schema.NewVector(schema.Uint16, 200)),
		schema.Must(schema.NewList(validator, 1<<40)),
		schema.Must(schema.NewList(checkpoint, 300)),
		schema.Must(schema.NewList(bytes32, 500)),
		schema.Must(schema.NewVector(bytes32, 70)),
		schema.Must(schema.NewList(schema.Must(schema.NewByteList(20)), 30)),
		schema.Must(schema.NewList(inner, 20)),
		schema.Must(schema.NewVector(inner, 5)),
		schema.Must(schema.NewList(union, 10)),
		union,
		m(schema.NewContainer("Outer", field("x", schema.Uint64), field("i", inner), field("v", validator),
			field("u", union), field("k", schema.Must(schema.NewList(checkpoint, 1000))),
			field("bits", schema.Must(schema.NewBitvector(300))))),
		state,
	}
}()

// mutate returns a valid value of type t near the value serialized in a:
// a few bytes changed (kept only when they still decode), or another
// random value.
func mutate(r *rand.Rand, t schema.Type, a []byte) []byte {
	if r.IntN(4) == 0 || len(a) == 0 {
		b, err := samples.Random(r, t, 40)
		if err != nil {
			panic(err)
		}
		return b
	}
	for try := 0; try < 8; try++ {
		b := append([]byte(nil), a...)
		for k := r.IntN(4); k >= 0; k-- {
			b[r.IntN(len(b))] = byte(r.Uint32())
		}
		if _, err := t.Decode(b); err == nil {
			return b
		}
	}
	return a
}

func checkAgainstReference(t *testing.T, typ schema.Type, a, b []byte, limit int) {
	t.Helper()
	na, err := typ.Decode(a)
	if err != nil {
		t.Fatalf("%v: %v", typ, err)
	}
	nb, err := typ.Decode(b)
	if err != nil {
		t.Fatalf("%v: %v", typ, err)
	}
	want := reference(typ, a, b, nil, nil)
	got, err := Trees(typ, na, typ, nb, Options{Limit: limit})
	if err != nil {
		t.Fatalf("%v: %v", typ, err)
	}
	if limit > 0 && len(want) > limit {
		if !got.Truncated {
			t.Fatalf("%v: %d changes, limit %d, not truncated", typ, len(want), limit)
		}
		want = want[:limit]
	} else if got.Truncated {
		t.Fatalf("%v: %d changes, limit %d, truncated", typ, len(want), limit)
	}
	if len(got.Changes) != len(want) {
		t.Fatalf("%v: %d changes, reference %d:\n%s\n%s", typ, len(got.Changes), len(want), describe(got.Changes), describe(want))
	}
	for i, c := range got.Changes {
		w := want[i]
		if c.Path.String() != w.Path.String() || c.Kind != w.Kind || c.Type.String() != w.Type.String() ||
			string(c.A) != string(w.A) || string(c.B) != string(w.B) || (c.A == nil) != (w.A == nil) || (c.B == nil) != (w.B == nil) {
			t.Fatalf("%v: change %d is %s, reference %s", typ, i, describe(got.Changes[i:i+1]), describe(want[i:i+1]))
		}
	}
	if _, err := got.MarshalJSON(); err != nil {
		t.Fatalf("%v: JSON: %v", typ, err)
	}
}

func describe(cs []Change) string {
	s := ""
	for _, c := range cs {
		s += fmt.Sprintf("%s %s %v %x %x\n", c.Path, c.Kind, c.Type, c.A, c.B)
	}
	return s
}

// FuzzDiff checks the walk against the reference on random values of
// every type of diffTypes and their mutations, decoded separately, with
// and without a limit.
func FuzzDiff(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, i*7)
	}
	f.Fuzz(func(t *testing.T, seed, limit uint64) {
		r := rand.New(rand.NewPCG(seed, 0))
		typ := diffTypes[r.IntN(len(diffTypes))]
		a, err := samples.Random(r, typ, 40)
		if err != nil {
			t.Fatal(err)
		}
		b := mutate(r, typ, a)
		checkAgainstReference(t, typ, a, b, int(limit%16))
	})
}

// TestDiffReference runs the reference check on many seeds of every type.
func TestDiffReference(t *testing.T) {
	for i, typ := range diffTypes {
		runs := 60
		if _, ok := typ.(interface{ Name() string }); ok && typ.(interface{ Name() string }).Name() == "BeaconState" {
			runs = 10
		}
		for s := 0; s < runs; s++ {
			r := rand.New(rand.NewPCG(uint64(i), uint64(s)))
			a, err := samples.Random(r, typ, 40)
			if err != nil {
				t.Fatal(err)
			}
			b := mutate(r, typ, a)
			checkAgainstReference(t, typ, a, b, 0)
			checkAgainstReference(t, typ, b, a, s%5)
			checkAgainstReference(t, typ, a, a, 0)
		}
	}
}
