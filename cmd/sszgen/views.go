package main

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// This file writes tree-backed views: a Go type per container with an
// accessor per field.

// reserved are the method names every view has, which no field may take.
var reserved = map[string]bool{
	"View": true, "Spec": true, "Copy": true, "HashTreeRoot": true, "MarshalSSZ": true,
	"MarshalSSZTo": true, "UnmarshalSSZ": true, "SizeSSZ": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"Prove": true, "ProveBranch": true, "Untyped": true,
}

// viewType is what the template of a view needs.
type viewType struct {
	Fork   string
	Name   string
	Fields []structField // of which Name and Type
	// Kind is the type of the untyped view it wraps, of package view:
	// Container, or ProgressiveContainer.
	Kind string
	// IsState is true for BeaconState, whose decoders check that the
	// fork.current_version of the bytes names the fork (see
	// forkcode.StateFork).
	IsState bool
}

func (g *gen) viewType(c *def.Container) error {
	data := viewType{Fork: g.fork.Name, Name: c.Name, Kind: viewKind(c), IsState: c.Name == "BeaconState" && g.named()}
	for _, f := range c.Fields {
		data.Fields = append(data.Fields, structField{Name: f.Name, Type: f.Type.String()})
	}
	if err := g.exec("view", data); err != nil {
		return err
	}
	for i, f := range c.Fields {
		if err := g.accessor(c.Name, data.Kind, i, f); err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	return nil
}

// accessor is what the templates of the accessors of one field of a view
// need. Which of its fields a template uses depends on the template, named
// for the way the field is read and written (see gen.accessor).
type accessor struct {
	Owner string
	Index int
	// Field and Type are the field's name and type in the specification.
	Field, Type    string
	Getter, Setter string
	// GoType is the type that the getter returns: a plain value or a
	// handle.
	GoType string
	// Get is the expression that the getter returns ("basic", "handle",
	// "viewField"), and Set the statement of the setter ("basic"); for a
	// value read through a buffer of Size bytes ("value"), they are the
	// statements that set v from the buffer b and that append v to dst.
	Get, Set string
	Size     int
	// SetterPanics says when the setter panics, if it may.
	SetterPanics string
	// Elem is the Go type of the elements of a list of views ("listOf"),
	// and Wrap the statements that define wrap, which makes one from its
	// view, and Unwrap the function that takes it back.
	Elem, Wrap, Unwrap string
	// Prefix is "Progressive" for a progressive list, "" otherwise; ListOf
	// is the handle type of a list of views: ListOf, or ProgressiveListOf.
	Prefix, ListOf string
}

// accessor writes the getter and, where the field is set as a value, the
// setter of field i of owner, whose untyped view is of kind (see
// viewKind).
func (g *gen) accessor(owner, kind string, i int, f def.Field) error {
	getter := def.GoName(f.Name)
	if reserved[getter] {
		return fmt.Errorf("field name %s clashes with a method", getter)
	}
	a := accessor{Owner: owner, Index: i, Field: f.Name, Type: f.Type.String(), Getter: getter, Setter: "Set" + getter}
	if g.isPlain(f.Type) {
		return g.plainAccessor(a, f.Type)
	}
	field := fmt.Sprintf("x.container().Field(%d)", i)
	u := f.Type.Unalias()
	switch u.Kind {
	case def.KindBitlist:
		a.GoType = "*view.Bitlist"
		a.Get = field + ".(*view.Bitlist)"
		return g.exec("handle", a)
	case def.KindBitvector:
		a.GoType = "*view.Bitvector"
		a.Get = field + ".(*view.Bitvector)"
		return g.exec("handle", a)
	case def.KindProgressiveBitlist:
		a.GoType = "*view.ProgressiveBitlist"
		a.Get = field + ".(*view.ProgressiveBitlist)"
		return g.exec("handle", a)
	case def.KindRef:
		a.GoType = "*" + u.Name
		a.Get = g.wrap(u.Name, "x.Spec()", g.asView(field, u.Name))
		return g.exec("viewField", a)
	case def.KindList, def.KindVector, def.KindProgressiveList:
		// A Container hands out the typed handle it made the first time
		// (view.FieldAs): a getter called for every write allocates nothing.
		as := func(conv string) string { return fmt.Sprintf("%s(%s)", conv, field) }
		if kind == "Container" || kind == "ProgressiveContainer" {
			as = func(conv string) string { return fmt.Sprintf("view.FieldAs(x.container(), %d, %s)", i, conv) }
		}
		return g.sequenceAccessor(a, u, field, as)
	}
	return fmt.Errorf("no accessor for %v", f.Type)
}

// plainAccessor writes the getter and setter of a field read and written
// as a plain Go value.
func (g *gen) plainAccessor(a accessor, t *def.Type) error {
	gt, err := g.goType(t)
	if err != nil {
		return err
	}
	a.GoType = gt
	u := t.Unalias()
	switch {
	case u.Kind == def.KindBasic && u.Basic == schema.Boolean:
		a.Get = convert(fmt.Sprintf("x.container().Bool(%d)", a.Index), "bool", gt)
		a.Set = fmt.Sprintf("x.container().SetBool(%d, %s)", a.Index, convert("v", gt, "bool"))
		return g.exec("basic", a)
	case u.Kind == def.KindBasic && u.Basic.FixedSize() <= 8:
		a.Get = convert(fmt.Sprintf("x.container().Uint(%d)", a.Index), "uint64", gt)
		a.Set = fmt.Sprintf("x.container().SetUint(%d, %s)", a.Index, convert("v", gt, "uint64"))
		return g.exec("basic", a)
	case isArray(t):
		if n, err := g.size(u.Len); err == nil && u.Kind == def.KindBitvector && n%8 != 0 {
			a.SetterPanics = fmt.Sprintf("It panics if v has bits set beyond the first %d.", n)
		}
		return g.exec("array", a)
	}
	if a.Size, err = g.byteSize(t); err != nil {
		return err
	}
	if hasMethods(t) {
		a.Get = "forkcode.Check(v.UnmarshalSSZ(b[:]))"
		a.Set = fmt.Sprintf("dst, _ := v.%s(buf[:0])", marshalMethod(t))
		return g.exec("value", a)
	}
	if a.Get, err = g.readStmt("v", t, "b", at{}, "panic(err)", 0); err != nil {
		return err
	}
	if a.Set, err = g.appendStmt("v", t, 0); err != nil {
		return err
	}
	a.Set = "dst := buf[:0]\n" + a.Set
	return g.exec("value", a)
}

// sequenceAccessor writes the getter of a list or vector field, bounded
// or progressive, which returns a handle on it. The handle types of package
// view are named alike for each: BasicList, BasicVector and
// ProgressiveBasicList; ListOf and ProgressiveListOf. field is the
// expression of the untyped handle, and as(conv) that of the handle
// converted by conv (view.AsBasicList[Gwei]).
func (g *gen) sequenceAccessor(a accessor, u *def.Type, field string, as func(conv string) string) error {
	kind := "Vector"
	switch u.Kind {
	case def.KindList:
		kind = "List"
	case def.KindProgressiveList:
		kind = "List"
		a.Prefix = "Progressive"
	}
	a.ListOf = a.Prefix + "ListOf"
	of := func(family string) string { return a.Prefix + family + kind } // ProgressiveBasicList
	paged, err := g.paged(u)
	if err != nil {
		return err
	}
	e := u.Elem.Unalias()
	switch {
	case e.Kind == def.KindBasic && e.Basic == schema.Boolean:
		a.GoType = "*view." + of("Bool")
		a.Get = fmt.Sprintf("%s.(*view.%s)", field, of("Bool"))
		return g.exec("handle", a)
	case e.Kind == def.KindBasic && e.Basic.FixedSize() <= 8:
		et, err := g.goType(u.Elem)
		if err != nil {
			return err
		}
		a.GoType = fmt.Sprintf("*view.%s[%s]", of("Basic"), et)
		a.Get = fmt.Sprintf("forkcode.Must(%s)", as(fmt.Sprintf("view.As%s[%s]", of("Basic"), et)))
		return g.exec("handle", a)
	case g.isPlain(u.Elem):
		et, err := g.goType(u.Elem)
		if err != nil {
			return err
		}
		a.GoType = fmt.Sprintf("*view.%s[%s, *%s]", of("Value"), et, et)
		a.Get = fmt.Sprintf("forkcode.Must(%s)", as(fmt.Sprintf("view.As%s[%s]", of("Value"), et)))
		return g.exec("handle", a)
	case paged:
		// Fixed-size elements held in pages that have no Go type (Cell,
		// a byte vector whose length depends on the preset; a vector of
		// such vectors): their bytes.
		a.GoType = "*view." + of("Compact")
		a.Get = fmt.Sprintf("%s.(*view.%s)", field, of("Compact"))
		return g.exec("handle", a)
	case kind == "List" && e.Kind == def.KindRef:
		a.Elem = "*" + e.Name
		a.Wrap = fmt.Sprintf("spec := x.Spec()\nwrap := func(v view.View) *%s { return %s }", e.Name, g.wrap(e.Name, "spec", g.asView("v", e.Name)))
		a.Unwrap = fmt.Sprintf("func(e *%s) view.View { return e.View() }", e.Name)
		return g.exec("listOf", a)
	case kind == "List" && (e.Kind == def.KindList || e.Kind == def.KindProgressiveList) && isByte(e.Elem):
		// Transactions: ByteLists, or ProgressiveByteLists.
		bytes := "*view.ByteList"
		if e.Kind == def.KindProgressiveList {
			bytes = "*view.ProgressiveByteList"
		}
		a.Elem = bytes
		a.Wrap = fmt.Sprintf("wrap := func(v view.View) %s { return v.(%s) }", bytes, bytes)
		a.Unwrap = fmt.Sprintf("func(l %s) view.View { return l }", bytes)
		return g.exec("listOf", a)
	}
	return fmt.Errorf("no accessor for %v", u)
}

// paged reports whether the elements of the list or vector t, resolved
// for the mainnet preset, are held in pages at the bottom of its tree (or
// of each subtree of a progressive list) rather than as a tree each: then
// its view is a handle on their bytes or values, not on a view per
// element.
func (g *gen) paged(t *def.Type) (bool, error) {
	st, err := g.types.Resolve(t)
	if err != nil {
		return false, err
	}
	switch st := st.(type) {
	case *schema.ProgressiveList:
		return st.SubtreeLayout(0) != nil, nil
	case interface{ PageLayout() *tree.Layout }:
		return st.PageLayout() != nil, nil
	}
	return false, fmt.Errorf("%v is no list or vector", t)
}

// viewKind returns the type, in package view, of the untyped view of
// container c: Container, or ProgressiveContainer.
func viewKind(c *def.Container) string {
	if c.Progressive {
		return "ProgressiveContainer"
	}
	return "Container"
}

// asView returns the expression that asserts the view v to be the untyped
// view of the container name (v.(*view.Container)).
func (g *gen) asView(v, name string) string {
	return fmt.Sprintf("%s.(*view.%s)", v, viewKind(g.lookup(name)))
}

// wrap returns the expression of the view of container name over the
// *view.Container c, of the Spec spec of the fork that writes it: the
// fork's own unchecked wrapper, or the checked one of the ancestor that
// defines the container, given the ancestor's Spec.
func (g *gen) wrap(name, spec, c string) string {
	owner := g.owner(name)
	if owner == g.fork {
		return fmt.Sprintf("wrap%s(%s, %s)", name, spec, c)
	}
	return fmt.Sprintf("%s.Wrap%s(%s, %s)", owner.Name, name, g.specOf(spec, owner), c)
}

// The templates of views: "view" writes a view's type, constructors and
// methods; the others the accessors of one field.
//
// A zero view stands for the default value in the mainnet preset. Every
// method, reader or writer, reaches the view through container, which
// makes a zero x that value at its first use, once, atomically: readers of a
// zero x are as safe together as readers of any value, and a handle taken
// from it writes through.
const viewTemplates = `
{{define "view" -}}
{{doc .Name " is a view of the " .Name " container of the specification, backed by a tree: reads and writes go to the tree, copies are O(1), and the root is re-hashed where it changed. Its fields:"}}
//
{{- range .Fields}}
//	{{.Name}}: {{.Type}}
{{- end}}
//
// The zero value is the default value in the mainnet preset; see the
// package doc. As with a Go map, any number of goroutines may read a view
// at once while none writes it; see package view.
//
// A view is used through a pointer: a copy by value shares its tree with
// the original and writes to it (Copy is the copy), and go vet reports it.
type {{.Name}} struct {
	_    forkcode.NoCopy // go vet reports a copy by value
	c    *view.{{.Kind}} // nil until the first use of a zero value; see container
	spec *Spec           // nil in a zero value: Mainnet
}

{{doc "New" .Name " returns " (article .Name) " holding the default value, for the preset of spec. It panics if spec is nil."}}
func New{{.Name}}(spec *Spec) *{{.Name}} {
	if spec == nil {
		panic("{{.Fork}}: New{{.Name}} with a nil *Spec")
	}
	return wrap{{.Name}}(spec, newDefault{{.Name}}(spec))
}

{{doc "Decode" .Name " returns the " .Name " serialized in b, for the preset of spec."}}
{{- if .IsState}}
// A state whose fork.current_version names another fork, or that fails to
// decode and whose version names another preset, is a
// *forks.WrongForkError that says so.
{{- end}}
func Decode{{.Name}}(spec *Spec, b []byte) (*{{.Name}}, error) {
	if spec == nil {
		return nil, fmt.Errorf("{{.Fork}}: Decode{{.Name}}: %w", ErrNilSpec)
	}
{{- if .IsState}}
	if err := forkcode.StateFork("{{.Fork}}", spec.Preset, b, nil); err != nil {
		return nil, err
	}
{{- end}}
	// The value and its view, allocated together (see Copy).
	p := &struct {
		x {{.Name}}
		c view.{{.Kind}}
	}{}
	if err := view.Decode{{.Kind}}To(&p.c, spec.schemas.{{.Name}}, b); err != nil {
		return nil, {{if .IsState}}forkcode.StateFork("{{.Fork}}", spec.Preset, b, err){{else}}err{{end}}
	}
	p.x.c, p.x.spec = &p.c, spec
	return &p.x, nil
}

{{doc "Wrap" .Name " returns the " .Name " over c, a view of spec's " .Name " type. It panics if spec or c is nil or c is of another type."}}
func Wrap{{.Name}}(spec *Spec, c *view.{{.Kind}}) *{{.Name}} {
	if spec == nil || c == nil {
		panic("{{.Fork}}: Wrap{{.Name}} with a nil *Spec or *view.{{.Kind}}")
	}
	if c.Schema() != spec.schemas.{{.Name}} {
		panic("{{.Fork}}: Wrap{{.Name}} of a " + c.Type().String())
	}
	return wrap{{.Name}}(spec, c)
}

func wrap{{.Name}}(spec *Spec, c *view.{{.Kind}}) *{{.Name}} { return &{{.Name}}{c: c, spec: spec} }

func newDefault{{.Name}}(spec *Spec) *view.{{.Kind}} {
	return forkcode.Must(view.New{{.Kind}}(spec.schemas.{{.Name}}))
}

// container returns the view x holds, making a zero x the mainnet default
// first: whichever goroutine gets there first sets it, once.
func (x *{{.Name}}) container() *view.{{.Kind}} {
	if c := lazy.Load(&x.c); c != nil {
		return c
	}
	return x.initDefault()
}

// initDefault makes a zero x the mainnet default, unless another goroutine
// did first, and returns its view. Kept out of container, so that container
// and the methods around it stay small enough to inline.
func (x *{{.Name}}) initDefault() *view.{{.Kind}} {
	return lazy.Init(&x.c, newDefault{{.Name}}(Mainnet))
}

// View returns the untyped view x wraps.
func (x *{{.Name}}) View() *view.{{.Kind}} { return x.container() }

// Untyped returns the untyped view x wraps, what View returns, as a
// view.View: the method that code taking the values of any fork through
// an interface calls (a cache.State).
func (x *{{.Name}}) Untyped() view.View { return x.container() }

// Spec returns the types x belongs to: Mainnet for a zero x.
func (x *{{.Name}}) Spec() *Spec {
	if x.spec == nil {
		return Mainnet
	}
	return x.spec
}

// Copy returns an independent copy of x in O(1), in one allocation. A copy
// of a zero x is a zero value.
func (x *{{.Name}}) Copy() *{{.Name}} {
	c := lazy.Load(&x.c)
	if c == nil {
		return &{{.Name}}{spec: x.spec}
	}
	// The copy and its view, allocated together: a node copies a state
	// once per slot, after its collector ran, when every size class an
	// allocation takes first costs a refill of the allocator's cache.
	p := &struct {
		x {{.Name}}
		c view.{{.Kind}}
	}{}
	c.CopyTo(&p.c)
	p.x.c, p.x.spec = &p.c, x.spec
	return &p.x
}

// HashTreeRoot returns the hash_tree_root of x.
func (x *{{.Name}}) HashTreeRoot() [32]byte { return x.container().HashTreeRoot() }

// MarshalSSZ returns the serialization of x.
func (x *{{.Name}}) MarshalSSZ() ([]byte, error) { return x.container().MarshalSSZ() }

// MarshalSSZTo appends the serialization of x to dst.
func (x *{{.Name}}) MarshalSSZTo(dst []byte) ([]byte, error) { return x.container().MarshalSSZTo(dst) }

// UnmarshalSSZ replaces x with the value serialized in b, in the preset of
// x (mainnet for a zero x). On error x is unchanged.
{{- if .IsState}}
// A state whose fork.current_version names another fork, or that fails to
// decode and whose version names another preset, is a
// *forks.WrongForkError that says so.
func (x *{{.Name}}) UnmarshalSSZ(b []byte) error {
	preset := x.Spec().Preset
	if err := forkcode.StateFork("{{.Fork}}", preset, b, nil); err != nil {
		return err
	}
	return forkcode.StateFork("{{.Fork}}", preset, b, x.container().UnmarshalSSZ(b))
}
{{- else}}
func (x *{{.Name}}) UnmarshalSSZ(b []byte) error { return x.container().UnmarshalSSZ(b) }
{{- end}}

// SizeSSZ returns the size of the serialization of x.
func (x *{{.Name}}) SizeSSZ() int { return x.container().SizeSSZ() }

// Prove returns a Merkle multiproof, against the root of x, of the parts
// of x named by paths ("finalized_checkpoint.root",
// "validators[12].effective_balance"): see view.Prove.
func (x *{{.Name}}) Prove(paths ...string) (*tree.Multiproof, error) {
	return view.Prove(x.container(), paths...)
}

// ProveBranch returns the single Merkle proof, against the root of x, of
// the part of x named by path: see view.ProveBranch.
func (x *{{.Name}}) ProveBranch(path string) (tree.Gindex, [32]byte, [][32]byte, error) {
	return view.ProveBranch(x.container(), path)
}

// MarshalJSON returns the JSON of x in the beacon-API format.
func (x *{{.Name}}) MarshalJSON() ([]byte, error) {
	return forkcode.MarshalJSON(x.container(), x.Spec().schemas.{{.Name}})
}

// UnmarshalJSON replaces x with the value of its JSON in the beacon-API
// format, in the preset of x (mainnet for a zero x). On error x is
// unchanged.
func (x *{{.Name}}) UnmarshalJSON(data []byte) error {
	return forkcode.UnmarshalJSON(x.container(), x.Spec().schemas.{{.Name}}, data)
}

{{end}}

{{define "getterDoc"}}{{doc .Getter " returns the " .Field " field (" .Type ")."}}{{end}}

{{define "handleDoc"}}{{doc .Getter " returns a handle on the " .Field " field (" .Type ")."}}{{end}}

{{define "basic" -}}
{{template "getterDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() {{.GoType}} { return {{.Get}} }

// {{.Setter}} sets the {{.Field}} field.
func (x *{{.Owner}}) {{.Setter}}(v {{.GoType}}) { {{.Set}} }

{{end}}

{{define "array" -}}
{{template "getterDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() {{.GoType}} {
	var v {{.GoType}}
	x.container().LoadBytes({{.Index}}, v[:])
	return v
}

{{doc .Setter " sets the " .Field " field. " .SetterPanics}}
func (x *{{.Owner}}) {{.Setter}}(v {{.GoType}}) { forkcode.Check(x.container().SetBytes({{.Index}}, v[:])) }

{{end}}

{{define "value" -}}
{{template "getterDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() {{.GoType}} {
	var b [{{.Size}}]byte
	x.container().LoadBytes({{.Index}}, b[:])
	var v {{.GoType}}
	{{.Get}}
	return v
}

// {{.Setter}} sets the {{.Field}} field.
func (x *{{.Owner}}) {{.Setter}}(v {{.GoType}}) {
	var buf [{{.Size}}]byte
	{{.Set}}
	forkcode.Check(x.container().SetBytes({{.Index}}, dst))
}

{{end}}

{{define "handle" -}}
{{template "handleDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() {{.GoType}} { return {{.Get}} }

{{end}}

{{define "viewField" -}}
{{template "handleDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() {{.GoType}} { return {{.Get}} }

{{doc .Setter " replaces the " .Field " field with the value of v. It panics if v is of another preset."}}
func (x *{{.Owner}}) {{.Setter}}(v {{.GoType}}) { forkcode.Check(x.container().Set({{.Index}}, v.View())) }

{{end}}

{{define "listOf" -}}
{{template "handleDoc" .}}
func (x *{{.Owner}}) {{.Getter}}() *view.{{.ListOf}}[{{.Elem}}] {
	{{.Wrap}}
	return forkcode.Must(view.As{{.ListOf}}(x.container().Field({{.Index}}), wrap, {{.Unwrap}}))
}

{{end}}
`
