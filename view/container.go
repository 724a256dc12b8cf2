package view

import (
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
// builds its tree from them only when something navigates into a field
// that is not a container, proves it or changes it: its fields are read
// from the bytes, a handle on a field of a container type is made from the
// field's bytes alone (the message of a signed block keeps its part of the
// block's bytes), and a value of at most 1 MiB is hashed from its bytes.
// Until then, and after if they are at most 1 MiB until it is changed, it
// encodes by copying those bytes, and its copies share them.
type Container struct {
	fieldAccess
}

func ofContainer(t *schema.Container, n *tree.Node) (*Container, error) {
	c := new(Container)
	c.t = t
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
	c := new(Container)
	if err := DecodeContainerTo(c, t, b); err != nil {
		return nil, err
	}
	return c, nil
}

// DecodeContainerTo makes dst a view of the value of type t serialized in
// b, as DecodeContainer returns one, without allocating dst: a type that
// holds its view inside a value of its own (the generated types) decodes
// in one allocation fewer. dst must be a zero Container that nothing has
// used; DecodeContainerTo panics otherwise. On error dst is unchanged.
func DecodeContainerTo(dst *Container, t *schema.Container, b []byte) error {
	if dst.t != nil || dst.node != nil || dst.lazy != nil {
		panic("view: DecodeContainerTo a Container in use")
	}
	if !decodesLazily(t, b) {
		n, err := t.Decode(b)
		if err != nil {
			return err
		}
		dst.t = t
		dst.set(n)
		return nil
	}
	l, err := newLazyTree(t, b)
	if err != nil {
		return err
	}
	dst.t, dst.lazy = t, l
	return nil
}

// setLazy replaces the value with the one whose bytes l holds, as set
// does with a tree.
func (c *Container) setLazy(l *lazyTree) { c.take(nil, l) }

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
	if c.compact() {
		return c.pageData()
	}
	return nil
}

func (c *Container) set(n *tree.Node) { c.take(n, nil) }

func (c *Container) reset(n *tree.Node) { c.set(n) }
func (c *Container) core() View         { return c }

// Type returns the container type.
func (c *Container) Type() schema.Type { return c.t }

// Schema returns the container type.
func (c *Container) Schema() *schema.Container { return c.t }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (c *Container) Node() *tree.Node {
	c.lk.share()
	return c.peek()
}

func (c *Container) peek() *tree.Node {
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
	return c.peek().Root()
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
	c.lk.share()
	// A copy of a family root is one of its versions (see versions), unless
	// the container is compact (one page, no slab) or is bytes kept, its
	// tree not built, of fewer than versionedBytes.
	versioned := c.lk.parent == nil && !c.compact()
	if !c.lk.pending.Load() && c.lazy != nil {
		// Not built, or built by whichever copy first needed it: the copies
		// share the bytes and the one tree built from them.
		if versioned && (c.lazy.built.Load() || len(c.lazy.bytes()) >= versionedBytes) {
			noteCopy(&c.lk, &dst.lk)
		}
		dst.setLazy(c.lazy)
		return
	}
	dst.set(c.Node())
	if versioned {
		noteCopy(&c.lk, &dst.lk)
	}
}

func (c *Container) commit() *tree.Node {
	if c.compact() {
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
