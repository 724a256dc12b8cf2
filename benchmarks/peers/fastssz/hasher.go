// Package fastssz is the benchmark peer of ferranbt/fastssz, through the
// Fulu types of attestantio/go-eth2-client v0.27.0 (spec/fulu's state,
// spec/electra's blocks, which Fulu did not change), whose SSZ code
// fastssz generated. Roots use one reused fastssz Hasher over gohashtree
// (ssz.NewHasherWithHashFn(gohashtree.HashByteSlice)), the fast hashing
// fastssz's README documents.
package fastssz

import (
	ssz "github.com/ferranbt/fastssz"
	"github.com/prysmaticlabs/gohashtree"
)

// hasher is a reused fastssz Hasher over gohashtree.
type hasher struct{ hh *ssz.Hasher }

func newHasher() *hasher { return &hasher{ssz.NewHasherWithHashFn(gohashtree.HashByteSlice)} }

// hashable is what fastssz generates for merkleization.
type hashable interface {
	HashTreeRootWith(hh ssz.HashWalker) error
}

// root returns the hash_tree_root of v.
func (h *hasher) root(v hashable) ([32]byte, error) {
	h.hh.Reset()
	if err := v.HashTreeRootWith(h.hh); err != nil {
		return [32]byte{}, err
	}
	return h.hh.HashRoot()
}
