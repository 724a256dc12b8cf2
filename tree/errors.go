package tree

import "errors"

// ErrNavigation is returned (wrapped) when a position does not exist in a
// tree: an index out of range for its depth, or a path that runs into a leaf.
var ErrNavigation = errors.New("tree: no such node")

// ErrLayout is returned (wrapped) when a [Shape], [Layout] or page does not
// describe a consistent subtree.
var ErrLayout = errors.New("tree: invalid layout")

// ErrProof is returned (wrapped) when a Merkle proof is malformed: lengths
// that do not match, helper indices other than those of the proven indices,
// or nodes that do not combine into one root.
var ErrProof = errors.New("tree: invalid proof")
