package schema

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/tree"
)

// Union is the type Union[T0, T1, ...]: one value of one of the options,
// serialized after a selector byte and merkleized with the selector mixed
// in. The first option may be None (a nil Type).
type Union struct {
	common
	options []Type
}

// NewUnion returns the type Union[options...]. nil stands for None, which
// is legal only as the first of at least two options; a union has at most
// 128 options (selectors above 127 are reserved).
func NewUnion(options ...Type) (*Union, error) {
	switch {
	case len(options) == 0:
		return nil, fmt.Errorf("%w: union without options", ErrIllegalType)
	case len(options) > 128:
		return nil, fmt.Errorf("%w: union of %d options (at most 128)", ErrIllegalType, len(options))
	case options[0] == nil && len(options) < 2:
		return nil, fmt.Errorf("%w: Union[None] has no other option", ErrIllegalType)
	}
	for i, o := range options[1:] {
		if o == nil {
			return nil, fmt.Errorf("%w: None as union option %d (only the first may be None)", ErrIllegalType, i+1)
		}
	}
	u := &Union{options: append([]Type(nil), options...)}
	u.common.t = u
	return u, nil
}

// Options returns the number of options.
func (u *Union) Options() int { return len(u.options) }

// Option returns option i; nil is None.
func (u *Union) Option(i int) Type { return u.options[i] }

// String implements [Type].
func (u *Union) String() string {
	names := make([]string, len(u.options))
	for i, o := range u.options {
		if o == nil {
			names[i] = "None"
		} else {
			names[i] = o.String()
		}
	}
	return "Union[" + strings.Join(names, ", ") + "]"
}

// IsFixedSize implements [Type].
func (u *Union) IsFixedSize() bool { return false }

// FixedSize implements [Type].
func (u *Union) FixedSize() int { return 0 }

// MinSize implements [Type].
func (u *Union) MinSize() uint64 {
	m := uint64(1<<64 - 1)
	for _, o := range u.options {
		if o == nil {
			return 1
		}
		m = min(m, 1+o.MinSize())
	}
	return m
}

// MaxSize implements [Type].
func (u *Union) MaxSize() uint64 {
	var m uint64 = 1
	for _, o := range u.options {
		if o != nil {
			m = max(m, satAdd(1, o.MaxSize()))
		}
	}
	return m
}

// ChunkCount implements [Type].
func (u *Union) ChunkCount() uint64 { return 1 }

// Depth implements [Type].
func (u *Union) Depth() int         { return 0 }
func (u *Union) shape() *tree.Shape { return nil }
func (u *Union) needsCheck() bool   { return true }

func (u *Union) makeDefault() *tree.Node {
	value := tree.Zero(0)
	if u.options[0] != nil {
		value = u.options[0].Default()
	}
	return tree.NewBranch(value, tree.Zero(0))
}

func (u *Union) validate(b []byte, at int) error {
	_, o, err := u.selected(b, at)
	if err != nil || o == nil {
		return err
	}
	if err := o.validate(b[1:], at+1); err != nil {
		return inField(err, FieldStep("data"))
	}
	return nil
}

// selected returns the selector of the union value serialized in b and
// its option, nil for None, which then must be all of b.
func (u *Union) selected(b []byte, at int) (int, Type, error) {
	if len(b) == 0 {
		return 0, nil, decodeError(u, at, ErrSize, "no selector byte")
	}
	sel := int(b[0])
	if sel >= len(u.options) {
		return 0, nil, decodeError(u, at, ErrSelector, "selector %d of %d options", sel, len(u.options))
	}
	o := u.options[sel]
	if o == nil && len(b) != 1 {
		return 0, nil, decodeError(u, at+1, ErrSelector, "None followed by %d bytes", len(b)-1)
	}
	return sel, o, nil
}

func (u *Union) decode(b []byte, at int) (*tree.Node, error) {
	sel, o, err := u.selected(b, at)
	if err != nil {
		return nil, err
	}
	if o == nil {
		return tree.NewBranch(tree.Zero(0), tree.Zero(0)), nil
	}
	value, err := o.decode(b[1:], at+1)
	if err != nil {
		return nil, inField(err, FieldStep("data"))
	}
	return tree.NewMixIn(value, uint64(sel)), nil
}

// Selected returns the selector and the value subtree of the union value
// whose tree is n.
func (u *Union) Selected(n *tree.Node) (int, *tree.Node, error) {
	if !n.IsBranch() {
		return 0, nil, treeError(u, "union is not a branch")
	}
	value, selNode := n.Children()
	if !selNode.IsLeaf() {
		return 0, nil, treeError(u, "selector is not a leaf")
	}
	sel := leUint64(selNode.Chunk())
	if sel >= uint64(len(u.options)) {
		return 0, nil, treeError(u, "selector %d of %d options", sel, len(u.options))
	}
	return int(sel), value, nil
}

func (u *Union) encode(dst []byte, n *tree.Node) ([]byte, error) {
	sel, value, err := u.Selected(n)
	if err != nil {
		return dst, err
	}
	dst = append(dst, byte(sel))
	if u.options[sel] == nil {
		return dst, nil
	}
	dst, err = u.options[sel].encode(dst, value)
	if err != nil {
		return dst, inField(err, FieldStep("data"))
	}
	return dst, nil
}

func (u *Union) size(n *tree.Node) (int, error) {
	sel, value, err := u.Selected(n)
	if err != nil || u.options[sel] == nil {
		return 1, err
	}
	s, err := u.options[sel].size(value)
	return 1 + s, err
}

// child names the union's value "data" (gindex 2, below the mix-in of the
// selector) and its selector "selector" (gindex 3), as its JSON object
// does. The type of data is the options' when every option but None has
// the same type, and unknown (nil) otherwise.
func (u *Union) child(s PathStep) (uint64, Type, error) {
	switch s.Name {
	case "selector":
		return 3, Uint8, nil
	case "data":
		var t Type
		for _, o := range u.options {
			switch {
			case o == nil:
			case t == nil:
				t = o
			case t != o:
				return 2, nil, nil
			}
		}
		return 2, t, nil
	}
	return 0, nil, noStep(u, s)
}
