package schema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ssztree/ssztree/tree"
)

// PathStep is one step of a path: to a field, __len__, data or selector by
// Name, or to an element by Index when Name is empty, or, when End is not
// zero too, to the range of elements Index, Index+1 ... End-1 (End >
// Index: a range is never empty).
type PathStep struct {
	Name  string
	Index uint64
	End   uint64
}

// FieldStep returns the step to the field (or __len__, data, selector)
// named name.
func FieldStep(name string) PathStep { return PathStep{Name: name} }

// IndexStep returns the step to element i.
func IndexStep(i uint64) PathStep { return PathStep{Index: i} }

// RangeStep returns the step to the elements start, start+1 ... end-1. It
// panics unless start < end: a range is never empty.
func RangeStep(start, end uint64) PathStep {
	if start >= end {
		panic("schema: empty path range")
	}
	return PathStep{Index: start, End: end}
}

// IsIndex reports whether s is a step to an element or to a range of
// elements.
func (s PathStep) IsIndex() bool { return s.Name == "" }

// IsRange reports whether s is a step to a range of elements.
func (s PathStep) IsRange() bool { return s.Name == "" && s.End != 0 }

// Count returns the number of parts s names: the length of a range, 1
// for any other step.
func (s PathStep) Count() uint64 {
	if s.IsRange() {
		return s.End - s.Index
	}
	return 1
}

// String returns the step as it stands at the start of a path: "name",
// "[i]" or "[start:end]".
func (s PathStep) String() string {
	if s.IsRange() {
		return "[" + strconv.FormatUint(s.Index, 10) + ":" + strconv.FormatUint(s.End, 10) + "]"
	}
	if s.IsIndex() {
		return "[" + strconv.FormatUint(s.Index, 10) + "]"
	}
	return s.Name
}

// JoinPath returns the path of step followed by rest, a path below the
// part step names. Errors build their paths with it as they go back up
// from the part at fault, so that every path they report is in the one
// notation that [ParsePath] reads.
func JoinPath(step PathStep, rest string) string {
	s := step.String()
	if rest == "" || rest[0] == '[' {
		return s + rest
	}
	return s + "." + rest
}

// Path is a parsed path: the steps from a value to one of its parts. A
// path names a part of a value, in the notation of the consensus spec's
// get_generalized_index: field names after dots and element indices in
// brackets ("validators[12].effective_balance"), __len__ for the length of
// a list or bitlist ("balances.__len__"). A range of elements
// ("balances[0:10]", "validators[0:64].effective_balance"; start included,
// end excluded, as in Python and Go slices) makes the path name several
// parts: one per element of the range (see [Path.Expand] and [Gindices]);
// the functions that locate one part ([Gindex], [Locate], [LocateIn])
// refuse it. The spec does not define paths
// into unions; here the value of a union or of a compatible union is
// "data" and its selector "selector", the members of its JSON object, and
// a path goes on below data into the option's type (see [Locate] and
// [LocateIn]); what this doc says of unions holds for compatible unions. The empty path is
// the value itself; a path starts with a field name or an index, never
// with a dot, and does not name the value's type. Error messages put the top type's
// name in front ("BeaconState.validators[0].slashed"), but the Path field
// of an [*Error] holds the path alone.
//
// The grammar, for [ParsePath] and [Path.String]:
//
//	path  = "" | first { step }
//	first = name | index
//	step  = "." name | index
//	name  = letter { letter | digit }     (letter: a-z, A-Z or _)
//	index = "[" number [ ":" number ] "]"    (a range: start < end)
//	number = "0" | digit1 { digit }
type Path []PathStep

// String returns the path in the notation ParsePath reads.
func (p Path) String() string {
	var b strings.Builder
	for i, s := range p {
		if i > 0 && !s.IsIndex() {
			b.WriteByte('.')
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// ParsePath parses a path (see the grammar of [Path]). Any error wraps
// [ErrPath]. ParsePath(p.String()) gives back p for every path p whose
// names follow the grammar.
func ParsePath(path string) (Path, error) {
	var p Path
	for i := 0; i < len(path); {
		switch {
		case path[i] == '[':
			start, end, err := parseIndex(path, i)
			if err != nil {
				return nil, err
			}
			p = append(p, start)
			i = end
		case path[i] == '.' && i > 0, i == 0:
			if i > 0 {
				i++
			}
			end := i
			for end < len(path) && isNameByte(path[end], end == i) {
				end++
			}
			if end == i {
				return nil, fmt.Errorf("%w: no field name at byte %d of %q", ErrPath, i, path)
			}
			p = append(p, FieldStep(path[i:end]))
			i = end
		default:
			return nil, fmt.Errorf("%w: %q at byte %d of %q, want a dot or a bracket", ErrPath, path[i], i, path)
		}
	}
	return p, nil
}

// parseIndex parses the index or range in brackets at byte i of path, and
// returns its step and the byte after its closing bracket.
func parseIndex(path string, i int) (PathStep, int, error) {
	number := func(at int) (uint64, int, error) {
		end := at
		for end < len(path) && path[end] >= '0' && path[end] <= '9' {
			end++
		}
		digits := path[at:end]
		if digits == "" {
			return 0, end, fmt.Errorf("%w: no number at byte %d of %q", ErrPath, at, path)
		}
		n, err := strconv.ParseUint(digits, 10, 64)
		if err != nil || (len(digits) > 1 && digits[0] == '0') {
			return 0, end, fmt.Errorf("%w: index %s at byte %d of %q", ErrPath, digits, at, path)
		}
		return n, end, nil
	}
	start, at, err := number(i + 1)
	if err != nil {
		return PathStep{}, 0, err
	}
	if at < len(path) && path[at] == ':' {
		end, after, err := number(at + 1)
		if err != nil {
			return PathStep{}, 0, err
		}
		if after == len(path) || path[after] != ']' {
			return PathStep{}, 0, fmt.Errorf("%w: range without its closing bracket at byte %d of %q", ErrPath, i, path)
		}
		if end <= start {
			return PathStep{}, 0, fmt.Errorf("%w: empty range [%d:%d] at byte %d of %q: the end must be above the start", ErrPath, start, end, i, path)
		}
		return PathStep{Index: start, End: end}, after + 1, nil
	}
	if at == len(path) || path[at] != ']' {
		return PathStep{}, 0, fmt.Errorf("%w: index without its closing bracket at byte %d of %q", ErrPath, i, path)
	}
	return IndexStep(start), at + 1, nil
}

// isName reports whether s is a name of the path grammar.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i], i == 0) {
			return false
		}
	}
	return s != ""
}

func isNameByte(c byte, first bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || !first && '0' <= c && c <= '9'
}

// Gindex returns the generalized index, below the root of a value of type t,
// of the part named by path ("finalized_checkpoint.root",
// "validators[12].effective_balance", "balances.__len__"; see [Path]). The
// empty path is the root, 1. It follows the spec's get_generalized_index: an
// element of a list of basic values, or a bit, is in the chunk that packs it.
func Gindex(t Type, path string) (tree.Gindex, error) {
	g, _, err := Locate(t, path)
	return g, err
}

// Locate returns the generalized index, below the root of a value of type
// t, of the part named by path (as [Gindex] does), and that part's type.
// For the chunk of a basic element or a bit, the type is the element's.
// The data of a union is located by its type alone only when every option
// but None has the same type: then the path may go on below it; otherwise
// data has no type (nil) and ends the path ([LocateIn] follows the value's
// selector). Any error wraps [ErrPath].
func Locate(t Type, path string) (tree.Gindex, Type, error) {
	return locate(t, nil, path, false)
}

// LocateIn is [Locate] for the value of type t whose tree is n: the data
// of a union is of the option the value selects, so a path may go on below
// the data of any union, and an index into a list or bitlist must be below
// the value's length there, else the error wraps [ErrPastLength] and names
// the length. A tree that does not have the shape of the type gives an
// error wrapping [ErrTree].
func LocateIn(t Type, n *tree.Node, path string) (tree.Gindex, Type, error) {
	if n == nil {
		return 0, nil, treeError(t, "nil tree")
	}
	return locate(t, n, path, true)
}

// LocateInPastLength is [LocateIn] without the check of lengths: an index
// into a list or bitlist may be at or past its length, up to its limit,
// where the tree holds zero chunks (or the chunk that packs the last
// elements with zeros). It is for a proof that a list has no element
// there, which a proof of the list's __len__ completes.
func LocateInPastLength(t Type, n *tree.Node, path string) (tree.Gindex, Type, error) {
	if n == nil {
		return 0, nil, treeError(t, "nil tree")
	}
	return locate(t, n, path, false)
}

// lengthOf is what the lists and bitlists, bounded and progressive, have:
// their length in the tree.
type lengthOf interface {
	Split(n *tree.Node) (data *tree.Node, length uint64, err error)
}

// checkLength returns an error wrapping ErrPastLength if step i of p, an
// index into the value of type t at g below root, is not below the length
// of that value, a list or bitlist.
func checkLength(t Type, root *tree.Node, g tree.Gindex, p Path, i int) error {
	l, ok := t.(lengthOf)
	if !ok {
		return nil
	}
	n, err := tree.GetGindex(root, g)
	if err != nil {
		return treeError(t, "%s: %v", p[:i+1], err)
	}
	_, length, err := l.Split(n)
	if err != nil {
		return err
	}
	if p[i].Index >= length {
		return fmt.Errorf("%w: %s: index %d past the length %d of %v", ErrPastLength, p[:i+1], p[i].Index, length, t)
	}
	return nil
}

// locate is Locate, and LocateIn when root is not nil, which checks the
// indices into lists against their lengths when checkLen is set.
func locate(t Type, root *tree.Node, path string, checkLen bool) (tree.Gindex, Type, error) {
	p, err := ParsePath(path)
	if err != nil {
		return 0, nil, err
	}
	for i, s := range p {
		if s.IsRange() {
			return 0, nil, fmt.Errorf("%w: %s (step %d of %q) names a range of parts, not one: see Gindices", ErrPath, s, i+1, path)
		}
	}
	return locatePath(t, root, p, path, checkLen)
}

// locatePath is locate of the parsed path p, without ranges; path is its
// text for errors.
func locatePath(t Type, root *tree.Node, p Path, path string, checkLen bool) (tree.Gindex, Type, error) {
	g := tree.Gindex(1)
	for i, s := range p {
		if t == nil {
			return 0, nil, fmt.Errorf("%w: %s of %q: the union's data before it is None, or of options that differ in type", ErrPath, s, path)
		}
		pos, next, err := t.child(s)
		if err != nil {
			return 0, nil, fmt.Errorf("%w (step %d of %q)", err, i+1, path)
		}
		if checkLen && root != nil && s.IsIndex() {
			if err := checkLength(t, root, g, p, i); err != nil {
				return 0, nil, err
			}
		}
		if next == nil && s.Name == "data" && root != nil && i+1 < len(p) {
			if next, err = selectedOption(t, root, g); err != nil {
				return 0, nil, err
			}
		}
		var ok bool
		if g, ok = g.Concat(tree.Gindex(pos)); !ok {
			return 0, nil, fmt.Errorf("%w: %q is deeper than 63 levels (at step %d)", ErrPath, path, i+1)
		}
		t = next
	}
	return g, t, nil
}

// noStep is the error of a type's child for a step it has not.
func noStep(t Type, s PathStep) error {
	if s.IsIndex() {
		return fmt.Errorf("%w: %v has no element %d", ErrPath, t, s.Index)
	}
	return fmt.Errorf("%w: %v has no field %s", ErrPath, t, s.Name)
}

// selectedOption returns the type of the option that the union or
// compatible union of type t at gindex g below root selects.
func selectedOption(t Type, root *tree.Node, g tree.Gindex) (Type, error) {
	n, err := tree.GetGindex(root, g)
	if err != nil {
		return nil, treeError(t, "%v", err)
	}
	switch t := t.(type) {
	case *Union:
		sel, _, err := t.Selected(n)
		if err != nil {
			return nil, err
		}
		return t.options[sel], nil
	case *CompatibleUnion:
		sel, _, err := t.Selected(n)
		if err != nil {
			return nil, err
		}
		return t.options[sel], nil
	}
	return nil, nil
}
