package schema

import (
	"fmt"

	"github.com/ssztree/ssztree/tree"
)

// maxActiveFields bounds active_fields: its bits are mixed in as one chunk
// (ssz/simple-serialize.md, "Illegal types").
const maxActiveFields = 256

// ProgressiveContainer is the type ProgressiveContainer(active_fields) of
// EIP-7495: a container serialized like a [Container] whose fields are
// merkleized at stable positions, field i at the position of the i-th 1 in
// active_fields, the other positions zero chunks. Its tree is a branch over
// the progressive tree of those positions (see [ProgressiveList]) and a leaf
// holding the bits of active_fields (mix_in_active_fields).
type ProgressiveContainer struct {
	common
	fields *Container
	// positions[i] is field i's leaf in the progressive tree.
	positions []uint64
	leaves    int
	active    [32]byte
}

// NewProgressiveContainer returns the type
// ProgressiveContainer(active_fields) with the given name and fields. Besides
// what is illegal for a [Container], active_fields must have at most 256
// entries, end in true and hold as many true entries as there are fields.
func NewProgressiveContainer(name string, activeFields []bool, fields ...Field) (*ProgressiveContainer, error) {
	if len(fields) == 0 {
		return nil, fmt.Errorf("%w: progressive container %s has no fields", ErrIllegalType, name)
	}
	if len(activeFields) > maxActiveFields {
		return nil, fmt.Errorf("%w: progressive container %s has %d active_fields entries, more than %d", ErrIllegalType, name, len(activeFields), maxActiveFields)
	}
	if len(activeFields) == 0 || !activeFields[len(activeFields)-1] {
		return nil, fmt.Errorf("%w: active_fields of progressive container %s does not end in 1", ErrIllegalType, name)
	}
	c, err := NewContainer(name, fields...)
	if err != nil {
		return nil, err
	}
	p := &ProgressiveContainer{fields: c, leaves: len(activeFields)}
	for i, on := range activeFields {
		if on {
			p.positions = append(p.positions, uint64(i))
			p.active[i/8] |= 1 << (i % 8)
		}
	}
	if len(p.positions) != len(fields) {
		return nil, fmt.Errorf("%w: active_fields of progressive container %s has %d 1s for %d fields", ErrIllegalType, name, len(p.positions), len(fields))
	}
	p.common.t = p
	return p, nil
}

// Name returns the container's name.
func (p *ProgressiveContainer) Name() string { return p.fields.name }

// NumFields returns the number of fields.
func (p *ProgressiveContainer) NumFields() int { return len(p.fields.fields) }

// Field returns field i.
func (p *ProgressiveContainer) Field(i int) Field { return p.fields.fields[i] }

// FieldIndex returns the index of the field with the given name, or -1.
func (p *ProgressiveContainer) FieldIndex(name string) int { return p.fields.FieldIndex(name) }

// Container returns the [Container] of the same name and fields: a value
// of p serializes as a value of it does, and the two differ in their
// trees only.
func (p *ProgressiveContainer) Container() *Container { return p.fields }

// Position returns the leaf of field i in the progressive tree: the index
// of the i-th 1 in active_fields.
func (p *ProgressiveContainer) Position(i int) uint64 { return p.positions[i] }

// FieldOffset returns the offset of field i (or of its offset, for a
// variable-size field) in the fixed part of a value's serialization, which
// is that of a [Container] of the same fields.
func (p *ProgressiveContainer) FieldOffset(i int) int { return p.fields.FieldOffset(i) }

// ActiveFields returns active_fields.
func (p *ProgressiveContainer) ActiveFields() []bool {
	a := make([]bool, p.leaves)
	for _, pos := range p.positions {
		a[pos] = true
	}
	return a
}

// String implements [Type].
func (p *ProgressiveContainer) String() string { return p.fields.name }

// IsFixedSize implements [Type].
func (p *ProgressiveContainer) IsFixedSize() bool { return p.fields.IsFixedSize() }

// FixedSize implements [Type].
func (p *ProgressiveContainer) FixedSize() int { return p.fields.FixedSize() }

// MinSize implements [Type].
func (p *ProgressiveContainer) MinSize() uint64 { return p.fields.MinSize() }

// MaxSize implements [Type].
func (p *ProgressiveContainer) MaxSize() uint64 { return p.fields.MaxSize() }

// ChunkCount implements [Type]: the number of fields.
func (p *ProgressiveContainer) ChunkCount() uint64 { return uint64(len(p.positions)) }

// Depth implements [Type]: it returns 0, as for [ProgressiveList].
func (p *ProgressiveContainer) Depth() int         { return 0 }
func (p *ProgressiveContainer) shape() *tree.Shape { return nil }
func (p *ProgressiveContainer) needsCheck() bool   { return p.fields.needsCheck() }

func (p *ProgressiveContainer) makeDefault() *tree.Node {
	nodes := make([]*tree.Node, len(p.positions))
	for i, f := range p.fields.fields {
		nodes[i] = f.Type.Default()
	}
	return must(p.build(nodes))
}

func (p *ProgressiveContainer) validate(b []byte, at int) error {
	return p.fields.validateFields(b, at)
}

func (p *ProgressiveContainer) decode(b []byte, at int) (*tree.Node, error) {
	var buf [fieldsOnStack]*tree.Node
	nodes, err := p.fields.fieldNodes(buf[:0], b, at)
	if err != nil {
		return nil, err
	}
	return p.build(nodes)
}

// build returns the tree of the value whose fields' trees are nodes.
func (p *ProgressiveContainer) build(nodes []*tree.Node) (*tree.Node, error) {
	leaves := make([]*tree.Node, p.leaves)
	for i := range leaves {
		leaves[i] = tree.Zero(0)
	}
	for i, pos := range p.positions {
		leaves[pos] = nodes[i]
	}
	var subtrees []*tree.Node
	for k, off := 0, 0; off < len(leaves); k++ {
		end := min(len(leaves), off+1<<(2*k))
		sub, err := tree.BuildApart(2*k, leaves[off:end], 0) // see Container.decode
		if err != nil {
			return nil, err
		}
		subtrees = append(subtrees, sub)
		off = end
	}
	return tree.NewBranch(tree.NewProgressive(subtrees), tree.NewLeaf(p.active)), nil
}

// Fields returns the field subtrees of the value whose tree is n.
func (p *ProgressiveContainer) Fields(n *tree.Node) ([]*tree.Node, error) {
	return p.fieldsInto(make([]*tree.Node, 0, p.leaves), n)
}

// fieldsInto is Fields into buf's array where the progressive tree's
// leaves fit in it (an array on the caller's stack), a new slice
// otherwise. It takes the leaves into the array, then moves each field's
// leaf to the field's index in place: positions increase, so position i
// is at least i and its leaf is read before a later field overwrites it.
func (p *ProgressiveContainer) fieldsInto(buf []*tree.Node, n *tree.Node) ([]*tree.Node, error) {
	if cap(buf) < p.leaves {
		buf = make([]*tree.Node, 0, p.leaves)
	}
	if !n.IsBranch() {
		return nil, treeError(p, "the tree is not a branch")
	}
	data, _ := n.Children()
	var subArr [tree.ProgressiveLevels]*tree.Node
	subs, err := tree.ProgressiveParts(subArr[:0], data, tree.ProgressiveSubtrees(uint64(p.leaves)))
	if err != nil {
		return nil, treeError(p, "%v", err)
	}
	leaves := buf[:p.leaves]
	done := 0
	for k, sub := range subs {
		count := min(p.leaves-done, 1<<(2*uint(k)))
		if err := tree.Fill(leaves[done:done+count], sub, 2*k, 0); err != nil {
			return nil, treeError(p, "%v", err)
		}
		done += count
	}
	for i, pos := range p.positions {
		leaves[i] = leaves[pos]
	}
	return leaves[:len(p.positions)], nil
}

func (p *ProgressiveContainer) encode(dst []byte, n *tree.Node) ([]byte, error) {
	var arr [walkWindow]*tree.Node
	nodes, err := p.fieldsInto(arr[:0], n)
	if err != nil {
		return dst, err
	}
	return p.fields.encodeFields(dst, nodes)
}

func (p *ProgressiveContainer) size(n *tree.Node) (int, error) {
	if len(p.fields.variable) == 0 {
		return p.fields.fixedPart, nil
	}
	var arr [walkWindow]*tree.Node
	nodes, err := p.fieldsInto(arr[:0], n)
	if err != nil {
		return 0, err
	}
	return p.fields.sizeFields(nodes)
}

func (p *ProgressiveContainer) child(s PathStep) (uint64, Type, error) {
	i := p.fields.FieldIndex(s.Name)
	if i < 0 || s.IsIndex() {
		return 0, nil, noStep(p, s)
	}
	return progressivePosition(p, s, p.positions[i], p.fields.fields[i].Type)
}
