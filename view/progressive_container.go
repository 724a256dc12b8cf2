package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// ProgressiveContainer is a view of a ProgressiveContainer(active_fields)
// value (EIP-7495), with the API of [Container]: basic fields read and
// written as Go values, fixed-size fields also as their serialization,
// composite fields through handles that write through. Its fields are
// leaves of a progressive tree at the positions of active_fields, under the
// active_fields mix-in; a commit sets the changed fields into their
// subtrees and rebuilds the spine's branches above them.
type ProgressiveContainer struct {
	fieldAccess
	// spine is the committed progressive tree of the fields.
	spine spine
}

func ofProgressiveContainer(t *schema.ProgressiveContainer, n *tree.Node) (*ProgressiveContainer, error) {
	c := new(ProgressiveContainer)
	if err := c.init(t, n); err != nil {
		return nil, err
	}
	return c, nil
}

// init makes c, a zero ProgressiveContainer, a view of tree n of type t.
func (c *ProgressiveContainer) init(t *schema.ProgressiveContainer, n *tree.Node) error {
	c.t, c.prog = t.Container(), t
	return c.set(n)
}

// initOwn is init for a tree of type t that the caller made or holds
// (a decode's, a copy's): an error is a bug.
func (c *ProgressiveContainer) initOwn(t *schema.ProgressiveContainer, n *tree.Node) {
	if err := c.init(t, n); err != nil {
		panic("view: " + err.Error())
	}
}

// NewProgressiveContainer returns a view of the default value of t. The
// error, nil for every type, is there so that every view type's
// constructor has one signature.
func NewProgressiveContainer(t *schema.ProgressiveContainer) (*ProgressiveContainer, error) {
	return ofProgressiveContainer(t, t.Default())
}

// DecodeProgressiveContainer returns a view of the value of type t
// serialized in b. It returns an error if b is not a valid value.
func DecodeProgressiveContainer(t *schema.ProgressiveContainer, b []byte) (*ProgressiveContainer, error) {
	return decodeAs(t, b, ofProgressiveContainer)
}

// DecodeProgressiveContainerTo makes dst a view of the value of type t
// serialized in b, as DecodeProgressiveContainer returns one, without
// allocating dst (see [DecodeContainerTo]). dst must be a zero
// ProgressiveContainer that nothing has used; DecodeProgressiveContainerTo
// panics otherwise. On error dst is unchanged.
func DecodeProgressiveContainerTo(dst *ProgressiveContainer, t *schema.ProgressiveContainer, b []byte) error {
	if dst.t != nil || dst.node != nil {
		panic("view: DecodeProgressiveContainerTo a ProgressiveContainer in use")
	}
	n, err := t.Decode(b)
	if err != nil {
		return err
	}
	dst.initOwn(t, n)
	return nil
}

func (c *ProgressiveContainer) set(n *tree.Node) error {
	if !n.IsBranch() {
		return fmt.Errorf("%w: %v: the tree is not a branch", ErrWrongType, c.prog)
	}
	data, _ := n.Children()
	if err := c.spine.load(data, tree.ProgressiveSubtrees(c.leaves())); err != nil {
		return fmt.Errorf("%w: %v: %w", ErrWrongType, c.prog, err)
	}
	c.take(n, nil)
	return nil
}

func (c *ProgressiveContainer) reset(n *tree.Node) {
	if err := c.set(n); err != nil {
		panic(err)
	}
}
func (c *ProgressiveContainer) core() View { return c }

// Type returns the container type.
func (c *ProgressiveContainer) Type() schema.Type { return c.prog }

// Schema returns the container type.
func (c *ProgressiveContainer) Schema() *schema.ProgressiveContainer { return c.prog }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (c *ProgressiveContainer) Node() *tree.Node {
	c.lk.share()
	return c.peek()
}

func (c *ProgressiveContainer) peek() *tree.Node {
	if c.lk.pending.Load() {
		defer c.lk.lock().Unlock()
		return c.commit()
	}
	return c.node
}

// HashTreeRoot implements [View].
func (c *ProgressiveContainer) HashTreeRoot() [32]byte { return c.peek().Root() }

// MarshalSSZ implements [View].
func (c *ProgressiveContainer) MarshalSSZ() ([]byte, error) { return marshal(c, nil) }

// MarshalSSZTo implements [View].
func (c *ProgressiveContainer) MarshalSSZTo(dst []byte) ([]byte, error) { return marshal(c, dst) }

// SizeSSZ implements [View].
func (c *ProgressiveContainer) SizeSSZ() int { return sizeOf(c) }

// UnmarshalSSZ implements [View].
func (c *ProgressiveContainer) UnmarshalSSZ(b []byte) error { return unmarshal(c, b) }

// Copy returns an independent copy in O(1).
func (c *ProgressiveContainer) Copy() *ProgressiveContainer {
	return must(ofProgressiveContainer(c.prog, c.Node()))
}

// CopyTo makes dst an independent copy of c in O(1), as Copy does, without
// allocating dst (see [Container.CopyTo]). dst must be a zero
// ProgressiveContainer that nothing has used; CopyTo panics otherwise.
func (c *ProgressiveContainer) CopyTo(dst *ProgressiveContainer) {
	if dst.t != nil || dst.node != nil {
		panic("view: ProgressiveContainer.CopyTo a ProgressiveContainer in use")
	}
	dst.initOwn(c.prog, c.Node())
	if c.lk.parent == nil { // a family root: see versions
		noteCopy(&c.lk, &dst.lk)
	}
}

func (c *ProgressiveContainer) commit() *tree.Node {
	if c.kids != nil && c.kids.changed() {
		_, mixIn := c.node.Children()
		c.node = tree.NewBranch(c.spine.apply(c.kids, c.leaves()), mixIn)
		c.fields.Store(nil)
	}
	c.lk.settled()
	return c.node
}

// leaves returns the number of positions of the progressive tree: the
// length of active_fields.
func (c *ProgressiveContainer) leaves() uint64 { return c.prog.Position(c.prog.NumFields()-1) + 1 }
