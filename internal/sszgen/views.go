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
	g.p("//\n// A view is not safe for concurrent use; see package view.\n")
	g.p("type %s struct {\n\tc *%s.Container\n\tspec *Spec\n}\n\n", name, viewPkg)

	g.p("// New%s returns %s holding the default value, for the preset of spec.\n", name, article(name))
	g.p("func New%s(spec *Spec) *%s {\nc, err := %s.NewContainer(spec.Type(%q))\nif err != nil {\npanic(err) // never: the spec's types are valid containers\n}\nreturn &%s{c, spec}\n}\n\n", name, name, viewPkg, name, name)
	g.p("// Decode%s returns the %s serialized in b, for the preset of spec.\n", name, name)
	g.p("func Decode%s(spec *Spec, b []byte) (*%s, error) {\n", name, name)
	g.p("c, err := %s.DecodeContainer(spec.Type(%q), b)\nif err != nil {\nreturn nil, err\n}\nreturn &%s{c, spec}, nil\n}\n\n", viewPkg, name, name)
	g.p("// Wrap%s returns the %s over c, a view of spec's %s type. It panics if c\n// is of another type.\n", name, name, name)
	g.p("func Wrap%s(spec *Spec, c *%s.Container) *%s {\n", name, viewPkg, name)
	g.p("if c.Type() != spec.Type(%q) {\npanic(\"%s: Wrap%s of a \" + c.Type().String())\n}\nreturn &%s{c, spec}\n}\n\n", name, g.fork.Name, name, name)

	g.p("// View returns the untyped view x wraps.\nfunc (x *%s) View() *%s.Container { return x.c }\n\n", name, viewPkg)
	g.p("// Spec returns the types x belongs to.\nfunc (x *%s) Spec() *Spec { return x.spec }\n\n", name)
	g.p("// Copy returns an independent copy of x in O(1).\nfunc (x *%s) Copy() *%s { return &%s{x.c.Copy(), x.spec} }\n\n", name, name, name)
	g.p("// HashTreeRoot returns the hash_tree_root of x.\nfunc (x *%s) HashTreeRoot() [32]byte { return x.c.HashTreeRoot() }\n\n", name)
	g.p("// MarshalSSZ returns the serialization of x.\nfunc (x *%s) MarshalSSZ() ([]byte, error) { return x.c.MarshalSSZ() }\n\n", name)
	g.p("// MarshalSSZTo appends the serialization of x to dst.\nfunc (x *%s) MarshalSSZTo(dst []byte) ([]byte, error) { return x.c.MarshalSSZTo(dst) }\n\n", name)
	g.p("// UnmarshalSSZ replaces x with the value serialized in b. On error x is\n// unchanged.\nfunc (x *%s) UnmarshalSSZ(b []byte) error { return x.c.UnmarshalSSZ(b) }\n\n", name)
	g.p("// SizeSSZ returns the size of the serialization of x.\nfunc (x *%s) SizeSSZ() int { return x.c.SizeSSZ() }\n\n", name)
	treePkg := g.use(modulePath + "tree")
	g.p("// Prove returns a Merkle multiproof, against the root of x, of the parts\n")
	g.p("// of x named by paths (\"finalized_checkpoint.root\",\n// \"validators[12].effective_balance\"): see view.Prove.\n")
	g.p("func (x *%s) Prove(paths ...string) (*%s.Multiproof, error) { return %s.Prove(x.c, paths...) }\n\n", name, treePkg, viewPkg)
	g.p("// ProveBranch returns the single Merkle proof, against the root of x, of\n// the part of x named by path: see view.ProveBranch.\n")
	g.p("func (x *%s) ProveBranch(path string) (%s.Gindex, [32]byte, [][32]byte, error) {\nreturn %s.ProveBranch(x.c, path)\n}\n\n", name, treePkg, viewPkg)
	g.p("// MarshalJSON returns the JSON of x in the beacon-API format.\n")
	g.p("func (x *%s) MarshalJSON() ([]byte, error) {\nb, err := x.c.MarshalSSZ()\nif err != nil {\nreturn nil, err\n}\nreturn %s.Marshal(x.c.Type(), b)\n}\n\n", name, jsonPkg)
	g.p("// UnmarshalJSON replaces x with the value of its JSON in the beacon-API\n// format. x must have been made for a preset (New%s, Decode%s).\n", name, name)
	g.p("func (x *%s) UnmarshalJSON(data []byte) error {\n", name)
	g.p("if x.c == nil {\nreturn fmt.Errorf(\"%s: UnmarshalJSON into a %s made without a preset\")\n}\n", g.fork.Name, name)
	g.p("b, err := %s.Unmarshal(x.c.Type(), data)\nif err != nil {\nreturn err\n}\nreturn x.c.UnmarshalSSZ(b)\n}\n\n", jsonPkg)
	g.use("fmt")

	for i, f := range c.Fields {
		if err := g.accessor(name, i, f); err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	return nil
}

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
			g.p("func (x *%s) %s() %s { return %s(x.c.Bool(%d)) }\n\n", owner, getter, gt, gt, i)
			g.p("// %s sets the %s field.\n", setter, f.Name)
			g.p("func (x *%s) %s(v %s) { x.c.SetBool(%d, bool(v)) }\n\n", owner, setter, gt, i)
			return nil
		case u.Kind == def.KindBasic && u.Basic.FixedSize() <= 8:
			doc("returns")
			if gt == "uint64" {
				g.p("func (x *%s) %s() uint64 { return x.c.Uint(%d) }\n\n", owner, getter, i)
			} else {
				g.p("func (x *%s) %s() %s { return %s(x.c.Uint(%d)) }\n\n", owner, getter, gt, gt, i)
			}
			g.p("// %s sets the %s field.\n", setter, f.Name)
			if gt == "uint64" {
				g.p("func (x *%s) %s(v uint64) { x.c.SetUint(%d, v) }\n\n", owner, setter, i)
			} else {
				g.p("func (x *%s) %s(v %s) { x.c.SetUint(%d, uint64(v)) }\n\n", owner, setter, gt, i)
			}
			return nil
		}
		size := g.byteSize(t)
		doc("returns")
		g.p("func (x *%s) %s() %s {\nvar b [%d]byte\nx.c.LoadBytes(%d, b[:])\nvar v %s\n", owner, getter, gt, size, i, gt)
		stmt := g.readStmt("v", t, "b", "0", 0)
		if u.Kind == def.KindRef {
			stmt = fmt.Sprintf("if err := v.UnmarshalSSZ(b[:]); err != nil {\npanic(err)\n}")
		}
		g.p("%s\nreturn v\n}\n\n", stmt)
		g.p("// %s sets the %s field.\n", setter, f.Name)
		g.p("func (x *%s) %s(v %s) {\nvar buf [%d]byte\ndst := buf[:0]\n%s\nif err := x.c.SetBytes(%d, dst); err != nil {\npanic(err)\n}\n}\n\n",
			owner, setter, gt, size, g.appendStmt("v", t, 0), i)
		return nil
	}

	field := fmt.Sprintf("x.c.Field(%d)", i)
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
		g.p("func (x *%s) %s(v *%s) {\nif err := x.c.Set(%d, v.View()); err != nil {\npanic(err)\n}\n}\n\n", owner, setter, typ, i)
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
		return name, fmt.Sprintf("func(c *%s.Container) *%s { return Wrap%s(x.spec, c) }", g.use(modulePath+"view"), name, name)
	}
	pkg := g.use(modulePath + g.owner(name).Name)
	return name, fmt.Sprintf("func(c *%s.Container) *%s { return %s.Wrap%s(x.spec.Phase0, c) }", g.use(modulePath+"view"), name, pkg, name)
}

// article returns name with "a" or "an" before it.
func article(name string) string {
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
