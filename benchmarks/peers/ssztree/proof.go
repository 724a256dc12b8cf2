package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/tree"
)

// prover reads proofs off a *capella.BeaconState's own tree with
// tree.Prove and tree.ProveMulti.
type prover struct {
	single single
	gs     []tree.Gindex
}

func (*prover) Decode(b []byte) (*capella.BeaconState, error) {
	return capella.DecodeBeaconState(capella.Mainnet, b)
}

// Tree returns the state's tree, hashed: the tree is the value.
func (*prover) Tree(s *capella.BeaconState) (*tree.Node, error) {
	n := s.View().Node()
	n.Root()
	return n, nil
}

func (*prover) Root(n *tree.Node) ([32]byte, error) { return n.Root(), nil }

func (p *prover) Prove(n *tree.Node, g uint64) (harness.Proof, error) {
	leaf, branch, err := tree.Prove(n, tree.Gindex(g))
	p.single = single{leaf, branch}
	return &p.single, err
}

func (p *prover) ProveMulti(n *tree.Node, gs []uint64) (harness.Proof, error) {
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
