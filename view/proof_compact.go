package view

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// ProveCompact returns the compact multiproof (EIP-8364), against v's hash
// tree root, of the parts of v that paths name, in the grammar of
// [schema.ParsePath] with ranges ("balances[0:10]",
// "validators[0:64].effective_balance"): the leaves of [schema.LeafGindices],
// where a composite part ("validators[12]", "finalized_checkpoint") stands
// for every chunk of its value, and what a typed view needs to read them
// ([schema.ViewGindices]: the roots of the other fields of the containers
// on the way, the lengths of the lists), so that the partial tree of the
// proof ([tree.CompactMultiproof.Node]) reads back through a view of v's
// type ([Of]). [ProveLeaves] proves the leaves alone, as @chainsafe/ssz's
// createProof(paths) does.
// More than max leaves is an error wrapping [schema.ErrPath], before any
// is read: paths may come from an untrusted request. The leaves are chunks
// of the tree, never one below another, so paths may overlap
// ("validators[12]" and "validators[12].slashed"). It applies v's pending writes and reads the proof off the
// committed tree without expanding pages or zero subtrees.
func ProveCompact(v View, max int, paths ...string) (*tree.CompactMultiproof, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("view: ProveCompact of no path")
	}
	root := v.Node()
	gs, err := schema.ViewGindices(v.Type(), root, paths, max)
	if err != nil {
		return nil, err
	}
	return tree.ProveCompactIndices(root, gs)
}

// ProveLeaves is [ProveCompact] of the leaves of [schema.LeafGindices]
// alone: the smaller proof, which a verifier reads by generalized index
// (the views of a partial tree that lacks the other fields of a container
// on the way cannot read it).
func ProveLeaves(v View, max int, paths ...string) (*tree.CompactMultiproof, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("view: ProveLeaves of no path")
	}
	root := v.Node()
	gs, err := schema.LeafGindices(v.Type(), root, paths, max)
	if err != nil {
		return nil, err
	}
	return tree.ProveCompactIndices(root, gs)
}

// ProveDescriptor returns the compact multiproof of v's tree for the
// descriptor desc ([tree.ProveCompact]), as Lodestar's proof endpoint
// answers a descriptor: the nodes it names, whatever they are.
func ProveDescriptor(v View, desc []byte) (*tree.CompactMultiproof, error) {
	return tree.ProveCompact(v.Node(), desc)
}

// At returns a view of the part of v that path names (in the notation of
// [schema.ParsePath], located as [schema.LocateIn] does), over the subtree
// of v's tree at that part: a field, an element, a union's data. The view
// shares v's committed tree; it does not write through to v. It is how a
// part reads back from a proof's partial tree wherever the view of the
// whole would need more than the proof holds: the lists' views read their
// elements by pages (16 balances' chunks, 8 or 16 validators), which a
// proof of one element leaves incomplete. A basic part (a chunk) has no
// view: an error.
func At(v View, path string) (View, error) {
	root := v.Node()
	g, t, err := schema.LocateIn(v.Type(), root, path)
	if err != nil {
		return nil, err
	}
	if t == nil || isBasic(t) {
		return nil, fmt.Errorf("view: At %q: a basic value or a union's data of unknown type has no view", path)
	}
	n, err := tree.GetGindex(root, g)
	if errors.Is(err, tree.ErrNavigation) {
		// v's tree is a partial tree without the part.
		return nil, fmt.Errorf("%w: At %q: %w", ErrAbsent, path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("view: At %q: %w", path, err)
	}
	return Of(t, n)
}

func isBasic(t schema.Type) bool {
	switch t.(type) {
	case *schema.Uint, *schema.Bool:
		return true
	}
	return false
}
