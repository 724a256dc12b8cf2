package fastssz

import (
	"fmt"

	"github.com/attestantio/go-eth2-client/spec/fulu"
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// prover reads proofs off the tree fastssz builds for a go-eth2-client
// *fulu.BeaconState: GetTree (ssz.ProofTree), hashed once with its Hash,
// then Node.Prove and Node.ProveMulti.
type prover struct{ ints []int }

func (*prover) Decode(b []byte) (*fulu.BeaconState, error) {
	s := new(fulu.BeaconState)
	return s, s.UnmarshalSSZ(b)
}

// Tree builds fastssz's tree of s, one node per chunk, and hashes it (its
// nodes cache their hashes, which proofs read).
func (*prover) Tree(s *fulu.BeaconState) (*ssz.Node, error) {
	n, err := s.GetTree()
	if err != nil {
		return nil, err
	}
	n.Hash()
	return n, nil
}

func (*prover) Root(n *ssz.Node) ([32]byte, error) { return root32(n.Hash()) }

func (*prover) Prove(n *ssz.Node, g uint64) (harness.Proof, error) {
	p, err := n.Prove(int(g))
	return single{p}, err
}

func (p *prover) ProveMulti(n *ssz.Node, gs []uint64) (harness.Proof, error) {
	p.ints = p.ints[:0]
	for _, g := range gs {
		p.ints = append(p.ints, int(g))
	}
	mp, err := n.ProveMulti(p.ints)
	return multi{mp}, err
}

func root32(b []byte) ([32]byte, error) {
	var r [32]byte
	if len(b) != 32 {
		return r, fmt.Errorf("fastssz: a node of %d bytes", len(b))
	}
	copy(r[:], b)
	return r, nil
}

func roots32(bs [][]byte) ([][32]byte, error) {
	out := make([][32]byte, len(bs))
	for i, b := range bs {
		r, err := root32(b)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// single is a proof of Node.Prove.
type single struct{ p *ssz.Proof }

func (s single) Parts() (leaves, hashes [][32]byte, err error) {
	leaf, err := root32(s.p.Leaf)
	if err != nil {
		return nil, nil, err
	}
	hashes, err = roots32(s.p.Hashes)
	return [][32]byte{leaf}, hashes, err
}

// multi is a proof of Node.ProveMulti.
type multi struct{ mp *ssz.Multiproof }

func (m multi) Parts() (leaves, hashes [][32]byte, err error) {
	if leaves, err = roots32(m.mp.Leaves); err != nil {
		return nil, nil, err
	}
	hashes, err = roots32(m.mp.Hashes)
	return leaves, hashes, err
}
