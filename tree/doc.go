// Package tree implements immutable binary Merkle trees of 32-byte chunks
// with cached roots: the storage under every ssztree value.
//
// A [Node] is a leaf (one chunk), a branch (two children and a cached root),
// a shared zero subtree ([Zero]), a stem ([NewStem]) or a page: a compact
// node holding the bytes of several fixed-size values together with one
// cached root, standing for the complete subtree those bytes merkleize to
// ([NewPage], [Layout], [Shape]). Pages keep the bottom of large lists
// dense: a list of validators costs little more than its serialized bytes.
// A page of a cached layout ([NewCachedLayout]) also keeps the roots of its
// groups, so that a proof hashes the values of one group, not of the whole
// page, and a page made from another ([NewPageFrom]) re-hashes only the
// groups that changed.
//
// Nothing that another tree or goroutine can reach is modified in place.
// [Set] and [SetMany] return a new root that shares every untouched node
// with the old one, so a copy of a tree is a copy of its root pointer. The
// one exception is a page, or a branch above pages, that its maker never
// handed out, which it may change ([Rewritable], [Rewritten],
// [SetManyOwned]). Roots are computed lazily: [HashAll] (and [Node.Root])
// gathers the nodes whose root is unknown and hashes them level by level
// in batches, a large unknown part cut into subtrees hashed on several
// goroutines.
//
// [Prove] and [ProveMulti] read Merkle proofs straight off a tree, as the
// consensus specification's ssz/merkle-proofs.md defines them (a leaf and
// its branch; leaves, [HelperIndices] and their roots), without expanding
// pages or zero subtrees; [VerifyProof] and [Multiproof.Verify] check them.
//
// [Memory] counts the heap bytes a set of roots holds, every node and
// allocation once however many roots share it, and what one more root adds;
// adding a root walks only the nodes the set did not count yet.
//
// [Rebase] and [Index] make a tree built apart (decoded from bytes) share
// the subtrees it has in common with others, by position or by root.
//
// Nodes are safe to read and hash from any number of goroutines at once.
//
// This package knows nothing about SSZ types; package schema maps them to
// trees.
//
// # Glossary
//
//   - chunk: 32 bytes, a leaf's content and every node's root.
//   - depth and index: a node's distance below a root and its position
//     among the nodes of that depth, left to right; [Gindex] combines
//     them into the specification's generalized index.
//   - height: a node's distance above the leaves of its subtree.
//   - zero subtree: the complete subtree of a depth whose chunks are all
//     zero, one shared node per depth ([Zero]).
//   - stem: one node standing for a chain of branches whose right
//     children are zero subtrees, over one subtree ([NewStem]): the
//     sparse top of a list whose limit is far above its length.
//   - spine: the right spine of branches of a progressive tree, whose left
//     children are its subtrees of 1, 4, 16... chunks ([NewProgressiveOver]).
//   - shape: how the bytes of one fixed-size value map onto a complete
//     subtree ([Shape]).
//   - segment: one leaf of a shape: at most 32 bytes of the value padded
//     into a chunk, or a nested value of a shape of its own ([Segment]).
//     ("Part" is the word of packages schema and view for a part of a
//     value by path: a field, an element.)
//   - raw: a shape that is its own root, its one segment padded to a chunk
//     ([ChunkShape], a uint64).
//   - layout: how a page maps 2^depth values of one shape onto its subtree
//     ([Layout]).
//   - page: a node holding the bytes of up to 2^depth values of a layout
//     and standing for their subtree ([NewPage]).
//   - group: 2^groupDepth consecutive values of a page of a cached layout,
//     whose root the page keeps ([NewCachedLayout]).
//   - lent roots: the roots of groups that a page made by [NewPageFrom]
//     takes over from the page it replaces, because their bytes did not
//     change.
//   - batch: what one pass of hashing takes together: the pages of one
//     layout, the pairs of one level, the values of one shape.
//   - junction: a branch whose children both have unknown roots, where
//     [HashAll] may cut the unknown part of a tree into two subtrees to
//     hash apart. ("Fork" is only Ethereum's: phase0, altair...)
//   - packed subtree: a complete subtree inside a page whose bottom level
//     (its slots) a proof computes from bytes: the values of a page, or the
//     segments of one value.
//   - expand: build the leaves and branches a page stands for, which
//     navigating into a page does ([Node.Children], [Get]).
//   - slab: one allocation holding many nodes, pages or group roots of one
//     build ([Build], [BuildPages]). The collector frees it only whole,
//     and keeps alive whatever its dead nodes point at; so the branches
//     of a path ([SetMany]) and those above a container's fields
//     ([BuildApart]), which later changes replace one by one, are never a
//     slab.
package tree
