package main

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// This file reads the SSZ tags of a field of a Go struct, in the grammar of
// dynamic-ssz (and of fastssz, whose ssz-size and ssz-max it extends):
//
//	ssz-size:"32"            a vector's length (bytes or elements)
//	ssz-max:"1024"           a list's limit (for a bitlist, in bits)
//	ssz-size:"?,32"          one entry per dimension of a nested type; ?
//	ssz-max:"64,?"           leaves a dimension to the Go type (or, in
//	                         ssz-size, makes it a list)
//	dynssz-size:"N*2"        the length from the spec values, overriding
//	dynssz-max:"LIMIT"       ssz-size/ssz-max when they define every name
//	ssz-bitsize:"12"         a bitvector's length in bits
//	dynssz-bitsize:"COUNT"
//	ssz-type:"bitlist"       the SSZ kind, per dimension: list, vector,
//	                         bitlist, bitvector, progressive-list,
//	                         progressive-bitlist, container,
//	                         progressive-container, compatible-union,
//	                         uint8..uint256, bool; ? or auto for the
//	                         kind of the Go type; - leaves the field out
//	ssz:"-"                  fastssz's: as ssz-type
//	ssz-index:"3"            the field's position in a progressive
//	                         container (EIP-7495), or a variant's selector
//	                         in a compatible union (EIP-8016)

// sizeTags are the tags whose values are per-dimension lists of sizes,
// each with its dynamic counterpart.
var sizeTags = [][2]string{{"ssz-size", "dynssz-size"}, {"ssz-max", "dynssz-max"}, {"ssz-bitsize", "dynssz-bitsize"}}

// knownTags are the tags sszgen reads; a field may carry others (json...).
var knownTags = []string{"ssz", "ssz-type", "ssz-size", "ssz-max", "ssz-bitsize", "ssz-index", "dynssz-size", "dynssz-max", "dynssz-bitsize"}

// fieldTags are the SSZ tags of one field, split into their dimensions.
type fieldTags struct {
	raw  map[string]string   // each tag present, as written
	dims map[string][]string // each tag present, split at commas
	// index is ssz-index, or -1.
	index int
}

// tagError is an error about one tag of a field: the caller adds the
// struct and field ("sszgen: MyState.Balances: tag ssz-max "x": not a
// number").
type tagError struct {
	tag, value string
	msg        string
}

func (e *tagError) Error() string { return fmt.Sprintf("tag %s %q: %s", e.tag, e.value, e.msg) }

// parseTags returns the SSZ tags of the struct tag tag (without its
// backquotes).
func parseTags(tag string) (*fieldTags, error) {
	st := reflect.StructTag(tag)
	t := &fieldTags{raw: map[string]string{}, dims: map[string][]string{}, index: -1}
	for _, name := range knownTags {
		v, ok := st.Lookup(name)
		if !ok {
			continue
		}
		t.raw[name] = v
		parts := strings.Split(v, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		t.dims[name] = parts
	}
	if _, ok := t.raw["ssz"]; ok {
		if _, both := t.raw["ssz-type"]; both {
			return nil, &tagError{"ssz", t.raw["ssz"], "given with ssz-type; use one"}
		}
		t.dims["ssz-type"], t.raw["ssz-type"] = t.dims["ssz"], t.raw["ssz"]
	}
	if v, ok := t.raw["ssz-index"]; ok {
		n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 8)
		if err != nil {
			return nil, &tagError{"ssz-index", v, "not a number from 0 to 255"}
		}
		t.index = int(n)
	}
	for _, pair := range sizeTags {
		for _, name := range pair {
			for i, p := range t.dims[name] {
				if p == "" {
					return nil, &tagError{name, t.raw[name], fmt.Sprintf("dimension %d is empty (write ? to leave it to the Go type)", i+1)}
				}
			}
		}
	}
	for i, p := range t.dims["ssz-type"] {
		if !sszTypeNames[p] {
			return nil, &tagError{"ssz-type", t.raw["ssz-type"], fmt.Sprintf("dimension %d: unknown or unsupported type %q", i+1, p)}
		}
	}
	return t, nil
}

// sszTypeNames are the values of ssz-type that sszgen supports.
var sszTypeNames = map[string]bool{
	"": true, "?": true, "auto": true, "-": true,
	"bool": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uint128": true, "uint256": true,
	"container": true, "list": true, "vector": true, "bitlist": true, "bitvector": true,
	"progressive-list": true, "progressive-bitlist": true, "progressive-container": true,
	"compatible-union": true,
}

// excluded reports whether the tags leave the field out of the SSZ type
// (ssz-type:"-" or ssz:"-").
func (t *fieldTags) excluded() bool { return t.raw["ssz-type"] == "-" }

// kind returns the ssz-type of dimension d: "" where the tag does not say
// (or says ? or auto).
func (t *fieldTags) kind(d int) string {
	parts := t.dims["ssz-type"]
	if d >= len(parts) || parts[d] == "?" || parts[d] == "auto" {
		return ""
	}
	return parts[d]
}

// size returns the value of dimension d of the tag pair static/dynamic
// (ssz-size and dynssz-size...) in the spec values: ok is false if neither
// gives one. The dynamic tag wins when the spec values define every name
// in its expression; otherwise the static tag gives the value, as in
// dynamic-ssz.
func (t *fieldTags) size(d int, static, dynamic string, values map[string]uint64) (n uint64, ok bool, err error) {
	sv, dv := t.part(static, d), t.part(dynamic, d)
	var sn uint64
	if sv != "" {
		if sn, err = strconv.ParseUint(sv, 10, 64); err != nil {
			return 0, false, t.dimError(static, d, "not a number")
		}
		if sn == 0 {
			return 0, false, t.dimError(static, d, "0 is no length or limit (write ? for none)")
		}
	}
	if dv == "" {
		if _, given := t.raw[dynamic]; given && d < len(t.dims[dynamic]) && sv != "" {
			return 0, false, t.dimError(dynamic, d, fmt.Sprintf("? where %s gives %d: the two describe different types", static, sn))
		}
		return sn, sv != "", nil
	}
	if _, given := t.raw[static]; given && sv == "" && d < len(t.dims[static]) {
		return 0, false, t.dimError(static, d, fmt.Sprintf("? where %s gives %q: the two describe different types", dynamic, dv))
	}
	v, missing, err := evalSize(dv, values)
	if err != nil {
		return 0, false, t.dimError(dynamic, d, err.Error())
	}
	if missing != "" {
		if sv == "" {
			return 0, false, t.dimError(dynamic, d, fmt.Sprintf("%s is not among the spec values (-preset, -values) and there is no %s to fall back to", missing, static))
		}
		return sn, true, nil
	}
	if v == 0 {
		return 0, false, t.dimError(dynamic, d, fmt.Sprintf("%s is 0 in the spec values", dv))
	}
	if isNumber(dv) && sv != "" && v != sn {
		return 0, false, t.dimError(dynamic, d, fmt.Sprintf("the number %d contradicts %s %d", v, static, sn))
	}
	return v, true, nil
}

// part returns dimension d of tag name: "" if the tag is absent, shorter,
// or ? there.
func (t *fieldTags) part(name string, d int) string {
	parts := t.dims[name]
	if d >= len(parts) || parts[d] == "?" {
		return ""
	}
	return parts[d]
}

// dimError returns the error msg about dimension d of tag name, naming the
// dimension, and what the tag says there, when the tag has several.
func (t *fieldTags) dimError(name string, d int, msg string) error {
	if _, ok := t.raw[name]; !ok {
		// The value came from the dynamic tag alone.
		for _, pair := range sizeTags {
			if _, dyn := t.raw[pair[1]]; dyn && pair[0] == name {
				name = pair[1]
			}
		}
	}
	if parts := t.dims[name]; len(parts) > 1 && d < len(parts) {
		msg = fmt.Sprintf("dimension %d (%q): %s", d+1, parts[d], msg)
	}
	return &tagError{name, t.raw[name], msg}
}

// length returns the length dimension d of the field declares (ssz-size or
// dynssz-size), and limit its limit (ssz-max or dynssz-max); bits its
// length in bits (ssz-bitsize or dynssz-bitsize).
func (t *fieldTags) length(d int, values map[string]uint64) (uint64, bool, error) {
	return t.size(d, "ssz-size", "dynssz-size", values)
}

func (t *fieldTags) limit(d int, values map[string]uint64) (uint64, bool, error) {
	return t.size(d, "ssz-max", "dynssz-max", values)
}

func (t *fieldTags) bits(d int, values map[string]uint64) (uint64, bool, error) {
	return t.size(d, "ssz-bitsize", "dynssz-bitsize", values)
}

// isNumber reports whether s is a decimal number.
func isNumber(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// evalSize returns the value of the expression expr of a dynssz tag: a
// spec value's name, a number, or those combined by + - * / % and
// parentheses. missing is the first name the spec values lack, if any
// (then the static tag applies).
func evalSize(expr string, values map[string]uint64) (v uint64, missing string, err error) {
	p := &exprParser{s: expr, values: values}
	v, err = p.sum()
	p.skip()
	if err == nil && p.i < len(p.s) {
		err = fmt.Errorf("unexpected %q at byte %d", p.s[p.i:], p.i)
	}
	return v, p.missing, err
}

// exprParser reads an expression of evalSize by recursive descent.
type exprParser struct {
	s       string
	i       int
	values  map[string]uint64
	missing string
}

func (p *exprParser) skip() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

// sum reads terms joined by + and -.
func (p *exprParser) sum() (uint64, error) {
	v, err := p.product()
	for err == nil {
		p.skip()
		if p.i >= len(p.s) || (p.s[p.i] != '+' && p.s[p.i] != '-') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w uint64
		if w, err = p.product(); err != nil {
			break
		}
		if op == '+' {
			v += w
		} else if w > v && p.missing == "" {
			return 0, fmt.Errorf("%d - %d is negative", v, w)
		} else {
			v -= w
		}
	}
	return v, err
}

// product reads factors joined by *, / and %.
func (p *exprParser) product() (uint64, error) {
	v, err := p.factor()
	for err == nil {
		p.skip()
		if p.i >= len(p.s) || !strings.ContainsRune("*/%", rune(p.s[p.i])) {
			break
		}
		op := p.s[p.i]
		p.i++
		var w uint64
		if w, err = p.factor(); err != nil {
			break
		}
		switch {
		case op == '*':
			v *= w
		case w == 0 && p.missing == "":
			return 0, fmt.Errorf("division by 0")
		case w == 0:
		case op == '/':
			v /= w
		default:
			v %= w
		}
	}
	return v, err
}

// factor reads a number, a name or a parenthesized sum.
func (p *exprParser) factor() (uint64, error) {
	p.skip()
	start := p.i
	switch {
	case p.i < len(p.s) && p.s[p.i] == '(':
		p.i++
		v, err := p.sum()
		p.skip()
		if err == nil && (p.i >= len(p.s) || p.s[p.i] != ')') {
			return 0, fmt.Errorf("missing ) for the ( at byte %d", start)
		}
		p.i++
		return v, err
	case p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9':
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		return strconv.ParseUint(p.s[start:p.i], 10, 64)
	}
	for p.i < len(p.s) && (p.s[p.i] == '_' || p.s[p.i] >= 'A' && p.s[p.i] <= 'Z' || p.s[p.i] >= 'a' && p.s[p.i] <= 'z' || p.i > start && p.s[p.i] >= '0' && p.s[p.i] <= '9') {
		p.i++
	}
	if p.i == start {
		if p.i >= len(p.s) {
			return 0, fmt.Errorf("unexpected end")
		}
		return 0, fmt.Errorf("unexpected %q at byte %d", p.s[p.i:], p.i)
	}
	name := p.s[start:p.i]
	v, ok := p.values[name]
	if !ok && p.missing == "" {
		p.missing = name
	}
	return v, nil
}
