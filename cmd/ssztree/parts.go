package main

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// A part is the part of a value that a path names: its generalized index,
// its type and its serialization.
type part struct {
	path string
	g    tree.Gindex
	t    schema.Type
	ssz  []byte
}

// expandPaths returns the paths that the command-line paths name, in
// order, in the grammar of schema.ParsePath: a range ("balances[0:10]",
// "validators[0:64].effective_balance") gives the path of each element it
// names, for get and proof alike. More than maxProofParts paths in all is
// an error, before they are made.
func expandPaths(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		parsed, err := schema.ParsePath(p)
		if err != nil {
			return nil, err
		}
		each, err := parsed.Expand(maxProofParts - len(out))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, e := range each {
			out = append(out, e.String())
		}
	}
	return out, nil
}

// partAt returns the part of v that path names. A basic value packed with
// others in a chunk (an element of a list of uint64, a bit of a bitlist)
// is cut out of its chunk; __len__ and a union's selector are the first
// bytes of theirs.
func partAt(v view.View, path string) (part, error) {
	root := v.Node()
	g, t, err := schema.LocateIn(v.Type(), root, path)
	if err != nil {
		return part{}, err
	}
	if t == nil {
		return part{}, fmt.Errorf("%s: the union's data has no single type here", path)
	}
	n, err := tree.GetGindex(root, g)
	if err != nil {
		return part{}, fmt.Errorf("%s: %w", path, err)
	}
	p := part{path: path, g: g, t: t}
	if !isBasic(t) {
		if p.ssz, err = t.Encode(nil, n); err != nil {
			return part{}, fmt.Errorf("%s: %w", path, err)
		}
		return p, nil
	}
	chunk := n.Root()
	size := t.FixedSize()
	off := 0
	steps, _ := schema.ParsePath(path)
	if last := len(steps) - 1; last >= 0 && steps[last].IsIndex() {
		_, parent, err := schema.LocateIn(v.Type(), root, steps[:last].String())
		if err != nil {
			return part{}, err
		}
		i := steps[last].Index
		switch parent.(type) {
		case *schema.Bitlist, *schema.Bitvector, *schema.ProgressiveBitlist:
			bit := i % 256
			p.ssz = []byte{chunk[bit/8] >> (bit % 8) & 1}
			return p, nil
		case *schema.List, *schema.Vector, *schema.ProgressiveList:
			off = int(i%uint64(32/size)) * size
		}
	}
	p.ssz = append([]byte(nil), chunk[off:off+size]...)
	return p, nil
}

// isBasic reports whether t is a basic type: an unsigned integer or a
// boolean.
func isBasic(t schema.Type) bool {
	switch t.(type) {
	case *schema.Uint, *schema.Bool:
		return true
	}
	return false
}
