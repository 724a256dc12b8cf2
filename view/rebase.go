package view

import (
	"fmt"

	"github.com/ssztree/ssztree/tree"
)

// Rebase makes v share with base every subtree the two values have in
// common at the same position (see [tree.Rebase]): a state decoded from
// disk then shares its unchanged validators, balances pages and vectors
// of roots with a state of the same chain already in memory, and holds
// about what a copy of that state changed to it would. The pending writes
// of both are committed and both are hashed first. v's value, root and
// encoding do not change; handles taken from v follow it.
//
// v and base must be of the same type (ErrWrongType otherwise). Rebase
// changes v, so it needs exclusive access to v; base is only read.
func Rebase(v, base View) error {
	if v.Type() != base.Type() {
		return fmt.Errorf("%w: rebase of a %v on a %v", ErrWrongType, v.Type(), base.Type())
	}
	b := base.Node()
	replace(v, tree.Rebase(v.Node(), b))
	return nil
}

// RebaseOn makes v share every subtree that idx holds with the same root,
// wherever it is in the trees added to idx (see [tree.Index.Rebase]): what
// a cache of states does with each state it is given, before adding it to
// its index. v's pending writes are committed and it is hashed first; its
// value, root and encoding do not change. It needs exclusive access to v.
func RebaseOn(v View, idx *tree.Index) {
	replace(v, idx.Rebase(v.Node()))
}

// replace puts n, a tree equal to v's, in v's place.
func replace(v View, n *tree.Node) {
	mu := v.link().lock()
	defer mu.Unlock()
	v.reset(n)
	if v.link().parent != nil {
		// A handle: its parent collects the new tree at its next commit.
		v.link().changed()
	}
}
