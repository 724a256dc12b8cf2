package main

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// This file writes tree-backed views: a Go type per container with an
// accessor per field.

// reserved are the method names every view has, which no field may take.
var reserved = map[string]bool{
	"View": true, "Spec": true, "Copy": true, "HashTreeRoot": true, "MarshalSSZ": true,
	"MarshalSSZTo": true, "UnmarshalSSZ": true, "SizeSSZ": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"Prove": true, "ProveBranch": true,
}

func (g *gen) viewType(c *def.Container) error {
	viewPkg := g.use(modulePath + "view")
	jsonPkg := g.use(modulePath + "sszjson")
	name := c.Name
	g.p("// %s is a view of the %s container of the specification, backed by a\n", name, name)
	g.p("// tree: reads and writes go to the tree, copies are O(1), and the root\n")
	g.p("// is re-hashed where it changed. Its fields:\n//\n")
	for _, f := range c.Fields {
		g.p("//\t%s: %v\n", f.Name, f.Type)
	}
	g.p("//\n// The zero value is the default value in the mainnet preset; see the\n")
	g.p("// package doc. A view is not safe for concurrent use; see package view.\n")
	treePkg := g.use(modulePath + "tree")
	g.use("fmt")
	g.use(modulePath + "internal/lazy")
	fmt.Fprintf(&g.buf, viewMethods, name, g.fork.Name, viewPkg, jsonPkg, treePkg, article(name))
	for i, f := range c.Fields {
		if err := g.accessor(name, i, f); err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	return nil
}

// viewMethods are the constructors and methods of every view: %[1]s is the
// container's name, %[2]s the package's, %[3]s, %[4]s and %[5]s the names
// of packages view, sszjson and tree, %[6]s the container's name after an
// article.
//
// A zero view stands for the default value in the mainnet preset. Every
// method, reader or writer, reaches the view through container, which
// makes a zero x that value at its first use, once, atomically: readers of a
// zero x are as safe together as readers of any value, and a handle taken
// from it writes through.
const viewMethods = `type %[1]s struct {
	c    *%[3]s.Container // nil until the first use of a zero value; see container
	spec *Spec           // nil in a zero value: Mainnet
}

// New%[1]s returns %[6]s holding the default value, for the preset of
// spec. It panics if spec is nil.
func New%[1]s(spec *Spec) *%[1]s {
	if spec == nil {
		panic("%[2]s: New%[1]s with a nil *Spec")
	}
	return wrap%[1]s(spec, newDefault%[1]s(spec))
}

// Decode%[1]s returns the %[1]s serialized in b, for the preset of spec.
func Decode%[1]s(spec *Spec, b []byte) (*%[1]s, error) {
	if spec == nil {
		return nil, fmt.Errorf("%[2]s: Decode%[1]s: %%w", ErrNilSpec)
	}
	c, err := %[3]s.DecodeContainer(spec.Type("%[1]s"), b)
	if err != nil {
		return nil, err
	}
	return wrap%[1]s(spec, c), nil
}

// Wrap%[1]s returns the %[1]s over c, a view of spec's %[1]s type. It
// panics if spec or c is nil or c is of another type.
func Wrap%[1]s(spec *Spec, c *%[3]s.Container) *%[1]s {
	if spec == nil || c == nil {
		panic("%[2]s: Wrap%[1]s with a nil *Spec or *view.Container")
	}
	if c.Type() != spec.Type("%[1]s") {
		panic("%[2]s: Wrap%[1]s of a " + c.Type().String())
	}
	return wrap%[1]s(spec, c)
}

func wrap%[1]s(spec *Spec, c *%[3]s.Container) *%[1]s { return &%[1]s{c: c, spec: spec} }

func newDefault%[1]s(spec *Spec) *%[3]s.Container {
	c, err := %[3]s.NewContainer(spec.Type("%[1]s"))
	if err != nil {
		panic(err) // never: the spec's types are valid containers
	}
	return c
}

// container returns the view x holds, making a zero x the mainnet default
// first: whichever goroutine gets there first sets it, once.
func (x *%[1]s) container() *%[3]s.Container {
	if c := lazy.Load(&x.c); c != nil {
		return c
	}
	return x.initDefault()
}

// initDefault makes a zero x the mainnet default, unless another goroutine
// did first, and returns its view. Kept out of container, so that container
// and the methods around it stay small enough to inline.
func (x *%[1]s) initDefault() *%[3]s.Container {
	return lazy.Init(&x.c, newDefault%[1]s(Mainnet))
}

// View returns the untyped view x wraps.
func (x *%[1]s) View() *%[3]s.Container { return x.container() }

// Spec returns the types x belongs to: Mainnet for a zero x.
func (x *%[1]s) Spec() *Spec {
	if x.spec == nil {
		return Mainnet
	}
	return x.spec
}

// Copy returns an independent copy of x in O(1). A copy of a zero x is a
// zero value.
func (x *%[1]s) Copy() *%[1]s { return &%[1]s{c: x.copyContainer(), spec: x.spec} }

// copyContainer returns a copy of the view x holds, nil for a zero x. It is
// not inlined, so that Copy is: a copy that does not outlive its caller then
// stays on the stack.
//
//go:noinline
func (x *%[1]s) copyContainer() *%[3]s.Container {
	if c := lazy.Load(&x.c); c != nil {
		return c.Copy()
	}
	return nil
}

// HashTreeRoot returns the hash_tree_root of x.
func (x *%[1]s) HashTreeRoot() [32]byte { return x.container().HashTreeRoot() }

// MarshalSSZ returns the serialization of x.
func (x *%[1]s) MarshalSSZ() ([]byte, error) { return x.container().MarshalSSZ() }

// MarshalSSZTo appends the serialization of x to dst.
func (x *%[1]s) MarshalSSZTo(dst []byte) ([]byte, error) { return x.container().MarshalSSZTo(dst) }

// UnmarshalSSZ replaces x with the value serialized in b, in the preset of
// x (mainnet for a zero x). On error x is unchanged.
func (x *%[1]s) UnmarshalSSZ(b []byte) error { return x.container().UnmarshalSSZ(b) }

// SizeSSZ returns the size of the serialization of x.
func (x *%[1]s) SizeSSZ() int { return x.container().SizeSSZ() }

// Prove returns a Merkle multiproof, against the root of x, of the parts
// of x named by paths ("finalized_checkpoint.root",
// "validators[12].effective_balance"): see view.Prove.
func (x *%[1]s) Prove(paths ...string) (*%[5]s.Multiproof, error) {
	return %[3]s.Prove(x.container(), paths...)
}

// ProveBranch returns the single Merkle proof, against the root of x, of
// the part of x named by path: see view.ProveBranch.
func (x *%[1]s) ProveBranch(path string) (%[5]s.Gindex, [32]byte, [][32]byte, error) {
	return %[3]s.ProveBranch(x.container(), path)
}

// MarshalJSON returns the JSON of x in the beacon-API format.
func (x *%[1]s) MarshalJSON() ([]byte, error) {
	b, err := x.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return %[4]s.Marshal(x.Spec().Type("%[1]s"), b)
}

// UnmarshalJSON replaces x with the value of its JSON in the beacon-API
// format, in the preset of x (mainnet for a zero x). On error x is
// unchanged.
func (x *%[1]s) UnmarshalJSON(data []byte) error {
	b, err := %[4]s.Unmarshal(x.Spec().Type("%[1]s"), data)
	if err != nil {
		return err
	}
	return x.UnmarshalSSZ(b)
}

`

// accessor writes the getter and, where the field is set as a value, the
// setter of field i.
func (g *gen) accessor(owner string, i int, f def.Field) error {
	viewPkg := g.use(modulePath + "view")
	getter := def.GoName(f.Name)
	if reserved[getter] {
		return fmt.Errorf("field name %s clashes with a method", getter)
	}
	setter := "Set" + getter
	t := f.Type
	u := t.Unalias()
	doc := func(verb string) { g.p("// %s %s the %s field (%v).\n", getter, verb, f.Name, t) }

	if g.isPlain(t) {
		gt := g.goType(t)
		switch {
		case u.Kind == def.KindBasic && u.Basic == schema.Boolean:
			doc("returns")
			g.p("func (x *%s) %s() %s { return %s(x.container().Bool(%d)) }\n\n", owner, getter, gt, gt, i)
			g.p("// %s sets the %s field.\n", setter, f.Name)
			g.p("func (x *%s) %s(v %s) { x.container().SetBool(%d, bool(v)) }\n\n", owner, setter, gt, i)
			return nil
		case u.Kind == def.KindBasic && u.Basic.FixedSize() <= 8:
			doc("returns")
			if gt == "uint64" {
				g.p("func (x *%s) %s() uint64 { return x.container().Uint(%d) }\n\n", owner, getter, i)
			} else {
				g.p("func (x *%s) %s() %s { return %s(x.container().Uint(%d)) }\n\n", owner, getter, gt, gt, i)
			}
			g.p("// %s sets the %s field.\n", setter, f.Name)
			if gt == "uint64" {
				g.p("func (x *%s) %s(v uint64) { x.container().SetUint(%d, v) }\n\n", owner, setter, i)
			} else {
				g.p("func (x *%s) %s(v %s) { x.container().SetUint(%d, uint64(v)) }\n\n", owner, setter, gt, i)
			}
			return nil
		}
		size := g.byteSize(t)
		doc("returns")
		g.p("func (x *%s) %s() %s {\nvar b [%d]byte\nx.container().LoadBytes(%d, b[:])\nvar v %s\n", owner, getter, gt, size, i, gt)
		stmt := g.readStmt("v", t, "b", "0", 0)
		if u.Kind == def.KindRef {
			stmt = "if err := v.UnmarshalSSZ(b[:]); err != nil {\npanic(err)\n}"
		}
		g.p("%s\nreturn v\n}\n\n", stmt)
		g.p("// %s sets the %s field.\n", setter, f.Name)
		g.p("func (x *%s) %s(v %s) {\nvar buf [%d]byte\ndst := buf[:0]\n%s\nif err := x.container().SetBytes(%d, dst); err != nil {\npanic(err)\n}\n}\n\n",
			owner, setter, gt, size, g.appendStmt("v", t, 0), i)
		return nil
	}

	field := fmt.Sprintf("x.container().Field(%d)", i)
	switch u.Kind {
	case def.KindBitlist:
		doc("returns a handle on")
		g.p("func (x *%s) %s() *%s.Bitlist { return %s.(*%s.Bitlist) }\n\n", owner, getter, viewPkg, field, viewPkg)
	case def.KindBitvector:
		doc("returns a handle on")
		g.p("func (x *%s) %s() *%s.Bitvector { return %s.(*%s.Bitvector) }\n\n", owner, getter, viewPkg, field, viewPkg)
	case def.KindRef:
		// A view of another container.
		typ, wrap := g.viewRef(u.Name)
		doc("returns a handle on")
		g.p("func (x *%s) %s() *%s { return %s(%s.(*%s.Container)) }\n\n", owner, getter, typ, wrap, field, viewPkg)
		g.p("// %s replaces the %s field with the value of v. It panics if v is of\n// another preset.\n", setter, f.Name)
		g.p("func (x *%s) %s(v *%s) {\nif err := x.container().Set(%d, v.View()); err != nil {\npanic(err)\n}\n}\n\n", owner, setter, typ, i)
	case def.KindList, def.KindVector:
		list := u.Kind == def.KindList
		e := u.Elem.Unalias()
		kind := "Vector"
		if list {
			kind = "List"
		}
		switch {
		case e.Kind == def.KindBasic && e.Basic == schema.Boolean:
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.Bool%s { return %s.(*%s.Bool%s) }\n\n", owner, getter, viewPkg, kind, field, viewPkg, kind)
		case e.Kind == def.KindBasic && e.Basic.FixedSize() <= 8:
			et := g.goType(u.Elem)
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.Basic%s[%s] {\nv, err := %s.AsBasic%s[%s](%s)\nif err != nil {\npanic(err)\n}\nreturn v\n}\n\n",
				owner, getter, viewPkg, kind, et, viewPkg, kind, et, field)
		case g.isPlain(u.Elem):
			et := g.goType(u.Elem)
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.Value%s[%s, *%s] {\nv, err := %s.AsValue%s[%s](%s)\nif err != nil {\npanic(err)\n}\nreturn v\n}\n\n",
				owner, getter, viewPkg, kind, et, et, viewPkg, kind, et, field)
		case list && e.Kind == def.KindRef:
			typ, wrap := g.viewRef(e.Name)
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.ListOf[*%s] {\n", owner, getter, viewPkg, typ)
			g.p("wrap := func(v %s.View) *%s { return %s(v.(*%s.Container)) }\n", viewPkg, typ, wrap, viewPkg)
			g.p("unwrap := func(v *%s) %s.View { return v.View() }\n", typ, viewPkg)
			g.p("l, err := %s.AsListOf(%s, wrap, unwrap)\nif err != nil {\npanic(err)\n}\nreturn l\n}\n\n", viewPkg, field)
		case e.Kind == def.KindVector && isByte(e.Elem):
			// Byte vectors whose length depends on the preset (Cell), which
			// have no Go type: their bytes.
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.Compact%s { return %s.(*%s.Compact%s) }\n\n", owner, getter, viewPkg, kind, field, viewPkg, kind)
		case list && e.Kind == def.KindList && isByte(e.Elem):
			doc("returns a handle on")
			g.p("func (x *%s) %s() *%s.ListOf[*%s.ByteList] {\n", owner, getter, viewPkg, viewPkg)
			g.p("wrap := func(v %s.View) *%s.ByteList { return v.(*%s.ByteList) }\n", viewPkg, viewPkg, viewPkg)
			g.p("unwrap := func(v *%s.ByteList) %s.View { return v }\n", viewPkg, viewPkg)
			g.p("l, err := %s.AsListOf(%s, wrap, unwrap)\nif err != nil {\npanic(err)\n}\nreturn l\n}\n\n", viewPkg, field)
		default:
			return fmt.Errorf("no accessor for %v", t)
		}
	default:
		return fmt.Errorf("no accessor for %v", t)
	}
	return nil
}

// viewRef returns the Go type of the view of container name and the
// expression that wraps a *view.Container into it, in the context of a
// method whose receiver is x.
func (g *gen) viewRef(name string) (typ, wrap string) {
	if g.owner(name) == g.fork {
		return name, fmt.Sprintf("func(c *%s.Container) *%s { return Wrap%s(x.Spec(), c) }", g.use(modulePath+"view"), name, name)
	}
	owner := g.owner(name)
	pkg := g.use(modulePath + owner.Name)
	spec := "x.Spec()"
	for f := g.fork.Parent; f != owner.Parent; f = f.Parent {
		spec += "." + specField(f)
	}
	return name, fmt.Sprintf("func(c *%s.Container) *%s { return %s.Wrap%s(%s, c) }", g.use(modulePath+"view"), name, pkg, name, spec)
}

// specField returns the name of the field that holds the Spec of fork f
// in the Spec of the fork after it: Phase0, Capella...
func specField(f *def.Fork) string { return def.GoName(f.Name) }

// article returns name with "a" or "an" before it.
func article(name string) string {
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
