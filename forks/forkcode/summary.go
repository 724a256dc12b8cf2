package forkcode

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// Summary returns the value of type to that stands for v as the
// specification's headers stand for what they describe (an
// ExecutionPayloadHeader for an ExecutionPayload, a BeaconBlockHeader's
// body_root for a body), field by field: to has as many fields as v, and
// each stands for v's field at the same position, X:
//
//   - a field X of the same type is v's, shared;
//   - a field X_root, a Bytes32, is the hash tree root of v's;
//   - a field X_header, or X of another container type, is the summary of
//     v's.
//
// Each field of the summary has the root of the field of v it stands for,
// so the summary has the root of v. The summary shares v's subtrees: it
// costs the hashing of the fields it replaces by their roots, whose roots
// v keeps. A field of to that does not stand for v's is an error naming
// pkg, the fork's package.
func Summary(pkg string, v *view.Container, to *schema.Container) (*view.Container, error) {
	n, err := summary(pkg, v.Schema(), v.Node(), to)
	if err != nil {
		return nil, err
	}
	s, err := view.Of(to, n)
	if err != nil {
		return nil, err
	}
	return s.(*view.Container), nil
}

// summary returns the tree of the summary, of type to, of the value of type
// from whose tree is n.
func summary(pkg string, from *schema.Container, n *tree.Node, to *schema.Container) (*tree.Node, error) {
	if from.NumFields() != to.NumFields() {
		return nil, fmt.Errorf("%s: %s has %d fields, %s %d", pkg, to, to.NumFields(), from, from.NumFields())
	}
	fields, err := from.Fields(n)
	if err != nil {
		return nil, err
	}
	nodes := make([]*tree.Node, len(fields))
	for i, f := range fields {
		ff, tf := from.Field(i), to.Field(i)
		switch {
		case ff.Name == tf.Name && sameType(ff.Type, tf.Type):
			nodes[i] = f
			continue
		case tf.Name == ff.Name+"_root" && isBytes32(tf.Type):
			nodes[i] = tree.NewLeaf(f.Root())
			continue
		case tf.Name == ff.Name || tf.Name == ff.Name+"_header":
			fc, ok1 := ff.Type.(*schema.Container)
			tc, ok2 := tf.Type.(*schema.Container)
			if ok1 && ok2 {
				if nodes[i], err = summary(pkg, fc, f, tc); err != nil {
					return nil, err
				}
				continue
			}
		}
		return nil, fmt.Errorf("%s: %s.%s (%s) does not stand for %s.%s (%s)", pkg, to, tf.Name, tf.Type, from, ff.Name, ff.Type)
	}
	return build(to, nodes)
}

// build returns the tree of the value of container type t whose fields'
// trees are nodes.
func build(t *schema.Container, nodes []*tree.Node) (*tree.Node, error) {
	if !t.IsCompact() {
		return tree.Build(t.Depth(), nodes, 0)
	}
	// A compact container's tree is a page of its bytes, rather than a
	// tree of its fields: the fields' bytes, all of fixed size, make it.
	b := make([]byte, 0, t.FixedSize())
	for i, n := range nodes {
		var err error
		if b, err = t.Field(i).Type.Encode(b, n); err != nil {
			return nil, err
		}
	}
	return t.PageOf(b)
}

// sameType reports whether a and b are the same type, and so have the same
// trees: one container (a fork resolves each of its containers once), or
// other types written alike ("List[uint64, 1024]").
func sameType(a, b schema.Type) bool {
	ac, ok1 := a.(*schema.Container)
	bc, ok2 := b.(*schema.Container)
	if ok1 || ok2 {
		return ac == bc
	}
	return a.String() == b.String()
}

// isBytes32 reports whether t is a vector of 32 bytes, whose tree is one
// leaf holding its bytes: the type of a root.
func isBytes32(t schema.Type) bool {
	v, ok := t.(*schema.Vector)
	if !ok || v.Len() != 32 {
		return false
	}
	u, ok := v.Elem().(*schema.Uint)
	return ok && u.IsByte()
}

// Expand returns the value of type to whose summary (see Summary) is v,
// given part, the value of the one field of to that v holds as a header
// (X_header, in v or in a container v holds in the place of one of to's):
// a blinded block and its execution payload give the block. The fields of
// v that to has alike are shared. Expand fails, naming pkg, when part's
// root is not that header's, when to has no such field of part's type, or
// when v holds another root or header in the place of one of to's fields.
func Expand(pkg string, v *view.Container, to *schema.Container, part *view.Container) (*view.Container, error) {
	n, used, err := expand(pkg, v.Schema(), v.Node(), to, part)
	if err != nil {
		return nil, err
	}
	if !used {
		return nil, fmt.Errorf("%s: %s has no header of a %s to expand into %s", pkg, v.Schema(), part.Schema(), to)
	}
	s, err := view.Of(to, n)
	if err != nil {
		return nil, err
	}
	return s.(*view.Container), nil
}

// expand returns the tree of the value of type to whose summary is the
// value of type from whose tree is n, with part in the place of the header
// that stands for it, and whether it put part there.
func expand(pkg string, from *schema.Container, n *tree.Node, to *schema.Container, part *view.Container) (*tree.Node, bool, error) {
	if from.NumFields() != to.NumFields() {
		return nil, false, fmt.Errorf("%s: %s has %d fields, %s %d", pkg, from, from.NumFields(), to, to.NumFields())
	}
	fields, err := from.Fields(n)
	if err != nil {
		return nil, false, err
	}
	nodes := make([]*tree.Node, len(fields))
	used := false
	for i, f := range fields {
		ff, tf := from.Field(i), to.Field(i)
		fc, ok1 := ff.Type.(*schema.Container)
		tc, ok2 := tf.Type.(*schema.Container)
		switch {
		case ff.Name == tf.Name && sameType(ff.Type, tf.Type):
			nodes[i] = f
			continue
		case ff.Name == tf.Name+"_header" && tc == part.Schema() && !used:
			p := part.Node()
			if p.Root() != f.Root() {
				return nil, false, fmt.Errorf("%s: the header of the %s, of root %#x, is not %s.%s, of root %#x", pkg, tc, p.Root(), from, ff.Name, f.Root())
			}
			nodes[i], used = p, true
			continue
		case ff.Name == tf.Name && ok1 && ok2:
			var u bool
			if nodes[i], u, err = expand(pkg, fc, f, tc, part); err != nil {
				return nil, false, err
			}
			if u && used {
				return nil, false, fmt.Errorf("%s: %s holds two headers of a %s", pkg, from, part.Schema())
			}
			used = used || u
			continue
		}
		return nil, false, fmt.Errorf("%s: %s.%s (%s) does not stand for %s.%s (%s)", pkg, from, ff.Name, ff.Type, to, tf.Name, tf.Type)
	}
	n, err = build(to, nodes)
	return n, used, err
}
