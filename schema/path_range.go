package schema

import (
	"fmt"

	"github.com/ssztree/ssztree/tree"
)

// This file holds the paths that name several parts of a value: ranges of
// elements ("balances[0:10]", "validators[0:64].effective_balance"), and
// the leaves of a whole subtree, which a proof of a composite part holds
// ("validators[12]": every chunk of the validator). The proofs of package
// view and the proof server read their paths through these functions, and
// the command's get reads the same grammar.

// Part is one part of a value that a path names: its path without ranges,
// its generalized index below the value's root, and its type (the
// element's for the chunk of a basic element or a bit; nil for a union's
// data of unknown type, see [Locate]).
type Part struct {
	Path   Path
	Gindex tree.Gindex
	Type   Type
}

// Expand returns the paths without ranges that p names, in order: a path
// for each element of each range, the first range outermost, so that
// "a[0:2].b[0:2]" gives a[0].b[0], a[0].b[1], a[1].b[0], a[1].b[1]. A path
// without range gives itself. It returns an error wrapping [ErrPath] when
// they would be more than max, before it allocates them.
func (p Path) Expand(max int) ([]Path, error) {
	n := uint64(1)
	for _, s := range p {
		c := s.Count()
		if n > uint64(max)/c {
			return nil, fmt.Errorf("%w: %s names more than %d parts", ErrPath, p, max)
		}
		n *= c
	}
	if n > uint64(max) {
		return nil, fmt.Errorf("%w: %s names more than %d parts", ErrPath, p, max)
	}
	out := make([]Path, 0, n)
	cur := make(Path, len(p))
	var walk func(i int)
	walk = func(i int) {
		if i == len(p) {
			out = append(out, append(Path(nil), cur...))
			return
		}
		if !p[i].IsRange() {
			cur[i] = p[i]
			walk(i + 1)
			return
		}
		for j := p[i].Index; j < p[i].End; j++ {
			cur[i] = IndexStep(j)
			walk(i + 1)
		}
	}
	walk(0)
	return out, nil
}

// LocateAll returns the parts of a value of type t that path names, as
// [Locate] locates each path of its expansion ([Path.Expand]), in order:
// one part for a path without range. More than max parts is an error.
// Every error wraps [ErrPath].
func LocateAll(t Type, path string, max int) ([]Part, error) {
	return locateAll(t, nil, path, max, false)
}

// LocateAllIn is [LocateAll] for the value of type t whose tree is n, as
// [LocateIn] locates each part: a range of a list's elements must end at
// or below the list's length, else the error wraps [ErrPastLength].
func LocateAllIn(t Type, n *tree.Node, path string, max int) ([]Part, error) {
	if n == nil {
		return nil, treeError(t, "nil tree")
	}
	return locateAll(t, n, path, max, true)
}

func locateAll(t Type, root *tree.Node, path string, max int, checkLen bool) ([]Part, error) {
	p, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	paths, err := p.Expand(max)
	if err != nil {
		return nil, err
	}
	out := make([]Part, len(paths))
	for i, q := range paths {
		g, pt, err := locatePath(t, root, q, path, checkLen)
		if err != nil {
			return nil, err
		}
		out[i] = Part{Path: q, Gindex: g, Type: pt}
	}
	return out, nil
}

// Gindices returns the generalized indices of the parts of a value of type
// t that path names ([LocateAll]), in order, the chunk that packs several
// elements of a range ("balances[0:10]": 3 chunks) once.
func Gindices(t Type, path string, max int) ([]tree.Gindex, error) {
	parts, err := LocateAll(t, path, max)
	if err != nil {
		return nil, err
	}
	return partGindices(parts), nil
}

func partGindices(parts []Part) []tree.Gindex {
	out := make([]tree.Gindex, 0, len(parts))
	for _, p := range parts {
		if len(out) > 0 && out[len(out)-1] == p.Gindex {
			continue
		}
		out = append(out, p.Gindex)
	}
	return out
}

// LeafGindices returns the generalized indices of the leaves that a proof
// of the parts named by paths holds, in the value of type t whose tree is
// n: each part is located as [LocateAllIn] does; a basic part is its chunk,
// and a composite part stands for its whole subtree, the indices of every
// chunk of its value (every field's, every element's up to a list's
// length, and the length; a union's data and selector). That is what
// @chainsafe/ssz's createProof(paths) proves, so that every field of the
// part reads back from the proof: "validators[12]" gives the 9 chunks of
// the validator (its public key takes two). A chunk is given once where
// consecutive parts share it; other repeats stay (proofs allow them). More
// than max indices is an error wrapping [ErrPath].
func LeafGindices(t Type, n *tree.Node, paths []string, max int) ([]tree.Gindex, error) {
	if n == nil {
		return nil, treeError(t, "nil tree")
	}
	var out []tree.Gindex
	for _, path := range paths {
		parts, err := LocateAllIn(t, n, path, max)
		if err != nil {
			return nil, err
		}
		for _, p := range parts {
			if p.Type == nil {
				return nil, fmt.Errorf("%w: %s of %q: the union's data has no type to expand", ErrPath, p.Path, path)
			}
			if out, err = appendLeaves(out, p.Type, n, p.Gindex, max); err != nil {
				return nil, fmt.Errorf("%w (in %q)", err, path)
			}
		}
	}
	return out, nil
}

// appendLeaves appends to dst the generalized indices of the chunks of the
// value of type t at g below root (see LeafGindices), and fails past max.
func appendLeaves(dst []tree.Gindex, t Type, root *tree.Node, g tree.Gindex, max int) ([]tree.Gindex, error) {
	add := func(pos uint64) error {
		c, ok := g.Concat(tree.Gindex(pos))
		if !ok {
			return fmt.Errorf("%w: a leaf of %v at %d is deeper than 63 levels", ErrPath, t, g)
		}
		if len(dst) > 0 && dst[len(dst)-1] == c {
			return nil
		}
		if len(dst) >= max {
			return fmt.Errorf("%w: more than %d leaves", ErrPath, max)
		}
		dst = append(dst, c)
		return nil
	}
	sub := func(pos uint64, et Type) error {
		c, ok := g.Concat(tree.Gindex(pos))
		if !ok {
			return fmt.Errorf("%w: a part of %v at %d is deeper than 63 levels", ErrPath, t, g)
		}
		var err error
		dst, err = appendLeaves(dst, et, root, c, max)
		return err
	}
	node := func() (*tree.Node, error) {
		n, err := tree.GetGindex(root, g)
		if err != nil {
			return nil, treeError(t, "%v", err)
		}
		return n, nil
	}
	// lengthOf returns the length of the list at g, split by its type.
	lengthOf := func(split func(*tree.Node) (*tree.Node, uint64, error)) (uint64, error) {
		n, err := node()
		if err != nil {
			return 0, err
		}
		_, l, err := split(n)
		return l, err
	}
	var err error
	switch t := t.(type) {
	case *Uint, *Bool:
		err = add(1)
	case *Container:
		for i, f := range t.fields {
			if err = sub(1<<uint(t.depth)|uint64(i), f.Type); err != nil {
				break
			}
		}
	case *ProgressiveContainer:
		for i, f := range t.fields.fields {
			pos, _, perr := progressivePosition(t, FieldStep(f.Name), t.positions[i], f.Type)
			if perr != nil {
				return dst, perr
			}
			if err = sub(pos, f.Type); err != nil {
				break
			}
		}
	case *Vector:
		err = t.elements.appendLeaves(t.n, func(pos uint64) uint64 { return 1<<uint(t.depth) | pos }, add, sub)
	case *Bitvector:
		for c := uint64(0); c < t.ChunkCount() && err == nil; c++ {
			err = add(1<<uint(t.depth) | c)
		}
	case *List:
		length, lerr := lengthOf(t.Split)
		if lerr != nil {
			return dst, lerr
		}
		err = t.elements.appendLeaves(length, func(pos uint64) uint64 { return 2<<uint(t.depth) | pos }, add, sub)
		if err == nil {
			err = add(3)
		}
	case *Bitlist:
		length, lerr := lengthOf(t.Split)
		if lerr != nil {
			return dst, lerr
		}
		for c := uint64(0); c < bitChunks(length) && err == nil; c++ {
			err = add(2<<uint(t.depth) | c)
		}
		if err == nil {
			err = add(3)
		}
	case *ProgressiveList:
		length, lerr := lengthOf(t.Split)
		if lerr != nil {
			return dst, lerr
		}
		e := &t.levels[0]
		count := length
		if e.packed {
			count = (length*uint64(e.esize) + 31) / 32
		}
		for i := uint64(0); i < count && err == nil; i++ {
			pos, _, perr := progressivePosition(t, IndexStep(i), i, e.elem)
			if perr != nil {
				return dst, perr
			}
			if e.packed {
				err = add(pos)
			} else {
				err = sub(pos, e.elem)
			}
		}
		if err == nil {
			err = add(3)
		}
	case *ProgressiveBitlist:
		length, lerr := lengthOf(t.Split)
		if lerr != nil {
			return dst, lerr
		}
		for c := uint64(0); c < bitChunks(length) && err == nil; c++ {
			pos, _, perr := progressivePosition(t, IndexStep(c*256), c, Boolean)
			if perr != nil {
				return dst, perr
			}
			err = add(pos)
		}
		if err == nil {
			err = add(3)
		}
	case *Union, *CompatibleUnion:
		var n *tree.Node
		if n, err = node(); err != nil {
			return dst, err
		}
		var opt Type
		if opt, err = selectedOption(t, n, 1); err != nil {
			return dst, err
		}
		if opt == nil {
			err = add(2) // None: a zero chunk
		} else {
			err = sub(2, opt)
		}
		if err == nil {
			err = add(3)
		}
	default:
		err = fmt.Errorf("%w: no leaves for %v", ErrPath, t)
	}
	return dst, err
}

// appendLeaves calls add with the position of each chunk of the first
// length elements of e, when they are packed, or sub with the position and
// type of each element; at maps a position in the data tree to one below
// the value's root.
func (e *elements) appendLeaves(length uint64, at func(uint64) uint64, add func(uint64) error, sub func(uint64, Type) error) error {
	if e.packed {
		chunks := (length*uint64(e.esize) + 31) / 32
		for c := uint64(0); c < chunks; c++ {
			if err := add(at(c)); err != nil {
				return err
			}
		}
		return nil
	}
	for i := uint64(0); i < length; i++ {
		pos, et := e.elemPosition(i)
		if err := sub(at(pos), et); err != nil {
			return err
		}
	}
	return nil
}

// ViewGindices returns [LeafGindices] of paths with what the typed views of
// package view need to read those leaves from a partial tree that holds
// nothing else (a proof's, [tree.CompactMultiproof.Node]): the root of every
// field of each container a path goes through (a container's view reads
// its fields' nodes at once), the length of each list and the selector
// of each union it goes through (a view checks an index against the
// length), and every chunk of an element that a list or vector keeps in
// pages, when a path goes into one (a view reads such an element whole,
// from its page's bytes: a validator's field brings the validator). An index of it that lies above another (a field that a path
// goes into) is left out, so that the indices suit a compact multiproof,
// and each is given once. More than max leaves, counted before that
// pruning, is an error wrapping [ErrPath].
func ViewGindices(t Type, n *tree.Node, paths []string, max int) ([]tree.Gindex, error) {
	leaves, err := LeafGindices(t, n, paths, max)
	if err != nil {
		return nil, err
	}
	all := leaves
	seen := map[string]bool{} // the parts whose skeleton is in
	for _, path := range paths {
		parts, err := LocateAllIn(t, n, path, max)
		if err != nil {
			return nil, err
		}
		for _, p := range parts {
			for i := range p.Path {
				g, pt, err := locatePath(t, n, p.Path[:i], path, true)
				if err != nil {
					return nil, err
				}
				if key := p.Path[:i].String(); !seen[key] {
					seen[key] = true
					if all, err = appendSkeleton(all, pt, g, max); err != nil {
						return nil, err
					}
				}
				if !packedComposite(pt) {
					continue
				}
				// A view reads such an element whole, from the bytes of
				// its page: every chunk of it, and nothing below is
				// skeleton.
				elem := p.Path[:i+1]
				key := elem.String()
				if seen[key] {
					break
				}
				seen[key] = true
				eg, et, err := locatePath(t, n, elem, path, true)
				if err != nil {
					return nil, err
				}
				if all, err = appendLeaves(all, et, n, eg, max); err != nil {
					return nil, err
				}
				break
			}
		}
	}
	return pruneAncestors(all), nil
}

// packedComposite reports whether t is a sequence whose elements are
// composite values kept in pages ([tree.Layout]), which a view reads whole.
func packedComposite(t Type) bool {
	var e *elements
	switch t := t.(type) {
	case *List:
		e = &t.elements
	case *Vector:
		e = &t.elements
	case *ProgressiveList:
		e = &t.levels[0]
	default:
		return false
	}
	if e.layout == nil {
		return false
	}
	switch e.elem.(type) {
	case *Uint, *Bool:
		return false
	}
	return true
}

// appendSkeleton appends to dst the indices a view of the value of type t
// at g reads before any of its parts: its fields' roots, or its length or
// selector.
func appendSkeleton(dst []tree.Gindex, t Type, g tree.Gindex, max int) ([]tree.Gindex, error) {
	add := func(pos uint64) error {
		c, ok := g.Concat(tree.Gindex(pos))
		if !ok {
			return fmt.Errorf("%w: a part of %v at %d is deeper than 63 levels", ErrPath, t, g)
		}
		if len(dst) >= max {
			return fmt.Errorf("%w: more than %d leaves", ErrPath, max)
		}
		dst = append(dst, c)
		return nil
	}
	switch t := t.(type) {
	case *Container:
		for i := range t.fields {
			if err := add(1<<uint(t.depth) | uint64(i)); err != nil {
				return dst, err
			}
		}
	case *ProgressiveContainer:
		for i, f := range t.fields.fields {
			pos, _, err := progressivePosition(t, FieldStep(f.Name), t.positions[i], f.Type)
			if err != nil {
				return dst, err
			}
			if err := add(pos); err != nil {
				return dst, err
			}
		}
	case *List, *Bitlist, *ProgressiveList, *ProgressiveBitlist, *Union, *CompatibleUnion:
		return dst, add(3)
	}
	return dst, nil
}

// pruneAncestors returns gs without repeats and without the indices that
// lie above another one of gs, in the order of their first occurrence.
func pruneAncestors(gs []tree.Gindex) []tree.Gindex {
	set := make(map[tree.Gindex]bool, len(gs))
	for _, g := range gs {
		set[g] = true
	}
	above := make(map[tree.Gindex]bool, len(gs))
	for g := range set {
		for a := g >> 1; a >= 1 && !above[a]; a >>= 1 {
			above[a] = true
		}
	}
	out := make([]tree.Gindex, 0, len(set))
	for _, g := range gs {
		if set[g] && !above[g] {
			out = append(out, g)
			set[g] = false
		}
	}
	return out
}
