package conformance

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/ssztree/ssztree/schema"
	"gopkg.in/yaml.v3"
)

// SSZFromYAML returns the serialization of the value of type t written in
// YAML as in the value.yaml files of the tests:
//
//   - uint8 to uint64: YAML integers; uint128 and uint256 also decimal
//     strings ('1234') and integers too large for 64 bits;
//   - boolean: true or false;
//   - vectors and lists of uint8 or byte: '0x..' hex strings or sequences of
//     integers;
//   - bitvectors, bitlists and progressive bitlists: '0x..' hex strings of
//     their serialization;
//   - other vectors and lists, progressive lists too: sequences;
//   - containers and progressive containers: mappings from each field name
//     to the field's value;
//   - unions: mappings {selector: n, value: v}, or data for value, with a
//     null or absent value for None;
//   - compatible unions: mappings {selector: n, data: v}.
//
// It reads integers from the text of the node, so that none loses
// precision. Its errors give the path to the faulty part and its line.
func SSZFromYAML(t schema.Type, n *yaml.Node) ([]byte, error) {
	return appendYAML(nil, t, n, "value")
}

// appendYAML appends the serialization of the value of type t in n to dst.
func appendYAML(dst []byte, t schema.Type, n *yaml.Node, path string) ([]byte, error) {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	start := len(dst)
	var err error
	switch t := t.(type) {
	case *schema.Uint:
		dst, err = appendUint(dst, t, n, path)
	case *schema.Bool:
		dst, err = appendBool(dst, n, path)
	case *schema.Bitvector, *schema.Bitlist, *schema.ProgressiveBitlist:
		dst, err = appendHex(dst, n, path)
	case *schema.Vector:
		dst, err = appendSequence(dst, t.Elem(), n, path, t.Len(), true)
	case *schema.List:
		dst, err = appendSequence(dst, t.Elem(), n, path, t.Limit(), false)
	case *schema.ProgressiveList:
		dst, err = appendSequence(dst, t.Elem(), n, path, math.MaxUint64, false)
	case *schema.Container:
		dst, err = appendContainer(dst, t, n, path)
	case *schema.ProgressiveContainer:
		dst, err = appendContainer(dst, t, n, path)
	case *schema.Union:
		dst, err = appendUnion(dst, t, n, path)
	case *schema.CompatibleUnion:
		dst, err = appendCompatibleUnion(dst, t, n, path)
	default:
		err = fmt.Errorf("%s: no YAML form known for type %v", path, t)
	}
	if err != nil {
		return nil, err
	}
	if t.IsFixedSize() && len(dst)-start != t.FixedSize() {
		return nil, fmt.Errorf("%s: %s gives %d bytes, want %d for %v", path, describe(n), len(dst)-start, t.FixedSize(), t)
	}
	return dst, nil
}

// appendUint appends the little-endian bytes of the integer in n.
func appendUint(dst []byte, t *schema.Uint, n *yaml.Node, path string) ([]byte, error) {
	v, ok := parseInteger(n, t.Bits() > 64)
	if !ok {
		return nil, fmt.Errorf("%s: want an integer for %v, got %s", path, t, describe(n))
	}
	if v.Sign() < 0 || v.BitLen() > t.Bits() {
		return nil, fmt.Errorf("%s: %s out of range for %v", path, describe(n), t)
	}
	size := t.Bits() / 8
	dst = slices.Grow(dst, size)
	b := v.FillBytes(dst[len(dst) : len(dst)+size])
	slices.Reverse(b)
	return dst[:len(dst)+size], nil
}

// parseInteger returns the integer written in n: a YAML integer (decimal,
// or with a 0x, 0o or 0b prefix), a decimal integer too large for YAML
// integers (tagged as a float), or, if allowString is set, a string of decimal
// digits.
func parseInteger(n *yaml.Node, allowString bool) (*big.Int, bool) {
	if n.Kind != yaml.ScalarNode {
		return nil, false
	}
	v := new(big.Int)
	switch n.ShortTag() {
	case "!!int":
		// Base 0 reads the prefixes as YAML does, and underscores.
		return v.SetString(n.Value, 0)
	case "!!float":
		if !isDecimal(n.Value) {
			return nil, false
		}
		return v.SetString(n.Value, 10)
	case "!!str":
		if !allowString || !isDecimal(n.Value) {
			return nil, false
		}
		return v.SetString(n.Value, 10)
	}
	return nil, false
}

// isDecimal reports whether s is a non-empty string of decimal digits.
func isDecimal(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// appendBool appends the byte of the boolean in n.
func appendBool(dst []byte, n *yaml.Node, path string) ([]byte, error) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		return nil, fmt.Errorf("%s: want true or false, got %s", path, describe(n))
	}
	if b {
		return append(dst, 1), nil
	}
	return append(dst, 0), nil
}

// appendHex appends the bytes of the '0x..' hex string in n.
func appendHex(dst []byte, n *yaml.Node, path string) ([]byte, error) {
	h, ok := "", false
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		h, ok = strings.CutPrefix(n.Value, "0x")
	}
	if !ok {
		return nil, fmt.Errorf("%s: want a '0x..' hex string, got %s", path, describe(n))
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %v", path, describe(n), err)
	}
	return append(dst, b...), nil
}

// appendSequence appends the serialization of a vector (exactly, set) or
// list of n elements of type elem, with bound elements.
func appendSequence(dst []byte, elem schema.Type, n *yaml.Node, path string, bound uint64, exactly bool) ([]byte, error) {
	if u, ok := elem.(*schema.Uint); ok && u.Bits() == 8 && n.Kind == yaml.ScalarNode {
		b, err := appendHex(nil, n, path)
		if err != nil {
			return nil, err
		}
		if err := checkLength(path, uint64(len(b)), bound, exactly); err != nil {
			return nil, err
		}
		return append(dst, b...), nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: want a sequence, got %s", path, describe(n))
	}
	if err := checkLength(path, uint64(len(n.Content)), bound, exactly); err != nil {
		return nil, err
	}
	parts := make([]part, len(n.Content))
	for i, e := range n.Content {
		parts[i] = part{elem, e, fmt.Sprintf("%s[%d]", path, i)}
	}
	return appendParts(dst, parts, path)
}

// checkLength checks the length of a vector (exactly set) or list with
// bound elements.
func checkLength(path string, length, bound uint64, exactly bool) error {
	switch {
	case exactly && length != bound:
		return fmt.Errorf("%s: %d elements, want %d", path, length, bound)
	case length > bound:
		return fmt.Errorf("%s: %d elements, more than the limit %d", path, length, bound)
	}
	return nil
}

// fielded is what containers and progressive containers share: named
// fields, serialized alike.
type fielded interface {
	String() string
	NumFields() int
	FieldIndex(name string) int
	Field(i int) schema.Field
}

// appendContainer appends the serialization of the container value in the
// mapping n.
func appendContainer(dst []byte, t fielded, n *yaml.Node, path string) ([]byte, error) {
	if n.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: want a mapping for %v, got %s", path, t, describe(n))
	}
	parts := make([]part, t.NumFields())
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		j := t.FieldIndex(k.Value)
		switch {
		case k.Kind != yaml.ScalarNode || j < 0:
			return nil, fmt.Errorf("%s: %v has no field %s", path, t, describe(k))
		case parts[j].node != nil:
			return nil, fmt.Errorf("%s: field %s given twice (line %d)", path, k.Value, k.Line)
		}
		parts[j] = part{t.Field(j).Type, v, path + "." + k.Value}
	}
	for i, p := range parts {
		if p.node == nil {
			return nil, fmt.Errorf("%s: field %s missing (line %d)", path, t.Field(i).Name, n.Line)
		}
	}
	return appendParts(dst, parts, path)
}

// appendUnion appends the serialization of the union value in the mapping
// n: {selector: n, value: v}, or data instead of value.
func appendUnion(dst []byte, t *schema.Union, n *yaml.Node, path string) ([]byte, error) {
	selector, value, err := unionMapping(n, t, path, "union", "value")
	if err != nil {
		return nil, err
	}
	if selector == nil {
		return nil, fmt.Errorf("%s: union without selector (line %d)", path, n.Line)
	}
	s, ok := parseInteger(selector, false)
	if !ok || !s.IsUint64() || s.Uint64() >= uint64(t.Options()) {
		return nil, fmt.Errorf("%s: selector %s names no option of %v", path, describe(selector), t)
	}
	dst = append(dst, byte(s.Uint64()))
	option := t.Option(int(s.Uint64()))
	if option == nil {
		if value != nil && value.ShortTag() != "!!null" {
			return nil, fmt.Errorf("%s: None with a value %s", path, describe(value))
		}
		return dst, nil
	}
	if value == nil {
		return nil, fmt.Errorf("%s: union without value (line %d)", path, n.Line)
	}
	return appendYAML(dst, option, value, path+".value")
}

// appendCompatibleUnion appends the serialization of the compatible union
// value in the mapping n: {selector: s, data: v}.
func appendCompatibleUnion(dst []byte, t *schema.CompatibleUnion, n *yaml.Node, path string) ([]byte, error) {
	selector, data, err := unionMapping(n, t, path, "compatible union", "")
	if err != nil {
		return nil, err
	}
	if selector == nil || data == nil {
		return nil, fmt.Errorf("%s: compatible union without selector or data (line %d)", path, n.Line)
	}
	s, ok := parseInteger(selector, false)
	if !ok || !s.IsUint64() || s.Uint64() > 255 || t.Option(int(s.Uint64())) == nil {
		return nil, fmt.Errorf("%s: selector %s names no option of %v", path, describe(selector), t)
	}
	dst = append(dst, byte(s.Uint64()))
	return appendYAML(dst, t.Option(int(s.Uint64())), data, path+".data")
}

// unionMapping returns the selector and the data of the mapping n of a
// union of type t (what, in messages): the values of its keys selector
// and data, or of valueKey, which a union may use instead of data. Either
// is nil when its key is absent; another key is an error.
func unionMapping(n *yaml.Node, t schema.Type, path, what, valueKey string) (selector, data *yaml.Node, err error) {
	if n.Kind != yaml.MappingNode {
		return nil, nil, fmt.Errorf("%s: want a mapping {selector, data} for %v, got %s", path, t, describe(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := n.Content[i]; {
		case k.Value == "selector":
			selector = n.Content[i+1]
		case k.Value == "data", valueKey != "" && k.Value == valueKey:
			data = n.Content[i+1]
		default:
			return nil, nil, fmt.Errorf("%s: unexpected key %s in a %s", path, describe(k), what)
		}
	}
	return selector, data, nil
}

// A part is a field or element of a composite value.
type part struct {
	t    schema.Type
	node *yaml.Node
	path string
}

// appendParts appends the serialization of a container or sequence of the
// given parts: the fixed-size parts and the offsets of the variable-size
// ones, then the variable-size parts.
func appendParts(dst []byte, parts []part, path string) ([]byte, error) {
	start := len(dst)
	var offsets []int // where in dst the offsets of variable-size parts are
	var err error
	for _, p := range parts {
		if p.t.IsFixedSize() {
			if dst, err = appendYAML(dst, p.t, p.node, p.path); err != nil {
				return nil, err
			}
			continue
		}
		offsets = append(offsets, len(dst))
		dst = append(dst, 0, 0, 0, 0)
	}
	i := 0
	for _, p := range parts {
		if p.t.IsFixedSize() {
			continue
		}
		offset := len(dst) - start
		if uint64(offset) > math.MaxUint32 {
			return nil, fmt.Errorf("%s: larger than 4 GiB", path)
		}
		binary.LittleEndian.PutUint32(dst[offsets[i]:], uint32(offset))
		i++
		if dst, err = appendYAML(dst, p.t, p.node, p.path); err != nil {
			return nil, err
		}
	}
	if uint64(len(dst)-start) > math.MaxUint32 {
		return nil, fmt.Errorf("%s: larger than 4 GiB", path)
	}
	return dst, nil
}

// describe describes a YAML node for error messages.
func describe(n *yaml.Node) string {
	var what string
	switch n.Kind {
	case yaml.ScalarNode:
		v := n.Value
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		what = fmt.Sprintf("%s %q", n.ShortTag(), v)
	case yaml.SequenceNode:
		what = fmt.Sprintf("a sequence of %d", len(n.Content))
	case yaml.MappingNode:
		what = "a mapping"
	default:
		what = "YAML node"
	}
	return fmt.Sprintf("%s (line %d)", what, n.Line)
}
