package tree

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// This file holds the byte forms of every proof (docs/proofs.md, "Proofs
// in bytes"): a first byte numbering the proof's type as Lodestar's
// ProofTypeSerialized does, then the proof. The tree-offset form is
// Lodestar's serializeProof, byte for byte; the others are ssztree's.

// ProofType numbers the kinds of proof as the first byte of their byte
// form, as Lodestar's ProofTypeSerialized does.
type ProofType byte

// The kinds of proof.
const (
	// SingleProofType is a [SingleProof].
	SingleProofType ProofType = 0
	// TreeOffsetProofType is a [TreeOffsetProof].
	TreeOffsetProofType ProofType = 1
	// MultiProofType is a [Multiproof].
	MultiProofType ProofType = 2
	// CompactMultiProofType is a [CompactMultiproof].
	CompactMultiProofType ProofType = 3
)

// String returns the name Lodestar's ProofType gives the kind: "single",
// "treeOffset", "multi" or "compactMulti".
func (t ProofType) String() string {
	switch t {
	case SingleProofType:
		return "single"
	case TreeOffsetProofType:
		return "treeOffset"
	case MultiProofType:
		return "multi"
	case CompactMultiProofType:
		return "compactMulti"
	}
	return fmt.Sprintf("ProofType(%d)", byte(t))
}

// Proof is any of the proofs of this package: *[SingleProof],
// *[TreeOffsetProof], *[Multiproof], *[CompactMultiproof].
type Proof interface {
	// Type returns the proof's kind.
	Type() ProofType
	// Root returns the root the proof gives, or an error wrapping
	// [ErrProof] for a malformed proof.
	Root() ([32]byte, error)
	// MarshalBinary returns the proof's byte form (see [UnmarshalProof]).
	MarshalBinary() ([]byte, error)
	// MarshalJSON returns the proof's JSON form (see [UnmarshalProofJSON]).
	MarshalJSON() ([]byte, error)
}

// SingleProof is a single Merkle proof: the root of the node at Gindex and
// its branch, the roots of the siblings on the way up, leaf first (see
// [Prove]).
type SingleProof struct {
	Gindex Gindex
	Leaf   [32]byte
	Branch [][32]byte
}

// ProveSingle returns the single proof of the node at g below root
// ([Prove]).
func ProveSingle(root *Node, g Gindex) (*SingleProof, error) {
	leaf, branch, err := Prove(root, g)
	if err != nil {
		return nil, err
	}
	return &SingleProof{Gindex: g, Leaf: leaf, Branch: branch}, nil
}

// Root returns the root p gives ([CalculateRoot]).
func (p *SingleProof) Root() ([32]byte, error) { return CalculateRoot(p.Gindex, p.Leaf, p.Branch) }

// Verify reports whether p proves its leaf at its index against root.
func (p *SingleProof) Verify(root [32]byte) bool {
	return VerifyProof(root, p.Gindex, p.Leaf, p.Branch)
}

// Type returns [SingleProofType].
func (p *SingleProof) Type() ProofType { return SingleProofType }

// Type returns [TreeOffsetProofType].
func (p *TreeOffsetProof) Type() ProofType { return TreeOffsetProofType }

// Type returns [MultiProofType].
func (mp *Multiproof) Type() ProofType { return MultiProofType }

// Type returns [CompactMultiProofType].
func (p *CompactMultiproof) Type() ProofType { return CompactMultiProofType }

// MarshalBinary returns p's byte form: the byte 0, its generalized index
// (8 bytes, little-endian), its leaf, and the Gindex.Depth() roots of its
// branch, leaf first. It checks the branch's length.
func (p *SingleProof) MarshalBinary() ([]byte, error) {
	if p.Gindex == 0 || len(p.Branch) != p.Gindex.Depth() {
		return nil, fmt.Errorf("%w: single proof of generalized index %d with %d roots in its branch", ErrProof, p.Gindex, len(p.Branch))
	}
	b := make([]byte, 0, 1+8+32*(1+len(p.Branch)))
	b = append(b, byte(SingleProofType))
	b = binary.LittleEndian.AppendUint64(b, uint64(p.Gindex))
	return appendRoots(append(b, p.Leaf[:]...), p.Branch), nil
}

// MarshalBinary returns p's byte form, Lodestar's serializeProof: the byte
// 1, the number of leaves (2 bytes, little-endian), the offsets (2 bytes
// each, little-endian) and the leaves. It checks the offsets.
func (p *TreeOffsetProof) MarshalBinary() ([]byte, error) {
	if _, err := p.Compact(); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 3+2*len(p.Offsets)+32*len(p.Leaves))
	b = append(b, byte(TreeOffsetProofType))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(p.Leaves)))
	for _, o := range p.Offsets {
		b = binary.LittleEndian.AppendUint16(b, o)
	}
	return appendRoots(b, p.Leaves), nil
}

// MarshalBinary returns mp's byte form: the byte 2, the number k of its
// indices (4 bytes, little-endian), the k indices (8 bytes each,
// little-endian) in its order, the k leaves, then the roots of its helpers
// in decreasing order of index, as many as [HelperIndices] of the indices
// gives. It checks that its helper indices are those.
func (mp *Multiproof) MarshalBinary() ([]byte, error) {
	if err := mp.check(); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 5+40*len(mp.Indices)+32*len(mp.HelperRoots))
	b = append(b, byte(MultiProofType))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(mp.Indices)))
	for _, g := range mp.Indices {
		b = binary.LittleEndian.AppendUint64(b, uint64(g))
	}
	return appendRoots(appendRoots(b, mp.Leaves), mp.HelperRoots), nil
}

// check reports an error wrapping ErrProof if mp is not a well-formed
// multiproof: indices, one leaf each, the helper indices of its indices and
// a root each.
func (mp *Multiproof) check() error {
	if len(mp.Indices) == 0 || uint64(len(mp.Indices)) > maxMultiIndices {
		return fmt.Errorf("%w: multiproof of %d indices", ErrProof, len(mp.Indices))
	}
	if len(mp.Leaves) != len(mp.Indices) {
		return fmt.Errorf("%w: %d leaves for %d indices", ErrProof, len(mp.Leaves), len(mp.Indices))
	}
	want, err := HelperIndices(mp.Indices)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrProof, err)
	}
	if !slices.Equal(want, mp.HelperIndices) || len(mp.HelperRoots) != len(want) {
		return fmt.Errorf("%w: helper indices or roots are not those of the proven indices", ErrProof)
	}
	return nil
}

// maxMultiIndices bounds the indices of a multiproof's byte form, which
// counts them in 4 bytes.
const maxMultiIndices = 1<<32 - 1

// MarshalBinary returns p's byte form: the byte 3, the descriptor (which
// delimits itself) and the leaves. It checks the descriptor and the
// number of leaves.
func (p *CompactMultiproof) MarshalBinary() ([]byte, error) {
	_, nodes, err := ParseDescriptor(p.Descriptor)
	if err != nil {
		return nil, err
	}
	if nodes != len(p.Leaves) {
		return nil, fmt.Errorf("%w: %d leaves for a descriptor of %d proof nodes", ErrProof, len(p.Leaves), nodes)
	}
	b := make([]byte, 0, 1+len(p.Descriptor)+32*len(p.Leaves))
	b = append(append(b, byte(CompactMultiProofType)), p.Descriptor...)
	return appendRoots(b, p.Leaves), nil
}

func appendRoots(b []byte, roots [][32]byte) []byte {
	for i := range roots {
		b = append(b, roots[i][:]...)
	}
	return b
}

// readRoots returns the n roots at the start of b; b holds at least 32·n
// bytes.
func readRoots(b []byte, n int) [][32]byte {
	out := make([][32]byte, n)
	for i := range out {
		copy(out[i][:], b[32*i:])
	}
	return out
}

// UnmarshalProof decodes a proof from its byte form, whose first byte
// names its kind ([ProofType]); the rest is the form of that kind (the
// MarshalBinary methods). Any error wraps [ErrProof] and says what is
// wrong at which byte; the proof's size is read from the input's real
// length, never from a count the input merely claims, before anything is
// allocated. The proof is well formed but not verified.
func UnmarshalProof(b []byte) (Proof, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("%w: empty input", ErrProof)
	}
	body := b[1:]
	switch ProofType(b[0]) {
	case SingleProofType:
		if len(body) < 8+32 {
			return nil, fmt.Errorf("%w: single proof of %d bytes, want at least 41", ErrProof, len(b))
		}
		g := Gindex(binary.LittleEndian.Uint64(body))
		if g == 0 {
			return nil, fmt.Errorf("%w: single proof of generalized index 0 (bytes 1 to 8)", ErrProof)
		}
		if want := 1 + 8 + 32*(1+g.Depth()); len(b) != want {
			return nil, fmt.Errorf("%w: single proof of generalized index %d in %d bytes, want %d", ErrProof, g, len(b), want)
		}
		return &SingleProof{Gindex: g, Leaf: [32]byte(body[8:40]), Branch: readRoots(body[40:], g.Depth())}, nil
	case TreeOffsetProofType:
		if len(body) < 2 {
			return nil, fmt.Errorf("%w: tree-offset proof of %d bytes, want at least 3", ErrProof, len(b))
		}
		n := int(binary.LittleEndian.Uint16(body))
		if n == 0 {
			return nil, fmt.Errorf("%w: tree-offset proof of 0 leaves (bytes 1 and 2)", ErrProof)
		}
		if want := 1 + 2*n + 32*n; len(b) != want {
			return nil, fmt.Errorf("%w: tree-offset proof of %d leaves in %d bytes, want %d", ErrProof, n, len(b), want)
		}
		p := &TreeOffsetProof{Offsets: make([]uint16, n-1), Leaves: readRoots(body[2*n:], n)}
		for i := range p.Offsets {
			p.Offsets[i] = binary.LittleEndian.Uint16(body[2+2*i:])
		}
		if _, err := p.Compact(); err != nil {
			return nil, fmt.Errorf("%w (offsets at bytes 3 to %d)", err, 2*n)
		}
		return p, nil
	case MultiProofType:
		if len(body) < 4 {
			return nil, fmt.Errorf("%w: multiproof of %d bytes, want at least 5", ErrProof, len(b))
		}
		k := uint64(binary.LittleEndian.Uint32(body))
		if k == 0 || uint64(len(body)-4) < 40*k {
			return nil, fmt.Errorf("%w: multiproof of %d indices (bytes 1 to 4) in %d bytes", ErrProof, k, len(b))
		}
		mp := &Multiproof{Indices: make([]Gindex, k)}
		for i := range mp.Indices {
			mp.Indices[i] = Gindex(binary.LittleEndian.Uint64(body[4+8*i:]))
			if mp.Indices[i] == 0 {
				return nil, fmt.Errorf("%w: multiproof index %d is 0 (byte %d)", ErrProof, i, 5+8*i)
			}
		}
		helpers, err := HelperIndices(mp.Indices)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrProof, err)
		}
		leaves := body[4+8*k:]
		if want := 5 + 40*k + 32*uint64(len(helpers)); uint64(len(b)) != want {
			return nil, fmt.Errorf("%w: multiproof of %d indices and %d helpers in %d bytes, want %d", ErrProof, k, len(helpers), len(b), want)
		}
		mp.Leaves = readRoots(leaves, int(k))
		mp.HelperIndices = helpers
		mp.HelperRoots = readRoots(leaves[32*k:], len(helpers))
		return mp, nil
	case CompactMultiProofType:
		// The descriptor ends within the byte of its walk's last bit.
		nbits, nodes, err := parseDescriptorPrefix(body)
		if err != nil {
			return nil, err
		}
		dlen := (nbits + 7) / 8
		if want := 1 + dlen + 32*nodes; len(b) != want {
			return nil, fmt.Errorf("%w: compact multiproof of %d proof nodes (a descriptor of %d bytes) in %d bytes, want %d", ErrProof, nodes, dlen, len(b), want)
		}
		return &CompactMultiproof{Descriptor: slices.Clone(body[:dlen]), Leaves: readRoots(body[dlen:], nodes)}, nil
	}
	return nil, fmt.Errorf("%w: unknown proof type %d (byte 0)", ErrProof, b[0])
}

// parseDescriptorPrefix finds the descriptor at the start of b, which goes
// on with other bytes: it ends in the byte of the last bit of its walk,
// whose bits after that must be 0.
func parseDescriptorPrefix(b []byte) (nbits, nodes int, err error) {
	balance := 0
	for i := 0; i < 8*len(b); i++ {
		if descriptorBit(b, i) {
			balance--
			nodes++
		} else {
			balance++
		}
		if balance < 0 {
			nbits = i + 1
			n, _, err := ParseDescriptor(b[:(nbits+7)/8])
			if err != nil {
				return 0, 0, fmt.Errorf("%w (at byte %d)", err, 1+i/8)
			}
			return n, nodes, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: compact multiproof whose descriptor does not end in its %d bytes", ErrProof, len(b)+1)
}
