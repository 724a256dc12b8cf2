package main

import (
	"strings"

	"github.com/ssztree/ssztree/def"
)

// This file writes a fork's spec_gen.go: its Spec, which holds the fork's
// types resolved for one preset and the Spec of each earlier fork for the
// same preset, the presets Mainnet and Minimal, NewSpec, and what every
// fork's package declares alike (ErrNilSpec, Value).

// specFork is a fork as the template of spec_gen.go names it.
type specFork struct {
	Pkg   string // the package: "deneb"
	Field string // its field in a later fork's Spec, and its variable in package forks: "Deneb"
	Title string // in prose: "Deneb", "phase0"
	// Path is the expression of its Spec from the parent's Spec, parent,
	// in NewSpec of the fork generated: "parent" for the parent,
	// "parent.Phase0" for the others.
	Path string
}

func newSpecFork(f *def.Fork) specFork {
	title := def.GoName(f.Name)
	if f.Parent == nil {
		title = f.Name // the specification writes phase0 in lower case
	}
	return specFork{Pkg: f.Name, Field: def.GoName(f.Name), Title: title}
}

// spec writes the declarations of the fork's spec_gen.go.
func (g *gen) spec() error {
	data := struct {
		specFork
		Parent    *specFork
		Ancestors []specFork // from the first fork to the parent
	}{specFork: newSpecFork(g.fork)}
	for a := g.fork.Parent; a != nil; a = a.Parent {
		sf := newSpecFork(a)
		sf.Path = "parent." + sf.Field
		if a == g.fork.Parent {
			sf.Path = "parent"
		}
		data.Ancestors = append([]specFork{sf}, data.Ancestors...)
	}
	if n := len(data.Ancestors); n > 0 {
		data.Parent = &data.Ancestors[n-1]
	}
	return g.exec("spec", data)
}

// fieldList returns the names of forks in prose: "Phase0", "Phase0 and
// Altair", "Phase0, Altair and Bellatrix".
func fieldList(forks []specFork) string {
	names := make([]string, len(forks))
	for i, f := range forks {
		names[i] = f.Field
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// fieldDoc returns doc's comment of parts for a field of a struct: wrapped
// to leave room for the tab before it (gofmt's 4 columns), its lines after
// the first indented by that tab.
func fieldDoc(parts ...any) string {
	return strings.ReplaceAll(wrap(docWidth-4, parts...), "\n", "\n\t")
}

const specTemplates = `
{{define "spec" -}}
{{if .Parent -}}
{{doc "ErrNilSpec is the error, wrapped, of the functions given a nil *Spec: phase0.ErrNilSpec, the same in every fork's package, so that errors.Is matches it whichever package returned it."}}
var ErrNilSpec = {{.Parent.Pkg}}.ErrNilSpec
{{- else -}}
// ErrNilSpec is the error, wrapped, of the functions given a nil *Spec.
var ErrNilSpec = errors.New("nil *Spec")
{{- end}}

// Spec holds the {{.Title}} types resolved for one preset.
type Spec struct {
	// Preset is the preset the types are resolved for.
	Preset *def.Preset
{{- if .Ancestors}}
	{{fieldDoc (fieldList .Ancestors) " hold the types of the earlier forks for the same preset, which " .Title "'s share where it takes them unchanged."}}
{{- range .Ancestors}}
	{{.Field}} *{{.Pkg}}.Spec
{{- end}}
{{- end}}
	types *def.Types
	{{fieldDoc "schemas are the schema types of the containers " .Pkg " defines, in fields: what the generated code uses, rather than Type."}}
	schemas schemas
}

// The presets of the specification.
var (
	Mainnet = mustSpec(forks.Mainnet)
	Minimal = mustSpec(forks.Minimal)
)

{{if .Parent -}}
{{doc "NewSpec returns the " .Title " types resolved for preset p. Its field " .Parent.Field " is " .Parent.Pkg ".Mainnet or " .Parent.Pkg ".Minimal when p is forks.Mainnet or forks.Minimal, and its fields of the forks before that Spec's, so that the types " .Title " takes from the earlier forks are those of their packages' presets."}}
{{- else -}}
// NewSpec returns the {{.Title}} types resolved for preset p.
{{- end}}
func NewSpec(p *def.Preset) (*Spec, error) {
	if p == nil {
		return nil, errors.New("{{.Pkg}}: NewSpec of a nil preset")
	}
{{- if .Parent}}
	var parent *{{.Parent.Pkg}}.Spec
	switch p {
	case forks.Mainnet:
		parent = {{.Parent.Pkg}}.Mainnet
	case forks.Minimal:
		parent = {{.Parent.Pkg}}.Minimal
	default:
		var err error
		if parent, err = {{.Parent.Pkg}}.NewSpec(p); err != nil {
			return nil, err
		}
	}
{{- end}}
	ts, err := forks.{{.Field}}.Resolve(p)
	if err != nil {
		return nil, err
	}
	return &Spec{
		Preset: p,
{{- range .Ancestors}}
		{{.Field}}: {{.Path}},
{{- end}}
		types:   ts,
		schemas: newSchemas(ts),
	}, nil
}

// mustSpec returns NewSpec(p) of a preset of package forks, which resolves.
func mustSpec(p *def.Preset) *Spec {
	s, err := NewSpec(p)
	if err != nil {
		panic(err)
	}
	return s
}

// Type returns the schema type of the container name, a
// *schema.Container or a *schema.ProgressiveContainer (Gloas' state, block
// body, attestations...), or nil, an interface that holds no type, if the
// fork has no container of that name: a look-up by name, for code that
// handles every container alike.
func (s *Spec) Type(name string) schema.Type { return s.types.Type(name) }

// Container returns the container name as a *schema.Container, for code
// that reads its fields, or nil if the fork has no container of that name
// or it is progressive (see Type).
func (s *Spec) Container(name string) *schema.Container { return s.types.Container(name) }

// Types returns the resolved types.
func (s *Spec) Types() *def.Types { return s.types }

{{if .Parent -}}
// Value is what every value of a container type offers, struct or view:
// the same interface in every fork's package.
type Value = {{.Parent.Pkg}}.Value
{{- else -}}
// Value is what every value of a container type offers, struct or view.
type Value interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
	SizeSSZ() int
	MarshalJSON() ([]byte, error)
	UnmarshalJSON(data []byte) error
}
{{- end}}
{{end}}
`
