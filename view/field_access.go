package view

import (
	"encoding/binary"
	"fmt"
	"sort"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// fieldAccess is the field access [Container] and [ProgressiveContainer]
// share: reads and writes of fields by index over the committed field
// trees, the record of writes and the handles given out. The two differ in
// their field store alone, which their own set and commit keep: one
// compact page, a balanced tree, or a progressive tree under the
// active_fields mix-in. Its methods branch on the store where it shows (a
// compact container reads and writes bytes; a progressive one sets fields
// at their positions in the progressive tree).
type fieldAccess struct {
	lk link
	// t is the container type of the fields: the Container's own, or the
	// [schema.ProgressiveContainer.Container] of a progressive one.
	t *schema.Container
	// prog is the progressive container type; nil for a Container.
	prog *schema.ProgressiveContainer
	node *tree.Node // the committed value tree; nil while lazy holds it
	// lazy holds the bytes a Container was decoded from, and the tree built
	// from them once needed; nil once the tree is replaced or changed.
	// Only writers and commits set it, as they set node.
	lazy *lazyTree
	// fields holds the committed field trees of a structured or
	// progressive container, read lazily and published atomically, as
	// concurrent readers may fill it.
	fields atomic.Pointer[[]*tree.Node]
	// buf holds the bytes being written of a compact container, nil when
	// clean.
	buf []byte
	// kids holds the fields set and the handles given out since the last
	// commit, by the field's position (its leaf: its index in a Container,
	// its position in active_fields in a progressive one); nil until the
	// first (see kidsOf). Only writers, and readers under the family's
	// lock, use it.
	kids *parts
	// slots holds the handles given out, by field index, for readers to
	// find without the family's lock: a field's handle is published once,
	// under the lock, and never replaced (nil until the first handle).
	slots atomic.Pointer[[]atomic.Pointer[fieldHandle]]
}

// fieldHandle is the handle on a container's field in its slot: the core,
// its default typed view (what Field returns), and the typed view FieldAs
// made last, if of another type. The typed views hold nothing but the
// core (and a writer's scratch), so that every caller may get the same one.
type fieldHandle struct {
	v, w  View
	typed atomic.Pointer[typedHandle]
}

// typedHandle is a typed view published in a fieldHandle.
type typedHandle struct{ v View }

func (c *fieldAccess) link() *link { return &c.lk }

// NumFields returns the number of fields.
func (c *fieldAccess) NumFields() int { return c.t.NumFields() }

// FieldIndex returns the index of the field with the given name, or -1.
func (c *fieldAccess) FieldIndex(name string) int { return c.t.FieldIndex(name) }

// compact reports whether the fields are stored in one page (a Container of
// a compact type).
func (c *fieldAccess) compact() bool { return c.prog == nil && c.t.IsCompact() }

// position returns the position of field i, the key of kids.
func (c *fieldAccess) position(i int) uint64 {
	if c.prog != nil {
		return c.prog.Position(i)
	}
	return uint64(i)
}

// index returns the field at position pos, as position's inverse.
func (c *fieldAccess) index(pos uint64) int {
	if c.prog == nil {
		return int(pos)
	}
	return sort.Search(c.t.NumFields(), func(i int) bool { return c.prog.Position(i) >= pos })
}

// take makes n the committed tree, or the tree lazy builds when n is nil:
// pending writes are dropped, and the handles follow the new fields.
func (c *fieldAccess) take(n *tree.Node, lazy *lazyTree) {
	c.node, c.lazy, c.buf = n, lazy, nil
	c.fields.Store(nil)
	if c.kids != nil {
		c.kids.pending.clear()
		for pos, v := range c.kids.views.all() {
			v.reset(c.committedField(c.index(pos)))
		}
		c.kids.dirty.clear()
	}
	c.lk.settled()
}

// committed returns the committed tree, building it from the decoded
// bytes the first time.
func (c *fieldAccess) committed() *tree.Node {
	if c.node == nil {
		return c.lazy.node(c.t)
	}
	return c.node
}

// keptBytes returns the bytes a lazy Container was decoded from while it
// has no pending writes and keeps them (see lazyTree.bytes), nil
// otherwise: a reader reads a field from them, and a handle is made from
// its field's bytes alone, without the value's tree, which a gossip object
// read for a few fields and hashed never needs. lazy is final for readers
// without pending writes, as node is.
func (c *fieldAccess) keptBytes() []byte {
	if c.lazy == nil || c.lk.pending.Load() {
		return nil
	}
	return c.lazy.bytes()
}

// keptField returns the bytes of field i within the kept bytes, or nil
// (see keptBytes). The kept bytes were checked: a failure to find the
// field is a bug of package schema.
func (c *fieldAccess) keptField(i int) []byte {
	if c.lazy == nil { // every value but a decoded one, in one inlined test
		return nil
	}
	return c.keptFieldOf(i)
}

func (c *fieldAccess) keptFieldOf(i int) []byte {
	if b := c.keptBytes(); b != nil {
		return must(c.t.FieldBytes(b, i))
	}
	return nil
}

func (c *fieldAccess) childChanged(pos uint64) {
	c.kidsOf().markDirty(pos)
	c.lk.changed()
}

// kidsOf returns c.kids, made first if nil: a container decoded, hashed and
// dropped (most gossip objects) never sets a field nor gives out a handle,
// and a record made on first use keeps it in a small size class
// (TestContainerSize; docs/performance.md#gossip-objects-and-micro-cases).
// The caller writes, or holds the family's lock.
func (c *fieldAccess) kidsOf() *parts {
	if c.kids == nil {
		c.kids = new(parts)
	}
	return c.kids
}

// compactBytes returns the committed bytes of a compact container.
func (c *fieldAccess) compactBytes() []byte {
	if data := c.pageData(); data != nil {
		return data
	}
	return must(c.t.Encode(nil, c.node))
}

// pageData returns the committed bytes of a compact container held in one
// page, or nil if its tree is another (a leaf, or a page expanded).
func (c *fieldAccess) pageData() []byte {
	if data, _, ok := c.node.PageData(); ok && len(data) == c.t.FixedSize() {
		return data
	}
	return nil
}

// bytes returns the current bytes of a compact container, with the writes
// of its handles applied.
func (c *fieldAccess) bytes() []byte {
	if c.kids != nil && c.kids.dirty.len() > 0 {
		c.syncKids()
	}
	if c.buf != nil {
		return c.buf
	}
	return c.compactBytes()
}

// syncKids copies the values of a compact container's changed handles into
// its bytes.
func (c *fieldAccess) syncKids() {
	w := c.writable()
	for i := range c.kids.dirty.all() {
		v := c.kids.get(i)
		f := c.t.Field(int(i)).Type
		off := c.t.FieldOffset(int(i))
		copy(w[off:], must(f.Encode(nil, v.commit())))
		v.link().flagged = false
	}
	c.kids.dirty.clear()
}

func (c *fieldAccess) writable() []byte {
	if c.buf == nil {
		c.buf = append([]byte(nil), c.compactBytes()...)
	}
	return c.buf
}

// committedField returns the committed tree of field i.
func (c *fieldAccess) committedField(i int) *tree.Node {
	if c.compact() {
		f := c.t.Field(i).Type
		off := c.t.FieldOffset(i)
		return must(f.Decode(c.compactBytes()[off : off+f.FixedSize()]))
	}
	fields := c.fields.Load()
	if fields == nil {
		// Concurrent readers may each read the fields; they publish equal
		// slices.
		var f []*tree.Node
		if c.prog != nil {
			f = must(c.prog.Fields(c.node))
		} else {
			f = must(c.t.Fields(c.committed()))
		}
		fields = &f
		c.fields.Store(fields)
	}
	return (*fields)[i]
}

// fieldNode returns the current tree of field i of a container that is not
// compact. Without pending writes, that is the committed field, which
// readers read without the family's lock; with them, the caller has
// exclusive access.
func (c *fieldAccess) fieldNode(i int) *tree.Node {
	if c.lk.pending.Load() && c.kids != nil {
		if n := c.kids.current(c.position(i)); n != nil {
			return n
		}
	}
	return c.committedField(i)
}

func (c *fieldAccess) field(i int) schema.Type {
	if i < 0 || i >= c.t.NumFields() {
		panic(fmt.Sprintf("view: field %d of %s, which has %d", i, c.t, c.t.NumFields()))
	}
	return c.t.Field(i).Type
}

// Uint returns basic field i, an unsigned integer of at most 64 bits, or a
// boolean as 0 or 1. It panics if field i is not such a field.
func (c *fieldAccess) Uint(i int) uint64 {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	size := basicSize(f)
	if c.compact() {
		off := c.t.FieldOffset(i)
		return leUint(c.bytes()[off : off+size])
	}
	if b := c.keptField(i); b != nil {
		return leUint(b[:size])
	}
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
func (c *fieldAccess) SetUint(i int, v uint64) {
	f := c.field(i)
	size := basicSize(f)
	if size < 8 && v>>(8*size) != 0 || f == schema.Boolean && v > 1 {
		panic(fmt.Sprintf("view: %d does not fit in %s.%s (%v)", v, c.t, c.t.Field(i).Name, f))
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	if c.compact() {
		off := c.t.FieldOffset(i)
		copy(c.writable()[off:off+size], b[:size])
		c.lk.changed()
		return
	}
	c.setField(i, tree.NewLeafBytes(b[:size]))
}

// Bool returns boolean field i. It panics if field i is not a boolean.
func (c *fieldAccess) Bool(i int) bool {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	return c.Uint(i) == 1
}

// SetBool sets boolean field i. It panics if field i is not a boolean.
func (c *fieldAccess) SetBool(i int, v bool) {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	c.SetUint(i, uint64(boolByte(v)))
}

// Bytes returns the serialization of field i.
func (c *fieldAccess) Bytes(i int) []byte {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	if c.compact() {
		off := c.t.FieldOffset(i)
		return append([]byte(nil), c.bytes()[off:off+f.FixedSize()]...)
	}
	if b := c.keptField(i); b != nil {
		return append([]byte(nil), b...)
	}
	return must(f.Encode(nil, c.fieldNode(i)))
}

// SetBytes sets field i to the value serialized in b. It returns an error,
// changing nothing, if b is not a valid value of the field's type.
func (c *fieldAccess) SetBytes(i int, b []byte) error {
	f := c.field(i)
	if c.compact() {
		if err := schema.Validate(f, b); err != nil {
			return err
		}
		off := c.t.FieldOffset(i)
		if c.kids != nil {
			if v := c.kids.get(uint64(i)); v != nil {
				v.reset(must(f.Decode(b)))
				c.kids.dirty.delete(uint64(i))
				v.link().flagged = false
			}
		}
		copy(c.writable()[off:], b)
		c.lk.changed()
		return nil
	}
	n, err := f.Decode(b)
	if err != nil {
		return err
	}
	c.setField(i, n)
	return nil
}

// LoadBytes copies the serialization of fixed-size field i into dst, which
// must be of the field's size. It panics if field i is not fixed-size or
// dst is of another size.
func (c *fieldAccess) LoadBytes(i int, dst []byte) {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	if !f.IsFixedSize() || len(dst) != f.FixedSize() {
		panic(fmt.Sprintf("view: LoadBytes of %d bytes from field %s.%s (%v)", len(dst), c.t, c.t.Field(i).Name, f))
	}
	if c.compact() {
		off := c.t.FieldOffset(i)
		copy(dst, c.bytes()[off:])
		return
	}
	if b := c.keptField(i); b != nil {
		copy(dst, b)
		return
	}
	loadBytes(dst, f, c.fieldNode(i))
}

// Field returns a handle on composite field i: writes to it go to the
// container. It panics if field i is of a basic type. Every call returns
// the same view once one has made it, also to concurrent readers, and
// allocates nothing after the first.
func (c *fieldAccess) Field(i int) View {
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
func (c *fieldAccess) newField(i int, f schema.Type) View {
	defer c.lk.lock().Unlock()
	pos := c.position(i)
	if v := c.kidsOf().get(pos); v != nil {
		if slots := c.slots.Load(); slots != nil {
			if h := (*slots)[i].Load(); h != nil {
				return h.w
			}
		}
		return wrap(v)
	}
	v, err := c.fieldCore(i, f)
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
	// The typed view is made once with the handle, so that a getter called
	// for each read or write allocates nothing after the first.
	h := &fieldHandle{v: v, w: wrap(v)}
	(*slots)[i].Store(h)
	return h.w
}

// fieldCore returns a new core view of field i, of type f. A field of a
// container type, of a container that keeps its bytes, is made from its
// part of them: a compact one is one page of it, another keeps it as a
// lazy container does, sharing it (the message of a signed block is
// hashed from its bytes, and no tree is built). Any other field is
// a view over its tree (a list's handle is written to: its tree would be
// built twice, alone and within the container's).
// The caller holds the family's lock.
func (c *fieldAccess) fieldCore(i int, f schema.Type) (View, error) {
	if c.compact() {
		off := c.t.FieldOffset(i)
		return newCore(f, must(f.Decode(c.bytes()[off:off+f.FixedSize()])))
	}
	if ct, ok := f.(*schema.Container); ok {
		if b := c.keptField(i); b != nil {
			if !decodesLazily(ct, b) {
				return newCore(f, must(f.Decode(b))) // one page
			}
			d := new(Container)
			d.t, d.lazy = ct, keptLazyTree(b)
			return d, nil
		}
	}
	return newCore(f, c.fieldNode(i))
}

// Set replaces composite field i with the value of v, which must be of the
// field's type.
func (c *fieldAccess) Set(i int, v View) error {
	f := c.field(i)
	if v.Type() != f {
		return fmt.Errorf("%w: %v into %s.%s (%v)", ErrWrongType, v.Type(), c.t, c.t.Field(i).Name, f)
	}
	if c.compact() {
		b, err := v.MarshalSSZ()
		if err != nil {
			return err
		}
		return c.SetBytes(i, b)
	}
	c.setField(i, v.Node())
	return nil
}

func (c *fieldAccess) setField(i int, n *tree.Node) {
	c.kidsOf().set(c.position(i), n)
	c.lk.changed()
}

func (c *fieldAccess) handles() *atomic.Pointer[[]atomic.Pointer[fieldHandle]] { return &c.slots }

// FieldHolder is a container view, a *Container or a
// *ProgressiveContainer: what FieldAs takes a field from.
type FieldHolder interface {
	View
	Field(i int) View
	handles() *atomic.Pointer[[]atomic.Pointer[fieldHandle]]
}

// FieldAs returns the handle on composite field i of c as as converts it
// (AsBasicList[T], AsValueList[V]...), or as's error. Every call returns the
// same view once one has made it, also to concurrent readers: a field
// getter called for each write allocates nothing after the first. It
// panics as c.Field does.
func FieldAs[V View](c FieldHolder, i int, as func(View) (V, error)) (V, error) {
	slots := c.handles()
	if s := slots.Load(); s != nil && i >= 0 && i < len(*s) {
		if h := (*s)[i].Load(); h != nil {
			if t := h.typed.Load(); t != nil {
				if v, ok := t.v.(V); ok {
					return v, nil
				}
			}
		}
	}
	v, err := as(c.Field(i))
	if err != nil {
		return v, err
	}
	// Field publishes the slot of the handle it makes. Readers that get
	// here at once publish views of the same core; any of them may stay.
	if s := slots.Load(); s != nil {
		if h := (*s)[i].Load(); h != nil {
			h.typed.Store(&typedHandle{v})
		}
	}
	return v, nil
}

func basicSize(f schema.Type) int {
	switch f := f.(type) {
	case *schema.Uint:
		if f.Bits() <= 64 {
			return f.FixedSize()
		}
	case *schema.Bool:
		return 1
	}
	panic(fmt.Sprintf("view: %v is not an unsigned integer of at most 64 bits", f))
}

func leUint(b []byte) uint64 {
	if len(b) == 8 {
		return binary.LittleEndian.Uint64(b) // one load
	}
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// loadBytes copies the serialization of n, the tree of a value of the
// fixed-size type f, into dst, which has f's size: from the chunk of a
// leaf or the bytes of a page, without encoding, where n is one.
func loadBytes(dst []byte, f schema.Type, n *tree.Node) {
	if n.IsLeaf() && len(dst) <= 32 {
		chunk := n.Chunk()
		copy(dst, chunk[:])
		return
	}
	if data, _, ok := n.PageData(); ok && len(data) == len(dst) {
		copy(dst, data)
		return
	}
	// Encoded into a buffer of its own, not into dst: through the
	// interface dst would escape, and every getter's array with it.
	copy(dst, must(f.Encode(make([]byte, 0, len(dst)), n)))
}
