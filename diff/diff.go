// Package diff finds what differs between two SSZ values of the same type:
// the changed parts by field path, in the notation of the consensus
// specification ("slot", "balances[7]",
// "validators[12].effective_balance"), with the serialized value of each
// part on both sides.
//
// The walk compares the two trees top-down and skips every subtree whose
// roots are equal, so its cost follows what changed, not the size of the
// values: two hashed states of a million validators that differ in one
// validator's field compare in a few dozen node visits and one page. It
// works on values decoded separately, since it compares roots, not
// pointers; both trees are hashed as the walk needs their roots.
//
// A change is reported at a leaf of the comparison (see [Change]): a basic
// value (a uint64, a boolean), an element of a vector or list of basic
// values, or a value compared whole: a byte vector or byte list (a root, a
// public key, extra data), a bitvector or bitlist (progressive or not).
// Containers (progressive or not), vectors and lists of composite values
// are walked field by field and element by element; "list" means a
// bounded list and a progressive list (EIP-7916) alike, whose subtrees are
// walked in turn. A list that is longer on one side
// reports each element it has beyond the other's length whole, as added
// (only in b) or removed (only in a). A union whose selectors differ is a
// change of the whole union; otherwise its value is compared under "data".
//
// Values of different types are not compared: vectors of different
// lengths or lists of different limits (two presets), or containers with
// other fields, give an error wrapping [ErrTypeMismatch] that names the
// first part where the types differ.
package diff

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// ErrTypeMismatch is the error of a comparison of values of different
// types.
var ErrTypeMismatch = errors.New("diff: type mismatch")

// ErrTree is the error of a tree that does not have the shape of its type.
// It is [schema.ErrTree], so that errors.Is holds for either name.
var ErrTree = schema.ErrTree

// Kind says how a part differs.
type Kind uint8

const (
	// Changed: the part is in both values, with different contents.
	Changed Kind = iota
	// Added: the part is an element of a list that only b is long enough
	// to hold.
	Added
	// Removed: the part is an element of a list that only a is long
	// enough to hold.
	Removed
)

// String returns "changed", "added" or "removed".
func (k Kind) String() string {
	switch k {
	case Changed:
		return "changed"
	case Added:
		return "added"
	case Removed:
		return "removed"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Change is one part that differs between two values.
type Change struct {
	// Path names the part below the values' root (see schema.Path).
	Path schema.Path
	Kind Kind
	// Type is the part's type.
	Type schema.Type
	// A and B hold the part's serialization in a and in b; A is nil when
	// the part was added, B when it was removed.
	A, B []byte
}

// Options bound a comparison.
type Options struct {
	// Limit is the most changes reported; 0 means no limit. The walk stops
	// at the limit, so a limit also bounds its cost.
	Limit int
}

// Result is the outcome of a comparison.
type Result struct {
	// Changes holds the parts that differ, in the order of the values'
	// serialization (fields in order, elements by index).
	Changes []Change
	// Truncated is set when the walk stopped at Options.Limit: there may
	// be more changes than those reported.
	Truncated bool
}

// ErrNilView is the error of a comparison of a nil view: nil, or a nil
// pointer of a view type (a nil *view.Container).
var ErrNilView = errors.New("diff: nil view")

// Values compares two views: see [Trees]. Pending writes of either are
// committed first. A nil view, untyped or a nil pointer, gives an error
// wrapping [ErrNilView] that says which.
func Values(a, b view.View, opts Options) (*Result, error) {
	if err := notNil("a", a); err != nil {
		return nil, err
	}
	if err := notNil("b", b); err != nil {
		return nil, err
	}
	return Trees(a.Type(), a.Node(), b.Type(), b.Node(), opts)
}

// notNil returns an error wrapping ErrNilView if v, the view named name, is
// nil or a nil pointer in the interface.
func notNil(name string, v view.View) error {
	switch {
	case v == nil:
		return fmt.Errorf("%w: %s is nil", ErrNilView, name)
	case view.IsNil(v):
		return fmt.Errorf("%w: %s is a nil %T", ErrNilView, name, v)
	}
	return nil
}

// Trees compares the value of type ta whose tree is a with the value of
// type tb whose tree is b. The types must be the same type, or types of
// the same structure (two decodings of one definition); otherwise the
// error wraps [ErrTypeMismatch]. A tree that does not match its type gives
// an error wrapping [ErrTree].
func Trees(ta schema.Type, a *tree.Node, tb schema.Type, b *tree.Node, opts Options) (*Result, error) {
	if ta == nil || tb == nil || a == nil || b == nil {
		return nil, fmt.Errorf("diff: %w: nil type or tree", ErrTree)
	}
	if err := sameType(ta, tb, nil); err != nil {
		return nil, err
	}
	w := walker{limit: opts.Limit}
	if err := w.value(ta, a, b, nil); err != nil && err != errFull {
		return nil, err
	}
	return &Result{Changes: w.changes, Truncated: w.truncated}, nil
}

// errFull stops a walk that reached its limit.
var errFull = errors.New("diff: limit reached")

// walker collects the changes of one comparison.
type walker struct {
	limit     int
	changes   []Change
	truncated bool
}

// add records a change; it returns errFull once the limit is passed.
func (w *walker) add(c Change) error {
	if w.limit > 0 && len(w.changes) == w.limit {
		w.truncated = true
		return errFull
	}
	w.changes = append(w.changes, c)
	return nil
}

// at returns path followed by step, in a slice of its own, so that changes
// never share their paths' storage.
func at(path schema.Path, step schema.PathStep) schema.Path {
	p := make(schema.Path, len(path), len(path)+1)
	copy(p, path)
	return append(p, step)
}

// splitBoth splits the trees a and b of lists of type t, bounded or
// progressive, into their data and lengths.
func splitBoth(t interface {
	schema.Type
	Split(*tree.Node) (*tree.Node, uint64, error)
}, a, b *tree.Node, path schema.Path) (da, db *tree.Node, la, lb uint64, err error) {
	if da, la, err = t.Split(a); err != nil {
		return nil, nil, 0, 0, treeErr(path, t, err)
	}
	if db, lb, err = t.Split(b); err != nil {
		return nil, nil, 0, 0, treeErr(path, t, err)
	}
	return da, db, la, lb, nil
}

// treeErr is the error of a tree at path that does not match its type t.
func treeErr(path schema.Path, t schema.Type, err error) error {
	return fmt.Errorf("diff: %w: %s (%v): %v", ErrTree, pathName(path), t, err)
}

func pathName(p schema.Path) string {
	if len(p) == 0 {
		return "the value"
	}
	return p.String()
}

// value compares the values of type t whose trees are a and b, found at
// path.
func (w *walker) value(t schema.Type, a, b *tree.Node, path schema.Path) error {
	if a == b || a.Root() == b.Root() {
		return nil
	}
	switch t := t.(type) {
	case *schema.Container:
		if t.IsCompact() {
			return w.whole(t, a, b, path)
		}
		return w.fields(t, a, b, path)
	case *schema.ProgressiveContainer:
		return w.fields(t, a, b, path)
	case *schema.Vector:
		if isByte(t.Elem()) {
			return w.whole(t, a, b, path)
		}
		s := seq{t: t, elem: t.Elem(), layout: t.PageLayout(), depth: t.DataDepth()}
		return w.elements(&s, a, b, t.Len(), t.Len(), path)
	case *schema.List:
		if isByte(t.Elem()) {
			return w.whole(t, a, b, path)
		}
		da, db, la, lb, err := splitBoth(t, a, b, path)
		if err != nil {
			return err
		}
		s := seq{t: t, elem: t.Elem(), layout: t.PageLayout(), depth: t.DataDepth()}
		return w.elements(&s, da, db, la, lb, path)
	case *schema.ProgressiveList:
		if isByte(t.Elem()) {
			return w.whole(t, a, b, path)
		}
		da, db, la, lb, err := splitBoth(t, a, b, path)
		if err != nil {
			return err
		}
		return w.progressive(t, da, db, la, lb, path)
	case *schema.Union:
		sa, va, err := t.Selected(a)
		if err != nil {
			return treeErr(path, t, err)
		}
		sb, vb, err := t.Selected(b)
		if err != nil {
			return treeErr(path, t, err)
		}
		if sa != sb || t.Option(sa) == nil {
			return w.whole(t, a, b, path)
		}
		return w.value(t.Option(sa), va, vb, at(path, schema.FieldStep("data")))
	}
	// Basic values, bitfields, progressive bitlists: compared whole.
	return w.whole(t, a, b, path)
}

// container is what fields needs of a container's type: its fields and
// their subtrees (*schema.Container, *schema.ProgressiveContainer).
type container interface {
	schema.Type
	Field(i int) schema.Field
	Fields(n *tree.Node) ([]*tree.Node, error)
}

// fields compares the containers of type t whose trees are a and b, found
// at path, field by field.
func (w *walker) fields(t container, a, b *tree.Node, path schema.Path) error {
	fa, err := t.Fields(a)
	if err != nil {
		return treeErr(path, t, err)
	}
	fb, err := t.Fields(b)
	if err != nil {
		return treeErr(path, t, err)
	}
	for i := range fa {
		f := t.Field(i)
		if err := w.value(f.Type, fa[i], fb[i], at(path, schema.FieldStep(f.Name))); err != nil {
			return err
		}
	}
	return nil
}

// whole records a change of the value of type t at path, compared whole:
// what its serializations show. Values that serialize the same (which
// roots alone cannot tell for compact values of equal bytes) are no change;
// compact composite values are compared field by field from their bytes.
func (w *walker) whole(t schema.Type, a, b *tree.Node, path schema.Path) error {
	// Non-nil even when empty: nil says a part is absent.
	ea, err := t.Encode([]byte{}, a)
	if err != nil {
		return treeErr(path, t, err)
	}
	eb, err := t.Encode([]byte{}, b)
	if err != nil {
		return treeErr(path, t, err)
	}
	return w.bytes(t, ea, eb, path)
}

// bytes compares two serializations of a value of type t found at path:
// field by field for fixed-size containers, element by element for vectors
// of fixed-size values that are not bytes, whole for the rest.
func (w *walker) bytes(t schema.Type, a, b []byte, path schema.Path) error {
	if string(a) == string(b) {
		return nil
	}
	switch t := t.(type) {
	case *schema.Container:
		if t.IsFixedSize() && len(a) == t.FixedSize() && len(b) == len(a) {
			for i := 0; i < t.NumFields(); i++ {
				f := t.Field(i)
				lo := t.FieldOffset(i)
				hi := lo + f.Type.FixedSize()
				if err := w.bytes(f.Type, a[lo:hi], b[lo:hi], at(path, schema.FieldStep(f.Name))); err != nil {
					return err
				}
			}
			return nil
		}
	case *schema.Vector:
		if es := t.Elem().FixedSize(); t.IsFixedSize() && !isByte(t.Elem()) && len(a) == t.FixedSize() && len(b) == len(a) {
			for i := 0; i < int(t.Len()); i++ {
				lo, hi := i*es, (i+1)*es
				if err := w.bytes(t.Elem(), a[lo:hi], b[lo:hi], at(path, schema.IndexStep(uint64(i)))); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return w.add(Change{Path: path, Kind: Changed, Type: t, A: a, B: b})
}

func isByte(t schema.Type) bool {
	u, ok := t.(*schema.Uint)
	return ok && u.IsByte()
}
