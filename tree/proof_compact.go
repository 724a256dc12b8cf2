package tree

import (
	"fmt"
	"math/bits"
	"slices"
)

// This file holds the compact multiproofs of EIP-8364 ("SSZ Compact
// Multiproofs", draft): a multiproof whose nodes (proven and helpers alike)
// are named by a descriptor, the bits of a depth-first, left-to-right walk
// of the tree from the root (0 for a node the walk goes through, 1 for a
// proof node, below which it does not go), packed most significant bit
// first and padded with at most seven 0 bits. Lodestar's
// @chainsafe/persistent-merkle-tree (computeDescriptor,
// createCompactMultiProof, compactMultiProofToNode) has the same format.

// CompactMultiproof is a compact multiproof of EIP-8364: a descriptor and
// the roots of its proof nodes in the order of its walk (the order of their
// generalized indices written in binary, as strings).
type CompactMultiproof struct {
	Descriptor []byte
	Leaves     [][32]byte
}

// CompactDescriptor returns the descriptor of a compact multiproof of the
// nodes at gs (EIP-8364's compute_proof_descriptor): its proof nodes are gs
// and their helper indices ([HelperIndices]). Indices may repeat; an index
// that is an ancestor of another is an error wrapping [ErrProof], as the
// EIP demands (Lodestar's computeDescriptor drops the ancestor instead), and
// so are 0 and no index at all.
func CompactDescriptor(gs []Gindex) ([]byte, error) {
	nodes, err := CompactIndices(gs)
	if err != nil {
		return nil, err
	}
	// One 1 bit per node, and a 0 bit per trailing zero of its index: the
	// nodes of the walk whose leftmost proof node it is.
	nbits := 0
	for _, g := range nodes {
		nbits += bits.TrailingZeros64(uint64(g)) + 1
	}
	desc := make([]byte, (nbits+7)/8)
	at := 0
	for _, g := range nodes {
		at += bits.TrailingZeros64(uint64(g))
		desc[at/8] |= 0x80 >> uint(at%8)
		at++
	}
	return desc, nil
}

// CompactIndices returns the generalized indices of the proof nodes of a
// compact multiproof of the nodes at gs: gs and their helper indices,
// without repeats, in the order of the descriptor's walk (EIP-8364's
// compute_proof_indices). Its errors are those of [CompactDescriptor].
func CompactIndices(gs []Gindex) ([]Gindex, error) {
	if len(gs) == 0 {
		return nil, fmt.Errorf("%w: no generalized index to prove", ErrProof)
	}
	for _, g := range gs {
		if g == 0 {
			return nil, fmt.Errorf("%w: generalized index 0", ErrProof)
		}
	}
	// The targets sorted by walkOrder (setTargets' order), and the helpers
	// as helperWalk finds them, right subtree first: never one above
	// another, so that reversed they are in walkOrder too. The two merge
	// in one pass; sorting the thousands of helpers of a proof of a large
	// list instead was most of its time.
	p := getProver()
	defer putProver(p)
	if err := p.setTargets(gs); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrProof, err)
	}
	p.helperWalk(1, 0, below(p.targets, 0))
	nodes := make([]Gindex, 0, len(gs)+len(p.helpers))
	h := len(p.helpers) - 1
	for _, t := range p.targets {
		g := t.gindex()
		for ; h >= 0 && walkOrder(p.helpers[h].g, g) < 0; h-- {
			nodes = append(nodes, p.helpers[h].g)
		}
		nodes = append(nodes, g)
	}
	for ; h >= 0; h-- {
		nodes = append(nodes, p.helpers[h].g)
	}
	nodes = slices.Compact(nodes)
	// Sorted so, a node's descendants follow it at once.
	for i := 1; i < len(nodes); i++ {
		a, b := nodes[i-1], nodes[i]
		if d := b.Depth() - a.Depth(); d > 0 && b>>uint(d) == a {
			return nil, fmt.Errorf("%w: generalized index %d is an ancestor of %d", ErrProof, a, b)
		}
	}
	return nodes, nil
}

// walkOrder orders generalized indices as a depth-first, left-to-right
// walk meets them: by their path bits left-aligned, a node before its
// descendants.
func walkOrder(a, b Gindex) int {
	ka, kb := uint64(a)<<uint(63-a.Depth()), uint64(b)<<uint(63-b.Depth())
	if ka != kb {
		if ka < kb {
			return -1
		}
		return 1
	}
	return a.Depth() - b.Depth()
}

// descriptorBit returns bit i of desc, the most significant bit of a byte
// first.
func descriptorBit(desc []byte, i int) bool { return desc[i/8]&(0x80>>uint(i%8)) != 0 }

// ParseDescriptor validates the descriptor desc as EIP-8364's
// compute_bits_from_proof_descriptor does and returns the number of its
// bits up to its last 1 bit and the number of proof nodes (1 bits): desc
// must hold a 1 bit, the count of 1 bits must first exceed that of 0 bits
// at its last 1 bit, and at most seven 0 bits may follow it. Any error
// wraps [ErrProof] and says where the descriptor is wrong.
func ParseDescriptor(desc []byte) (nbits, nodes int, err error) {
	balance := 0 // zeros minus ones
	for i := 0; i < 8*len(desc); i++ {
		if descriptorBit(desc, i) {
			balance--
			nodes++
		} else {
			balance++
		}
		if balance < 0 {
			nbits = i + 1
			if len(desc) > (nbits+7)/8 {
				return 0, 0, fmt.Errorf("%w: descriptor of %d bytes ends its walk in byte %d", ErrProof, len(desc), i/8)
			}
			for j := nbits; j < 8*len(desc); j++ {
				if descriptorBit(desc, j) {
					return 0, 0, fmt.Errorf("%w: descriptor has a 1 bit at bit %d, after the end of its walk at bit %d", ErrProof, j, i)
				}
			}
			return nbits, nodes, nil
		}
	}
	if nodes == 0 {
		return 0, 0, fmt.Errorf("%w: descriptor of %d bytes without a 1 bit", ErrProof, len(desc))
	}
	return 0, 0, fmt.Errorf("%w: descriptor of %d bytes ends before its walk does", ErrProof, len(desc))
}

// DescriptorIndices returns the generalized indices of the proof nodes that
// the descriptor desc names, in its order: the inverse of
// [CompactDescriptor] (of [CompactIndices]). A descriptor that is not
// valid ([ParseDescriptor]), or names a node deeper than 63 levels, which a
// [Gindex] cannot hold, is an error wrapping [ErrProof].
func DescriptorIndices(desc []byte) ([]Gindex, error) {
	nbits, nodes, err := ParseDescriptor(desc)
	if err != nil {
		return nil, err
	}
	out := make([]Gindex, 0, nodes)
	var stack []Gindex // the right children still to walk
	g := Gindex(1)
	for i := 0; i < nbits; i++ {
		if !descriptorBit(desc, i) {
			if g.Depth() == 63 {
				return nil, fmt.Errorf("%w: descriptor goes deeper than 63 levels at bit %d", ErrProof, i)
			}
			stack = append(stack, 2*g+1)
			g *= 2
			continue
		}
		out = append(out, g)
		if len(stack) > 0 {
			g = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
	}
	return out, nil
}

// ProveCompact returns the compact multiproof of the descriptor desc of the
// tree below root: the roots of the nodes that [DescriptorIndices] names,
// read off the tree as [ProveMulti] reads its leaves, without expanding
// pages or zero subtrees. A node the tree does not have is an error
// wrapping [ErrNavigation].
func ProveCompact(root *Node, desc []byte) (*CompactMultiproof, error) {
	gs, err := DescriptorIndices(desc)
	if err != nil {
		return nil, err
	}
	mp, err := ProveMulti(root, gs)
	if err != nil {
		return nil, err
	}
	return &CompactMultiproof{Descriptor: slices.Clone(desc), Leaves: mp.Leaves}, nil
}

// ProveCompactIndices returns the compact multiproof of the nodes at gs
// below root: [ProveCompact] of their [CompactDescriptor].
func ProveCompactIndices(root *Node, gs []Gindex) (*CompactMultiproof, error) {
	desc, err := CompactDescriptor(gs)
	if err != nil {
		return nil, err
	}
	return ProveCompact(root, desc)
}

// walkCompact replays the walk of p's descriptor: leaf is called with each
// proof node's root, in order, and join with each pair of children once
// both are known, deepest first; the value of the root is returned. It
// checks the descriptor and that p has one leaf per proof node.
func walkCompact[T any](p *CompactMultiproof, leaf func([32]byte) T, join func(l, r T) T) (T, error) {
	var zero T
	nbits, nodes, err := ParseDescriptor(p.Descriptor)
	if err != nil {
		return zero, err
	}
	if nodes != len(p.Leaves) {
		return zero, fmt.Errorf("%w: %d leaves for a descriptor of %d proof nodes", ErrProof, len(p.Leaves), nodes)
	}
	// The nodes whose walk is under way: without their left child's value
	// yet (left false), or with it.
	type frame struct {
		left  bool
		value T
	}
	var stack []frame
	next := 0
	for i := 0; i < nbits; i++ {
		if !descriptorBit(p.Descriptor, i) {
			stack = append(stack, frame{})
			continue
		}
		v := leaf(p.Leaves[next])
		next++
		for len(stack) > 0 && stack[len(stack)-1].left {
			v = join(stack[len(stack)-1].value, v)
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return v, nil // the last bit: ParseDescriptor saw to it
		}
		stack[len(stack)-1] = frame{left: true, value: v}
	}
	return zero, fmt.Errorf("%w: descriptor walk left unfinished", ErrProof)
}

// Root returns the root that p's leaves give (EIP-8364's
// calculate_compact_multi_merkle_root), checking its descriptor and that it
// has one leaf per proof node. Its memory is that of the descriptor's
// deepest path, without recursion.
func (p *CompactMultiproof) Root() ([32]byte, error) {
	buf := make([][32]byte, 3)
	return walkCompact(p, func(l [32]byte) [32]byte { return l }, func(l, r [32]byte) [32]byte {
		buf[0], buf[1] = l, r
		hashPairs(buf[2:], buf[:2])
		return buf[2]
	})
}

// Verify reports whether p proves its leaves against root: whether [Root]
// gives root (EIP-8364's verify_compact_merkle_multiproof). As the EIP
// says, a verifier must also check that the descriptor is the one of the
// indices it means to verify ([CompactDescriptor]): the proof alone does
// not say which nodes it proves.
func (p *CompactMultiproof) Verify(root [32]byte) bool {
	r, err := p.Root()
	return err == nil && r == root
}

// VerifyIndices reports whether p proves the nodes at gs against root: its
// descriptor is [CompactDescriptor] of gs, and [Root] gives root.
func (p *CompactMultiproof) VerifyIndices(root [32]byte, gs []Gindex) bool {
	desc, err := CompactDescriptor(gs)
	return err == nil && slices.Equal(desc, p.Descriptor) && p.Verify(root)
}

// Node returns the partial tree p describes: a branch for each 0 bit of its
// descriptor and a leaf holding each proof node's root (a helper's root
// stands for its whole subtree, below which the tree has nothing), as
// Lodestar's compactMultiProofToNode builds it. Its root is p's [Root]; the
// proven nodes read back from it by generalized index, and the typed views
// of package view read the proven parts of a value from it (view.Of).
func (p *CompactMultiproof) Node() (*Node, error) {
	return walkCompact(p, func(l [32]byte) *Node { return NewLeaf(l) }, NewBranch)
}

// Gindices returns the generalized indices of p's proof nodes, in order
// ([DescriptorIndices] of its descriptor).
func (p *CompactMultiproof) Gindices() ([]Gindex, error) { return DescriptorIndices(p.Descriptor) }
