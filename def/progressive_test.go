package def

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

var u64 = Basic(schema.Uint64)

func TestProgressiveTypes(t *testing.T) {
	preset := &Preset{Name: "tiny", Values: map[string]uint64{"N": 4}}
	ts, err := (&Fork{Name: "f", Containers: []*Container{{Name: "C", Fields: []Field{{"a", u64}}}}}).Resolve(preset)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		def          *Type
		text, schema string
	}{
		{ProgressiveList(u64), "ProgressiveList[uint64]", "ProgressiveList[uint64]"},
		{ProgressiveList(Ref("C")), "ProgressiveList[C]", "ProgressiveList[C]"},
		{ProgressiveList(Vector(u64, P("N"))), "ProgressiveList[Vector[uint64, N]]", "ProgressiveList[Vector[uint64, 4]]"},
		{ProgressiveByteList(), "ProgressiveByteList", "ProgressiveByteList"},
		{ProgressiveBitlist(), "ProgressiveBitList", "ProgressiveBitList"},
	} {
		if got := tt.def.String(); got != tt.text {
			t.Errorf("String() = %q, want %q", got, tt.text)
		}
		st, err := ts.Resolve(tt.def)
		if err != nil {
			t.Errorf("%v: %v", tt.def, err)
			continue
		}
		if st.String() != tt.schema || st.IsFixedSize() {
			t.Errorf("%v resolves to %v (fixed size %v), want %s of variable size", tt.def, st, st.IsFixedSize(), tt.schema)
		}
	}
	if _, ok := mustResolve(t, ts, ProgressiveList(u64)).(*schema.ProgressiveList); !ok {
		t.Error("ProgressiveList is not a *schema.ProgressiveList")
	}
	if _, ok := mustResolve(t, ts, ProgressiveBitlist()).(*schema.ProgressiveBitlist); !ok {
		t.Error("ProgressiveBitlist is not a *schema.ProgressiveBitlist")
	}
	if _, err := ts.Resolve(ProgressiveList(Ref("Nope"))); !errors.Is(err, ErrUnknown) {
		t.Errorf("ProgressiveList[Nope]: %v", err)
	}
	lookup := func(string) *Container { return nil }
	if ProgressiveBitlist().DependsOnPreset(lookup) || ProgressiveList(u64).DependsOnPreset(lookup) ||
		!ProgressiveList(Vector(u64, P("N"))).DependsOnPreset(lookup) {
		t.Error("DependsOnPreset of progressive lists: a progressive list depends on the preset only through its element")
	}
}

func mustResolve(t *testing.T, ts *Types, d *Type) schema.Type {
	t.Helper()
	st, err := ts.Resolve(d)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// progressive resolves the fork of the one container c and returns it as
// a progressive container.
func progressive(t *testing.T, c *Container) *schema.ProgressiveContainer {
	t.Helper()
	ts, err := (&Fork{Name: "f", Containers: []*Container{c}}).Resolve(&Preset{Name: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if ts.Container(c.Name) != nil {
		t.Errorf("Container(%s) returns a progressive container", c.Name)
	}
	p, ok := ts.Type(c.Name).(*schema.ProgressiveContainer)
	if !ok {
		t.Fatalf("%s resolves to %T", c.Name, ts.Type(c.Name))
	}
	return p
}

func bits(s string) []bool {
	out := make([]bool, len(s))
	for i := range s {
		out[i] = s[i] == '1'
	}
	return out
}

func fieldNames(p *schema.ProgressiveContainer) string {
	var names []string
	for i := range p.NumFields() {
		names = append(names, p.Field(i).Name)
	}
	return strings.Join(names, ",")
}

func TestProgressiveContainer(t *testing.T) {
	abc := []Field{{"a", u64}, {"b", Basic(schema.Uint8)}, {"c", ProgressiveBitlist()}}
	all := progressive(t, ProgressiveContainer("All", nil, abc...))
	if got := all.ActiveFields(); !slices.Equal(got, bits("111")) {
		t.Errorf("active_fields of nil: %v, want all active", got)
	}
	some := progressive(t, ProgressiveContainer("Some", bits("10101"), abc...))
	if got := some.ActiveFields(); !slices.Equal(got, bits("10101")) {
		t.Errorf("active_fields %v, want 10101", got)
	}
	// The root follows active_fields: the same fields at other positions
	// hash to another root.
	if all.Default().Root() == some.Default().Root() {
		t.Error("All and Some have the same default root")
	}
	// What EIP-7495 forbids is an error of Resolve, with where it is.
	for _, active := range [][]bool{bits("110"), bits("1110"), bits("11")} {
		_, err := (&Fork{Name: "f", Containers: []*Container{ProgressiveContainer("Bad", active, abc...)}}).Resolve(&Preset{Name: "none"})
		if !errors.Is(err, schema.ErrIllegalType) || !strings.HasPrefix(err.Error(), "def: fork f, container Bad: ") {
			t.Errorf("active_fields %v: %v", active, err)
		}
	}
}

func TestEdits(t *testing.T) {
	old := &Fork{Name: "old", Containers: []*Container{
		{Name: "C", Fields: []Field{{"a", u64}, {"b", u64}, {"c", u64}, {"d", u64}}},
	}}
	orig := slices.Clone(old.Lookup("C").Fields)
	u8 := Basic(schema.Uint8)
	c := old.Derive("C").
		Retype(Field{"b", u8}).
		Replace("c", Field{"x", ProgressiveList(u64)}).
		Remove("a").
		Append(Field{"e", ProgressiveBitlist()})
	want := []Field{{"b", u8}, {"x", ProgressiveList(u64)}, {"d", u64}, {"e", ProgressiveBitlist()}}
	if !slices.EqualFunc(c.Fields, want, sameField) || c.Progressive {
		t.Errorf("edited fields %v (progressive %v), want %v", c.Fields, c.Progressive, want)
	}
	if !slices.EqualFunc(old.Lookup("C").Fields, orig, sameField) {
		t.Error("the edits changed the container they derive from")
	}

	// AsProgressive makes every field active; edits of a progressive
	// container keep the positions of the other fields.
	p := c.AsProgressive()
	if got := fieldNames(progressive(t, p)); got != "b,x,d,e" {
		t.Errorf("progressive fields %s", got)
	}
	for _, tt := range []struct {
		edit   *Container
		active string
		fields string
	}{
		{p, "1111", "b,x,d,e"},
		{p.Remove("x"), "1011", "b,d,e"},
		{p.Remove("b", "d"), "0101", "x,e"},
		{p.Remove("e"), "111", "b,x,d"},
		{p.Remove("d", "e"), "11", "b,x"},
		{p.Remove("d").Append(Field{"f", u8}), "11011", "b,x,e,f"},
		{p.Remove("x").Remove("d").Replace("e", Field{"g", u8}), "1001", "b,g"},
		{p.Remove("b").AsProgressive(), "0111", "x,d,e"},
	} {
		pc := progressive(t, tt.edit)
		if got := pc.ActiveFields(); !slices.Equal(got, bits(tt.active)) || fieldNames(pc) != tt.fields {
			t.Errorf("fields %s active_fields %v, want %s and %s", fieldNames(pc), got, tt.fields, tt.active)
		}
	}
	// A removed field leaves its position empty: the fields after it keep
	// their generalized indices.
	full := progressive(t, ProgressiveContainer("P", nil, Field{"a", u64}, Field{"b", u64}, Field{"c", u64}))
	gap := progressive(t, (&Fork{Name: "o", Containers: []*Container{ProgressiveContainer("P", nil, Field{"a", u64}, Field{"b", u64}, Field{"c", u64})}}).Derive("P").Remove("b"))
	g1, err1 := schema.Gindex(full, "c")
	g2, err2 := schema.Gindex(gap, "c")
	if err1 != nil || err2 != nil || g1 != g2 {
		t.Errorf("gindex of c: %d (%v) before removing b, %d (%v) after", g1, err1, g2, err2)
	}

	// Mistakes are errors of Resolve, never panics.
	for _, tt := range []struct {
		c      *Container
		want   error
		inText string
	}{
		{old.Derive("C").Retype(Field{"z", u64}), ErrNoField, "container C: no such field: z to retype"},
		{old.Derive("C").Replace("z", Field{"y", u64}), ErrNoField, "z to replace"},
		{old.Derive("C").Remove("a", "z"), ErrNoField, "z to remove"},
		{old.Derive("C").Remove("z").Retype(Field{"y", u64}), ErrNoField, "z to remove"},
		{old.Derive("Nope").Append(Field{"a", u64}), ErrUnknown, "container Nope to derive from fork old"},
	} {
		_, err := (&Fork{Name: "new", Parent: old, Containers: []*Container{tt.c}}).Resolve(&Preset{Name: "none"})
		if !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), "def: fork new, container ") || !strings.Contains(err.Error(), tt.inText) {
			t.Errorf("%v, want %v and %q", err, tt.want, tt.inText)
		}
	}
}

func sameField(a, b Field) bool { return a.Name == b.Name && a.Type.String() == b.Type.String() }

func TestRemoved(t *testing.T) {
	u8 := Basic(schema.Uint8)
	a := &Fork{Name: "a", Containers: []*Container{
		{Name: "X", Fields: []Field{{"x", u64}}},
		{Name: "Y", Fields: []Field{{"y", u64}}},
		{Name: "Z", Fields: []Field{{"z", u64}}},
	}}
	b := &Fork{Name: "b", Parent: a, Removed: []string{"Y", "Z"}, Containers: []*Container{
		{Name: "Z", Fields: []Field{{"z", u8}}}, // removed and defined anew
	}}
	c := &Fork{Name: "c", Parent: b}
	for _, f := range []*Fork{b, c} {
		if f.Lookup("Y") != nil || f.Owner("Y") != nil || f.Owner("Z") != b || f.Owner("X") != a {
			t.Errorf("%s: Lookup(Y) %v, Owner(Z) %v, Owner(X) %v", f.Name, f.Lookup("Y"), f.Owner("Z"), f.Owner("X"))
		}
		ts, err := f.Resolve(&Preset{Name: "none"})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ts.Names(), ","); got != "X,Z" {
			t.Errorf("%s: Names() = %s, want X,Z", f.Name, got)
		}
		if ts.Type("Y") != nil || ts.Container("Z").FixedSize() != 1 {
			t.Errorf("%s: Y resolves to %v, Z to %v", f.Name, ts.Type("Y"), ts.Container("Z"))
		}
	}
	if a.Lookup("Y") == nil {
		t.Error("a lost Y")
	}
}
