package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Union is a view of a Union[...] value: a selector and the value of the
// selected option.
type Union struct {
	lk    link
	t     *schema.Union
	node  *tree.Node
	sel   int
	value View // handle on the selected value; nil for None or basic options
	dirty bool
}

// NewUnion returns a view of the default value of t: option 0 holding its
// default value.
func NewUnion(t *schema.Union) (*Union, error) { return ofUnion(t, t.Default()) }

// DecodeUnion returns a view of the value of type t serialized in b. It
// returns an error if b is not a valid value.
func DecodeUnion(t *schema.Union, b []byte) (*Union, error) { return decodeAs(t, b, ofUnion) }

func ofUnion(t *schema.Union, n *tree.Node) (*Union, error) {
	u := &Union{t: t}
	if err := u.set(n); err != nil {
		return nil, err
	}
	return u, nil
}

func (u *Union) set(n *tree.Node) error {
	sel, value, err := u.t.Selected(n)
	if err != nil {
		return err
	}
	if u.value != nil {
		u.value.link().detach() // a value of its own from now on
	}
	u.node, u.sel, u.value, u.dirty = n, sel, nil, false
	u.lk.settled()
	if o := u.t.Option(sel); o != nil {
		if v, err := newCore(o, value); err == nil {
			u.value = v
			v.link().adopt(u, 0)
		}
	}
	return nil
}

func (u *Union) reset(n *tree.Node) {
	if err := u.set(n); err != nil {
		panic(err)
	}
}

func (u *Union) link() *link { return &u.lk }
func (u *Union) core() View  { return u }

func (u *Union) childChanged(uint64) {
	u.dirty = true
	u.lk.changed()
}

func (u *Union) commit() *tree.Node {
	if u.dirty {
		u.node = tree.NewMixIn(u.value.commit(), uint64(u.sel))
		u.value.link().flagged = false
		u.dirty = false
	}
	u.lk.settled()
	return u.node
}

// Type returns the union type.
func (u *Union) Type() schema.Type { return u.t }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (u *Union) Node() *tree.Node {
	u.lk.share()
	return u.peek()
}

func (u *Union) peek() *tree.Node {
	if u.lk.pending.Load() {
		return u.lockedCommit()
	}
	return u.node
}

func (u *Union) lockedCommit() *tree.Node {
	defer u.lk.lock().Unlock()
	return u.commit()
}

// HashTreeRoot implements [View].
func (u *Union) HashTreeRoot() [32]byte { return u.peek().Root() }

// MarshalSSZ implements [View].
func (u *Union) MarshalSSZ() ([]byte, error) { return marshal(u, nil) }

// MarshalSSZTo implements [View].
func (u *Union) MarshalSSZTo(dst []byte) ([]byte, error) { return marshal(u, dst) }

// SizeSSZ implements [View].
func (u *Union) SizeSSZ() int { return sizeOf(u) }

// UnmarshalSSZ implements [View].
func (u *Union) UnmarshalSSZ(b []byte) error { return unmarshal(u, b) }

// Copy returns an independent copy in O(1).
func (u *Union) Copy() *Union { return must(ofUnion(u.t, u.Node())) }

// Selector returns the index of the selected option.
func (u *Union) Selector() int { return u.sel }

// Value returns a handle on the selected value, which writes through to u,
// or nil when the selected option is None or a basic type (read those with
// ValueBytes).
func (u *Union) Value() View {
	if u.value == nil {
		return nil
	}
	return wrap(u.value)
}

// ValueBytes returns the serialization of the selected value (empty for
// None).
func (u *Union) ValueBytes() []byte {
	b := must(u.MarshalSSZ())
	return b[1:]
}

// Select sets the union to option sel holding the value serialized in b. It
// returns an error, changing nothing, if sel is not an option or b is not a
// valid value of it.
func (u *Union) Select(sel int, b []byte) error {
	if sel < 0 || sel >= u.t.Options() {
		return fmt.Errorf("view: %w: selector %d of %v", schema.ErrSelector, sel, u.t)
	}
	n, err := u.t.Decode(append([]byte{byte(sel)}, b...))
	if err != nil {
		return err
	}
	if err := u.set(n); err != nil {
		return err
	}
	u.lk.changed()
	return nil
}
