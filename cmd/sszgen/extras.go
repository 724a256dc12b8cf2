package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/ssztree/ssztree/def"
)

// This file writes, with -extras, what a fork's package has beyond its
// types, one file a concern, each by the template of its file here:
// header_gen.go (headers.go: the headers of blocks and payloads),
// blinded_gen.go (blinded.go: blinding and unblinding blocks),
// lightclient_gen.go (lightclient.go: the light-client indices, branches
// and builders) and sidecar_gen.go (sidecars.go: the blob sidecars). A
// fork writes the functions of the types it defines; of those it takes
// unchanged from an earlier fork, it writes each as a call of that fork's
// (fulu.Blind is electra.Blind), so that every fork's package has the
// functions of all of its types. A fork without a concern's types has no
// file of it.

// extraFiles are the files of the concerns, by the function that writes
// the declarations of each (none for a fork without them).
var extraFiles = []struct {
	name  string
	write func(*gen) error
}{
	{"header_gen.go", (*gen).headers},
	{"blinded_gen.go", (*gen).blinded},
	{"lightclient_gen.go", (*gen).lightClient},
	{"sidecar_gen.go", (*gen).sidecars},
}

// generateExtras returns the files of the concerns of fork f, by name:
// nil for a concern f does not have.
func generateExtras(f *def.Fork) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, x := range extraFiles {
		wrote := false
		src, err := render(f, func(g *gen) error {
			err := x.write(g)
			wrote = g.buf.Len() > 0
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", x.name, err)
		}
		if !wrote {
			src = nil
		}
		files[x.name] = src
	}
	return files, nil
}

// writeExtras writes the files of the concerns of fork f in dir, and
// removes those of a concern f does not have, which an earlier
// definition of f may have had.
func writeExtras(f *def.Fork, dir string) error {
	files, err := generateExtras(f)
	if err != nil {
		return err
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if src == nil {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				return err
			}
			continue
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// extraTemplates are the templates of the concerns, each defined in the
// file of the Go code that runs it, and "delegate", which they share.
var extraTemplates = template.Must(template.New("extras").
	Funcs(template.FuncMap{"doc": doc, "join": strings.Join}).
	Parse(delegateTemplate + summaryTemplates + headerTemplates + lightClientTemplates + sidecarTemplates))

// execExtra writes the template name of data.
func (g *gen) execExtra(name string, data any) error {
	return extraTemplates.ExecuteTemplate(&g.buf, name, data)
}

// has reports whether the fork has the container name, its own or an
// earlier fork's.
func (g *gen) has(name string) bool { return g.lookup(name) != nil }

// fn is a function of a concern that the fork writes: Owner is the fork
// that writes it in full, the fork itself or the earlier one whose types
// the fork takes unchanged, in which case the fork's function calls the
// owner's (see "delegate").
type fn struct {
	Fork, Owner *def.Fork
	// Type is the first of the types the function is of (see newFn),
	// which the doc comment of a call names.
	Type string
	// Name, Params, Results and Args are the function's name, parameters,
	// results and the names of its parameters, for the owner's call.
	Name, Params, Results, Args string
	// What is what it returns, for the doc comment of the call.
	What string
	// Template is the template that writes the full function: the
	// function's name if empty.
	Template string
	// Data is what the concern's template of the full function reads.
	Data any
}

// as returns f written in full by the template name.
func (f fn) as(name string) fn {
	f.Template = name
	return f
}

// summaryData is what the templates "summary" and "expand" read of a
// function that makes a header of a value, or the value of its header
// and the part the header stands for: its doc comment, its parameter
// Value, and To, the container it returns.
type summaryData struct{ Doc, Value, To string }

// newFn returns the fn of the fork's function name of the types typ, a
// comma-separated list: its owner is the latest of the forks that define
// them, whose package has them all (Electra writes its optimistic update
// builder, Deneb's update made of Electra's; Fulu calls Electra's).
func (g *gen) newFn(typ, name, params, results, args, what string, data any) fn {
	types := strings.Split(typ, ",")
	owner := g.fork
	for ; owner != nil; owner = owner.Parent {
		if slices.ContainsFunc(types, func(t string) bool { return g.owner(t) == owner }) {
			break
		}
	}
	return fn{Fork: g.fork, Owner: owner, Type: types[0], Name: name, Params: params, Results: results, Args: args, What: what, Data: data}
}

// Own reports whether the fork writes the function in full.
func (f fn) Own() bool { return f.Owner == f.Fork }

// Pkg is the fork's package name, which errors name.
func (f fn) Pkg() string { return f.Fork.Name }

// Title is the fork's name as the specification writes it: Fulu.
func (f fn) Title() string { return def.GoName(f.Fork.Name) }

// OwnerTitle is the owner's: Electra.
func (f fn) OwnerTitle() string { return def.GoName(f.Owner.Name) }

// possessive returns name's possessive: Electra's, Gloas'.
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// Of is the fork's possessive: Electra's.
func (f fn) Of() string { return possessive(f.Title()) }

// OwnerOf is the owner's possessive.
func (f fn) OwnerOf() string { return possessive(f.OwnerTitle()) }

// summaryTemplates write the functions that make a header of a value
// (forkcode.Summary: a payload's header, a blinded block) and the value
// of its header and the part it stands for (forkcode.Expand: the block of
// a blinded block and the payload), which checks first that the part is
// of the header's preset.
const summaryTemplates = `
{{define "summary"}}
{{.Data.Doc}}
func {{.Name}}({{.Params}}) {{.Results}} {
	spec := {{.Data.Value}}.Spec()
	v, err := forkcode.Summary("{{.Pkg}}", {{.Data.Value}}.View(), spec.schemas.{{.Data.To}})
	if err != nil {
		return nil, err
	}
	return wrap{{.Data.To}}(spec, v), nil
}
{{end}}

{{define "expand"}}
{{.Data.Doc}}
func {{.Name}}({{.Params}}) {{.Results}} {
	spec := {{.Data.Value}}.Spec()
	if err := forkcode.SamePreset("{{.Pkg}}", spec.Preset, payload.Spec().Preset); err != nil {
		return nil, err
	}
	v, err := forkcode.Expand("{{.Pkg}}", {{.Data.Value}}.View(), spec.schemas.{{.Data.To}}, payload.View())
	if err != nil {
		return nil, err
	}
	return wrap{{.Data.To}}(spec, v), nil
}
{{end}}
`

// delegateTemplate writes the function of an fn whose owner is an earlier
// fork: a call of the owner's function, the fork's type being the owner's.
const delegateTemplate = `
{{define "delegate"}}
{{doc .Name " returns " .What ": " .Owner.Name "." .Name ", " .Of " " .Type " being " .OwnerOf "."}}
func {{.Name}}({{.Params}}) {{.Results}} { return {{.Owner.Name}}.{{.Name}}({{.Args}}) }
{{end}}
`

// writeFns writes each of fns: in full, by the template named after the
// function, or, where an earlier fork owns its type, as a call of that
// fork's.
func (g *gen) writeFns(fns ...fn) error {
	for _, f := range fns {
		name := f.Name
		if f.Template != "" {
			name = f.Template
		}
		if !f.Own() {
			name = "delegate"
		}
		if err := g.execExtra(name, f); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	return nil
}
