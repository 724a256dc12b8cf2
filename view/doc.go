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
// bytes and builds its tree only when something navigates into a field
// that is not a container, proves it or changes it: it reads its fields
// from the bytes ([schema.Container.FieldBytes]), and a handle on a field
// of a container type keeps that field's part of them. Until then it
// encodes by copying the bytes, and one of at
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
// handles, buffered writes) and their element or field API, one
// implementation each (two container views embed one field access); they
// differ in how a
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
// A write changes in place only the pages that the value's own writes made
// since its tree, or a tree holding it, was last handed out (Copy, Node, a
// value set into another): pages no copy, snapshot or other value holds.
//
// A copy of a container that is no handle, with a built tree, records
// itself and the value it was copied from as versions of one lineage, by
// weak pointers, which keep nothing alive: a list whose writes replaced
// most of a decode's slab of pages leaves the pages it still holds there
// while an older version of its lineage holds the slab, rather than copying
// them, and moves them at a commit that writes pages once none does
// (docs/architecture.md, Copy-on-write).
package view
