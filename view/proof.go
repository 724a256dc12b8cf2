package view

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Prove returns a Merkle multiproof, against v's hash tree root, of the
// parts of v named by paths, in the notation of [schema.ParsePath]
// ("finalized_checkpoint.root", "validators[12].effective_balance",
// "balances.__len__"), located as [schema.LocateIn] does: a path goes on
// below the data of any union, into the option v selects. It applies v's pending writes and reads the proof off
// the committed tree (see [tree.ProveMulti]): pages and zero subtrees are
// not expanded, and the cost does not depend on the limits of lists.
//
// Each leaf is the root of the node a path names: a basic value's leaf is
// the chunk that packs it with its neighbours, a composite value's its hash
// tree root. For one path, the proof's HelperRoots are the path's branch,
// leaf first (see [ProveBranch]).
func Prove(v View, paths ...string) (*tree.Multiproof, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("view: Prove of no path")
	}
	root := v.Node()
	gs := make([]tree.Gindex, len(paths))
	for i, p := range paths {
		g, _, err := schema.LocateIn(v.Type(), root, p)
		if err != nil {
			return nil, err
		}
		gs[i] = g
	}
	return tree.ProveMulti(root, gs)
}

// ProveBranch returns the single Merkle proof, against v's hash tree root,
// of the part of v named by path (see [Prove]): its generalized index, its
// root and its branch, the roots of the siblings on the way up, leaf first.
// [tree.VerifyProof] checks it.
func ProveBranch(v View, path string) (g tree.Gindex, leaf [32]byte, branch [][32]byte, err error) {
	root := v.Node()
	if g, _, err = schema.LocateIn(v.Type(), root, path); err != nil {
		return 0, leaf, nil, err
	}
	leaf, branch, err = tree.Prove(root, g)
	return g, leaf, branch, err
}
