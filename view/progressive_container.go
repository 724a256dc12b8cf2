package view

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"

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
	lk   link
	t    *schema.ProgressiveContainer
	node *tree.Node // the committed value tree
	// spine is the committed progressive tree of the fields.
	spine spine
	// fields holds the committed field trees, read lazily and published
	// atomically, as for a Container.
	fields atomic.Pointer[[]*tree.Node]
	// kids holds the fields set and the handles given out since the last
	// commit, by the field's position in the progressive tree (not its
	// index), the leaf a commit sets.
	kids parts
	// slots holds the handles given out, by field index, as for a
	// Container.
	slots atomic.Pointer[[]atomic.Pointer[fieldHandle]]
}

func ofProgressiveContainer(t *schema.ProgressiveContainer, n *tree.Node) (*ProgressiveContainer, error) {
	c := &ProgressiveContainer{t: t}
	if err := c.set(n); err != nil {
		return nil, err
	}
	return c, nil
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

func (c *ProgressiveContainer) set(n *tree.Node) error {
	if !n.IsBranch() {
		return fmt.Errorf("%w: %v: the tree is not a branch", ErrWrongType, c.t)
	}
	data, _ := n.Children()
	if err := c.spine.load(data, tree.ProgressiveSubtrees(c.leaves())); err != nil {
		return fmt.Errorf("%w: %v: %w", ErrWrongType, c.t, err)
	}
	c.node = n
	c.kids.pending.clear()
	c.fields.Store(nil)
	for pos, v := range c.kids.views.all() {
		v.reset(c.spine.elem(pos))
	}
	c.kids.dirty.clear()
	c.lk.settled()
	return nil
}

func (c *ProgressiveContainer) reset(n *tree.Node) {
	if err := c.set(n); err != nil {
		panic(err)
	}
}
func (c *ProgressiveContainer) link() *link { return &c.lk }
func (c *ProgressiveContainer) core() View  { return c }

// Type returns the container type.
func (c *ProgressiveContainer) Type() schema.Type { return c.t }

// Schema returns the container type.
func (c *ProgressiveContainer) Schema() *schema.ProgressiveContainer { return c.t }

// NumFields returns the number of fields.
func (c *ProgressiveContainer) NumFields() int { return c.t.NumFields() }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (c *ProgressiveContainer) Node() *tree.Node {
	if c.lk.pending.Load() {
		defer c.lk.lock().Unlock()
		return c.commit()
	}
	return c.node
}

// HashTreeRoot implements [View].
func (c *ProgressiveContainer) HashTreeRoot() [32]byte { return c.Node().Root() }

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
	return must(ofProgressiveContainer(c.t, c.Node()))
}

// CopyTo makes dst an independent copy of c in O(1), as Copy does, without
// allocating dst (see [Container.CopyTo]). dst must be a zero
// ProgressiveContainer that nothing has used; CopyTo panics otherwise.
func (c *ProgressiveContainer) CopyTo(dst *ProgressiveContainer) {
	if dst.t != nil || dst.node != nil {
		panic("view: ProgressiveContainer.CopyTo a ProgressiveContainer in use")
	}
	dst.t = c.t
	if err := dst.set(c.Node()); err != nil {
		panic("view: " + err.Error()) // c's own tree, of c's type
	}
}

func (c *ProgressiveContainer) childChanged(pos uint64) {
	c.kids.markDirty(pos)
	c.lk.changed()
}

func (c *ProgressiveContainer) commit() *tree.Node {
	if c.kids.changed() {
		_, mixIn := c.node.Children()
		c.node = tree.NewBranch(c.spine.apply(&c.kids, c.leaves()), mixIn)
		c.fields.Store(nil)
	}
	c.lk.settled()
	return c.node
}

// leaves returns the number of positions of the progressive tree: the
// length of active_fields.
func (c *ProgressiveContainer) leaves() uint64 { return c.t.Position(c.t.NumFields()-1) + 1 }

// committedField returns the committed tree of field i.
func (c *ProgressiveContainer) committedField(i int) *tree.Node {
	fields := c.fields.Load()
	if fields == nil {
		// Concurrent readers may each read the fields; they publish equal
		// slices.
		f := must(c.t.Fields(c.node))
		fields = &f
		c.fields.Store(fields)
	}
	return (*fields)[i]
}

// fieldNode returns the current tree of field i. Without pending writes,
// that is the committed field, which readers read without the family's
// lock; with them, the caller has exclusive access.
func (c *ProgressiveContainer) fieldNode(i int) *tree.Node {
	if c.lk.pending.Load() {
		if n := c.kids.current(c.t.Position(i)); n != nil {
			return n
		}
	}
	return c.committedField(i)
}

func (c *ProgressiveContainer) field(i int) schema.Type {
	if i < 0 || i >= c.t.NumFields() {
		panic(fmt.Sprintf("view: field %d of %s, which has %d", i, c.t, c.t.NumFields()))
	}
	return c.t.Field(i).Type
}

// FieldIndex returns the index of the field with the given name, or -1.
func (c *ProgressiveContainer) FieldIndex(name string) int { return c.t.FieldIndex(name) }

// Uint returns basic field i, an unsigned integer of at most 64 bits, or a
// boolean as 0 or 1. It panics if field i is not such a field.
func (c *ProgressiveContainer) Uint(i int) uint64 {
	defer unlock(c.lk.lockIfPending())
	size := basicSize(c.field(i))
	n := c.fieldNode(i)
	if !n.IsLeaf() {
		panic(fmt.Sprintf("view: field %s.%s is not a leaf", c.t, c.t.Field(i).Name))
	}
	chunk := n.Chunk()
	return leUint(chunk[:size])
}

// SetUint sets basic field i, an unsigned integer of at most 64 bits (or a
// boolean, from 0 or 1), to v. It panics if field i is not such a field or
// v does not fit in it.
func (c *ProgressiveContainer) SetUint(i int, v uint64) {
	f := c.field(i)
	size := basicSize(f)
	if size < 8 && v>>(8*size) != 0 || f == schema.Boolean && v > 1 {
		panic(fmt.Sprintf("view: %d does not fit in %s.%s (%v)", v, c.t, c.t.Field(i).Name, f))
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	c.setField(i, tree.NewLeafBytes(b[:size]))
}

// Bool returns boolean field i. It panics if field i is not a boolean.
func (c *ProgressiveContainer) Bool(i int) bool {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	return c.Uint(i) == 1
}

// SetBool sets boolean field i. It panics if field i is not a boolean.
func (c *ProgressiveContainer) SetBool(i int, v bool) {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	c.SetUint(i, uint64(boolByte(v)))
}

// Bytes returns the serialization of field i.
func (c *ProgressiveContainer) Bytes(i int) []byte {
	defer unlock(c.lk.lockIfPending())
	return must(c.field(i).Encode(nil, c.fieldNode(i)))
}

// SetBytes sets field i to the value serialized in b. It returns an error,
// changing nothing, if b is not a valid value of the field's type.
func (c *ProgressiveContainer) SetBytes(i int, b []byte) error {
	n, err := c.field(i).Decode(b)
	if err != nil {
		return err
	}
	c.setField(i, n)
	return nil
}

// LoadBytes copies the serialization of fixed-size field i into dst, which
// must be of the field's size. It panics if field i is not fixed-size or
// dst is of another size.
func (c *ProgressiveContainer) LoadBytes(i int, dst []byte) {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	if !f.IsFixedSize() || len(dst) != f.FixedSize() {
		panic(fmt.Sprintf("view: LoadBytes of %d bytes from field %s.%s (%v)", len(dst), c.t, c.t.Field(i).Name, f))
	}
	loadBytes(dst, f, c.fieldNode(i))
}

// Field returns a handle on composite field i: writes to it go to c. It
// panics if field i is of a basic type. Every call returns the same view
// once one has made it, also to concurrent readers, and allocates nothing
// after the first.
func (c *ProgressiveContainer) Field(i int) View {
	f := c.field(i)
	if slots := c.slots.Load(); slots != nil {
		if h := (*slots)[i].Load(); h != nil {
			return h.w
		}
	}
	return c.newField(i, f)
}

// newField returns the handle on field i of type f, making it first unless
// another reader did, under the family's lock.
func (c *ProgressiveContainer) newField(i int, f schema.Type) View {
	defer c.lk.lock().Unlock()
	pos := c.t.Position(i)
	if v := c.kids.get(pos); v != nil {
		return wrap(v)
	}
	v, err := newCore(f, c.fieldNode(i))
	if err != nil {
		panic(fmt.Sprintf("view: field %s.%s: %v", c.t, c.t.Field(i).Name, err))
	}
	c.kids.adopt(pos, v, c)
	slots := c.slots.Load()
	if slots == nil {
		s := make([]atomic.Pointer[fieldHandle], c.t.NumFields())
		slots = &s
		c.slots.Store(slots)
	}
	// The typed view is made once with the handle, as Container's is, so
	// that a getter called for each read or write allocates nothing after
	// the first.
	h := &fieldHandle{v: v, w: wrap(v)}
	(*slots)[i].Store(h)
	return h.w
}

// Set replaces composite field i with the value of v, which must be of the
// field's type.
func (c *ProgressiveContainer) Set(i int, v View) error {
	f := c.field(i)
	if v.Type() != f {
		return fmt.Errorf("%w: %v into %s.%s (%v)", ErrWrongType, v.Type(), c.t, c.t.Field(i).Name, f)
	}
	c.setField(i, v.Node())
	return nil
}

func (c *ProgressiveContainer) setField(i int, n *tree.Node) {
	c.kids.set(c.t.Position(i), n)
	c.lk.changed()
}
