package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ssztree/ssztree/schema"
)

// This file writes the plain values of a user's lists: the elements of a
// list or vector that are fixed-size values kept in pages (a struct of
// fixed size, a byte vector) are read and written as Go values of a type
// that has the SSZ methods view.ValueList needs. The user's own types get
// no methods (dynamic-ssz, or fastssz, would call them): the generated
// type is a type of its own with the user's as its definition,
// AccountValue for Account, so that a conversion goes from one to the
// other.

// valueType is a type of plain values of a user's lists.
type valueType struct {
	Pkg  string // the user's package
	Name string // AccountValue, AddressValue, Bytes32Value
	Of   string // the user's type: Account, Address, [32]byte
	Size int
	// Decode are the statements that set v from the Size bytes of b,
	// Encode those that append v to dst.
	Decode, Encode string
}

// valueOf returns the value type of the elements e of a paged sequence, or
// nil if they have none (a progressive container, a bitvector, a field
// of a slice): then the sequence's handle gives their bytes.
func (g *userGen) valueOf(e *uType) (*valueType, error) {
	if !codable(e) || e.kind != uRef && !(e.kind == uVector && isByteType(e.elem)) {
		return nil, nil
	}
	v := &valueType{Pkg: g.src.pkg, Of: e.goType}
	if e.kind == uRef {
		v.Of = e.ref.Name
	}
	v.Name = v.Of + "Value"
	if !identRE.MatchString(v.Of) {
		v.Name = fmt.Sprintf("Bytes%dValue", e.n)
	}
	if have, ok := g.values[v.Name]; ok {
		return have, nil
	}
	if _, clash := g.src.decls[v.Name]; clash {
		return nil, fmt.Errorf("the package declares %s, the name of the values of its lists of %s", v.Name, v.Of)
	}
	st, err := schemaOf(e)
	if err != nil {
		return nil, err
	}
	v.Size = st.FixedSize()
	var dec, enc []string
	if e.kind == uRef {
		if err := g.fieldsCode(v.Name, "v", e.ref, at{}, &dec, &enc, 0); err != nil {
			return nil, err
		}
	} else {
		dec = append(dec, "copy(v[:], b)")
		enc = append(enc, "dst = append(dst, v[:]...)")
	}
	v.Decode, v.Encode = strings.Join(dec, "\n"), strings.Join(enc, "\n")
	g.values[v.Name] = v
	g.valueOrder = append(g.valueOrder, v)
	return v, nil
}

// identRE matches a Go identifier.
var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// codable reports whether a Go value of type t always has a valid
// serialization of a fixed size that generated code appends and reads: a
// basic value, a byte array, a struct (not progressive) of such fields, an
// array of such values. A slice (of a vector's length) or a bitvector
// (whose padding bits the Go value may set) has not.
func codable(t *uType) bool {
	switch t.kind {
	case uBasic:
		return true
	case uVector:
		return !t.goSlice && codable(t.elem)
	case uRef:
		if t.ref.Progressive {
			return false
		}
		for _, f := range t.ref.Fields {
			if !codable(f.t) {
				return false
			}
		}
		return true
	}
	return false
}

// fieldsCode appends to dec and enc the statements that read and append
// the fields of struct u, the value expr at a in the bytes.
func (g *userGen) fieldsCode(name, expr string, u *uStruct, a at, dec, enc *[]string, depth int) error {
	st, ok := u.schema.(*schema.Container)
	if !ok {
		return fmt.Errorf("%s is no container", u.Name)
	}
	for i, f := range u.Fields {
		if err := g.valueCode(name+"."+f.GoName, expr+"."+f.GoName, f.t, a.plus(st.FieldOffset(i)), dec, enc, depth); err != nil {
			return err
		}
	}
	return nil
}

// valueCode appends to dec and enc the statements that read from b and
// append to dst the value expr of type t at a; what names it in errors.
func (g *userGen) valueCode(what, expr string, t *uType, a at, dec, enc *[]string, depth int) error {
	st, err := schemaOf(t)
	if err != nil {
		return err
	}
	size := st.FixedSize()
	switch t.kind {
	case uBasic:
		switch {
		case t.basic == schema.Boolean:
			*dec = append(*dec, fmt.Sprintf("if b[%v] > 1 {\nreturn v, fmt.Errorf(\"%s: %s at offset %%d: %%w: %%d\", %v, schema.ErrBoolean, b[%v])\n}", a, g.src.pkg, what, a, a),
				fmt.Sprintf("%s = %s", expr, convert(fmt.Sprintf("b[%v] == 1", a), "bool", t.goType)))
			*enc = append(*enc, fmt.Sprintf("if %s {\ndst = append(dst, 1)\n} else {\ndst = append(dst, 0)\n}", expr))
		case size == 1:
			*dec = append(*dec, fmt.Sprintf("%s = %s", expr, convert(fmt.Sprintf("b[%v]", a), "uint8", t.goType)))
			*enc = append(*enc, fmt.Sprintf("dst = append(dst, %s)", convert(expr, t.goType, "uint8")))
		case size <= 8:
			bits := fmt.Sprintf("Uint%d", 8*size)
			u := fmt.Sprintf("uint%d", 8*size)
			*dec = append(*dec, fmt.Sprintf("%s = %s", expr, convert(fmt.Sprintf("binary.LittleEndian.%s(%s)", bits, a.slice("b", size)), u, t.goType)))
			*enc = append(*enc, fmt.Sprintf("dst = binary.LittleEndian.Append%s(dst, %s)", bits, convert(expr, t.goType, u)))
		case strings.HasPrefix(t.goType, "*"):
			*dec = append(*dec, fmt.Sprintf("%s = new(uint256.Int)\n_ = %s.UnmarshalSSZ(%s)", expr, expr, a.slice("b", size)))
			*enc = append(*enc, fmt.Sprintf("if %s == nil {\ndst = append(dst, make([]byte, %d)...)\n} else {\ndst, _ = %s.MarshalSSZAppend(dst)\n}", expr, size, expr))
		case t.goType == "uint256.Int":
			*dec = append(*dec, fmt.Sprintf("_ = %s.UnmarshalSSZ(%s)", expr, a.slice("b", size)))
			*enc = append(*enc, fmt.Sprintf("dst, _ = %s.MarshalSSZAppend(dst)", expr))
		default: // a uint128 or uint256 of a byte array
			*dec = append(*dec, fmt.Sprintf("copy(%s[:], %s)", expr, a.slice("b", size)))
			*enc = append(*enc, fmt.Sprintf("dst = append(dst, %s[:]...)", expr))
		}
		return nil
	case uVector:
		if isByteType(t.elem) {
			*dec = append(*dec, fmt.Sprintf("copy(%s[:], %s)", expr, a.slice("b", size)))
			*enc = append(*enc, fmt.Sprintf("dst = append(dst, %s[:]...)", expr))
			return nil
		}
		i := fmt.Sprintf("i%d", depth)
		esize := size / int(t.n)
		var d, e []string
		if err := g.valueCode(what, fmt.Sprintf("%s[%s]", expr, i), t.elem, a.index(i, esize), &d, &e, depth+1); err != nil {
			return err
		}
		*dec = append(*dec, fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr, strings.Join(d, "\n")))
		*enc = append(*enc, fmt.Sprintf("for %s := range %s {\n%s\n}", i, expr, strings.Join(e, "\n")))
		return nil
	case uRef:
		var d, e []string
		if err := g.fieldsCode(what, expr, t.ref, a, &d, &e, depth); err != nil {
			return err
		}
		if !t.ptr {
			*dec, *enc = append(*dec, d...), append(*enc, e...)
			return nil
		}
		// A nil pointer is the zero value; decoding allocates.
		*dec = append(*dec, fmt.Sprintf("%s = new(%s)", expr, t.ref.Name))
		*dec = append(*dec, d...)
		*enc = append(*enc, fmt.Sprintf("if %s == nil {\ndst = append(dst, make([]byte, %d)...)\n} else {\n%s\n}", expr, size, strings.Join(e, "\n")))
		return nil
	}
	return fmt.Errorf("%s: no plain value of %v", what, st)
}

// valueTemplates write a value type.
const valueTemplates = `
{{define "userValue" -}}
{{doc .Name " is " .Of " with the SSZ methods that the views' lists of " .Of " values need (view.ValueList): their elements are of this type. Converting between the two costs nothing: " .Name "(v), " .Of "(v)."}}
type {{.Name}} {{.Of}}

// DecodeSSZValue returns the value serialized in b. It is called on a nil
// receiver.
func (*{{.Name}}) DecodeSSZValue(b []byte) ({{.Name}}, error) {
	var v {{.Name}}
	if len(b) != {{.Size}} {
		return v, fmt.Errorf("{{.Pkg}}: {{.Name}}: %w: %d bytes, want {{.Size}}", schema.ErrSize, len(b))
	}
	{{.Decode}}
	return v, nil
}

// AppendSSZValue appends the serialization of v to dst. It is called on a
// nil receiver.
func (*{{.Name}}) AppendSSZValue(dst []byte, v {{.Name}}) []byte {
	{{.Encode}}
	return dst
}

// MarshalSSZTo appends the serialization of v to dst.
func (v *{{.Name}}) MarshalSSZTo(dst []byte) ([]byte, error) { return v.AppendSSZValue(dst, *v), nil }

// UnmarshalSSZ sets v to the value serialized in b. On error v is
// unchanged.
func (v *{{.Name}}) UnmarshalSSZ(b []byte) error {
	x, err := v.DecodeSSZValue(b)
	if err != nil {
		return err
	}
	*v = x
	return nil
}

{{end}}
`
