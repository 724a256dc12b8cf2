// Package cache keeps beacon states in memory for a fork-choice store or a
// state-regeneration service: by state root and by block root, within a
// budget of the memory they really hold, the least recently used evicted
// first, the checkpoint states pinned.
//
// States of ssztree share every node they have in common, so the cache
// bounds what its states hold together, counting every shared node and
// slab once ([tree.Memory]): 64 snapshots one epoch apart take about one
// state plus the 64 epochs' changes, not 64 states. Adding a state walks
// only its nodes that no cached state has (docs/states.md).
//
// A [Cache] is generic over the state type: any tree-backed value that
// copies itself in O(1) and gives its untyped view ([State], a constraint
// the compiler checks), which every fork's BeaconState
// (*fulu.BeaconState...) and *versioned.State are. A node that
// runs one fork caches its fork's type and gets it back without a type
// switch or a wrapper; one that crosses a fork boundary caches
// *versioned.State. Generic, rather than a cache of *versioned.State
// only, because the cache needs nothing of a state but its tree and a
// copy, and a single-fork cache should not pay a wrapper and a type
// switch on every Get.
//
// # Concurrency
//
// A Cache is safe for use by any number of goroutines. It holds its own
// copy of every state, hashed when put and never changed; [Cache.Get]
// hands out a new O(1) copy of it, which the caller owns and may change,
// as views' copies are independent values. Put takes its copy under the
// rule of the views: the caller must not change the state it puts while
// Put runs.
//
// The cache's bookkeeping (its maps, its order of use, its counters) runs
// under one lock, which every method holds only for a few map
// operations. The long parts of a Put (rebasing a state decoded apart,
// hundreds of milliseconds at 1,000,000 validators, and counting its new
// nodes) and the release of what an eviction or a Prune removes run under
// a second lock, which serializes Puts and Prunes but not Gets: a Get is
// served while a Put rebases.
package cache

import (
	"sync"

	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// State is what a [Cache] holds: a tree-backed value that copies itself in
// O(1), the copy independent of the original, and gives its untyped view,
// whose tree and root the cache keeps. Every fork's BeaconState
// (*fulu.BeaconState, *gloas.BeaconState...), every other view the fork
// packages generate, and *versioned.State are States.
type State[S any] interface {
	Copy() S
	// Untyped returns the value's untyped view, which writes through to
	// it: a *view.Container, or a *view.ProgressiveContainer (Gloas'
	// state).
	Untyped() view.View
}

// Info is what the caller says of a state when putting it.
type Info struct {
	// Slot is the state's slot.
	Slot uint64
	// BlockRoot is the root of the block whose post-state the state is,
	// zero if the caller gives none: the key of [Cache.GetByBlock].
	BlockRoot [32]byte
	// ParentRoot is that block's parent root: the link [Cache.Ancestor]
	// walks back along.
	ParentRoot [32]byte
}

// Stats are a cache's counters.
type Stats struct {
	Hits, Misses uint64 // lookups by Get, GetByBlock, GetBySlot and Ancestor
	Evictions    uint64 // entries evicted to stay within the budget
	Bytes        int64  // the heap bytes the cached states hold together
	IndexBytes   int64  // the heap bytes of the index of their subtrees, an estimate (tree.Index.Bytes)
	// AccountingBytes is the heap bytes of the bookkeeping that counts
	// what the states hold together, an estimate (tree.Memory.OwnBytes).
	AccountingBytes int64
	Entries         int
	Pinned          int
}

// Cache is a cache of states of type S. The zero value is not usable: make
// one with [New].
type Cache[S State[S]] struct {
	// put serializes Put and Prune and guards mem and idx, which they
	// walk outside mu. A method that holds both takes put first.
	put sync.Mutex
	mem tree.Memory
	// idx holds the subtrees of the cached states by root, so that a
	// state put is rebased on them (view.RebaseOn) before it is counted.
	idx *tree.Index
	// onRebase, if not nil, is called by Put before it rebases, with put
	// held and mu not: the tests hold a Put there to see Gets served.
	onRebase func()

	budget int64

	// mu guards what follows.
	mu sync.Mutex
	// bytes, indexBytes and ownBytes are mem.Bytes(), idx.Bytes() and
	// mem.OwnBytes() as of the last change of the entries, for Stats and
	// eviction, which read them under mu.
	bytes      int64
	indexBytes int64
	ownBytes   int64
	byState    map[[32]byte]*entry[S]
	byBlock    map[[32]byte]*entry[S]
	// links remembers the parent and slot of every block whose state was
	// put, also after the state is evicted, so that Ancestor can walk
	// back past evicted states; Prune drops them.
	links map[[32]byte]link
	// lru is a ring of the entries, the most recently used after lru
	// itself, the least recently used before it.
	lru   entry[S]
	stats Stats
}

type link struct {
	parent [32]byte
	slot   uint64
}

type entry[S State[S]] struct {
	state      S
	node       *tree.Node
	root       [32]byte
	info       Info
	pins       int
	prev, next *entry[S]
}

// New returns an empty cache that keeps its states within budget bytes of
// heap: what they hold together, as [tree.Memory] counts it, and the index
// of their subtrees that Put rebases on ([tree.Index.Bytes], about 45
// bytes a node, some 6 % of what one Fulu state holds), and the
// accounting's own bookkeeping ([tree.Memory.OwnBytes], about 16 bytes a
// node, some 2 %), except that pinned states stay whatever they hold.
func New[S State[S]](budget int64) *Cache[S] {
	c := &Cache[S]{
		budget:  budget,
		idx:     tree.NewIndex(),
		byState: make(map[[32]byte]*entry[S]),
		byBlock: make(map[[32]byte]*entry[S]),
		links:   make(map[[32]byte]link),
	}
	c.lru.prev, c.lru.next = &c.lru, &c.lru
	return c
}

// Put adds a copy of st, described by info, and returns its state root
// and the heap bytes it added beside the states already cached (0 when it
// was cached already: then Put marks it used and records info.BlockRoot
// if it had none). The copy is rebased on the cached states first (see
// [view.RebaseOn]): it shares every subtree they hold with the same root,
// so that a state decoded apart from them costs what its changes do.
// Putting a state may evict the least recently used unpinned states, the
// new one last.
func (c *Cache[S]) Put(st S, info Info) (root [32]byte, added int64) {
	own := st.Copy()
	untyped := own.Untyped()
	node := untyped.Node()
	root = node.Root()
	hasBlock := info.BlockRoot != [32]byte{}

	c.put.Lock()
	defer c.put.Unlock()
	c.mu.Lock()
	if hasBlock {
		c.links[info.BlockRoot] = link{parent: info.ParentRoot, slot: info.Slot}
	}
	if e, ok := c.byState[root]; ok {
		// An entry is found by one block root at most, its first.
		if hasBlock && e.info.BlockRoot == [32]byte{} {
			e.info.BlockRoot, e.info.ParentRoot = info.BlockRoot, info.ParentRoot
			c.byBlock[info.BlockRoot] = e
		}
		c.touch(e)
		c.mu.Unlock()
		return root, 0
	}
	c.mu.Unlock()

	// Share what the cached states hold with the same root: a state
	// decoded apart (loaded from disk, fetched from a peer) then holds
	// what a copy of a cached state changed into it would, and a copy of
	// a cached state costs the visit of what it changed. With put held,
	// no other Put or Prune changes the index or the set meanwhile, and
	// the trees the index reaches are never changed (views copy on
	// write), so the walk needs no lock that a Get waits for.
	if c.onRebase != nil {
		c.onRebase()
	}
	view.RebaseOn(untyped, c.idx)
	node = untyped.Node()
	added = c.mem.Add(node)
	c.idx.Add(node)

	e := &entry[S]{state: own, node: node, root: root, info: info}
	c.mu.Lock()
	c.bytes, c.indexBytes, c.ownBytes = c.mem.Bytes(), c.idx.Bytes(), c.mem.OwnBytes()
	c.byState[root] = e
	if hasBlock {
		c.byBlock[info.BlockRoot] = e
	}
	c.insertFront(e)
	c.mu.Unlock()
	c.evict()
	return root, added
}

// Get returns a copy of the state whose root is stateRoot, which the
// caller may change, and whether it was cached.
func (c *Cache[S]) Get(stateRoot [32]byte) (S, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hand(c.byState[stateRoot])
}

// GetByBlock returns a copy of the post-state of the block whose root is
// blockRoot, and whether it was cached.
func (c *Cache[S]) GetByBlock(blockRoot [32]byte) (S, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hand(c.byBlock[blockRoot])
}

// GetBySlot returns a copy of a cached state of slot slot (the slot given
// to [Cache.Put]), the most recently used of them when several are (states
// of competing blocks), and whether one was cached. It looks through the
// entries, as many as the cache holds: a lookup of the proof server's
// state IDs, not of a hot path. [Cache.RootsAtSlot] lists them all.
func (c *Cache[S]) GetBySlot(slot uint64) (S, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.lru.next; e != &c.lru; e = e.next {
		if e.info.Slot == slot {
			return c.hand(e)
		}
	}
	return c.hand(nil)
}

// RootsAtSlot returns the state roots of the cached states of slot slot,
// the most recently used first.
func (c *Cache[S]) RootsAtSlot(slot uint64) [][32]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out [][32]byte
	for e := c.lru.next; e != &c.lru; e = e.next {
		if e.info.Slot == slot {
			out = append(out, e.root)
		}
	}
	return out
}

// Ancestor returns a copy of the cached state closest to the post-state of
// the block blockRoot along its ancestry, and its Info: the block's own
// post-state if cached, else that of its parent, and so on, walking the
// parent roots of the states put (and, for blocks whose states were never
// put, parent, if not nil, which returns a block's parent root and
// whether it knows the block). The caller replays the blocks from
// Info.BlockRoot on to reach blockRoot's state. ok is false when no
// ancestor's state is cached.
func (c *Cache[S]) Ancestor(blockRoot [32]byte, parent func(block [32]byte) ([32]byte, bool)) (st S, info Info, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	seen := 0
	for b := blockRoot; ; {
		if e := c.byBlock[b]; e != nil {
			st, _ = c.hand(e)
			return st, e.info, true
		}
		l, known := c.links[b]
		next := l.parent
		if !known && parent != nil {
			next, known = parent(b)
		}
		// A chain of blocks never loops, but a caller's parent function
		// may: the walk gives up after maxAncestry blocks.
		if seen++; !known || next == b || seen > maxAncestry {
			break
		}
		b = next
	}
	c.stats.Misses++
	return st, Info{}, false
}

// maxAncestry is how many blocks Ancestor walks back at most: 2^20 slots
// are 145 days, far beyond any replay a node makes (the states before the
// finalized checkpoint are pruned).
const maxAncestry = 1 << 20

// Pin marks the state stateRoot as never to be evicted (a finalized or
// justified checkpoint's state) and reports whether it is cached. Pins
// count: a state pinned twice needs two Unpins.
func (c *Cache[S]) Pin(stateRoot [32]byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byState[stateRoot]
	if e == nil {
		return false
	}
	if e.pins == 0 {
		c.stats.Pinned++
	}
	e.pins++
	return true
}

// Unpin undoes one Pin of the state stateRoot and reports whether it was
// pinned. Once unpinned, the state may be evicted by the next Put.
func (c *Cache[S]) Unpin(stateRoot [32]byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byState[stateRoot]
	if e == nil || e.pins == 0 {
		return false
	}
	e.pins--
	if e.pins == 0 {
		c.stats.Pinned--
	}
	return true
}

// Prune removes the unpinned states of slots below slot, and the links of
// their blocks (after finalization: nothing before the finalized
// checkpoint is replayed from any more), and returns how many states it
// removed. Pinned states stay until unpinned.
func (c *Cache[S]) Prune(slot uint64) int {
	c.put.Lock()
	defer c.put.Unlock()
	c.mu.Lock()
	var removed []*entry[S]
	for _, e := range c.byState {
		if e.info.Slot < slot && e.pins == 0 {
			c.unlink(e)
			removed = append(removed, e)
		}
	}
	for b, l := range c.links {
		if l.slot < slot && c.byBlock[b] == nil {
			delete(c.links, b)
		}
	}
	c.mu.Unlock()
	c.release(removed...)
	return len(removed)
}

// Stats returns the cache's counters.
func (c *Cache[S]) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Bytes, s.IndexBytes, s.AccountingBytes, s.Entries = c.bytes, c.indexBytes, c.ownBytes, len(c.byState)
	return s
}

// Budget returns the budget of the cache in bytes.
func (c *Cache[S]) Budget() int64 { return c.budget }

// hand returns a copy of e's state for a caller, counting a hit, or a
// miss if e is nil.
func (c *Cache[S]) hand(e *entry[S]) (S, bool) {
	if e == nil {
		c.stats.Misses++
		var zero S
		return zero, false
	}
	c.stats.Hits++
	c.touch(e)
	return e.state.Copy(), true
}

// evict removes the least recently used unpinned entries while the cache
// holds more than its budget: its states' bytes, its index's and its
// accounting's together. The caller holds c.put, not c.mu.
func (c *Cache[S]) evict() {
	for {
		c.mu.Lock()
		var victim *entry[S]
		if c.bytes+c.indexBytes+c.ownBytes > c.budget {
			for e := c.lru.prev; e != &c.lru; e = e.prev {
				if e.pins == 0 {
					victim = e
					break
				}
			}
		}
		if victim != nil {
			c.unlink(victim)
			c.stats.Evictions++
		}
		c.mu.Unlock()
		if victim == nil {
			return
		}
		c.release(victim)
	}
}

// unlink takes e out of the maps and the order of use, so that no lookup
// finds it any more. The caller holds c.mu, and c.put, and releases e's
// memory afterwards.
func (c *Cache[S]) unlink(e *entry[S]) {
	delete(c.byState, e.root)
	if e.info.BlockRoot != [32]byte{} && c.byBlock[e.info.BlockRoot] == e {
		delete(c.byBlock, e.info.BlockRoot)
	}
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

// release takes unlinked entries out of the memory set and the index,
// walking what only they held, and updates the bytes held. The caller
// holds c.put, not c.mu.
func (c *Cache[S]) release(es ...*entry[S]) {
	if len(es) == 0 {
		return
	}
	for _, e := range es {
		c.mem.Remove(e.node)
		c.idx.Remove(e.node)
	}
	c.mu.Lock()
	c.bytes, c.indexBytes, c.ownBytes = c.mem.Bytes(), c.idx.Bytes(), c.mem.OwnBytes()
	c.mu.Unlock()
}

func (c *Cache[S]) insertFront(e *entry[S]) {
	e.prev, e.next = &c.lru, c.lru.next
	c.lru.next.prev = e
	c.lru.next = e
}

func (c *Cache[S]) touch(e *entry[S]) {
	e.prev.next, e.next.prev = e.next, e.prev
	c.insertFront(e)
}
