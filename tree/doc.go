// Package tree implements immutable binary Merkle trees of 32-byte chunks
// with cached roots: the storage under every ssztree value.
//
// A [Node] is a leaf (one chunk), a branch (two children and a cached root),
// a shared zero subtree ([Zero]), or a page: a compact node holding the bytes
// of several fixed-size values together with one cached root, standing for
// the complete subtree those bytes merkleize to ([NewPage], [Layout],
// [Shape]). Pages keep the bottom of large lists dense: a list of validators
// costs little more than its serialized bytes. A page of a cached layout
// ([NewCachedLayout]) also keeps the roots of its groups of values, so that
// a proof hashes the values of one group, not of the whole page, and a page
// made from another ([NewPageFrom]) re-hashes only the groups that changed.
//
// Nothing is modified in place. [Set] and [SetMany] return a new root that
// shares every untouched node with the old one, so a copy of a tree is a
// copy of its root pointer. Roots are computed lazily: [HashAll] (and
// [Node.Root]) gathers the nodes whose root is unknown and hashes them level
// by level in batches (internal/pairhash: gohashtree's SHA-NI and AVX-512
// code, the faster for each batch), in parallel for large levels.
//
// [Prove] and [ProveMulti] read Merkle proofs straight off a tree, as the
// consensus specification's ssz/merkle-proofs.md defines them (a leaf and
// its branch; leaves, [HelperIndices] and their roots), without expanding
// pages or zero subtrees; [VerifyProof] and [Multiproof.Verify] check them.
//
// Nodes are safe to read and hash from any number of goroutines at once.
//
// This package knows nothing about SSZ types; package schema maps them to
// trees.
package tree
