package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// CompatibleUnion is a view of a CompatibleUnion({selector: type}) value
// (EIP-8016): a selector and the data of the option it selects. [Of] and
// [New] give one for a [*schema.CompatibleUnion].
type CompatibleUnion struct {
	lk   link
	t    *schema.CompatibleUnion
	node *tree.Node
	sel  int
	// data is the handle on the selected option's value, nil when the
	// option's type has no view (a basic type).
	data  View
	dirty bool
}

// NewCompatibleUnion returns a view of the schema's default value of t (the
// specification defines none): the option of the lowest selector, holding
// its default value.
func NewCompatibleUnion(t *schema.CompatibleUnion) (*CompatibleUnion, error) {
	return ofCompatibleUnion(t, t.Default())
}

// DecodeCompatibleUnion returns a view of the value of type t serialized in
// b. It returns an error if b is not a valid value.
func DecodeCompatibleUnion(t *schema.CompatibleUnion, b []byte) (*CompatibleUnion, error) {
	return decodeAs(t, b, ofCompatibleUnion)
}

func ofCompatibleUnion(t *schema.CompatibleUnion, n *tree.Node) (*CompatibleUnion, error) {
	u := &CompatibleUnion{t: t}
	if err := u.set(n); err != nil {
		return nil, err
	}
	return u, nil
}

// set makes n the committed tree and the handle on its data new; a handle
// given out before becomes a value of its own.
func (u *CompatibleUnion) set(n *tree.Node) error {
	sel, data, err := u.t.Selected(n)
	if err != nil {
		return err
	}
	if u.data != nil {
		u.data.link().detach()
	}
	u.node, u.sel, u.data, u.dirty = n, sel, nil, false
	u.lk.settled()
	if v, err := newCore(u.t.Option(sel), data); err == nil {
		u.data = v
		v.link().adopt(u, 0)
	}
	return nil
}

func (u *CompatibleUnion) reset(n *tree.Node) {
	if err := u.set(n); err != nil {
		panic(err)
	}
}

func (u *CompatibleUnion) link() *link { return &u.lk }
func (u *CompatibleUnion) core() View  { return u }

func (u *CompatibleUnion) childChanged(uint64) {
	u.dirty = true
	u.lk.changed()
}

func (u *CompatibleUnion) commit() *tree.Node {
	if u.dirty {
		u.node = tree.NewMixIn(u.data.commit(), uint64(u.sel))
		u.data.link().flagged = false
		u.dirty = false
	}
	u.lk.settled()
	return u.node
}

// Type returns the compatible union type.
func (u *CompatibleUnion) Type() schema.Type { return u.t }

// Schema returns the compatible union type.
func (u *CompatibleUnion) Schema() *schema.CompatibleUnion { return u.t }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (u *CompatibleUnion) Node() *tree.Node {
	u.lk.share()
	return u.peek()
}

func (u *CompatibleUnion) peek() *tree.Node {
	if u.lk.pending.Load() {
		return u.lockedCommit()
	}
	return u.node
}

func (u *CompatibleUnion) lockedCommit() *tree.Node {
	defer u.lk.lock().Unlock()
	return u.commit()
}

// HashTreeRoot implements [View].
func (u *CompatibleUnion) HashTreeRoot() [32]byte { return u.peek().Root() }

// MarshalSSZ implements [View].
func (u *CompatibleUnion) MarshalSSZ() ([]byte, error) { return marshal(u, nil) }

// MarshalSSZTo implements [View].
func (u *CompatibleUnion) MarshalSSZTo(dst []byte) ([]byte, error) { return marshal(u, dst) }

// SizeSSZ implements [View].
func (u *CompatibleUnion) SizeSSZ() int { return sizeOf(u) }

// UnmarshalSSZ implements [View].
func (u *CompatibleUnion) UnmarshalSSZ(b []byte) error { return unmarshal(u, b) }

// Copy returns an independent copy in O(1).
func (u *CompatibleUnion) Copy() *CompatibleUnion { return must(ofCompatibleUnion(u.t, u.Node())) }

// Selector returns the selector of the selected option.
func (u *CompatibleUnion) Selector() int { return u.sel }

// Option returns the type of the selected option.
func (u *CompatibleUnion) Option() schema.Type { return u.t.Option(u.sel) }

// Data returns a handle on the selected option's value, of the view type
// [Of] gives for the option's type, which writes through to u. It returns
// nil when the option's type has no view (a basic type: read it with
// DataBytes). The handle stays u's until the next Select, SetData or
// UnmarshalSSZ of u, after which it is a value of its own.
func (u *CompatibleUnion) Data() View {
	if u.data == nil {
		return nil
	}
	return wrap(u.data)
}

// DataBytes returns the serialization of the selected option's value.
func (u *CompatibleUnion) DataBytes() []byte {
	b := must(u.MarshalSSZ())
	return b[1:]
}

// Select sets the union to the option of selector sel holding the value
// serialized in b. It returns an error, changing nothing, if sel names no
// option or b is not a valid value of it.
func (u *CompatibleUnion) Select(sel int, b []byte) error {
	if u.t.Option(sel) == nil {
		return fmt.Errorf("view: %w: selector %d of %v", schema.ErrSelector, sel, u.t)
	}
	data, err := u.t.Option(sel).Decode(b)
	if err != nil {
		return err
	}
	return u.setData(sel, data)
}

// SetData sets the union to the option of selector sel holding the value
// of v, in O(1): u shares v's tree, and later changes to v do not reach u.
// It returns an error, changing nothing, if sel names no option or v is not
// of the option's type.
func (u *CompatibleUnion) SetData(sel int, v View) error {
	o := u.t.Option(sel)
	if o == nil {
		return fmt.Errorf("view: %w: selector %d of %v", schema.ErrSelector, sel, u.t)
	}
	if v.Type() != o {
		return fmt.Errorf("%w: %v as option %d (%v) of %v", ErrWrongType, v.Type(), sel, o, u.t)
	}
	return u.setData(sel, v.Node())
}

func (u *CompatibleUnion) setData(sel int, data *tree.Node) error {
	if err := u.set(tree.NewMixIn(data, uint64(sel))); err != nil {
		return err
	}
	u.lk.changed()
	return nil
}
