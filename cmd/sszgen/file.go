package main

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
)

// This file writes the parts of a fork's file that are about all of its
// containers: the schema types a Spec holds, and the registry.

// file writes the declarations of the fork's file, in this order: what it
// re-exports from its parent, its named types, the schema types a Spec
// holds, its containers, and the registry.
func (g *gen) file() error {
	own, inherited := g.containers()
	if g.fork.Parent != nil {
		if err := g.reexports(inherited); err != nil {
			return err
		}
	}
	for _, a := range g.aliases(own) {
		if err := g.alias(a); err != nil {
			return fmt.Errorf("%s: %w", a.Name, err)
		}
	}
	if err := g.schemas(own); err != nil {
		return err
	}
	for _, c := range own {
		var err error
		if g.isStruct(c) {
			err = g.structType(c)
		} else {
			err = g.viewType(c)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	return g.registry(append(append([]*def.Container(nil), inherited...), own...))
}

// schemas writes the struct of the schema types of the fork's own
// containers, which each Spec holds, resolved for its preset, in its field
// schemas (see spec.go of each fork).
func (g *gen) schemas(own []*def.Container) error {
	type schemaType struct {
		// Name is the container's; Kind the type of its schema, of
		// package schema: Container, or ProgressiveContainer.
		Name, Kind string
	}
	data := struct {
		Fork  string
		Types []schemaType
	}{Fork: g.fork.Name}
	for _, c := range own {
		data.Types = append(data.Types, schemaType{c.Name, viewKind(c)})
	}
	return g.exec("schemas", data)
}

// registry writes NewValue, which makes a value of any container by name:
// what generic code (conformance tests, tools) needs.
func (g *gen) registry(all []*def.Container) error {
	type entry struct {
		Name string
		View bool
	}
	data := struct {
		Fork    string
		Entries []entry
	}{Fork: g.fork.Name}
	for _, c := range all {
		data.Entries = append(data.Entries, entry{c.Name, !g.isStruct(c)})
	}
	return g.exec("registry", data)
}

const fileTemplates = `
{{define "schemas" -}}
{{doc "schemas holds the schema type of each container that " .Fork " defines, resolved for one preset. A Spec holds one, made once, so that the constructors and methods of a value find its type without looking it up by name."}}
type schemas struct {
{{- range .Types}}
	{{.Name}} *schema.{{.Kind}}
{{- end}}
}

// newSchemas returns the schema types of ts of the containers that
// {{.Fork}} defines.
func newSchemas(ts *def.Types) schemas {
	return schemas{
{{- range .Types}}
{{- if eq .Kind "Container"}}
		{{.Name}}: ts.Container("{{.Name}}"),
{{- else}}
		{{.Name}}: ts.Type("{{.Name}}").(*schema.{{.Kind}}),
{{- end}}
{{- end}}
	}
}

{{end}}

{{define "registry" -}}
// NewValue returns a new value of the container name holding the default
// value, for the preset of spec: a pointer to a plain struct, or a view.
// ok is false if the fork has no container of that name. It panics if
// spec is nil.
func NewValue(spec *Spec, name string) (v Value, ok bool) {
	if spec == nil {
		panic("{{.Fork}}: NewValue with a nil *Spec")
	}
	switch name {
{{- range .Entries}}
	case "{{.Name}}":
{{- if .View}}
		return New{{.Name}}(spec), true
{{- else}}
		return new({{.Name}}), true
{{- end}}
{{- end}}
	}
	return nil, false
}
{{end}}
`
