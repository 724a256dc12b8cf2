package schema

import "github.com/ssztree/ssztree/tree"

// PathBytes is the heap memory that one part of a value holds, as
// [MemoryByPath] reports it.
type PathBytes struct {
	// Path is the part's path (see [Path]); "" is the value itself, for
	// the nodes of its own above its fields.
	Path string
	// Bytes is what the part added to the set: what it holds that no root
	// of the set and no part reported before it holds.
	Bytes int64
}

// MemoryByPath adds n, the tree of a value of type t, to the set m and
// says which parts of the value hold the bytes this added: the fields of
// containers, nested up to depth levels (0 reports the value whole), each
// field's bytes being those of its subtree that m did not count before,
// in field order, and a container's own entry the branches above its
// fields. The entries add up to what [tree.Memory.Add] of n would return:
// with an empty m, the bytes the value holds; with m holding other states,
// what this one adds to them. On return m holds n, once, as after Add.
//
// Only containers are broken down; a list, vector or compact container is
// one entry. Entries of zero bytes are left out.
func MemoryByPath(t Type, n *tree.Node, m *tree.Memory, depth int) ([]PathBytes, error) {
	w := memoryWalk{m: m}
	err := w.walk(t, n, nil, depth)
	for _, h := range w.holds {
		m.Remove(h)
	}
	if err != nil {
		return nil, err
	}
	return w.out, nil
}

type memoryWalk struct {
	m     *tree.Memory
	holds []*tree.Node // the field subtrees added along the way, to remove
	out   []PathBytes
}

func (w *memoryWalk) walk(t Type, n *tree.Node, path Path, depth int) error {
	c, ok := t.(*Container)
	if ok && depth > 0 && !c.IsCompact() {
		fields, err := c.Fields(n)
		if err != nil {
			return err
		}
		for i, f := range fields {
			if err := w.walk(c.fields[i].Type, f, append(path[:len(path):len(path)], FieldStep(c.fields[i].Name)), depth-1); err != nil {
				return err
			}
			w.holds = append(w.holds, f)
		}
	}
	if b := w.m.Add(n); b != 0 {
		w.out = append(w.out, PathBytes{Path: path.String(), Bytes: b})
	}
	return nil
}
