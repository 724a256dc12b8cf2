// Package view provides typed, mutable-looking handles over immutable SSZ
// trees: get and set, append and pop, iterate, copy in O(1), hash
// incrementally, and marshal.
//
// A view holds the root of a tree (package tree) built to the layout of its
// schema type (package schema). Writes are buffered in the view, grouped by
// page or field, and applied in one bottom-up pass before the value is
// hashed, copied, encoded or read as a tree: one Set on a list of a million
// elements rebuilds one page and one path, and a million Sets rebuild each
// page once.
//
// # Constructors and lists
//
// Every view type X has the same two constructors: NewX(t) returns the
// default value of the schema type t, DecodeX(t, b) the value serialized in
// b, and both return an error when X does not hold values of t (ErrWrongType) or
// b is not a valid value; [New] and [Decode] choose the view type for t.
// Typed wrappers over another view's state are made with AsX. Every list
// has Append(v) error, which fails past the limit, and Pop() (v, error),
// which returns the element it removes and fails on an empty list. Set(i, v)
// returns an error exactly where a Go value of the element type may be no
// element at all: bytes, a view of another type, a uint256 beyond uint128.
//
// # Lazy decoding
//
// A container decoded from at most 10 MiB (every object a node receives
// by gossip or request) is checked at once, errors and all, but keeps its
// bytes and builds its tree only when something reads a field, proves or
// changes it; until then it encodes by copying the bytes, and one of at
// most 1 MiB is hashed from them without a tree (schema.Root), its root
// kept for the tree built later. A container held apart from a decoder's
// buffer and not read costs its bytes. Once the tree is built, a value of
// at most 1 MiB (every gossip object but the rarest blocks) keeps its
// bytes beside it, and encodes by copying them, until it is changed; a
// larger one (a state) holds its tree only. Values above 10 MiB, and the
// other views, build their trees when decoded. A list or vector of
// fixed-size values decoded on its own builds its tree over a copy of its
// bytes that its pages own, keeps that copy, and encodes by copying it
// until it is changed.
//
// # Handles and copies
//
// A handle obtained from a view (a composite field of a container, an
// element of a list of composite values) writes through to that view, and
// only to it. After c := v.Copy(), handles taken from v keep writing to v,
// never to c; c shares every node with v until one of them changes. Values
// that the API hands out as plain Go values or bytes (an element of a
// list of basic or compact values) are copies: writing one back takes a Set.
//
// # Errors and panics
//
// As with Go's own slices and maps, an index outside [0, Len) is a
// programming error and panics. Everything that depends on data returns an
// error: decoding (a *schema.Error), appending past a list's limit
// ([ErrLimit]), popping an empty list ([ErrEmpty]), a view over a type of
// another kind ([ErrWrongType]), a proof of a path that names nothing (an
// error wrapping schema.ErrPath). Its messages start with "view: ", or with
// the name of the package whose error view returns as it is (the rule of
// docs/guide.md#errors-and-panics). A view of a proof's partial tree
// panics with an error wrapping [ErrAbsent] where it reads what the proof
// does not hold.
//
// # Words
//
// Each of these words has one meaning in this package and its docs:
//   - part: a part of a value by path (package schema's [schema.Part]): a
//     field, an element, a union's data. (A leaf of a tree.Shape is a
//     segment.)
//   - handle: the view of a composite part that a view gives out, which
//     writes through to it.
//   - family: a view and the handles it gave out, transitively, which share
//     one lock (see Concurrency).
//   - page: a node of package tree holding the bytes of consecutive values,
//     from which the views of packed basic values, bits and compact values
//     read.
//   - spine: the right spine of branches of a progressive list's or
//     container's tree, whose left children are its subtrees of 1, 4, 16...
//     chunks. (The node of package tree standing for a chain of branches
//     over zero subtrees is a stem.)
//
// # Progressive lists
//
// The progressive kinds of EIP-7916 and EIP-7495 have views of their own,
// one beside each view of a bounded kind: [ProgressiveBasicList] beside
// [BasicList], [ProgressiveCompactList] beside [CompactList],
// [ProgressiveList] beside [List], [ProgressiveBitlist] beside [Bitlist],
// [ProgressiveContainer] beside [Container]. A progressive view and its
// bounded sibling share their state (pages at the bottom of the data tree,
// handles, buffered writes) and their element API; they differ in how a
// position maps onto the tree: a bounded list's data tree has one depth and
// pages of one size, a progressive one is a spine of subtrees of 1, 4,
// 16... leaves whose first pages are smaller, and a commit rebuilds the
// spine's branches above the subtrees it changed. The Go types differ
// because the schema types do: a view's type says which it holds, its
// constructors take the progressive schema type, and its Append has no
// limit but the tree's (2^31-1 elements, the longest length package schema
// reads back). Code that hands out a field's view names the kind, so a
// field that a later fork turns progressive changes type at compile time
// rather than failing when asked for the bounded view.
//
// # Concurrency
//
// The rule is Go's for maps: any number of goroutines may call the methods
// that do not change a value at once (Get, Len, All, Values, Load, the
// field getters, Field and other handle getters, Node, HashTreeRoot,
// MarshalSSZ, MarshalSSZTo, SizeSSZ, Bytes, Prove, ProveBranch, Copy), as
// long as no goroutine changes the value meanwhile; a change (Set, Append,
// Pop, Update, UnmarshalSSZ, a write through a handle) needs exclusive
// access to the value and to every handle taken from it. This holds also
// when the value has writes not yet committed: the first reader that needs
// the committed tree (to hash, encode, prove or copy) commits them, under a
// lock that the value and its handles share, and the readers that come
// later read the committed tree. A value without pending writes is read
// without a lock; readers of one with pending writes take the lock, one at
// a time, until it is committed.
//
// Readers that take a handle at once get the same handle (a view of it), so
// a write through it, later, by a goroutine with exclusive access, reaches
// the value. Copies are independent values: they may be read and changed
// from different goroutines at once, as the nodes they share are immutable.
package view

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// View is what every view offers, whatever its type.
type View interface {
	// Type returns the SSZ type of the value.
	Type() schema.Type
	// Node applies pending writes and returns the root of the value's
	// tree, which is immutable and may be shared freely.
	Node() *tree.Node
	// HashTreeRoot returns the value's hash_tree_root, hashing only what
	// changed since the last time.
	HashTreeRoot() [32]byte
	// MarshalSSZ returns the value's serialization.
	MarshalSSZ() ([]byte, error)
	// MarshalSSZTo appends the value's serialization to dst.
	MarshalSSZTo(dst []byte) ([]byte, error)
	// SizeSSZ returns the size of the value's serialization.
	SizeSSZ() int
	// UnmarshalSSZ replaces the value with the one serialized in b. On error
	// the value is unchanged.
	UnmarshalSSZ(b []byte) error

	// commit applies pending writes and returns the value's tree. Its
	// caller is a writer, or holds the family's lock (see [link]); a
	// sequence of values in pages commits without changing what its
	// readers read, which need no lock (see pages.built).
	commit() *tree.Node
	// reset replaces the value's tree, dropping pending writes; handles
	// obtained from the view follow.
	reset(n *tree.Node)
	link() *link
	// core returns the state the view wraps: the view itself, or the *seq
	// or *subtrees of a typed wrapper.
	core() View
}

// parent is a view that hands out handles to its parts.
type parent interface {
	// childChanged records that the handle at index has pending writes.
	childChanged(index uint64)
	link() *link
}

// link ties a handle to the view it came from, and holds what concurrent
// readers of the view need.
//
// A view and the handles it gave out, transitively, form a family whose
// root is the view that is no handle. Readers of a family synchronize on
// the lock of its root, and only when the view they read has pending
// writes: every write sets pending, on the view and (through its parent)
// on every view above it, and a commit, which applies them all, clears it.
// A view whose pending is clear is its committed tree and caches filled by
// atomic publication: readers read it without a lock, and the only reader
// that writes it, a commit of a view above it, leaves it alone.
type link struct {
	parent parent
	index  uint64
	// flagged is set once the parent knows of pending writes, so that
	// repeated writes notify it once per commit.
	flagged bool
	// pending is set while the view, or a handle it gave out, has writes
	// not yet committed.
	pending atomic.Bool
	// mu is the family's lock when the view is a root.
	mu sync.Mutex
}

// changed tells the parent chain that the view has pending writes.
func (l *link) changed() {
	if !l.pending.Load() {
		l.pending.Store(true)
	}
	if l.parent != nil && !l.flagged {
		l.flagged = true
		l.parent.childChanged(l.index)
	}
}

// settled records that the view has no pending writes: its commit applied
// them.
func (l *link) settled() {
	if l.pending.Load() {
		l.pending.Store(false)
	}
}

// lock takes the lock of the view's family, the one of its root, and
// returns it. The chain of parents changes only by writes, which readers
// never run alongside.
func (l *link) lock() *sync.Mutex {
	for l.parent != nil {
		l = l.parent.link()
	}
	l.mu.Lock()
	return &l.mu
}

// lockIfPending takes the lock of the view's family if the view has
// pending writes, and returns it, or nil; see [unlock].
func (l *link) lockIfPending() *sync.Mutex {
	if !l.pending.Load() {
		return nil
	}
	return l.lock()
}

// unlock releases what lockIfPending took.
func unlock(mu *sync.Mutex) {
	if mu != nil {
		mu.Unlock()
	}
}

// handles keeps the handles a composite view has given out, by position,
// and which of them have pending writes.
type handles struct {
	views smallMap[View]
	dirty smallMap[struct{}]
}

func (h *handles) get(i uint64) View {
	v, _ := h.views.get(i)
	return v
}

func (h *handles) put(i uint64, v View, p parent) {
	l := v.link()
	l.parent, l.index, l.flagged = p, i, false
	h.views.set(i, v)
}

func (h *handles) markDirty(i uint64) { h.dirty.set(i, struct{}{}) }

func (h *handles) isDirty(i uint64) bool { return h.dirty.has(i) }

// drop forgets the handle at i: it becomes a value of its own.
func (h *handles) drop(i uint64) {
	if v, ok := h.views.get(i); ok {
		v.commit()
		l := v.link()
		l.parent, l.flagged = nil, false
		h.views.delete(i)
	}
	h.dirty.delete(i)
}

// parts keeps what a composite view (a container, a list of composite
// values) changed below it since its last commit: the parts set directly,
// and the handles it gave out, with those that have pending writes.
type parts struct {
	pending smallMap[*tree.Node]
	handles
}

// current returns the tree of part i as changed since the last commit, or
// nil if it did not change.
func (p *parts) current(i uint64) *tree.Node {
	if v := p.get(i); v != nil {
		return v.commit()
	}
	n, _ := p.pending.get(i)
	return n
}

// set replaces part i with the tree n; a handle on it follows the new value.
func (p *parts) set(i uint64, n *tree.Node) {
	if v := p.get(i); v != nil {
		v.reset(n)
		p.markDirty(i)
		return
	}
	p.pending.set(i, n)
}

// adopt registers v as the handle on part i; it carries the part's pending
// tree, if any, from now on.
func (p *parts) adopt(i uint64, v View, owner parent) {
	p.put(i, v, owner)
	if p.pending.has(i) {
		p.pending.delete(i)
		p.markDirty(i)
	}
}

// forget drops the parts set directly and the marks of pending writes: the
// view took a new tree, which its handles follow.
func (p *parts) forget() {
	p.pending.clear()
	p.dirty.clear()
}

// changed reports whether any part changed since the last commit.
func (p *parts) changed() bool { return p.pending.len() > 0 || p.dirty.len() > 0 }

// apply sets the changed parts into root, whose parts are at the given
// depth, in one pass, and returns the new root.
func (p *parts) apply(root *tree.Node, depth int) *tree.Node {
	if !p.changed() {
		return root
	}
	// A commit of a few parts collects them on the stack: no allocation.
	var idxs [4]uint64
	var ns [4]*tree.Node
	idx, nodes := p.collectTo(idxs[:0], ns[:0])
	return must(tree.SetMany(root, depth, idx, nodes))
}

// collectTo appends to idx and nodes, which must be empty, the positions
// of the changed parts, in order, and their trees, committing the handles
// with pending writes; the parts are unchanged from then on. Callers pass
// arrays on their stack, large enough for a commit of a few changes.
func (p *parts) collectTo(idx []uint64, nodes []*tree.Node) ([]uint64, []*tree.Node) {
	for i := range p.pending.all() {
		idx = append(idx, i)
	}
	for i := range p.dirty.all() {
		if !p.pending.has(i) {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	for _, i := range idx {
		if v, ok := p.views.get(i); ok && p.isDirty(i) {
			nodes = append(nodes, v.commit())
			v.link().flagged = false
		} else {
			n, _ := p.pending.get(i)
			nodes = append(nodes, n)
		}
	}
	p.forget()
	return idx, nodes
}

// marshal implements MarshalSSZTo for any view.
func marshal(v View, dst []byte) ([]byte, error) {
	n := v.Node()
	if dst == nil {
		// Size first: growing the buffer as pages are appended would copy
		// a large value several times over.
		size, err := v.Type().Size(n)
		if err != nil {
			return nil, err
		}
		dst = make([]byte, 0, size)
	}
	return v.Type().Encode(dst, n)
}

// sizeOf implements SizeSSZ for any view.
func sizeOf(v View) int {
	n, err := v.Type().Size(v.Node())
	if err != nil {
		panic(fmt.Sprintf("view: size of a malformed %v: %v", v.Type(), err))
	}
	return n
}

// unmarshal implements UnmarshalSSZ for any view.
func unmarshal(v View, b []byte) error {
	n, err := v.Type().Decode(b)
	if err != nil {
		return err
	}
	v.reset(n)
	v.link().changed()
	return nil
}

// New returns a view of the default value of t, of the concrete view type
// for t's kind (see [Of]).
func New(t schema.Type) (View, error) { return Of(t, t.Default()) }

// Decode returns a view of the value of type t serialized in b. A
// container keeps b until its tree is needed, as [DecodeContainer] says.
func Decode(t schema.Type, b []byte) (View, error) {
	if c, ok := t.(*schema.Container); ok {
		v, err := DecodeContainer(c, b)
		if err != nil {
			return nil, err // not a typed nil
		}
		return v, nil
	}
	n, err := t.Decode(b)
	if err != nil {
		return nil, err
	}
	return Of(t, n)
}

// Of returns a view of type t over the tree n, which must have been built
// for t. The concrete type depends on t: [*BasicList] or [*BasicVector] (of
// uint8, uint16, uint32 or uint64) for lists and vectors of unsigned
// integers, [*Uint256List] or [*Uint256Vector] for uint128 and uint256,
// [*BoolList] or [*BoolVector] for booleans, [*CompactList] or
// [*CompactVector] for fixed-size composite elements of at most 4 KiB,
// [*List] or [*Vector] for other elements, [*Bitlist], [*Bitvector],
// [*Container] and [*Union]. Basic types have no view.
// The progressive kinds have views of their own: [*ProgressiveBasicList],
// [*ProgressiveUint256List], [*ProgressiveBoolList],
// [*ProgressiveCompactList], [*ProgressiveList], [*ProgressiveBitlist] and
// [*ProgressiveContainer], and a CompatibleUnion [*CompatibleUnion].
func Of(t schema.Type, n *tree.Node) (View, error) {
	c, err := newCore(t, n)
	if err != nil {
		return nil, err
	}
	return wrap(c), nil
}

// newCore returns the state of a view of type t over n: a *seq for values
// kept in pages, a *subtrees for other sequences, or a *Container or *Union.
// Handles given out by a parent are cores; the typed views wrap one, so
// that views of one value with different Go element types share its state.
func newCore(t schema.Type, n *tree.Node) (View, error) {
	switch t := t.(type) {
	case *schema.List:
		if t.PageLayout() != nil {
			return newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, true, t.Limit(), n)
		}
		return newSubtrees(t, t.Elem(), t.DataDepth(), true, t.Limit(), n)
	case *schema.Vector:
		if t.PageLayout() != nil {
			return newSeq(t, t.PageLayout(), t.DataDepth(), t.Elem().FixedSize(), false, false, t.Len(), n)
		}
		return newSubtrees(t, t.Elem(), t.DataDepth(), false, t.Len(), n)
	case *schema.Bitlist:
		return newSeq(t, t.PageLayout(), t.DataDepth(), 1, true, true, t.Limit(), n)
	case *schema.Bitvector:
		return newSeq(t, t.PageLayout(), t.Depth(), 1, true, false, t.Len(), n)
	case *schema.Container:
		return ofContainer(t, n)
	case *schema.Union:
		return ofUnion(t, n)
	case *schema.ProgressiveList, *schema.ProgressiveBitlist, *schema.ProgressiveContainer:
		return newProgressiveCore(t, n)
	case *schema.CompatibleUnion:
		return ofCompatibleUnion(t, n)
	}
	return nil, fmt.Errorf("%w: %v has no view", ErrWrongType, t)
}

// seqKind is the view type that holds the elements of a list or vector
// (the word "family" means something else: a view and its handles).
type seqKind int

const (
	subtreeSeq seqKind = iota // List, Vector: a subtree per element
	uintSeq                   // BasicList, BasicVector: uint8 to uint64
	bigSeq                    // Uint256List, Uint256Vector: uint128, uint256
	boolSeq                   // BoolList, BoolVector
	compactSeq                // CompactList, CompactVector: composite values in pages
)

// seqKindOf returns the view type of a list or vector of elem whose data
// tree has the page layout l (nil when each element is a subtree).
func seqKindOf(elem schema.Type, l *tree.Layout) seqKind {
	if l == nil {
		return subtreeSeq
	}
	switch e := elem.(type) {
	case *schema.Uint:
		if e.Bits() <= 64 {
			return uintSeq
		}
		return bigSeq
	case *schema.Bool:
		return boolSeq
	}
	return compactSeq
}

// checkSeqKind returns an error unless t, a list or vector type, is held by
// the view type of kind k, named what.
func checkSeqKind(t schema.Type, elem schema.Type, l *tree.Layout, k seqKind, what string) error {
	if seqKindOf(elem, l) != k {
		return fmt.Errorf("%w: %v is not %s", ErrWrongType, t, what)
	}
	return nil
}

// decodeAs returns the view of type t serialized in b that of builds.
func decodeAs[T schema.Type, V any](t T, b []byte, of func(T, *tree.Node) (V, error)) (V, error) {
	n, err := t.Decode(b)
	if err != nil {
		var zero V
		return zero, err
	}
	return of(t, n)
}

// wrap returns the default typed view over a core.
func wrap(v View) View {
	if w := wrapProgressive(v); w != nil {
		return w
	}
	switch c := v.(type) {
	case *seq:
		switch t := c.typ.(type) {
		case *schema.List:
			switch seqKindOf(t.Elem(), t.PageLayout()) {
			case uintSeq:
				switch t.Elem().FixedSize() {
				case 1:
					return &BasicList[uint8]{basic[uint8]{seqView{c}}, t}
				case 2:
					return &BasicList[uint16]{basic[uint16]{seqView{c}}, t}
				case 4:
					return &BasicList[uint32]{basic[uint32]{seqView{c}}, t}
				}
				return &BasicList[uint64]{basic[uint64]{seqView{c}}, t}
			case bigSeq:
				return &Uint256List{bigs{c}, t}
			case boolSeq:
				return &BoolList{bools{c}, t}
			}
			return &CompactList{compact{c, t.Elem()}, t}
		case *schema.Vector:
			switch seqKindOf(t.Elem(), t.PageLayout()) {
			case uintSeq:
				switch t.Elem().FixedSize() {
				case 1:
					return &BasicVector[uint8]{basic[uint8]{seqView{c}}, t}
				case 2:
					return &BasicVector[uint16]{basic[uint16]{seqView{c}}, t}
				case 4:
					return &BasicVector[uint32]{basic[uint32]{seqView{c}}, t}
				}
				return &BasicVector[uint64]{basic[uint64]{seqView{c}}, t}
			case bigSeq:
				return &Uint256Vector{bigs{c}, t}
			case boolSeq:
				return &BoolVector{bools{c}, t}
			}
			return &CompactVector{compact{c, t.Elem()}, t}
		case *schema.Bitlist:
			return &Bitlist{bitfield{c}, t}
		case *schema.Bitvector:
			return &Bitvector{bitfield{c}, t}
		}
	case *subtrees:
		if c.list {
			return wrapList(c)
		}
		return &Vector{c, c.typ.(*schema.Vector)}
	}
	return v
}

func wrapList(s *subtrees) *List { return &List{s, s.typ.(*schema.List)} }

// IsNil reports whether v is nil, or a nil pointer of a view type held in
// the interface (a nil *Container), whose methods would dereference it.
func IsNil(v View) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
