package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ssztree/ssztree/schema"
)

// This file reads the Go structs of a user's package (-types) and maps
// each to an SSZ type, as dynamic-ssz maps the same structs and tags: the
// front end of sszgen for types that are not in package forks. It reads
// the package's source with go/parser alone: a field's type is resolved
// through the package's own type declarations, and the few types of other
// packages that SSZ gives a meaning (uint256.Int, go-bitfield's Bitlist,
// dynamic-ssz's CompatibleUnion) are known by their import paths, so that
// sszgen needs neither the package's dependencies built nor a type checker.

// Import paths of the types of other packages that fields may use.
const (
	uint256Path  = "github.com/holiman/uint256"
	dynsszPath   = "github.com/pk910/dynamic-ssz"
	bitfieldPath = "github.com/prysmaticlabs/go-bitfield"
	// bitfieldPath2 is go-bitfield's newer home, which dynamic-ssz knows
	// too.
	bitfieldPath2 = "github.com/OffchainLabs/go-bitfield"
)

// uKind is the kind of a uType.
type uKind int

const (
	uBasic              uKind = iota // basic: a schema basic type
	uVector                          // Vector[elem, n] (a byte vector when elem is byte)
	uList                            // List[elem, n]
	uBitvector                       // Bitvector[n]
	uBitlist                         // Bitlist[n]
	uProgressiveList                 // ProgressiveList[elem]
	uProgressiveBitlist              // ProgressiveBitlist
	uRef                             // the container of a struct: ref
	uCompatibleUnion                 // CompatibleUnion(options)
)

// uType is the SSZ type of a Go type of the user's package, and the Go type
// that a view's accessor uses for a plain value of it.
type uType struct {
	kind  uKind
	basic schema.Type // uBasic
	n     uint64      // vector length, list limit, bits of a bitfield
	elem  *uType      // uVector, uList, uProgressiveList
	ref   *uStruct    // uRef
	// options are a compatible union's, by selector.
	options []uOption
	// goType is the Go type of a plain value as the user's code writes it
	// ("uint64", "Gwei", "[32]byte", "Root", "*uint256.Int"): what
	// accessors of basic values and byte vectors take and return.
	goType string
	// ptr marks a container whose field is a pointer to its struct;
	// goSlice a vector whose field is a slice (with ssz-size).
	ptr, goSlice bool
}

// uOption is one option of a compatible union.
type uOption struct {
	selector int
	name     string // the descriptor's field
	t        *uType
}

// uStruct is a Go struct of the user's package mapped to a container.
type uStruct struct {
	Pkg  string // the user's package
	Name string // the Go struct's
	View string // its view's: Name + "View"
	// Fields are the struct's SSZ fields, in order: exported and not left
	// out by a tag.
	Fields []uField
	// Progressive makes it a ProgressiveContainer, whose fields sit at the
	// positions Active gives (EIP-7495): some field has an ssz-index.
	Progressive bool
	Active      []bool

	state  int // 0 unvisited, 1 being resolved, 2 resolved
	schema schema.Type
}

// uField is a field of a uStruct.
type uField struct {
	GoName  string
	SSZName string // in proofs' paths and JSON: the json tag's name, or GoName in snake_case
	t       *uType
	pos     int // its position in a progressive container
}

// source is the user's package: its type declarations, and the structs
// mapped so far.
type source struct {
	pkg     string
	dir     string
	decls   map[string]*typeDecl
	values  map[string]uint64
	structs map[string]*uStruct
	order   []*uStruct // each after those its fields refer to
}

// typeDecl is a type declaration of the package.
type typeDecl struct {
	name    string
	expr    ast.Expr
	alias   bool
	imports map[string]string // the file's imports by the names it uses
	file    string
}

// loadSource parses the Go files of the package in dir, leaving out tests
// and the file skip (the output of an earlier run, whose declarations must
// not decide what it holds).
func loadSource(dir, skip string, values map[string]uint64) (*source, error) {
	fset := token.NewFileSet()
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	src := &source{dir: dir, decls: map[string]*typeDecl{}, values: values, structs: map[string]*uStruct{}}
	for _, path := range matches {
		if strings.HasSuffix(path, "_test.go") || skip != "" && filepath.Base(path) == filepath.Base(skip) {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, path, data, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if !buildable(f) {
			continue
		}
		if src.pkg == "" {
			src.pkg = f.Name.Name
		} else if f.Name.Name != src.pkg {
			return nil, fmt.Errorf("%s: package %s, not %s", path, f.Name.Name, src.pkg)
		}
		imports := map[string]string{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := importName(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imports[name] = p
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.TypeParams != nil {
					continue // generic types are not SSZ types of their own
				}
				src.decls[ts.Name.Name] = &typeDecl{name: ts.Name.Name, expr: ts.Type, alias: ts.Assign.IsValid(), imports: imports, file: path}
			}
		}
	}
	if src.pkg == "" {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return src, nil
}

// buildable reports whether file f belongs to the package's build: a
// file constrained by the ignore tag (a program that go generate runs,
// say) does not. Other constraints are not evaluated: their files'
// declarations are read.
func buildable(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build ignore") {
				return false
			}
		}
	}
	return true
}

// importName returns the name a package of import path p is used under
// when imported without one: its last element, without a "go-" prefix or
// a major version.
func importName(p string) string {
	parts := strings.Split(p, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && len(name) > 1 && name[0] == 'v' && isNumber(name[1:]) {
		name = parts[len(parts)-2]
	}
	name = strings.TrimPrefix(name, "go-")
	return strings.ReplaceAll(name, "-", "")
}

// structOf returns the container of the struct name, mapping it (and the
// structs its fields refer to) first.
func (s *source) structOf(name string) (*uStruct, error) {
	if st := s.structs[name]; st != nil {
		if st.state == 1 {
			return nil, fmt.Errorf("%s refers to itself: recursive types are not supported", name)
		}
		return st, nil
	}
	d := s.decls[name]
	if d == nil {
		return nil, fmt.Errorf("%s: no such type in package %s", name, s.pkg)
	}
	expr := d.expr
	for d.alias {
		id, ok := expr.(*ast.Ident)
		if !ok || s.decls[id.Name] == nil {
			break
		}
		d = s.decls[id.Name]
		expr = d.expr
	}
	st, ok := expr.(*ast.StructType)
	if !ok {
		return nil, fmt.Errorf("%s is not a struct", name)
	}
	u := &uStruct{Pkg: s.pkg, Name: name, View: name + "View", state: 1}
	s.structs[name] = u
	if err := s.fields(u, st, d); err != nil {
		return nil, err
	}
	u.state = 2
	s.order = append(s.order, u)
	return u, nil
}

// fields maps the fields of struct st, declared by d, into u.
func (s *source) fields(u *uStruct, st *ast.StructType, d *typeDecl) error {
	next := 0
	for _, f := range st.Fields.List {
		names := f.Names
		if len(names) == 0 { // an embedded field, named after its type
			id := embeddedName(f.Type)
			if id == "" {
				return fmt.Errorf("%s: embedded field of an unsupported type", u.Name)
			}
			names = []*ast.Ident{ast.NewIdent(id)}
		}
		tag := ""
		if f.Tag != nil {
			tag, _ = strconv.Unquote(f.Tag.Value)
		}
		for _, n := range names {
			if !n.IsExported() {
				continue // as dynamic-ssz: unexported fields are not SSZ fields
			}
			where := u.Name + "." + n.Name
			tags, err := parseTags(tag)
			if err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			if tags.excluded() {
				continue
			}
			t, err := s.typeOf(f.Type, d.imports, tags, 0)
			if err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			pos := next
			if tags.index >= 0 {
				if tags.index < next {
					return fmt.Errorf("%s: %w", where, &tagError{"ssz-index", tags.raw["ssz-index"], fmt.Sprintf("not above the field before it (%d): a progressive container's fields are in increasing order", next-1)})
				}
				pos = tags.index
				u.Progressive = true
			}
			next = pos + 1
			u.Fields = append(u.Fields, uField{GoName: n.Name, SSZName: sszName(n.Name, tag), t: t, pos: pos})
		}
	}
	if len(u.Fields) == 0 {
		return fmt.Errorf("%s has no SSZ fields (exported and not left out by ssz-type \"-\")", u.Name)
	}
	if u.Progressive {
		u.Active = make([]bool, u.Fields[len(u.Fields)-1].pos+1)
		for _, f := range u.Fields {
			u.Active[f.pos] = true
		}
	}
	seen := map[string]string{}
	for _, f := range u.Fields {
		if other, dup := seen[f.SSZName]; dup {
			return fmt.Errorf("%s.%s: SSZ name %s is %s's too (set a json tag)", u.Name, f.GoName, f.SSZName, other)
		}
		seen[f.SSZName] = f.GoName
		if reserved[f.GoName] || strings.HasPrefix(f.GoName, "Set") && reserved[strings.TrimPrefix(f.GoName, "Set")] {
			return fmt.Errorf("%s.%s: the field's accessor would clash with a method of the view", u.Name, f.GoName)
		}
	}
	return nil
}

// embeddedName returns the name of an embedded field of type e.
func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

// sszName returns the SSZ name of the field goName with struct tag tag:
// its json tag's name, or goName in snake_case.
func sszName(goName, tag string) string {
	if j, ok := reflectTag(tag, "json"); ok {
		if name, _, _ := strings.Cut(j, ","); name != "" && name != "-" {
			return name
		}
	}
	var b strings.Builder
	rs := []rune(goName)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// typeOf maps the Go type expression e, of a file with imports, at
// dimension d of its field's tags.
func (s *source) typeOf(e ast.Expr, imports map[string]string, tags *fieldTags, d int) (*uType, error) {
	kind := tags.kind(d)
	switch e := e.(type) {
	case *ast.ParenExpr:
		return s.typeOf(e.X, imports, tags, d)
	case *ast.StarExpr:
		t, err := s.typeOf(e.X, imports, tags, d)
		if err == nil && t.kind == uRef {
			t.ptr = true
		}
		if err == nil && t.goType != "" && t.kind == uBasic {
			t.goType = "*" + t.goType // *uint256.Int; *uint64 is read as a value
			if t.basic.FixedSize() <= 8 {
				t.goType = t.goType[1:]
			}
		}
		return t, err
	case *ast.Ident:
		if b, ok := basicTypes[e.Name]; ok {
			return s.basic(b, e.Name, kind, tags, d)
		}
		dd := s.decls[e.Name]
		if dd == nil {
			return nil, fmt.Errorf("type %s is not supported (nor declared in package %s)", e.Name, s.pkg)
		}
		if isStruct(s, dd) {
			if kind != "" && kind != "container" && kind != "progressive-container" {
				return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("%s is a struct, not a %s", e.Name, kind)}
			}
			ref, err := s.structOf(e.Name)
			if err != nil {
				return nil, err
			}
			if kind == "progressive-container" && !ref.Progressive {
				return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("%s has no ssz-index tags: tag its fields to make it a progressive container", e.Name)}
			}
			return &uType{kind: uRef, ref: ref}, nil
		}
		t, err := s.typeOf(dd.expr, dd.imports, tags, d)
		if err != nil {
			return nil, err
		}
		if !dd.alias && (t.kind == uBasic && t.basic.FixedSize() <= 8 || t.kind == uVector && isByteType(t.elem) && !t.goSlice) {
			t.goType = e.Name // the named type, for accessors: Gwei, Root
		}
		return t, nil
	case *ast.SelectorExpr:
		return s.foreign(e, imports, tags, d)
	case *ast.IndexExpr:
		return s.generic(e, imports, tags, d)
	case *ast.ArrayType:
		return s.sequence(e, imports, tags, d)
	}
	return nil, fmt.Errorf("type %s is not supported", exprString(e))
}

// isStruct reports whether the declaration d is of a struct, through
// aliases.
func isStruct(s *source, d *typeDecl) bool {
	for range 16 {
		switch e := d.expr.(type) {
		case *ast.StructType:
			return true
		case *ast.Ident:
			if d.alias && s.decls[e.Name] != nil {
				d = s.decls[e.Name]
				continue
			}
		}
		return false
	}
	return false
}

// basicTypes are the Go types of SSZ's basic types.
var basicTypes = map[string]schema.Type{
	"bool": schema.Boolean, "uint8": schema.Uint8, "byte": schema.Uint8,
	"uint16": schema.Uint16, "uint32": schema.Uint32, "uint64": schema.Uint64,
}

// basic returns the basic type b, of Go type name.
func (s *source) basic(b schema.Type, name, kind string, tags *fieldTags, d int) (*uType, error) {
	if kind != "" && kind != b.String() && !(kind == "bool" && b == schema.Boolean) {
		return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("%s is not a %s", name, kind)}
	}
	if err := noSizes(tags, d, name); err != nil {
		return nil, err
	}
	return &uType{kind: uBasic, basic: b, goType: name}, nil
}

// noSizes returns an error if the tags give dimension d, of a type that
// has no length (named name), a length or a limit.
func noSizes(tags *fieldTags, d int, name string) error {
	for _, pair := range sizeTags {
		for _, tag := range pair {
			if tags.part(tag, d) != "" {
				return tags.dimError(tag, d, fmt.Sprintf("%s has no length or limit", name))
			}
		}
	}
	return nil
}

// foreign maps a type of another package, pkg.Name.
func (s *source) foreign(e *ast.SelectorExpr, imports map[string]string, tags *fieldTags, d int) (*uType, error) {
	pkg, _ := e.X.(*ast.Ident)
	if pkg == nil {
		return nil, fmt.Errorf("type %s is not supported", exprString(e))
	}
	path := imports[pkg.Name]
	kind := tags.kind(d)
	switch {
	case path == uint256Path && e.Sel.Name == "Int":
		if kind != "" && kind != "uint256" {
			return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("uint256.Int is not a %s", kind)}
		}
		if err := noSizes(tags, d, "uint256.Int"); err != nil {
			return nil, err
		}
		return &uType{kind: uBasic, basic: schema.Uint256, goType: "uint256.Int"}, nil
	case (path == bitfieldPath || path == bitfieldPath2) && e.Sel.Name == "Bitlist":
		// A Bitlist is a []byte that dynamic-ssz reads as a bitlist unless
		// ssz-type says otherwise.
		if kind == "" {
			kind = "bitlist"
		}
		return s.bytes(kind, "bitfield.Bitlist", 0, tags, d)
	case (path == bitfieldPath || path == bitfieldPath2) && strings.HasPrefix(e.Sel.Name, "Bitvector"):
		return s.bytes(kind, "bitfield."+e.Sel.Name, 0, tags, d)
	}
	if path == "" {
		return nil, fmt.Errorf("type %s: package %s is not imported", exprString(e), pkg.Name)
	}
	return nil, fmt.Errorf("type %s of package %q is not supported: fields take the package's own types, uint256.Int, go-bitfield's Bitlist and dynamic-ssz's CompatibleUnion", exprString(e), path)
}

// generic maps an instance of a generic type: dynamic-ssz's
// CompatibleUnion[Descriptor].
func (s *source) generic(e *ast.IndexExpr, imports map[string]string, tags *fieldTags, d int) (*uType, error) {
	sel, _ := e.X.(*ast.SelectorExpr)
	if sel == nil || imports[exprString(sel.X)] != dynsszPath || sel.Sel.Name != "CompatibleUnion" {
		if sel != nil && imports[exprString(sel.X)] == dynsszPath && sel.Sel.Name == "Union" {
			return nil, fmt.Errorf("type %s: dynamic-ssz's Union (the specification's Union) is not supported; its CompatibleUnion is", exprString(e))
		}
		return nil, fmt.Errorf("type %s is not supported", exprString(e))
	}
	if kind := tags.kind(d); kind != "" && kind != "compatible-union" {
		return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("a CompatibleUnion is not a %s", kind)}
	}
	if err := noSizes(tags, d, "a CompatibleUnion"); err != nil {
		return nil, err
	}
	desc := e.Index
	descImports := imports
	for {
		id, ok := desc.(*ast.Ident)
		if !ok || s.decls[id.Name] == nil {
			break
		}
		dd := s.decls[id.Name]
		desc, descImports = dd.expr, dd.imports
	}
	st, ok := desc.(*ast.StructType)
	if !ok {
		return nil, fmt.Errorf("type %s: the descriptor of a CompatibleUnion is a struct", exprString(e))
	}
	u := &uType{kind: uCompatibleUnion}
	indexed := 0
	for _, f := range st.Fields.List {
		names := f.Names
		if len(names) == 0 {
			names = []*ast.Ident{ast.NewIdent(embeddedName(f.Type))}
		}
		tag := ""
		if f.Tag != nil {
			tag, _ = strconv.Unquote(f.Tag.Value)
		}
		for _, n := range names {
			where := fmt.Sprintf("option %s", n.Name)
			ft, err := parseTags(tag)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			t, err := s.typeOf(f.Type, descImports, ft, 0)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			sel := len(u.options) + 1
			if ft.index >= 0 {
				indexed++
				sel = ft.index
				if sel < 1 || sel > 127 {
					return nil, fmt.Errorf("%s: %w", where, &tagError{"ssz-index", ft.raw["ssz-index"], "a selector is from 1 to 127 (EIP-8016)"})
				}
			}
			for _, o := range u.options {
				if o.selector == sel {
					return nil, fmt.Errorf("%s: selector %d is option %s's too", where, sel, o.name)
				}
			}
			u.options = append(u.options, uOption{selector: sel, name: n.Name, t: t})
		}
	}
	if indexed != 0 && indexed != len(u.options) {
		return nil, fmt.Errorf("type %s: some options have an ssz-index and some not: give every option one, or none", exprString(e))
	}
	if len(u.options) == 0 {
		return nil, fmt.Errorf("type %s: a CompatibleUnion needs an option", exprString(e))
	}
	return u, nil
}

// sequence maps an array or slice type.
func (s *source) sequence(e *ast.ArrayType, imports map[string]string, tags *fieldTags, d int) (*uType, error) {
	array := -1 // the array's length; -1 for a slice
	if e.Len != nil {
		lit, ok := e.Len.(*ast.BasicLit)
		n, err := strconv.Atoi(litValue(lit))
		if !ok || err != nil || n <= 0 {
			return nil, fmt.Errorf("array length %s: only a positive number is supported", exprString(e.Len))
		}
		array = n
	}
	if isByteExpr(e.Elt, s) {
		return s.bytes(tags.kind(d), exprString(e), array, tags, d)
	}
	return s.composite(e, imports, array, tags, d)
}

// isByteExpr reports whether e is byte or uint8, or a type of the package
// whose definition is.
func isByteExpr(e ast.Expr, s *source) bool {
	for range 16 {
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "byte" || id.Name == "uint8" {
			return true
		}
		d := s.decls[id.Name]
		if d == nil {
			return false
		}
		e = d.expr
	}
	return false
}

// bytes maps a sequence of bytes, goType, an array of length array or a
// slice (array -1), at dimension d: a byte vector or list, a bitvector or
// bitlist, a progressive byte list or bitlist, or a uint128 or uint256 by
// kind.
func (s *source) bytes(kind, goType string, array int, tags *fieldTags, d int) (*uType, error) {
	length, hasLength, err := tags.length(d, s.values)
	if err != nil {
		return nil, err
	}
	limit, hasLimit, err := tags.limit(d, s.values)
	if err != nil {
		return nil, err
	}
	bits, hasBits, err := tags.bits(d, s.values)
	if err != nil {
		return nil, err
	}
	if hasBits && kind != "bitvector" {
		return nil, tags.dimError("ssz-bitsize", d, "only a bitvector has a length in bits")
	}
	if array > 0 {
		if hasLength && length != uint64(array) {
			return nil, tags.dimError("ssz-size", d, fmt.Sprintf("%d is not the array's length %d (a shorter vector in a longer array is not supported)", length, array))
		}
		length, hasLength = uint64(array), true
	}
	if hasLength && hasLimit && length != limit && kind != "bitlist" && kind != "progressive-list" {
		return nil, tags.dimError("ssz-max", d, fmt.Sprintf("a limit other than the length %d of a vector", length))
	}
	byteElem := &uType{kind: uBasic, basic: schema.Byte, goType: "byte"}
	switch kind {
	case "uint128", "uint256":
		want := map[string]uint64{"uint128": 16, "uint256": 32}[kind]
		if !hasLength || length != want {
			return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("a %s is %d bytes: [%d]byte", kind, want, want)}
		}
		b := schema.Uint256
		if kind == "uint128" {
			b = schema.Uint128
		}
		return &uType{kind: uBasic, basic: b, goType: arrayGoType(goType, array, want)}, nil
	case "bitvector":
		if !hasBits {
			if !hasLength {
				return nil, fmt.Errorf("a bitvector of a slice needs ssz-bitsize or ssz-size")
			}
			bits = 8 * length
		} else if hasLength && (bits+7)/8 != length {
			return nil, tags.dimError("ssz-bitsize", d, fmt.Sprintf("%d bits are not %d bytes", bits, length))
		}
		return &uType{kind: uBitvector, n: bits}, nil
	case "bitlist":
		if array > 0 {
			return nil, &tagError{"ssz-type", tags.raw["ssz-type"], "a bitlist is a slice, not an array"}
		}
		if !hasLimit {
			return nil, fmt.Errorf("a bitlist needs ssz-max (bits) or dynssz-max")
		}
		return &uType{kind: uBitlist, n: limit}, nil
	case "progressive-bitlist":
		return &uType{kind: uProgressiveBitlist}, nil
	case "progressive-list":
		if array > 0 {
			return nil, &tagError{"ssz-type", tags.raw["ssz-type"], "a progressive list is a slice, not an array"}
		}
		return &uType{kind: uProgressiveList, elem: byteElem}, nil
	case "", "vector", "list":
		switch {
		case hasLength && kind != "list":
			return &uType{kind: uVector, elem: byteElem, n: length, goType: arrayGoType(goType, array, length), goSlice: array < 0}, nil
		case hasLimit && kind != "vector":
			return &uType{kind: uList, elem: byteElem, n: limit}, nil
		case kind == "vector":
			return nil, fmt.Errorf("a vector of a slice needs ssz-size or dynssz-size")
		}
		return nil, fmt.Errorf("%s needs ssz-size (a vector) or ssz-max (a list), or ssz-type \"progressive-list\"", goType)
	}
	return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("%s is not a %s", goType, kind)}
}

// arrayGoType returns the Go type of the plain value of a byte vector of
// length n whose field has Go type goType, an array of length array or a
// slice (-1): the field's own type if it is an array, [n]byte otherwise.
func arrayGoType(goType string, array int, n uint64) string {
	if array > 0 {
		return goType
	}
	return fmt.Sprintf("[%d]byte", n)
}

// composite maps an array or slice e of elements other than bytes.
func (s *source) composite(e *ast.ArrayType, imports map[string]string, array int, tags *fieldTags, d int) (*uType, error) {
	kind := tags.kind(d)
	length, hasLength, err := tags.length(d, s.values)
	if err != nil {
		return nil, err
	}
	limit, hasLimit, err := tags.limit(d, s.values)
	if err != nil {
		return nil, err
	}
	if tags.part("ssz-bitsize", d) != "" || tags.part("dynssz-bitsize", d) != "" {
		return nil, tags.dimError("ssz-bitsize", d, "only a bitvector of bytes has a length in bits")
	}
	if array > 0 {
		if hasLength && length != uint64(array) {
			return nil, tags.dimError("ssz-size", d, fmt.Sprintf("%d is not the array's length %d (a shorter vector in a longer array is not supported)", length, array))
		}
		length, hasLength = uint64(array), true
	}
	if hasLength && hasLimit && length != limit && kind != "progressive-list" {
		return nil, tags.dimError("ssz-max", d, fmt.Sprintf("a limit other than the length %d of a vector", length))
	}
	elem, err := s.typeOf(e.Elt, imports, tags, d+1)
	if err != nil {
		return nil, err
	}
	if elem.kind == uBasic {
		elem.goType = strings.TrimPrefix(elem.goType, "*")
	}
	switch kind {
	case "progressive-list":
		if array > 0 {
			return nil, &tagError{"ssz-type", tags.raw["ssz-type"], "a progressive list is a slice, not an array"}
		}
		return &uType{kind: uProgressiveList, elem: elem}, nil
	case "", "vector", "list":
		switch {
		case hasLength && kind != "list":
			return &uType{kind: uVector, elem: elem, n: length, goType: exprString(e), goSlice: array < 0}, nil
		case hasLimit && kind != "vector":
			return &uType{kind: uList, elem: elem, n: limit}, nil
		}
		return nil, fmt.Errorf("%s needs ssz-size (a vector) or ssz-max (a list), or ssz-type \"progressive-list\"", exprString(e))
	}
	return nil, &tagError{"ssz-type", tags.raw["ssz-type"], fmt.Sprintf("%s is not a %s", exprString(e), kind)}
}

// isByteType reports whether t is the byte (or uint8) type.
func isByteType(t *uType) bool {
	return t.kind == uBasic && t.basic.FixedSize() == 1 && t.basic != schema.Boolean
}

// litValue returns the value of a basic literal, or "".
func litValue(lit *ast.BasicLit) string {
	if lit == nil {
		return ""
	}
	return lit.Value
}

// exprString returns the Go source of a type expression.
func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + exprString(e.Elt)
		}
		return "[" + exprString(e.Len) + "]" + exprString(e.Elt)
	case *ast.BasicLit:
		return e.Value
	case *ast.IndexExpr:
		return exprString(e.X) + "[" + exprString(e.Index) + "]"
	case *ast.StructType:
		return "struct{...}"
	case *ast.MapType:
		return "map[" + exprString(e.Key) + "]" + exprString(e.Value)
	case *ast.ParenExpr:
		return "(" + exprString(e.X) + ")"
	}
	return fmt.Sprintf("%T", e)
}

// reflectTag looks key up in the struct tag tag.
func reflectTag(tag, key string) (string, bool) {
	return reflect.StructTag(tag).Lookup(key)
}

// errNoTypes is the error of a run of the struct front end without -types.
var errNoTypes = errors.New("-types names no type")

// loadTypes maps the structs names of the package in dir, and those their
// fields refer to, and builds their schema types.
func loadTypes(dir, skip string, names []string, values map[string]uint64) (*source, error) {
	if len(names) == 0 {
		return nil, errNoTypes
	}
	src, err := loadSource(dir, skip, values)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		if _, err := src.structOf(name); err != nil {
			return nil, err
		}
	}
	for _, u := range src.order {
		if err := src.build(u); err != nil {
			return nil, err
		}
		if _, clash := src.decls[u.View]; clash {
			return nil, fmt.Errorf("%s: the package declares %s, the name of its view", u.Name, u.View)
		}
	}
	return src, nil
}

// sortedSelectors returns the options of a union sorted by selector.
func sortedSelectors(opts []uOption) []uOption {
	out := slices.Clone(opts)
	slices.SortFunc(out, func(a, b uOption) int { return a.selector - b.selector })
	return out
}
