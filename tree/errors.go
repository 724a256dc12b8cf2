package tree

import "errors"

// ErrNavigation is returned (wrapped) when a position does not exist in a
// tree: an index out of range for its depth, or a path that runs into a leaf.
var ErrNavigation = errors.New("tree: no such node")

// ErrLayout is returned (wrapped) when a [Shape], [Layout] or page does not
// describe a consistent subtree.
var ErrLayout = errors.New("tree: invalid layout")
