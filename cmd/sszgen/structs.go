package main

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// This file writes plain Go values: their types, the structs of the
// containers that are plain values, and the statements that append plain
// values to an SSZ buffer and read them back.

// goType returns the Go type of a plain value of type t.
func (g *gen) goType(t *def.Type) (string, error) {
	if t.Kind == def.KindAlias && g.goAliasable(t) {
		return t.Name, nil
	}
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		return g.basicGoType(u.Basic)
	case def.KindVector:
		n, err := g.size(u.Len)
		if err != nil {
			return "", err
		}
		if isByte(u.Elem) {
			return fmt.Sprintf("[%d]byte", n), nil
		}
		elem, err := g.goType(u.Elem)
		return fmt.Sprintf("[%d]%s", n, elem), err
	case def.KindBitvector:
		n, err := g.size(u.Len)
		return fmt.Sprintf("[%d]byte", (n+7)/8), err
	case def.KindRef:
		return u.Name, nil
	}
	return "", fmt.Errorf("no Go value type for %v", t)
}

// size returns the value of s in the mainnet preset: plain values have
// sizes that do not depend on the preset.
func (g *gen) size(s def.Size) (uint64, error) { return s.Resolve(forks.Mainnet) }

// byteSize returns the serialized size of a plain value of type t.
func (g *gen) byteSize(t *def.Type) (int, error) {
	st, err := g.types.Resolve(t)
	if err != nil {
		return 0, err
	}
	return st.FixedSize(), nil
}

// isArray reports whether the Go type of a plain value of type t is an
// array of bytes that holds its serialization as is: a byte vector or a
// bitvector.
func isArray(t *def.Type) bool {
	u := t.Unalias()
	return u.Kind == def.KindBitvector || u.Kind == def.KindVector && isByte(u.Elem)
}

// hasMethods reports whether the Go type of a plain value of type t
// marshals itself: a struct, or a uint256.Int.
func hasMethods(t *def.Type) bool {
	u := t.Unalias()
	return u.Kind == def.KindRef || u.Kind == def.KindBasic && u.Basic.FixedSize() == 32
}

// marshalMethod returns the name of the method that appends a value of a
// type that marshals itself to a buffer.
func marshalMethod(t *def.Type) string {
	if t.Unalias().Kind == def.KindBasic {
		return "MarshalSSZAppend" // uint256.Int's
	}
	return "MarshalSSZTo"
}

// at is where a plain value is in the bytes b of its container: a byte
// offset plus, inside loops over the elements of vectors, terms of the
// loop variables ("32*i0").
type at struct {
	off   int
	terms []string
}

// plus returns the position n bytes further on.
func (a at) plus(n int) at { return at{a.off + n, a.terms} }

// index returns the position of element i (a loop variable) of a vector
// whose elements are size bytes long.
func (a at) index(i string, size int) at {
	return at{a.off, append(append([]string(nil), a.terms...), fmt.Sprintf("%d*%s", size, i))}
}

func (a at) String() string {
	if len(a.terms) == 0 {
		return fmt.Sprint(a.off)
	}
	s := strings.Join(a.terms, "+")
	if a.off != 0 {
		s += fmt.Sprintf("+%d", a.off)
	}
	return s
}

// slice returns the expression of the size bytes at a in b.
func (a at) slice(b string, size int) string {
	return fmt.Sprintf("%s[%v:%v]", b, a, a.plus(size))
}

// appendStmt returns statements appending the plain value expr of type t to
// dst. depth names loop variables apart.
func (g *gen) appendStmt(expr string, t *def.Type, depth int) (string, error) {
	u := t.Unalias()
	switch {
	case isArray(t):
		return fmt.Sprintf("dst = append(dst, %s[:]...)", expr), nil
	case hasMethods(t):
		return fmt.Sprintf("dst, _ = %s.%s(dst)", expr, marshalMethod(t)), nil
	case u.Kind == def.KindVector:
		i := fmt.Sprintf("i%d", depth)
		elem, err := g.appendStmt(expr+"["+i+"]", u.Elem, depth+1)
		return fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr, elem), err
	case u.Kind == def.KindBasic && u.Basic == schema.Boolean:
		return fmt.Sprintf("if %s {\ndst = append(dst, 1)\n} else {\ndst = append(dst, 0)\n}", expr), nil
	case u.Kind == def.KindBasic:
		gt, err := g.goType(t)
		if err != nil {
			return "", err
		}
		bits := 8 * u.Basic.FixedSize()
		v := convert(expr, gt, fmt.Sprintf("uint%d", bits))
		switch bits {
		case 8:
			return fmt.Sprintf("dst = append(dst, %s)", v), nil
		case 16, 32, 64:
			return fmt.Sprintf("dst = binary.LittleEndian.AppendUint%d(dst, %s)", bits, v), nil
		}
	}
	return "", fmt.Errorf("no encoding of %v", t)
}

// readStmt returns statements setting the plain value expr of type t from
// the valid bytes at a in b. fail is the statement run on the error of a
// value that unmarshals itself, which valid bytes do not cause. depth names
// loop variables apart.
func (g *gen) readStmt(expr string, t *def.Type, b string, a at, fail string, depth int) (string, error) {
	u := t.Unalias()
	size, err := g.byteSize(t)
	if err != nil {
		return "", err
	}
	switch {
	case isArray(t):
		// A conversion, not copy: it compiles to moves, where copy
		// calls memmove.
		return fmt.Sprintf("%s = [%d]byte(%s)", expr, size, a.slice(b, size)), nil
	case hasMethods(t):
		return fmt.Sprintf("if err := %s.UnmarshalSSZ(%s); err != nil {\n%s\n}", expr, a.slice(b, size), fail), nil
	case u.Kind == def.KindVector:
		esize, err := g.byteSize(u.Elem)
		if err != nil {
			return "", err
		}
		i := fmt.Sprintf("i%d", depth)
		elem, err := g.readStmt(expr+"["+i+"]", u.Elem, b, a.index(i, esize), fail, depth+1)
		return fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr, elem), err
	case u.Kind == def.KindBasic && u.Basic == schema.Boolean:
		return fmt.Sprintf("%s = %s[%v] == 1", expr, b, a), nil
	case u.Kind == def.KindBasic:
		gt, err := g.goType(t)
		if err != nil {
			return "", err
		}
		bits := 8 * size
		word := fmt.Sprintf("uint%d", bits)
		switch bits {
		case 8:
			return fmt.Sprintf("%s = %s", expr, convert(fmt.Sprintf("%s[%v]", b, a), word, gt)), nil
		case 16, 32, 64:
			read := fmt.Sprintf("binary.LittleEndian.Uint%d(%s)", bits, a.slice(b, size))
			return fmt.Sprintf("%s = %s", expr, convert(read, word, gt)), nil
		}
	}
	return "", fmt.Errorf("no decoding of %v", t)
}

// convert returns the expression that converts expr, of Go type from, to
// Go type to: expr itself if they are the same type (byte is uint8).
func convert(expr, from, to string) string {
	if from == to || from == "byte" && to == "uint8" || from == "uint8" && to == "byte" {
		return expr
	}
	return fmt.Sprintf("%s(%s)", to, expr)
}

// plainStruct is what the template of a plain struct needs.
type plainStruct struct {
	Name   string
	Size   int
	Fields []structField
	// Marshal are the statements that append the fields of x to dst;
	// Unmarshal those that set them from the valid bytes b.
	Marshal, Unmarshal []string
	// Inline is set when UnmarshalSSZ checks b itself: its size, then
	// Invalid, the condition on b's bytes that may be invalid (a boolean,
	// the last byte of a bitvector; empty when none) that sends it to the
	// schema to say what is wrong. It is not set when there are too many
	// such bytes to check inline: then the schema checks b.
	Inline  bool
	Invalid string
	// Pkg is the fork package's name, which its errors begin with.
	Pkg string
}

// structField is one field of a plain struct.
type structField struct {
	// Name and Type are the field's name and type in the specification.
	Name, Type     string
	GoName, GoType string
}

// structType writes a plain struct for a fixed-size container shaped alike
// in every preset, with its SSZ and JSON methods.
func (g *gen) structType(c *def.Container) error {
	sc := g.types.Container(c.Name)
	data := plainStruct{Name: c.Name, Size: sc.FixedSize(), Pkg: g.fork.Name}
	var checks []string
	inline := true
	for i, f := range c.Fields {
		name := def.GoName(f.Name)
		gt, err := g.goType(f.Type)
		if err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		data.Fields = append(data.Fields, structField{f.Name, f.Type.String(), name, gt})
		m, err := g.appendStmt("x."+name, f.Type, 0)
		if err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		data.Marshal = append(data.Marshal, m)
		u, err := g.readStmt("x."+name, f.Type, "b", at{off: sc.FieldOffset(i)}, "return err", 0)
		if err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
		data.Unmarshal = append(data.Unmarshal, u)
		inline = inline && g.checks(f.Type, sc.FieldOffset(i), &checks)
	}
	if inline {
		data.Inline, data.Invalid = true, strings.Join(checks, " || ")
	}
	return g.exec("struct", data)
}

// maxInlineChecks bounds the byte checks UnmarshalSSZ inlines; a type with
// more calls schema.Validate instead.
const maxInlineChecks = 8

// checks appends to out the conditions on bytes b (valid size given) under
// which a plain value of type t at offset off is invalid, and reports false
// if there are too many to inline.
func (g *gen) checks(t *def.Type, off int, out *[]string) bool {
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		if u.Basic == schema.Boolean {
			*out = append(*out, fmt.Sprintf("b[%d] > 1", off))
		}
	case def.KindBitvector:
		n, err := g.size(u.Len)
		if err != nil {
			return false
		}
		if n%8 != 0 {
			*out = append(*out, fmt.Sprintf("b[%d]>>%d != 0", off+int(n+7)/8-1, n%8))
		}
	case def.KindVector:
		esize, err := g.byteSize(u.Elem)
		n, err2 := g.size(u.Len)
		if err != nil || err2 != nil {
			return false
		}
		for i := 0; i < int(n); i++ {
			if !g.checks(u.Elem, off+i*esize, out) {
				return false
			}
		}
	case def.KindRef:
		c := g.lookup(u.Name)
		sc := g.types.Container(u.Name)
		for i, f := range c.Fields {
			if !g.checks(f.Type, off+sc.FieldOffset(i), out) {
				return false
			}
		}
	}
	return len(*out) <= maxInlineChecks
}

const structTemplates = `
{{define "struct" -}}
{{doc .Name " is the " .Name " container of the specification, a plain value:"}}
//
{{- range .Fields}}
//	{{.Name}}: {{.Type}}
{{- end}}
//
// The zero value is the default value, the same in every preset.
type {{.Name}} struct {
{{- range .Fields}}
	{{.GoName}} {{.GoType}}
{{- end}}
}

// SizeSSZ returns the size of the serialization: {{.Size}} bytes.
func (*{{.Name}}) SizeSSZ() int { return {{.Size}} }

// MarshalSSZ returns the serialization of x.
func (x *{{.Name}}) MarshalSSZ() ([]byte, error) { return x.MarshalSSZTo(make([]byte, 0, {{.Size}})) }

// MarshalSSZTo appends the serialization of x to dst.
func (x *{{.Name}}) MarshalSSZTo(dst []byte) ([]byte, error) {
{{- range .Marshal}}
	{{.}}
{{- end}}
	return dst, nil
}

// UnmarshalSSZ sets x from its serialization b. On error x is unchanged.
func (x *{{.Name}}) UnmarshalSSZ(b []byte) error {
{{- if .Inline}}
	if len(b) != {{.Size}} {
		return forkcode.SizeError{Type: Mainnet.schemas.{{.Name}}, Size: len(b)}
	}
{{- if .Invalid}}
	if {{.Invalid}} {
		return forkcode.Invalid(Mainnet.schemas.{{.Name}}, b, "{{.Pkg}}")
	}
{{- end}}
{{- else}}
	if err := schema.Validate(Mainnet.schemas.{{.Name}}, b); err != nil {
		return err
	}
{{- end}}
{{- range .Unmarshal}}
	{{.}}
{{- end}}
	return nil
}

// DecodeSSZValue returns the {{.Name}} serialized in b, as UnmarshalSSZ
// reads it, by value (the view package's ValueCodec).
func (*{{.Name}}) DecodeSSZValue(b []byte) ({{.Name}}, error) {
	var x {{.Name}}
	err := x.UnmarshalSSZ(b)
	return x, err
}

// AppendSSZValue appends the serialization of v to dst (the view package's
// ValueCodec).
func (*{{.Name}}) AppendSSZValue(dst []byte, v {{.Name}}) []byte {
	dst, _ = v.MarshalSSZTo(dst)
	return dst
}

// HashTreeRoot returns the hash_tree_root of x.
func (x *{{.Name}}) HashTreeRoot() [32]byte {
	var buf [{{.Size}}]byte
	b, _ := x.MarshalSSZTo(buf[:0])
	return tree.HashValue(Mainnet.schemas.{{.Name}}.Shape(), b)
}

// MarshalJSON returns the JSON of x in the beacon-API format.
func (x {{.Name}}) MarshalJSON() ([]byte, error) {
	b, _ := x.MarshalSSZ()
	return sszjson.Marshal(Mainnet.schemas.{{.Name}}, b)
}

// UnmarshalJSON sets x from its JSON in the beacon-API format. On error x
// is unchanged.
func (x *{{.Name}}) UnmarshalJSON(data []byte) error {
	return forkcode.UnmarshalJSON(x, Mainnet.schemas.{{.Name}}, data)
}

{{end}}
`
