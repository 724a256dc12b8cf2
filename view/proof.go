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
//
// An index into a list or bitlist must be below its length: a path past
// it gives an error wrapping [schema.ErrPastLength] that names the length.
// [ProvePastLength] proves what the tree holds there.
func Prove(v View, paths ...string) (*tree.Multiproof, error) {
	return prove(v, paths, schema.LocateIn)
}

// ProvePastLength is [Prove] where an index into a list or bitlist may be
// at or past its length (up to its limit): the leaf there is a zero chunk,
// or the chunk that packs the list's last elements with zeros. With the
// list's __len__ among the paths, such a proof shows that the list has no
// element at the index. A progressive list's tree ends after the subtree
// that holds its last element, so an index beyond that subtree names no
// node: an error.
func ProvePastLength(v View, paths ...string) (*tree.Multiproof, error) {
	return prove(v, paths, schema.LocateInPastLength)
}

func prove(v View, paths []string, locate func(schema.Type, *tree.Node, string) (tree.Gindex, schema.Type, error)) (*tree.Multiproof, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("view: Prove of no path")
	}
	if err := notNil(v); err != nil {
		return nil, err
	}
	root := v.Node()
	gs := make([]tree.Gindex, len(paths))
	for i, p := range paths {
		g, _, err := locate(v.Type(), root, p)
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
// [tree.VerifyProof] checks it. An index past the length of a list is an
// error wrapping [schema.ErrPastLength], as in Prove.
func ProveBranch(v View, path string) (g tree.Gindex, leaf [32]byte, branch [][32]byte, err error) {
	return proveBranch(v, path, schema.LocateIn)
}

// ProveBranchPastLength is [ProveBranch] where an index into a list or
// bitlist may be at or past its length (up to its limit), as in
// [ProvePastLength]: the proof of a zero past the end of a list.
func ProveBranchPastLength(v View, path string) (g tree.Gindex, leaf [32]byte, branch [][32]byte, err error) {
	return proveBranch(v, path, schema.LocateInPastLength)
}

func proveBranch(v View, path string, locate func(schema.Type, *tree.Node, string) (tree.Gindex, schema.Type, error)) (g tree.Gindex, leaf [32]byte, branch [][32]byte, err error) {
	if err := notNil(v); err != nil {
		return 0, leaf, nil, err
	}
	root := v.Node()
	if g, _, err = locate(v.Type(), root, path); err != nil {
		return 0, leaf, nil, err
	}
	leaf, branch, err = tree.Prove(root, g)
	return g, leaf, branch, err
}

// notNil returns an error for a nil view (see [IsNil]).
func notNil(v View) error {
	if IsNil(v) {
		return fmt.Errorf("view: a proof of a nil view (%T)", v)
	}
	return nil
}
