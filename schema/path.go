package schema

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/tree"
)

// Gindex returns the generalized index, below the root of a value of type t,
// of the part named by path: field names and element indices as in Go
// ("finalized_checkpoint.root", "validators[12].effective_balance"), and
// __len__ for the length of a list or bitlist ("balances.__len__"). The
// empty path is the root, 1. It follows the spec's get_generalized_index: an
// element of a list of basic values, or a bit, is in the chunk that packs it.
func Gindex(t Type, path string) (tree.Gindex, error) {
	elems, err := splitPath(path)
	if err != nil {
		return 0, err
	}
	g := tree.Gindex(1)
	for i, e := range elems {
		pos, next, err := t.child(e)
		if err != nil {
			return 0, fmt.Errorf("%w (at %q of path %q)", err, e, path)
		}
		var ok bool
		if g, ok = g.Concat(tree.Gindex(pos)); !ok {
			return 0, fmt.Errorf("%w: path %q is deeper than 63 levels (at element %d)", ErrPath, path, i)
		}
		t = next
	}
	return g, nil
}

// splitPath splits "a.b[3][4].c" into a, b, 3, 4, c.
func splitPath(path string) ([]string, error) {
	if path == "" {
		return nil, nil
	}
	var out []string
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		if name == "" && len(out) == 0 && rest == "" {
			return nil, fmt.Errorf("%w: empty element in path %q", ErrPath, path)
		}
		if name != "" {
			out = append(out, name)
		}
		for rest != "" {
			idx, after, ok := strings.Cut(rest, "]")
			if !ok || idx == "" {
				return nil, fmt.Errorf("%w: unclosed index in path %q", ErrPath, path)
			}
			out = append(out, idx)
			if after == "" {
				break
			}
			if after[0] != '[' {
				return nil, fmt.Errorf("%w: %q after an index in path %q", ErrPath, after, path)
			}
			rest = after[1:]
		}
		if name == "" && !strings.Contains(part, "[") {
			return nil, fmt.Errorf("%w: empty element in path %q", ErrPath, path)
		}
	}
	return out, nil
}
