package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/conformance"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// envelopeMembers are the members of the beacon API's envelope (see
// sszjson.Envelope).
var envelopeMembers = []string{"version", "data", "execution_optimistic", "finalized",
	"execution_payload_blinded", "execution_payload_included", "execution_payload_value",
	"consensus_block_value", "dependent_root"}

// textKinds are the types a JSON or YAML value without -type may be of:
// those loadBytes detects, and an unsigned block (the API's produced
// blocks).
var textKinds = []string{"BeaconState", "SignedBeaconBlock", "SignedBlindedBeaconBlock", "BeaconBlock"}

// loadText reads a value from its JSON (with or without the beacon API's
// envelope, whose version names the fork) or its YAML.
func loadText(in *input, sel *selection) (*value, error) {
	var keys []string
	var conv func(schema.Type) ([]byte, error)
	if in.format == fmtJSON {
		data := in.whole
		keys = topKeys(data)
		if isEnvelope(keys) {
			env, err := sszjson.UnmarshalEnvelope(data)
			if err != nil {
				return nil, err
			}
			if env.Version != "" && sel.fork == nil {
				f, err := forks.ParseName(env.Version)
				if err != nil {
					return nil, fmt.Errorf("the envelope's version %q: %v", env.Version, err)
				}
				sel = withFork(sel, f)
				sel.forkHow = "by the envelope's version"
			}
			data = env.Data
			keys = topKeys(data)
		}
		conv = func(t schema.Type) ([]byte, error) { return sszjson.Unmarshal(t, data) }
	} else {
		var doc yaml.Node
		if err := yaml.Unmarshal(in.whole, &doc); err != nil {
			return nil, fmt.Errorf("YAML: %v", err)
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
			return nil, fmt.Errorf("YAML: not one document")
		}
		n := doc.Content[0]
		if err := noAliases(n, 0); err != nil {
			return nil, err
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				keys = append(keys, n.Content[i].Value)
			}
		}
		conv = func(t schema.Type) ([]byte, error) { return conformance.SSZFromYAML(t, n) }
	}
	names := textKinds
	if sel.typeName != "" {
		names = []string{sel.typeName}
	}
	var first error
	tried := 0
	for _, name := range names {
		s := sel
		if keys != nil && sel.fork == nil {
			// Only the forks whose type has the object's members.
			fs := forksWithFields(name, keys)
			if len(fs) == 0 {
				continue
			}
			c := *sel
			c.only = fs
			s = &c
		}
		tried++
		v, err := pick(name, s, conv)
		if err == nil {
			return v, nil
		}
		if first == nil {
			first = err
		}
	}
	if tried == 0 {
		what := "no state or block of any fork (give -type)"
		if sel.typeName != "" {
			what = "no " + sel.typeName + " of any fork"
		}
		return nil, fmt.Errorf("an object with members %s, which is %s", strings.Join(keys, ", "), what)
	}
	return nil, first
}

// isEnvelope reports whether an object with these members is the beacon
// API's envelope: data and a version, or data and members of the envelope
// only (the API adds members over time, and no container of the forks has
// both a data and a version field).
func isEnvelope(keys []string) bool {
	if !slices.Contains(keys, "data") {
		return false
	}
	if slices.Contains(keys, "version") {
		return true
	}
	for _, k := range keys {
		if !slices.Contains(envelopeMembers, k) {
			return false
		}
	}
	return true
}

// forksWithFields returns the forks whose container name has the fields
// keys, in some order.
func forksWithFields(name string, keys []string) []forks.Name {
	var fs []forks.Name
	for _, f := range forks.Names() {
		t := typeOf(name, f, forks.Mainnet)
		if t == nil {
			continue
		}
		c, ok := t.(fielded)
		if !ok || c.NumFields() != len(keys) {
			continue
		}
		all := true
		for i := range c.NumFields() {
			if !slices.Contains(keys, c.Field(i).Name) {
				all = false
				break
			}
		}
		if all {
			fs = append(fs, f)
		}
	}
	return fs
}

// fielded is what containers of both kinds have.
type fielded interface {
	schema.Type
	NumFields() int
	Field(i int) schema.Field
}

// topKeys returns the member names of the JSON object data, without
// reading its members' values into memory, or nil if data is not an
// object (its syntax is left to the conversion to check).
func topKeys(data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, ok := t.(string)
		if !ok {
			return keys
		}
		keys = append(keys, k)
		if err := skipValue(dec); err != nil {
			return keys
		}
	}
	return keys
}

// skipValue reads one JSON value off dec, token by token, holding none of
// it.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// yamlOf returns the YAML of the JSON that package sszjson writes, in the
// form of the spec tests' value.yaml: unsigned integers, quoted in the
// JSON, as YAML integers; bytes and bitfields as '0x..' strings; objects
// as mappings in field order.
func yamlOf(data []byte) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := yamlValue(dec)
	if err != nil {
		return nil, fmt.Errorf("JSON to YAML: %v", err)
	}
	return n, nil
}

// yamlValue reads one JSON value off dec and returns its YAML node.
func yamlValue(dec *json.Decoder) (*yaml.Node, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		if t == '{' {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
		}
		for dec.More() {
			if n.Kind == yaml.MappingNode {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				ks, _ := k.(string)
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: ks})
			}
			c, err := yamlValue(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, c)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		if n.Kind == yaml.SequenceNode && len(n.Content) == 0 {
			n.Style = yaml.FlowStyle
		}
		return n, nil
	case string:
		if isDecimal(t) {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: t}, nil
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t, Style: yaml.SingleQuotedStyle}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(t)}, nil
	case json.Number:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: t.String()}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected %v", t)
}

// isDecimal reports whether s is a decimal number, as the JSON of an
// unsigned integer is.
func isDecimal(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxYAMLDepth bounds the nesting of a YAML value: deeper than any SSZ
// type of the forks' definitions nests (a state's deepest field is a few
// levels down), far below what would exhaust the stack.
const maxYAMLDepth = 64

// noAliases returns an error if the YAML value n has an alias or an
// anchor, which the spec tests' files never have and which could make a
// small file expand to an exponential value (a "billion laughs"), or if
// it nests deeper than maxYAMLDepth.
func noAliases(n *yaml.Node, depth int) error {
	if depth > maxYAMLDepth {
		return fmt.Errorf("YAML: nested deeper than %d levels", maxYAMLDepth)
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		return fmt.Errorf("YAML: line %d: an anchor or alias, which a value.yaml does not have", n.Line)
	}
	for _, c := range n.Content {
		if err := noAliases(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}
