package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// prover reads proofs off a fork's *BeaconState's own tree, which its
// untyped view holds, with tree.Prove and tree.ProveMulti.
type prover[S interface{ Untyped() view.View }] struct {
	decode func(b []byte) (S, error)
	single single
	gs     []tree.Gindex
}

func (p *prover[S]) Decode(b []byte) (S, error) { return p.decode(b) }

// Tree returns the state's tree, hashed: the tree is the value.
func (*prover[S]) Tree(s S) (*tree.Node, error) {
	n := s.Untyped().Node()
	n.Root()
	return n, nil
}

func (*prover[S]) Root(n *tree.Node) ([32]byte, error) { return n.Root(), nil }

func (p *prover[S]) Prove(n *tree.Node, g uint64) (harness.Proof, error) {
	leaf, branch, err := tree.Prove(n, tree.Gindex(g))
	p.single = single{leaf, branch}
	return &p.single, err
}

func (p *prover[S]) ProveMulti(n *tree.Node, gs []uint64) (harness.Proof, error) {
	p.gs = p.gs[:0]
	for _, g := range gs {
		p.gs = append(p.gs, tree.Gindex(g))
	}
	mp, err := tree.ProveMulti(n, p.gs)
	return multi{mp}, err
}

// single is a proof of tree.Prove.
type single struct {
	leaf   [32]byte
	branch [][32]byte
}

func (s *single) Parts() (leaves, hashes [][32]byte, err error) {
	return [][32]byte{s.leaf}, s.branch, nil
}

// multi is a proof of tree.ProveMulti.
type multi struct{ mp *tree.Multiproof }

func (m multi) Parts() (leaves, hashes [][32]byte, err error) {
	return m.mp.Leaves, m.mp.HelperRoots, nil
}
