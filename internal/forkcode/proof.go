package forkcode

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// Gindex returns the generalized index of path in values of t: for the
// indices the specification fixes (the light-client proofs), whose paths
// every fork that uses them has, so that a path t lacks is a mistake of the
// calling package, and panics.
func Gindex(t *schema.Container, path string) tree.Gindex {
	g, err := schema.Gindex(t, path)
	if err != nil {
		panic(err)
	}
	return g
}

// Branch writes to dst the Merkle branch of the node at g of v's tree, the
// siblings' roots leaf first (see tree.Prove); dst must have exactly the
// branch's length, else the error names pkg, the fork's package.
func Branch[R ~[32]byte](pkg string, v view.View, g tree.Gindex, dst []R) error {
	_, branch, err := tree.Prove(v.Node(), g)
	if err != nil {
		return err
	}
	if len(branch) != len(dst) {
		return fmt.Errorf("%s: branch of %d roots for generalized index %d, want %d", pkg, len(branch), g, len(dst))
	}
	for i, r := range branch {
		dst[i] = R(r)
	}
	return nil
}
