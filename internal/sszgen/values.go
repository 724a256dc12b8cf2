package main

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// This file writes plain Go values: their types, and the statements that
// append them to an SSZ buffer and read them back.

// goType returns the Go type of a plain value of type t.
func (g *gen) goType(t *def.Type) string {
	if t.Kind == def.KindAlias && g.goAliasable(t) {
		return t.Name
	}
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		return g.basicGoType(u.Basic)
	case def.KindVector:
		n := g.size(u.Len)
		if isByte(u.Elem) {
			return fmt.Sprintf("[%d]byte", n)
		}
		return fmt.Sprintf("[%d]%s", n, g.goType(u.Elem))
	case def.KindBitvector:
		return fmt.Sprintf("[%d]byte", (g.size(u.Len)+7)/8)
	case def.KindRef:
		return u.Name
	}
	panic(fmt.Sprintf("no Go value type for %v", t))
}

func (g *gen) size(s def.Size) uint64 {
	n, err := s.Resolve(forks.Mainnet)
	if err != nil {
		panic(err)
	}
	return n
}

// byteSize returns the serialized size of a plain value of type t.
func (g *gen) byteSize(t *def.Type) int {
	st, err := g.types.Resolve(t)
	if err != nil {
		panic(err)
	}
	return st.FixedSize()
}

// appendStmt returns statements appending the plain value expr of type t to
// dst. depth names loop variables apart.
func (g *gen) appendStmt(expr string, t *def.Type, depth int) string {
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		switch b := u.Basic.(type) {
		case *schema.Bool:
			return fmt.Sprintf("if %s { dst = append(dst, 1) } else { dst = append(dst, 0) }", expr)
		case *schema.Uint:
			switch b.Bits() {
			case 8:
				return fmt.Sprintf("dst = append(dst, byte(%s))", expr)
			case 16, 32, 64:
				bin := g.use("encoding/binary")
				return fmt.Sprintf("dst = %s.LittleEndian.AppendUint%d(dst, uint%d(%s))", bin, b.Bits(), b.Bits(), expr)
			default:
				g.needUint256 = true
				return fmt.Sprintf("dst = appendUint256(dst, &%s, %d)", expr, b.FixedSize())
			}
		}
	case def.KindVector:
		if isByte(u.Elem) {
			return fmt.Sprintf("dst = append(dst, %s[:]...)", expr)
		}
		i := fmt.Sprintf("i%d", depth)
		return fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr, g.appendStmt(expr+"["+i+"]", u.Elem, depth+1))
	case def.KindBitvector:
		return fmt.Sprintf("dst = append(dst, %s[:]...)", expr)
	case def.KindRef:
		return fmt.Sprintf("dst, _ = %s.MarshalSSZTo(dst)", expr)
	}
	panic(fmt.Sprintf("no encoding for %v", t))
}

// readStmt returns statements setting the plain value expr of type t from
// the bytes b[off:off+size], which are valid.
func (g *gen) readStmt(expr string, t *def.Type, b string, off string, depth int) string {
	u := t.Unalias()
	size := g.byteSize(t)
	part := fmt.Sprintf("%s[%s:%s+%d]", b, off, off, size)
	switch u.Kind {
	case def.KindBasic:
		switch bt := u.Basic.(type) {
		case *schema.Bool:
			return fmt.Sprintf("%s = %s[%s] == 1", expr, b, off)
		case *schema.Uint:
			switch bt.Bits() {
			case 8:
				return fmt.Sprintf("%s = %s(%s[%s])", expr, g.goType(t), b, off)
			case 16, 32, 64:
				bin := g.use("encoding/binary")
				return fmt.Sprintf("%s = %s(%s.LittleEndian.Uint%d(%s))", expr, g.goType(t), bin, bt.Bits(), part)
			default:
				g.needUint256 = true
				return fmt.Sprintf("readUint256(&%s, %s)", expr, part)
			}
		}
	case def.KindVector:
		if isByte(u.Elem) {
			return fmt.Sprintf("copy(%s[:], %s)", expr, part)
		}
		i := fmt.Sprintf("i%d", depth)
		esize := g.byteSize(u.Elem)
		return fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr,
			g.readStmt(expr+"["+i+"]", u.Elem, b, fmt.Sprintf("%s+%d*%s", off, esize, i), depth+1))
	case def.KindBitvector:
		return fmt.Sprintf("copy(%s[:], %s)", expr, part)
	case def.KindRef:
		return fmt.Sprintf("if err := %s.UnmarshalSSZ(%s); err != nil {\nreturn err\n}", expr, part)
	}
	panic(fmt.Sprintf("no decoding for %v", t))
}

// structType writes a plain struct for a fixed-size container shaped alike
// in every preset, with its SSZ and JSON methods.
func (g *gen) structType(c *def.Container) error {
	sc := g.types.Container(c.Name)
	size := sc.FixedSize()
	lower := lowerFirst(c.Name)
	schemaPkg := g.use(modulePath + "schema")
	treePkg := g.use(modulePath + "tree")
	jsonPkg := g.use(modulePath + "sszjson")

	g.p("// %s is the %s container of the specification, a plain value:\n//\n", c.Name, c.Name)
	for _, f := range c.Fields {
		g.p("//\t%s: %v\n", f.Name, f.Type)
	}
	g.p("//\n// The zero value is the default value, the same in every preset.\n")
	g.p("type %s struct {\n", c.Name)
	for _, f := range c.Fields {
		g.p("\t%s %s\n", def.GoName(f.Name), g.goType(f.Type))
	}
	g.p("}\n\n")
	g.p("// %sSchema is the schema type of %s, the same in every preset.\n", lower, c.Name)
	g.p("var %sSchema = Mainnet.Type(%q)\n\n", lower, c.Name)

	g.p("// SizeSSZ returns the size of the serialization: %d bytes.\n", size)
	g.p("func (*%s) SizeSSZ() int { return %d }\n\n", c.Name, size)
	g.p("// MarshalSSZ returns the serialization of x.\n")
	g.p("func (x *%s) MarshalSSZ() ([]byte, error) { return x.MarshalSSZTo(make([]byte, 0, %d)) }\n\n", c.Name, size)
	g.p("// MarshalSSZTo appends the serialization of x to dst.\n")
	g.p("func (x *%s) MarshalSSZTo(dst []byte) ([]byte, error) {\n", c.Name)
	for _, f := range c.Fields {
		g.p("%s\n", g.appendStmt("x."+def.GoName(f.Name), f.Type, 0))
	}
	g.p("return dst, nil\n}\n\n")
	g.p("// UnmarshalSSZ sets x from its serialization b. On error x is unchanged.\n")
	g.p("func (x *%s) UnmarshalSSZ(b []byte) error {\n", c.Name)
	// The size and the few bytes that can be invalid (booleans, bitvector
	// padding) are checked inline; the schema names the fault if any.
	var checks []string
	ok := true
	for i, f := range c.Fields {
		ok = ok && g.checks(f.Type, sc.FieldOffset(i), &checks)
	}
	if ok {
		cond := fmt.Sprintf("len(b) != %d", size)
		for _, e := range checks {
			cond += " || !(" + e + ")"
		}
		g.p("if %s {\nif err := %s.Validate(%sSchema, b); err != nil {\nreturn err\n}\n}\n", cond, schemaPkg, lower)
	} else {
		g.p("if err := %s.Validate(%sSchema, b); err != nil {\nreturn err\n}\n", schemaPkg, lower)
	}
	// Valid bytes cannot fail to read: x is written in place.
	for i, f := range c.Fields {
		g.p("%s\n", g.readStmt("x."+def.GoName(f.Name), f.Type, "b", fmt.Sprint(sc.FieldOffset(i)), 0))
	}
	g.p("return nil\n}\n\n")
	g.p("// HashTreeRoot returns the hash_tree_root of x.\n")
	g.p("func (x *%s) HashTreeRoot() [32]byte {\n", c.Name)
	g.p("var buf [%d]byte\nb, _ := x.MarshalSSZTo(buf[:0])\nreturn %s.HashValue(%sSchema.Shape(), b)\n}\n\n", size, treePkg, lower)
	g.p("// MarshalJSON returns the JSON of x in the beacon-API format.\n")
	g.p("func (x %s) MarshalJSON() ([]byte, error) {\n", c.Name)
	g.p("b, _ := x.MarshalSSZ()\nreturn %s.Marshal(%sSchema, b)\n}\n\n", jsonPkg, lower)
	g.p("// UnmarshalJSON sets x from its JSON in the beacon-API format.\n")
	g.p("func (x *%s) UnmarshalJSON(data []byte) error {\n", c.Name)
	g.p("b, err := %s.Unmarshal(%sSchema, data)\nif err != nil {\nreturn err\n}\nreturn x.UnmarshalSSZ(b)\n}\n\n", jsonPkg, lower)
	return nil
}

func lowerFirst(s string) string {
	// Leading initialisms stay together: BLSToExecutionChange ->
	// blsToExecutionChange.
	n := 0
	for n < len(s) && s[n] >= 'A' && s[n] <= 'Z' {
		n++
	}
	if n > 1 && n < len(s) {
		n--
	}
	return strings.ToLower(s[:n]) + s[n:]
}

// helpers writes the helper functions the generated code needs.
func (g *gen) helpers() {
	if !g.needUint256 {
		return
	}
	u := g.use("github.com/holiman/uint256")
	bin := g.use("encoding/binary")
	g.p(`// appendUint256 appends the size low bytes of v, little-endian.
func appendUint256(dst []byte, v *%[1]s.Int, size int) []byte {
	var b [32]byte
	for i := 0; i < 4; i++ {
		%[2]s.LittleEndian.PutUint64(b[8*i:], v[i])
	}
	return append(dst, b[:size]...)
}

// readUint256 sets v from little-endian bytes.
func readUint256(v *%[1]s.Int, b []byte) {
	var full [32]byte
	copy(full[:], b)
	for i := 0; i < 4; i++ {
		v[i] = %[2]s.LittleEndian.Uint64(full[8*i:])
	}
}

`, u, bin)
}

// maxInlineChecks bounds the byte checks UnmarshalSSZ inlines; a type with
// more calls schema.Validate instead.
const maxInlineChecks = 8

// checks appends to out the conditions on bytes b (valid size given) that a
// plain value of type t at offset off must meet, and reports false if there
// are too many to inline.
func (g *gen) checks(t *def.Type, off int, out *[]string) bool {
	u := t.Unalias()
	switch u.Kind {
	case def.KindBasic:
		if u.Basic == schema.Boolean {
			*out = append(*out, fmt.Sprintf("b[%d] <= 1", off))
		}
	case def.KindBitvector:
		if n := g.size(u.Len); n%8 != 0 {
			*out = append(*out, fmt.Sprintf("b[%d]>>%d == 0", off+int(n+7)/8-1, n%8))
		}
	case def.KindVector:
		esize := g.byteSize(u.Elem)
		for i := 0; i < int(g.size(u.Len)); i++ {
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
