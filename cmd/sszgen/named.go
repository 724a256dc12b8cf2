package main

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// This file writes the named types of the specification (Slot, Root...)
// and what a fork re-exports from its parent.

// aliases returns the named types the fork's own containers use first: those
// not used by an ancestor's containers.
func (g *gen) aliases(own []*def.Container) []*def.Type {
	inParent := map[string]bool{}
	if g.fork.Parent != nil {
		ts, err := g.fork.Parent.Resolve(forks.Mainnet)
		if err == nil {
			for _, name := range ts.Names() {
				for _, f := range g.fork.Parent.Lookup(name).Fields {
					collectAliases(f.Type, func(a *def.Type) { inParent[a.Name] = true })
				}
			}
		}
	}
	var out []*def.Type
	seen := map[string]bool{}
	for _, c := range own {
		for _, f := range c.Fields {
			collectAliases(f.Type, func(a *def.Type) {
				if !seen[a.Name] && !inParent[a.Name] {
					seen[a.Name] = true
					out = append(out, a)
				}
			})
		}
	}
	return out
}

// collectAliases calls f for each alias a field type names, outermost first
// but not through an alias's own definition.
func collectAliases(t *def.Type, f func(*def.Type)) {
	switch t.Kind {
	case def.KindAlias:
		f(t)
	case def.KindVector, def.KindList, def.KindProgressiveList:
		collectAliases(t.Elem, f)
	}
}

// goAliasable reports whether an alias gets a Go type: aliases of basic
// types and of byte vectors of a length that does not depend on the preset
// (a Blob's does: its values are views).
func (g *gen) goAliasable(a *def.Type) bool {
	u := a.Unalias()
	return u.Kind == def.KindBasic || u.Kind == def.KindVector && isByte(u.Elem) && !u.Len.IsParam()
}

func isByte(t *def.Type) bool {
	u := t.Unalias()
	return u.Kind == def.KindBasic && (u.Basic == schema.Byte || u.Basic == schema.Uint8)
}

// namedType is what the templates of a named type need.
type namedType struct {
	Fork string
	Name string
	// Def is the type's definition in the specification: ByteVector[32].
	Def string
	// GoType is the Go type of a basic type; Size the length of a byte
	// vector.
	GoType string
	Size   uint64
}

// alias writes the Go type of a named type of the specification.
func (g *gen) alias(a *def.Type) error {
	u := a.Unalias()
	data := namedType{Fork: g.fork.Name, Name: a.Name, Def: u.String()}
	switch {
	case u.Kind == def.KindBasic:
		gt, err := g.basicGoType(u.Basic)
		if err != nil {
			return err
		}
		data.GoType = gt
		return g.exec("basicType", data)
	case g.goAliasable(a):
		n, err := u.Len.Resolve(forks.Mainnet)
		if err != nil {
			return err
		}
		data.Size = n
		return g.exec("byteVector", data)
	}
	// Other named types (Transaction, Blob) have no Go type of their own:
	// their values are views.
	return nil
}

func (g *gen) basicGoType(t schema.Type) (string, error) {
	switch t := t.(type) {
	case *schema.Bool:
		return "bool", nil
	case *schema.Uint:
		switch {
		case t.IsByte():
			return "byte", nil
		case t.Bits() <= 64:
			return fmt.Sprintf("uint%d", t.Bits()), nil
		case t.Bits() == 256:
			return "uint256.Int", nil
		}
	}
	// uint128 has no Go type that marshals it; no fork has a field of it.
	return "", fmt.Errorf("no Go type for %v", t)
}

// reexport is what the templates of a type that the fork takes from its
// parent need.
type reexport struct {
	Fork, Parent string
	// ParentSpec is the field of Spec that holds the parent's: Phase0.
	ParentSpec string
	Name       string
	// About says what Name is: "type of the specification (uint64)",
	// "plain struct", "view".
	About string
	View  bool
	// Kind is the type of the untyped view of a view, of package view:
	// Container, or ProgressiveContainer.
	Kind string
}

// reexports makes what the fork takes from its parent available under the
// same names, each alias with a doc comment that sends the reader to the
// parent's type (go doc shows an alias's own comment, not its target's),
// and the constructors of its views (New, Decode and Wrap, as for the
// fork's own views), which take the fork's Spec.
func (g *gen) reexports(inherited []*def.Container) error {
	parent := g.fork.Parent
	base := reexport{Fork: g.fork.Name, Parent: parent.Name, ParentSpec: def.GoName(parent.Name)}
	ts, err := parent.Resolve(forks.Mainnet)
	if err != nil {
		return err
	}
	var types []reexport
	seen := map[string]bool{}
	for _, name := range ts.Names() {
		for _, f := range parent.Lookup(name).Fields {
			collectAliases(f.Type, func(a *def.Type) {
				if !seen[a.Name] && g.goAliasable(a) {
					seen[a.Name] = true
					r := base
					r.Name, r.About = a.Name, fmt.Sprintf("type of the specification (%v)", a.Unalias())
					types = append(types, r)
				}
			})
		}
	}
	for _, r := range types {
		if err := g.exec("reexportedType", r); err != nil {
			return err
		}
	}
	var views []reexport
	for _, c := range inherited {
		r := base
		r.Name, r.About, r.View, r.Kind = c.Name, "plain struct", !g.isStruct(c), viewKind(c)
		if r.View {
			r.About = "view"
			views = append(views, r)
		}
		if err := g.exec("reexportedContainer", r); err != nil {
			return err
		}
	}
	for _, r := range views {
		if err := g.exec("reexportedConstructors", r); err != nil {
			return err
		}
	}
	return nil
}

const namedTemplates = `
{{define "basicType" -}}
// {{.Name}} is the {{.Name}} type of the specification ({{.Def}}).
type {{.Name}} {{.GoType}}

{{end}}

{{define "byteVector" -}}
// {{.Name}} is the {{.Name}} type of the specification ({{.Def}}).
type {{.Name}} [{{.Size}}]byte

// SizeSSZ returns {{.Size}}.
func (*{{.Name}}) SizeSSZ() int { return {{.Size}} }

// MarshalSSZ returns a copy of the bytes of v.
func (v *{{.Name}}) MarshalSSZ() ([]byte, error) { return append([]byte(nil), v[:]...), nil }

// MarshalSSZTo appends the bytes of v to dst.
func (v *{{.Name}}) MarshalSSZTo(dst []byte) ([]byte, error) { return append(dst, v[:]...), nil }

// UnmarshalSSZ sets v from b, which must be {{.Size}} bytes.
func (v *{{.Name}}) UnmarshalSSZ(b []byte) error {
	return forkcode.UnmarshalSSZ(v[:], b, "{{.Fork}}", "{{.Name}}")
}

// DecodeSSZValue returns the {{.Name}} in b, which must be {{.Size}} bytes,
// by value (the view package's ValueCodec).
func (*{{.Name}}) DecodeSSZValue(b []byte) ({{.Name}}, error) {
	var v {{.Name}}
	err := v.UnmarshalSSZ(b)
	return v, err
}

// AppendSSZValue appends the bytes of v to dst (the view package's
// ValueCodec).
func (*{{.Name}}) AppendSSZValue(dst []byte, v {{.Name}}) []byte { return append(dst, v[:]...) }

// String returns v in hex, after 0x.
func (v {{.Name}}) String() string { return forkcode.String(v[:]) }

// Format writes v for fmt: %x and %X the bytes in hex, without 0x (with
// the flags of a []byte: "% x", "%#x"); %s, %v and %q String's 0x text;
// %#v Go syntax.
func (v {{.Name}}) Format(f fmt.State, verb rune) {
	forkcode.Format(f, verb, v[:], "{{.Fork}}", "{{.Name}}")
}

// MarshalText returns v in hex, after 0x, as JSON has it.
func (v {{.Name}}) MarshalText() ([]byte, error) { return forkcode.MarshalText(v[:]), nil }

// UnmarshalText sets v from 0x and the hex of {{.Size}} bytes. On error v is
// unchanged.
func (v *{{.Name}}) UnmarshalText(text []byte) error {
	return forkcode.UnmarshalText(v[:], text, "{{.Fork}}", "{{.Name}}")
}

{{end}}

{{define "reexportedType" -}}
{{doc .Name " is [" .Parent "." .Name "], the " .Name " " .About ", which " .Fork " takes unchanged from " .Parent "."}}
type {{.Name}} = {{.Parent}}.{{.Name}}

{{end}}

{{define "reexportedContainer" -}}
{{doc .Name " is [" .Parent "." .Name "], the " .About " of the " .Name " container, which " .Fork " takes unchanged from " .Parent ": see there for its fields and methods."}}
type {{.Name}} = {{.Parent}}.{{.Name}}

{{end}}

{{define "reexportedConstructors" -}}
{{doc "New" .Name " returns " (article .Name) " holding the default value, for the preset of spec. It panics if spec is nil."}}
func New{{.Name}}(spec *Spec) *{{.Name}} {
	if spec == nil {
		panic("{{.Fork}}: New{{.Name}} with a nil *Spec")
	}
	return {{.Parent}}.New{{.Name}}(spec.{{.ParentSpec}})
}

{{doc "Decode" .Name " returns the " .Name " serialized in b, for the preset of spec."}}
func Decode{{.Name}}(spec *Spec, b []byte) (*{{.Name}}, error) {
	if spec == nil {
		return nil, fmt.Errorf("{{.Fork}}: Decode{{.Name}}: %w", ErrNilSpec)
	}
	return {{.Parent}}.Decode{{.Name}}(spec.{{.ParentSpec}}, b)
}

{{doc "Wrap" .Name " returns the " .Name " over c, a view of spec's " .Name " type. It panics if spec or c is nil or c is of another type."}}
func Wrap{{.Name}}(spec *Spec, c *view.{{.Kind}}) *{{.Name}} {
	if spec == nil {
		panic("{{.Fork}}: Wrap{{.Name}} with a nil *Spec")
	}
	return {{.Parent}}.Wrap{{.Name}}(spec.{{.ParentSpec}}, c)
}

{{end}}
`
