package tree

import (
	"encoding/binary"
	"unsafe"
)

// Index is a set of trees' subtrees by root, against which other trees are
// rebased ([Index.Rebase]): a cache of states adds each state it holds
// (after rebasing it), so that a state loaded from disk shares its
// unchanged validators, balances pages and vectors of roots with the
// states already there, wherever they are.
//
// It holds every branch, stem and page of the trees added (not leaves,
// which are as small as an entry, nor zero subtrees), each with a count of
// the added trees and indexed branches that reach it, so that removing a
// tree removes what no other tree holds. Adding and removing stop at nodes
// already counted, so they cost the nodes a tree adds to the set, or takes
// from it. A node whose root the index holds in another node is not
// indexed (rebase first, so that there are none); the counts are then only
// approximate, and an entry may leave the index while a tree still holds
// it: a lost chance of sharing, never a wrong one.
//
// An entry is keyed by the first 8 bytes of its root, not all 32, which
// halves the index's memory ([Index.Bytes]); a lookup compares the whole
// root with the entry's node. A page's key mixes in its layout and its
// length, so that pages of one root but of different layouts each have
// an entry: every page of zero values has the root of its depth's zero
// subtree, whatever the values are (uint64 slashings, inactivity scores,
// participation flags), and one entry for them all would share the zero
// pages of one field only. Two roots of one prefix (about one pair in
// 2^64 / n² for n nodes, or one that someone ground out on purpose) cost
// the second its sharing, as above, never a wrong one.
//
// The roots of the trees must be known (hashed) when they are added. An
// Index is not safe for concurrent use: its owner serializes access.
type Index struct {
	nodes map[uint64]indexEntry
	// peak is the most entries the map has held since it was made: a Go
	// map keeps the tables it grew to until it is dropped, so its size
	// follows peak, not its length.
	peak int
}

type indexEntry struct {
	node *Node
	refs int32
}

// indexEntryBytes is what an entry of the index costs the heap on
// average: a slot of 8 bytes of key and an indexEntry (16 bytes on 64-bit
// platforms, 8 on 32-bit ones), its control byte, and the free slots of
// Go's map tables, which grow when they are 7/8 full by doubling (or
// splitting, above 1,024 slots). Measured with runtime.MemStats on go1.26
// amd64 at 800 to 917,000 entries, a map of this layout takes 29 to 60
// bytes an entry (the low figures just below a growth, the high ones just
// above; TestIndexBytes), on 386 about 30 at 10,000 to 150,000: 15/8 of a
// slot (45 bytes on amd64, 30 on 386) is the middle, within a third of the
// truth either way. With the 32-byte roots as keys it took 60 to 117.
const indexEntryBytes = (8 + int64(unsafe.Sizeof(indexEntry{}))) * 15 / 8

// compactBelow is the share of its peak below which the index rebuilds its
// map after a Remove, so that a cache that shrank (a Prune after a long
// non-finality) does not keep the tables of its largest size. A rebuild
// costs a pass over the entries left, paid for by the three times as many
// removals before it.
const compactBelow = 4

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{nodes: make(map[uint64]indexEntry)}
}

// Len returns the number of nodes the index holds.
func (x *Index) Len() int { return len(x.nodes) }

// Bytes returns an estimate of the heap bytes the index itself holds
// (beside the trees, which it only points to): its entries at their
// average cost, counted at the most it has held since it last rebuilt
// its map. A cache counts it in its budget.
func (x *Index) Bytes() int64 { return int64(x.peak) * indexEntryBytes }

// indexKey is the key of n's entry, whose root is known.
func indexKey(n *Node) uint64 {
	k := binary.LittleEndian.Uint64(n.root[:8])
	if p := n.page; p != nil {
		// A layout is a long-lived value compared by its address (and Go's
		// collector does not move heap objects); the odd multiplier spreads
		// the address's zero low bits over the key.
		k ^= (uint64(uintptr(unsafe.Pointer(p.layout))) + uint64(len(n.pageBytes()))) * 0x9e3779b97f4a7c15
	}
	return k
}

// lookup returns the indexed node of n's root and key, or nil.
func (x *Index) lookup(n *Node) *Node {
	if e, ok := x.nodes[indexKey(n)]; ok && e.node.root == n.root {
		return e.node
	}
	return nil
}

// Add adds the subtrees of the tree n (which it hashes if needed).
func (x *Index) Add(n *Node) {
	if n == nil {
		return
	}
	n.Root()
	x.add(n)
	x.peak = max(x.peak, len(x.nodes))
}

func (x *Index) add(n *Node) {
	if n.left == nil && n.page == nil {
		return // a leaf
	}
	if _, ok := zeroNodes[n]; ok {
		return
	}
	k := indexKey(n)
	if e, ok := x.nodes[k]; ok {
		// n itself, counted once more; or another node of its root (or of
		// its key), which stands for n: n and what is below it stay out,
		// as Remove, stopping at the same place, expects.
		if e.node == n {
			e.refs++
			x.nodes[k] = e
		}
		return
	}
	x.nodes[k] = indexEntry{node: n, refs: 1}
	if n.left != nil {
		x.add(n.left)
		if n.right != nil {
			x.add(n.right)
		}
	}
}

// Remove takes out the subtrees of the tree n, added before, that no other
// tree added holds.
func (x *Index) Remove(n *Node) {
	if n == nil || !n.RootKnown() {
		return
	}
	x.remove(n)
	if len(x.nodes) < x.peak/compactBelow {
		nodes := make(map[uint64]indexEntry, len(x.nodes))
		for k, e := range x.nodes {
			nodes[k] = e
		}
		x.nodes, x.peak = nodes, len(nodes)
	}
}

func (x *Index) remove(n *Node) {
	k := indexKey(n)
	e, ok := x.nodes[k]
	if !ok || e.node != n {
		return
	}
	if e.refs--; e.refs > 0 {
		x.nodes[k] = e
		return
	}
	delete(x.nodes, k)
	if n.left != nil {
		x.remove(n.left)
		if n.right != nil {
			x.remove(n.right)
		}
	}
}

// Rebase returns a tree equal to n, in root and in every byte it holds,
// that shares every subtree the index holds with the same root and the
// same data, wherever it is in the indexed trees: [Rebase] against all of
// them at once, by root rather than by position, with the same copies of
// what is not shared. n is hashed first; the index is not changed.
func (x *Index) Rebase(n *Node) *Node {
	if n == nil {
		return nil
	}
	n.Root()
	r := rebaser{idx: x, done: make(map[*Node]*Node)}
	return r.node(n, nil)
}
