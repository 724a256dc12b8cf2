package view

import (
	"sync"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// lazyLimit is the largest serialization a container view keeps as bytes
// instead of building its tree at once: MAX_PAYLOAD_SIZE of the
// consensus specification's p2p interface (10 MiB), the largest object a
// node receives by gossip or request. What a node decodes by the thousand
// (attestations, aggregates, blocks, sidecars) is mostly checked, hashed
// once and dropped. A larger value, a state of a real network, is built
// at once: it is navigated as soon as it is decoded, and kept as bytes it
// would hold a third copy of them, beside the caller's and the tree,
// while its tree is built.
const lazyLimit = 10 << 20

// keptLimit is the largest serialization a lazy tree keeps once its tree
// is built: 1 MiB, above every gossip object but the rare block of
// several megabytes, and below every state of the mainnet preset (whose
// vectors of roots alone take 2.5 MiB), which would hold its bytes beside
// a tree it is navigated through.
const keptLimit = 1 << 20

// lazyTree is the tree of a decoded value that is built only when
// something needs it: the value's serialization, checked by
// schema.Validate, until the first reader that navigates, hashes, proves
// or changes the value builds the tree from it. Readers may need it at
// once: the first builds, the others wait for it. Copies of the value
// share it, and so build it once between them.
//
// The bytes of at most keptLimit stay once the tree is built, for as long as
// a view holds the lazy tree, that is until the value is changed: a node
// encodes the objects it decoded and hashed (a block it stores, an
// attestation it serves) far more often than it changes them, and copying
// the bytes is several times as fast as reading them back out of the tree
// (docs/performance.md#gossip-objects-and-micro-cases). Larger bytes are
// dropped once the tree is built, so that what such a value holds is what
// tree.Memory counts.
//
// The root of a value of at most keptLimit bytes, when asked for before
// the tree is built, is computed from the bytes (schema.Root) and kept: a
// gossip object checked, hashed once and dropped never builds its tree,
// and one read afterwards builds it but does not hash it again.
type lazyTree struct {
	built  atomic.Bool // n is set, and b final
	rooted atomic.Bool // r is set
	mu     sync.Mutex  // guards b and n until built, r until rooted
	b      []byte
	n      *tree.Node
	r      [32]byte
}

// newLazyTree returns the lazy tree of the value of type t serialized in
// b, which it copies, or the error schema.Validate returns. It is an
// allocation of its own, not a part of a view's: a tree it built must not
// stay alive with a view whose tree was replaced since.
func newLazyTree(t schema.Type, b []byte) (*lazyTree, error) {
	if err := schema.Validate(t, b); err != nil {
		return nil, err
	}
	return &lazyTree{b: append([]byte(nil), b...)}, nil
}

// keptLazyTree returns the lazy tree of the value serialized in b, bytes
// checked already and never changed (a part of a lazy tree's bytes), which
// it shares rather than copies.
func keptLazyTree(b []byte) *lazyTree { return &lazyTree{b: b} }

// node returns the tree, building it first if no reader did. The bytes
// were checked: a failure to decode them is a bug of package schema.
func (l *lazyTree) node(t schema.Type) *tree.Node {
	if l.built.Load() {
		return l.n
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n == nil {
		l.n = must(t.Decode(l.b))
		if len(l.b) > keptLimit {
			l.b = nil
		}
		l.built.Store(true)
	}
	return l.n
}

// root returns the root of the value. Before the tree is built, a value
// of at most keptLimit bytes is hashed from them (schema.Root hashes on
// one goroutine; a larger value's tree is built and hashed on every core)
// and the root kept, also once the tree is built: it is the tree's root.
func (l *lazyTree) root(t schema.Type) [32]byte {
	if !l.rooted.Load() && !l.built.Load() {
		l.mu.Lock()
		if !l.rooted.Load() && l.n == nil && len(l.b) <= keptLimit {
			l.r = must(schema.Root(t, l.b))
			l.rooted.Store(true)
		}
		l.mu.Unlock()
	}
	if l.rooted.Load() {
		return l.r
	}
	return l.node(t).Root()
}

// bytes returns the serialization, or nil once the tree is built if it is
// larger than keptLimit. It is not the caller's to change.
func (l *lazyTree) bytes() []byte {
	if l.built.Load() {
		return l.b // final once built
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b
}

// decodesLazily reports whether a container of type t serialized in b
// keeps its bytes until its tree is needed: a compact container is one
// page of its bytes already, and a serialization above lazyLimit is a
// state's.
func decodesLazily(t *schema.Container, b []byte) bool {
	return !t.IsCompact() && len(b) > 0 && len(b) <= lazyLimit
}
