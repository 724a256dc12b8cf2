// Command sszgen writes typed, tree-backed views of SSZ types from either
// of two inputs: Go structs with SSZ tags, a user's own types (-types), or
// the definitions of the forks' consensus types in package forks (-fork),
// which the fork packages are generated from. Run it through go generate.
//
// # Go structs with tags
//
// In a user's package:
//
//	//go:generate go tool sszgen -types MyState,MyBlock -values MAX_ITEMS=1024 -out views_gen.go
//
// (or go run github.com/ssztree/ssztree/cmd/sszgen ...). It reads the Go
// source of the package in -dir (by default the current directory, the
// package's under go generate), leaving out its tests and the output file,
// and maps each struct named, and each struct they reach, to an SSZ
// container with the tags of dynamic-ssz (ssz-size, ssz-max, dynssz-size,
// dynssz-max, ssz-bitsize, ssz-type, ssz-index) and fastssz (ssz:"-"):
// see docs/generator.md for the tags, the Go types and the errors. For each
// struct S it writes a view SView: NewSView, DecodeSView, ReadSView
// (streaming), WrapSView, and methods that get and set each field (plain
// values, or handles that write through), Copy in O(1), HashTreeRoot,
// the SSZ methods fastssz names, WriteTo, JSON, and proofs by path; the
// zero value is the default value. The elements of lists of fixed-size
// structs and byte vectors are plain values of a type SValue defined as S,
// with the SSZ methods view.ValueList needs. The user's structs get no
// methods. The code it writes imports public packages of this module
// only. Flags:
//
//	-types A,B       the structs
//	-dir dir         the package's directory (default .)
//	-out file        the output file, in dir (default views_gen.go)
//	-values N=v,...  spec values that dynssz-size and dynssz-max name
//	-preset file     spec values from a YAML file (NAME: value), under -values
//
// The front end is gosource.go (the package's source, with go/parser
// alone: no type checker, so the package need not build) and tags.go (the
// tags and the expressions of the dynamic ones); userviews.go and
// uservalues.go write the views and the value types, through the
// accessor templates of views.go.
//
// # The forks' definitions
//
// For the fork packages (phase0, altair, bellatrix, capella, deneb,
// electra, fulu and gloas):
//
//	//go:generate go run ../cmd/sszgen -fork capella -out types_gen.go -test zero_gen_test.go -spec spec_gen.go
//
// For each container of the fork it writes either a plain Go struct with
// SSZ and JSON methods (fixed-size containers whose shape does not depend on
// the preset: Checkpoint, Validator...) or a tree-backed view with an
// accessor per field (everything else: BeaconState, blocks, lists...); for
// each named type of the specification it writes a Go type (Slot, Root...).
// A fork re-exports, as type aliases, what it takes unchanged from its
// parent. With -test, it also writes a test of the zero value of every
// container (zero_gen_test.go).
//
// The code is written by the templates of package text/template, one per
// kind of declaration, in the file that prepares their data: named.go (the
// named types and the re-exports), structs.go (plain structs), views.go
// (views and their accessors), file.go (the Spec's types and the registry),
// zerotest.go (the test), spec.go (the Spec). What the generated methods
// have in common is in package forks/forkcode, so that each is one line.
//
// With -spec, it writes the fork's Spec (spec_gen.go, by spec.go's
// template): the types resolved for one preset, with their schemas in the
// field schemas, filled by the generated newSchemas, and, in a fork with a
// parent, a field named after each earlier fork (Phase0, Altair...) that
// holds that fork's Spec of the same preset, as the generated code reaches
// the types it takes from them; the presets Mainnet and Minimal; NewSpec.
// The spec.go that each package writes by hand keeps the package doc and
// the directive of go generate.
//
// With -extras, it writes beside out what the fork's package has beyond
// its types, one file a concern (extras.go): the headers of blocks and
// payloads (header_gen.go), blinding blocks (blinded_gen.go), the
// light-client indices, branches and builders (lightclient_gen.go, of the
// indices of forks.LightClientProofs) and the blob sidecars
// (sidecar_gen.go), each as the fork's definitions call for it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

func main() {
	forkName := flag.String("fork", "", "fork to generate: phase0, altair, bellatrix, capella, deneb, electra, fulu or gloas")
	typeNames := flag.String("types", "", "Go structs of the package in -dir to write views of, comma-separated (instead of -fork)")
	dir := flag.String("dir", ".", "with -types: the directory of the package")
	presetFile := flag.String("preset", "", "with -types: a YAML file of spec values (NAME: value) that dynssz-size and dynssz-max tags name")
	values := flag.String("values", "", "with -types: spec values, NAME=value,... (over those of -preset)")
	out := flag.String("out", "", "output file (default types_gen.go with -fork, views_gen.go with -types)")
	testOut := flag.String("test", "", "with -fork: output file of the test of zero values, if any")
	specOut := flag.String("spec", "", "with -fork: output file of the fork's Spec, if any")
	extras := flag.Bool("extras", false, "with -fork: write the fork's header_gen.go, blinded_gen.go, lightclient_gen.go and sidecar_gen.go beside out (see extras.go)")
	flag.Parse()
	if *typeNames != "" {
		if *forkName != "" || *testOut != "" || *specOut != "" || *extras {
			log.Fatal("sszgen: -types takes none of -fork, -test, -spec and -extras")
		}
		if *out == "" {
			*out = "views_gen.go"
		}
		if err := runTypes(*dir, *out, strings.Split(*typeNames, ","), *presetFile, *values); err != nil {
			log.Fatal("sszgen: ", err)
		}
		return
	}
	if *presetFile != "" || *values != "" {
		log.Fatal("sszgen: -preset and -values are for -types")
	}
	if *out == "" {
		*out = "types_gen.go"
	}
	f, ok := map[string]*def.Fork{
		"phase0":    forks.Phase0,
		"altair":    forks.Altair,
		"bellatrix": forks.Bellatrix,
		"capella":   forks.Capella,
		"deneb":     forks.Deneb,
		"electra":   forks.Electra,
		"fulu":      forks.Fulu,
		"gloas":     forks.Gloas,
	}[*forkName]
	if !ok {
		log.Fatalf("sszgen: unknown fork %q (give -fork, or -types)", *forkName)
	}
	src, err := generate(f)
	if err != nil {
		log.Fatal("sszgen: ", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal("sszgen: ", err)
	}
	for file, gen := range map[string]func(*def.Fork) ([]byte, error){*testOut: generateZeroTest, *specOut: generateSpec} {
		if file == "" {
			continue
		}
		src, err = gen(f)
		if err != nil {
			log.Fatal("sszgen: ", err)
		}
		if err := os.WriteFile(file, src, 0o644); err != nil {
			log.Fatal("sszgen: ", err)
		}
	}
	if *extras {
		if err := writeExtras(f, filepath.Dir(*out)); err != nil {
			log.Fatal("sszgen: ", err)
		}
	}
}

const modulePath = "github.com/ssztree/ssztree/"

// packages are the import paths of the packages that generated code may
// use, by the name it uses them under; the forks' own packages are added
// by gen.importPath.
var packages = map[string]string{
	"atomic":      "sync/atomic",
	"binary":      "encoding/binary",
	"bytes":       "bytes",
	"def":         modulePath + "def",
	"errors":      "errors",
	"fmt":         "fmt",
	"forkcode":    modulePath + "forks/forkcode",
	"forks":       modulePath + "forks",
	"io":          "io",
	"lazy":        modulePath + "internal/lazy",
	"lightclient": modulePath + "forks/lightclient",
	"schema":      modulePath + "schema",
	"sszjson":     modulePath + "sszjson",
	"tree":        modulePath + "tree",
	"uint256":     "github.com/holiman/uint256",
	"view":        modulePath + "view",
}

// gen holds what generating one fork's file needs.
type gen struct {
	fork  *def.Fork
	types *def.Types // resolved in the mainnet preset, for fixed sizes
	buf   bytes.Buffer
}

func newGen(f *def.Fork) (*gen, error) {
	types, err := f.Resolve(forks.Mainnet)
	if err != nil {
		return nil, err
	}
	return &gen{fork: f, types: types}, nil
}

// generate returns the fork's types_gen.go.
func generate(f *def.Fork) ([]byte, error) { return render(f, (*gen).file) }

// generateSpec returns the fork's spec_gen.go.
func generateSpec(f *def.Fork) ([]byte, error) { return render(f, (*gen).spec) }

// render returns the Go file of the fork's package whose declarations
// write writes, with the imports they use, formatted.
func render(f *def.Fork, write func(*gen) error) ([]byte, error) {
	g, err := newGen(f)
	if err != nil {
		return nil, err
	}
	if err := write(g); err != nil {
		return nil, err
	}
	imports, err := g.imports(g.buf.Bytes())
	if err != nil {
		return g.buf.Bytes(), err
	}
	var src bytes.Buffer
	fmt.Fprintf(&src, "// Code generated by sszgen from the %s definitions of package forks. DO NOT EDIT.\n\n", f.Name)
	fmt.Fprintf(&src, "package %s\n\nimport (\n", f.Name)
	for _, imp := range imports {
		fmt.Fprintf(&src, "\t%q\n", imp)
	}
	src.WriteString(")\n\n")
	src.Write(g.buf.Bytes())
	formatted, err := format.Source(src.Bytes())
	if err != nil {
		return src.Bytes(), fmt.Errorf("formatting the output: %w", err)
	}
	return formatted, nil
}

// imports returns the import paths of the packages that the declarations
// body uses, sorted: those whose names it qualifies identifiers with. The
// generated code declares no variable under the name of a package.
func (g *gen) imports(body []byte) ([]string, error) {
	src := append([]byte("package p\n\n"), body...)
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parsing the output: %w", err)
	}
	used := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				if path := g.importPath(id.Name); path != "" {
					used[path] = true
				}
			}
		}
		return true
	})
	var paths []string
	for path := range used {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	return paths, nil
}

// importPath returns the import path of the package that generated code
// names name, or "" if name is no package's.
func (g *gen) importPath(name string) string {
	if path, ok := packages[name]; ok {
		return path
	}
	for f := g.fork.Parent; f != nil; f = f.Parent {
		if f.Name == name {
			return modulePath + f.Name
		}
	}
	return ""
}

// templates are the templates of the generated code, each defined (with
// {{define}}) in the file of the Go code that runs it.
var templates = template.Must(template.New("sszgen").
	Funcs(template.FuncMap{"doc": doc, "article": article, "fieldList": fieldList, "fieldDoc": fieldDoc}).
	Parse(namedTemplates + structTemplates + viewTemplates + fileTemplates + specTemplates + userTemplates + valueTemplates))

// exec writes the template name of data.
func (g *gen) exec(name string, data any) error {
	return templates.ExecuteTemplate(&g.buf, name, data)
}

// docWidth is the width, in bytes, that doc wraps comments to, as gofmt'd
// code in this repository wraps them.
const docWidth = 76

// doc returns a comment of the text that its parts make one after the
// other, wrapped at word boundaries: templates write long doc comments as
// {{doc "New" .Name " returns ..."}}.
func doc(parts ...any) string { return wrap(docWidth, parts...) }

// wrap returns doc's comment of parts, wrapped at width.
func wrap(width int, parts ...any) string {
	var text strings.Builder
	for _, p := range parts {
		fmt.Fprint(&text, p)
	}
	var out strings.Builder
	line := "//"
	for _, w := range strings.Fields(text.String()) {
		if len(line)+1+len(w) > width && line != "//" {
			out.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	out.WriteString(line)
	return out.String()
}

// article returns name with "a" or "an" before it.
func article(name string) string {
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// lookup finds a container definition by name.
func (g *gen) lookup(name string) *def.Container { return g.fork.Lookup(name) }

// owner returns the fork that defines the container name.
func (g *gen) owner(name string) *def.Fork { return g.fork.Owner(name) }

// specOf returns the expression of the Spec of fork f, the fork or one of
// its ancestors, given spec, the fork's: each fork's Spec holds the Spec
// of every earlier fork in a field named after it (see spec.go), so f's is
// one field away (spec.Phase0 in capella).
func (g *gen) specOf(spec string, f *def.Fork) string {
	if f == g.fork {
		return spec
	}
	return spec + "." + def.GoName(f.Name)
}

// isStruct reports whether container c is a plain Go struct: fixed-size and
// shaped alike in every preset. A progressive container is a view.
func (g *gen) isStruct(c *def.Container) bool {
	sc := g.types.Container(c.Name) // nil for a progressive container
	return sc != nil && sc.IsFixedSize() && sc.IsCompact() && !c.DependsOnPreset(g.lookup)
}

// named reports whether the fork is one of forks.Names, whose states the
// decoders of BeaconState check the version of (forkcode.StateFork).
func (g *gen) named() bool {
	_, err := forks.ParseName(g.fork.Name)
	return err == nil
}

// isPlain reports whether a field of type t is read and written as a plain Go
// value: a basic value, a byte vector, a struct, or a vector of those of a
// size that does not depend on the preset.
func (g *gen) isPlain(t *def.Type) bool {
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		return true
	case def.KindRef:
		return g.isStruct(g.lookup(u.Name))
	case def.KindVector:
		return !u.Len.IsParam() && g.isPlain(u.Elem) && !g.bigVector(u)
	case def.KindBitvector:
		return !u.Len.IsParam()
	}
	return false
}

// bigVector reports whether a preset-independent vector is too large to
// copy as a value on every read.
func (g *gen) bigVector(t *def.Type) bool {
	st, err := g.types.Resolve(t)
	return err != nil || st.FixedSize() > 4096
}

// containers returns the fork's own containers, and those of its parent
// that it takes unchanged (and so re-exports).
func (g *gen) containers() (own, inherited []*def.Container) {
	own = g.fork.Containers
	if g.fork.Parent == nil {
		return own, nil
	}
	for _, name := range g.types.Names() {
		if g.owner(name) != g.fork {
			inherited = append(inherited, g.lookup(name))
		}
	}
	return own, inherited
}
