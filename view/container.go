package view

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Container is a view of a container value. Basic fields are read and
// written as Go values, fixed-size fields also as their serialization, and
// composite fields through handles ([Container.Field]) that write through.
//
// A compact container (fixed-size, at most 4 KiB) keeps its bytes in one
// page; writes go to a copy of those bytes, committed as a new page.
//
// A container decoded from at most 10 MiB (every object a node receives
// by gossip or request) keeps the bytes it was decoded from, checked, and
// builds its tree from them only when something reads a field, proves or
// changes it (a value of at most 1 MiB is hashed from its bytes); until
// then, and after if they are at most 1 MiB until it is changed, it
// encodes by copying those bytes, and its copies share them.
type Container struct {
	lk   link
	t    *schema.Container
	node *tree.Node // the committed value tree; nil while lazy holds it
	// lazy holds the bytes a container was decoded from, and the tree built
	// from them once needed; nil once the tree is replaced or changed.
	// Only writers and commits set it, as they set node.
	lazy *lazyTree
	// Structured containers: the committed field trees, read lazily and
	// published atomically, as concurrent readers may fill it.
	fields atomic.Pointer[[]*tree.Node]
	// Compact containers: the bytes being written, nil when clean.
	buf []byte
	// kids holds the fields set and the handles given out since the last
	// commit; nil until the first (see kidsOf). Only writers, and readers
	// under the family's lock, use it.
	kids *parts
	// slots holds the handles given out, by field, for readers to find
	// without the family's lock: a field's handle is published once,
	// under the lock, and never replaced (nil until the first handle).
	slots atomic.Pointer[[]atomic.Pointer[fieldHandle]]
}

// held is a handle in a slot.
type held struct{ v View }

// fieldHandle is the handle on a container's field in its slot: the core,
// its default typed view (what Field returns), and the typed view FieldAs
// made last, if of another type. The typed views hold nothing but the
// core (and a writer's scratch), so that every caller may get the same one.
type fieldHandle struct {
	v, w  View
	typed atomic.Pointer[typedHandle]
}

// typedHandle is a typed view published in a held.
type typedHandle struct{ v View }

func ofContainer(t *schema.Container, n *tree.Node) (*Container, error) {
	c := &Container{t: t}
	c.set(n)
	return c, nil
}

// NewContainer returns a view of the default value of t. The error, nil
// for every container type, is there so that every view type's
// constructor has one signature.
func NewContainer(t *schema.Container) (*Container, error) { return ofContainer(t, t.Default()) }

// DecodeContainer returns a view of the value of type t serialized in b. It
// returns an error if b is not a valid value. A container of at most 10
// MiB that is not compact keeps a copy of b, checked, and builds its tree
// when first needed (see Lazy decoding in the package doc).
func DecodeContainer(t *schema.Container, b []byte) (*Container, error) {
	if !decodesLazily(t, b) {
		return decodeAs(t, b, ofContainer)
	}
	l, err := newLazyTree(t, b)
	if err != nil {
		return nil, err
	}
	return &Container{t: t, lazy: l}, nil
}

// setLazy replaces the value with the one whose bytes l holds, as set
// does with a tree.
func (c *Container) setLazy(l *lazyTree) {
	c.set(nil)
	c.lazy = l
}

// committed returns the committed tree, building it from the decoded
// bytes the first time.
func (c *Container) committed() *tree.Node {
	if c.node == nil {
		return c.lazy.node(c.t)
	}
	return c.node
}

// encoding returns the value's serialization where it is at hand without
// encoding, or nil: the bytes it was decoded from while it is unchanged
// (dropped when its tree was built, if large), or the page of a compact
// container. It is not the caller's to change.
func (c *Container) encoding() []byte {
	if c.lk.pending.Load() {
		return nil
	}
	if c.lazy != nil {
		return c.lazy.bytes()
	}
	if c.t.IsCompact() {
		return c.pageData()
	}
	return nil
}

func (c *Container) set(n *tree.Node) {
	c.node, c.buf, c.lazy = n, nil, nil
	c.fields.Store(nil)
	if c.kids != nil {
		c.kids.pending.clear()
		for i, v := range c.kids.views.all() {
			v.reset(c.committedField(int(i)))
		}
		c.kids.dirty.clear()
	}
	c.lk.settled()
}

func (c *Container) reset(n *tree.Node) { c.set(n) }
func (c *Container) link() *link        { return &c.lk }
func (c *Container) core() View         { return c }

// Type returns the container type.
func (c *Container) Type() schema.Type { return c.t }

// Schema returns the container type.
func (c *Container) Schema() *schema.Container { return c.t }

// NumFields returns the number of fields.
func (c *Container) NumFields() int { return c.t.NumFields() }

// FieldIndex returns the index of the field with the given name, or -1.
func (c *Container) FieldIndex(name string) int { return c.t.FieldIndex(name) }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (c *Container) Node() *tree.Node {
	if c.lk.pending.Load() {
		return c.lockedCommit()
	}
	return c.committed()
}

func (c *Container) lockedCommit() *tree.Node {
	defer c.lk.lock().Unlock()
	return c.commit()
}

// HashTreeRoot implements [View]. A value decoded lazily whose tree no
// reader has built yet is hashed from its bytes, without building it (see
// lazyTree.root).
func (c *Container) HashTreeRoot() [32]byte {
	// As in Node, node and lazy are final for readers only without pending
	// writes, which Node commits.
	if !c.lk.pending.Load() && c.node == nil {
		return c.lazy.root(c.t)
	}
	return c.Node().Root()
}

// MarshalSSZ implements [View].
func (c *Container) MarshalSSZ() ([]byte, error) {
	if b := c.encoding(); b != nil {
		return append([]byte(nil), b...), nil
	}
	return marshal(c, nil)
}

// MarshalSSZTo implements [View].
func (c *Container) MarshalSSZTo(dst []byte) ([]byte, error) {
	if b := c.encoding(); b != nil {
		return append(dst, b...), nil
	}
	return marshal(c, dst)
}

// SizeSSZ implements [View].
func (c *Container) SizeSSZ() int {
	if b := c.encoding(); b != nil {
		return len(b)
	}
	return sizeOf(c)
}

// UnmarshalSSZ implements [View]. A container that is no handle and has
// given out none decodes as DecodeContainer does, keeping the bytes until
// its tree is needed.
func (c *Container) UnmarshalSSZ(b []byte) error {
	if c.lk.parent != nil || c.kids != nil && c.kids.views.len() > 0 || !decodesLazily(c.t, b) {
		return unmarshal(c, b)
	}
	l, err := newLazyTree(c.t, b)
	if err != nil {
		return err
	}
	c.setLazy(l)
	return nil
}

// Copy returns an independent copy in O(1).
func (c *Container) Copy() *Container {
	d := new(Container)
	c.CopyTo(d)
	return d
}

// CopyTo makes dst an independent copy of c in O(1), as Copy does, without
// allocating dst: a type that holds its view inside a value of its own (the
// generated types) copies itself in one allocation, not two. dst must be
// a zero Container that nothing has used; CopyTo panics otherwise.
func (c *Container) CopyTo(dst *Container) {
	if dst.t != nil || dst.node != nil || dst.lazy != nil {
		panic("view: Container.CopyTo a Container in use")
	}
	dst.t = c.t
	if !c.lk.pending.Load() && c.lazy != nil {
		// Not built, or built by whichever copy first needed it: the copies
		// share the bytes and the one tree built from them.
		dst.setLazy(c.lazy)
		return
	}
	dst.set(c.Node())
}

func (c *Container) childChanged(i uint64) {
	c.kidsOf().markDirty(i)
	c.lk.changed()
}

// kidsOf returns c.kids, made first if nil: a container decoded, hashed and
// dropped (most gossip objects) never sets a field nor gives out a handle,
// and a record made on first use keeps it in a small size class
// (TestContainerSize; docs/performance.md#gossip-objects-and-micro-cases).
// The caller writes, or holds the family's lock.
func (c *Container) kidsOf() *parts {
	if c.kids == nil {
		c.kids = new(parts)
	}
	return c.kids
}

// compactBytes returns the committed bytes of a compact container.
func (c *Container) compactBytes() []byte {
	if data := c.pageData(); data != nil {
		return data
	}
	return must(c.t.Encode(nil, c.node))
}

// pageData returns the committed bytes of a compact container held in one
// page, or nil if its tree is another (a leaf, or a page expanded).
func (c *Container) pageData() []byte {
	if data, _, ok := c.node.PageData(); ok && len(data) == c.t.FixedSize() {
		return data
	}
	return nil
}

// bytes returns the current bytes of a compact container, with the writes
// of its handles applied.
func (c *Container) bytes() []byte {
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
func (c *Container) syncKids() {
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

func (c *Container) writable() []byte {
	if c.buf == nil {
		c.buf = append([]byte(nil), c.compactBytes()...)
	}
	return c.buf
}

// committedField returns the committed tree of field i.
func (c *Container) committedField(i int) *tree.Node {
	if c.t.IsCompact() {
		f := c.t.Field(i).Type
		off := c.t.FieldOffset(i)
		return must(f.Decode(c.compactBytes()[off : off+f.FixedSize()]))
	}
	fields := c.fields.Load()
	if fields == nil {
		// Concurrent readers may each read the fields; they publish equal
		// slices.
		f := must(c.t.Fields(c.committed()))
		fields = &f
		c.fields.Store(fields)
	}
	return (*fields)[i]
}

// fieldNode returns the current tree of field i of a structured container.
// Without pending writes, that is the committed field, which readers read
// without the family's lock; with them, the caller has exclusive access.
func (c *Container) fieldNode(i int) *tree.Node {
	if c.lk.pending.Load() && c.kids != nil {
		if n := c.kids.current(uint64(i)); n != nil {
			return n
		}
	}
	return c.committedField(i)
}

func (c *Container) commit() *tree.Node {
	if c.t.IsCompact() {
		if c.kids != nil && c.kids.dirty.len() > 0 {
			c.syncKids()
		}
		if c.buf != nil {
			c.node = must(c.t.PageOf(c.buf))
			c.buf = nil
		}
		c.lk.settled()
		return c.node
	}
	if c.kids != nil && c.kids.changed() {
		c.node, c.lazy = c.kids.apply(c.committed(), c.t.Depth()), nil
		c.fields.Store(nil)
	}
	c.lk.settled()
	return c.committed()
}

func (c *Container) field(i int) schema.Type {
	if i < 0 || i >= c.t.NumFields() {
		panic(fmt.Sprintf("view: field %d of %s, which has %d", i, c.t, c.t.NumFields()))
	}
	return c.t.Field(i).Type
}

// Uint returns basic field i, an unsigned integer of at most 64 bits, or a
// boolean as 0 or 1. It panics if field i is not such a field.
func (c *Container) Uint(i int) uint64 {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	size := basicSize(f)
	if c.t.IsCompact() {
		off := c.t.FieldOffset(i)
		return leUint(c.bytes()[off : off+size])
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
func (c *Container) SetUint(i int, v uint64) {
	f := c.field(i)
	size := basicSize(f)
	if size < 8 && v>>(8*size) != 0 || f == schema.Boolean && v > 1 {
		panic(fmt.Sprintf("view: %d does not fit in %s.%s (%v)", v, c.t, c.t.Field(i).Name, f))
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	if c.t.IsCompact() {
		off := c.t.FieldOffset(i)
		copy(c.writable()[off:off+size], b[:size])
		c.lk.changed()
		return
	}
	c.setField(uint64(i), tree.NewLeafBytes(b[:size]))
}

// Bool returns boolean field i. It panics if field i is not a boolean.
func (c *Container) Bool(i int) bool {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	return c.Uint(i) == 1
}

// SetBool sets boolean field i. It panics if field i is not a boolean.
func (c *Container) SetBool(i int, v bool) {
	if c.field(i) != schema.Boolean {
		panic(fmt.Sprintf("view: field %s.%s is not a boolean", c.t, c.t.Field(i).Name))
	}
	c.SetUint(i, uint64(boolByte(v)))
}

// Bytes returns the serialization of field i.
func (c *Container) Bytes(i int) []byte {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	if c.t.IsCompact() {
		off := c.t.FieldOffset(i)
		return append([]byte(nil), c.bytes()[off:off+f.FixedSize()]...)
	}
	return must(f.Encode(nil, c.fieldNode(i)))
}

// SetBytes sets field i to the value serialized in b. It returns an error,
// changing nothing, if b is not a valid value of the field's type.
func (c *Container) SetBytes(i int, b []byte) error {
	f := c.field(i)
	if c.t.IsCompact() {
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
	c.setField(uint64(i), n)
	return nil
}

// Field returns a handle on composite field i: writes to it go to c. It
// panics if field i is of a basic type. Every call returns a view of the
// same handle, also from concurrent readers.
func (c *Container) Field(i int) View {
	f := c.field(i)
	if slots := c.slots.Load(); slots != nil {
		if h := (*slots)[i].Load(); h != nil {
			return h.w
		}
	}
	return c.newField(i, f)
}

// FieldHolder is a container view, a *Container or a
// *ProgressiveContainer: what FieldAs takes a field from.
type FieldHolder interface {
	View
	Field(i int) View
	handles() *atomic.Pointer[[]atomic.Pointer[fieldHandle]]
}

func (c *Container) handles() *atomic.Pointer[[]atomic.Pointer[fieldHandle]] { return &c.slots }
func (c *ProgressiveContainer) handles() *atomic.Pointer[[]atomic.Pointer[fieldHandle]] {
	return &c.slots
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

// newField returns the handle on field i of type f, making it first unless
// another reader did, under the family's lock.
func (c *Container) newField(i int, f schema.Type) View {
	defer c.lk.lock().Unlock()
	if v := c.kidsOf().get(uint64(i)); v != nil {
		if slots := c.slots.Load(); slots != nil {
			if h := (*slots)[i].Load(); h != nil {
				return h.w
			}
		}
		return wrap(v)
	}
	var n *tree.Node
	if c.t.IsCompact() {
		off := c.t.FieldOffset(i)
		n = must(f.Decode(c.bytes()[off : off+f.FixedSize()]))
	} else {
		n = c.fieldNode(i)
	}
	v, err := newCore(f, n)
	if err != nil {
		panic(fmt.Sprintf("view: field %s.%s: %v", c.t, c.t.Field(i).Name, err))
	}
	c.kids.adopt(uint64(i), v, c)
	slots := c.slots.Load()
	if slots == nil {
		s := make([]atomic.Pointer[fieldHandle], c.t.NumFields())
		slots = &s
		c.slots.Store(slots)
	}
	h := &fieldHandle{v: v, w: wrap(v)}
	(*slots)[i].Store(h)
	return h.w
}

// Set replaces composite field i with the value of v, which must be of the
// field's type.
func (c *Container) Set(i int, v View) error {
	f := c.field(i)
	if v.Type() != f {
		return fmt.Errorf("%w: %v into %s.%s (%v)", ErrWrongType, v.Type(), c.t, c.t.Field(i).Name, f)
	}
	if c.t.IsCompact() {
		b, err := v.MarshalSSZ()
		if err != nil {
			return err
		}
		return c.SetBytes(i, b)
	}
	c.setField(uint64(i), v.Node())
	return nil
}

func (c *Container) setField(i uint64, n *tree.Node) {
	c.kidsOf().set(i, n)
	c.lk.changed()
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
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// LoadBytes copies the serialization of fixed-size field i into dst, which
// must be of the field's size. It panics if field i is not fixed-size or
// dst is of another size.
func (c *Container) LoadBytes(i int, dst []byte) {
	defer unlock(c.lk.lockIfPending())
	f := c.field(i)
	if !f.IsFixedSize() || len(dst) != f.FixedSize() {
		panic(fmt.Sprintf("view: LoadBytes of %d bytes from field %s.%s (%v)", len(dst), c.t, c.t.Field(i).Name, f))
	}
	if c.t.IsCompact() {
		off := c.t.FieldOffset(i)
		copy(dst, c.bytes()[off:])
		return
	}
	loadBytes(dst, f, c.fieldNode(i))
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
