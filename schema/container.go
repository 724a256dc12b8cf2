package schema

import (
	"fmt"
	"slices"

	"github.com/ssztree/ssztree/tree"
)

// Field is a named field of a container.
type Field struct {
	Name string
	Type Type
}

// Container is a container type: an ordered list of named fields.
type Container struct {
	common
	name   string
	fields []Field
	index  map[string]int
	depth  int
	// fixedPart is the size of the fixed part: fixed-size fields, and an
	// offset for each variable-size one.
	fixedPart int
	offsets   []int // offset of each field in the fixed part
	variable  []int // indices of the variable-size fields
	minSize   uint64
	maxSize   uint64
	check     bool
	// checked lists the fields whose bytes need validating (booleans,
	// bitvectors with padding...), so that validating a fixed-size value
	// visits only those.
	checked []int
	// validated lists the fields a value of variable size validates, in
	// order: the variable-size ones and the checked ones.
	validated []int
	// boolsOnly is set when every checked field is a boolean.
	boolsOnly bool
	shp       *tree.Shape
	page      *tree.Layout // one page holding the whole value, for compact containers
}

// NewContainer returns a container type with the given name and fields. A
// container without fields, with two fields of one name, or with a field
// name that a path cannot hold (see [Path]: letters, digits and _, not
// starting with a digit) is illegal.
func NewContainer(name string, fields ...Field) (*Container, error) {
	if len(fields) == 0 {
		return nil, fmt.Errorf("%w: container %s has no fields", ErrIllegalType, name)
	}
	c := &Container{name: name, fields: append([]Field(nil), fields...), index: make(map[string]int, len(fields))}
	c.common.t = c
	c.depth = depthOf(uint64(len(fields)))
	var fixed uint64 // c.fixedPart, summed where a 32-bit int cannot overflow
	for i, f := range fields {
		if f.Type == nil {
			return nil, fmt.Errorf("%w: field %s.%s has no type", ErrIllegalType, name, f.Name)
		}
		if !isName(f.Name) {
			return nil, fmt.Errorf("%w: field %q of %s is not a name a path can hold", ErrIllegalType, f.Name, name)
		}
		if _, dup := c.index[f.Name]; dup {
			return nil, fmt.Errorf("%w: container %s has two fields named %s", ErrIllegalType, name, f.Name)
		}
		c.index[f.Name] = i
		c.offsets = append(c.offsets, c.fixedPart)
		if f.Type.IsFixedSize() {
			fixed += uint64(f.Type.FixedSize())
			c.minSize = satAdd(c.minSize, uint64(f.Type.FixedSize()))
			c.maxSize = satAdd(c.maxSize, uint64(f.Type.FixedSize()))
		} else {
			fixed += 4
			c.variable = append(c.variable, i)
			c.minSize = satAdd(c.minSize, 4+f.Type.MinSize())
			c.maxSize = satAdd(c.maxSize, satAdd(4, f.Type.MaxSize()))
		}
		if f.Type.needsCheck() {
			c.check = true
			c.checked = append(c.checked, i)
		}
		if f.Type.needsCheck() || !f.Type.IsFixedSize() {
			c.validated = append(c.validated, i)
		}
		if fixed > maxFixedSize {
			return nil, fmt.Errorf("%w: the fixed part of container %s is larger than %d bytes", ErrIllegalType, name, uint64(maxFixedSize))
		}
		c.fixedPart = int(fixed)
	}
	c.boolsOnly = true
	for _, i := range c.checked {
		c.boolsOnly = c.boolsOnly && c.fields[i].Type == Boolean
	}
	// A compact container's fields all have shapes: a fixed-size
	// progressive container has none (its tree is not its bytes' shape),
	// and a container holding one keeps a subtree per field.
	if len(c.variable) == 0 && c.fixedPart <= compactBytes && allShaped(fields) {
		segs := make([]tree.Segment, len(fields))
		for i, f := range fields {
			segs[i] = elemSegment(f.Type, c.offsets[i])
		}
		var err error
		if c.shp, err = tree.NewShape(c.fixedPart, c.depth, segs); err != nil {
			return nil, err
		}
		if !isRaw(c.shp) {
			c.page = must(tree.NewLayout(c.shp, 0))
		}
	}
	return c, nil
}

// allShaped reports whether every field's type has a shape.
func allShaped(fields []Field) bool {
	for _, f := range fields {
		if f.Type.shape() == nil {
			return false
		}
	}
	return true
}

// Name returns the container's name.
func (c *Container) Name() string { return c.name }

// NumFields returns the number of fields.
func (c *Container) NumFields() int { return len(c.fields) }

// Field returns field i.
func (c *Container) Field(i int) Field { return c.fields[i] }

// FieldIndex returns the index of the field with the given name, or -1.
func (c *Container) FieldIndex(name string) int {
	if i, ok := c.index[name]; ok {
		return i
	}
	return -1
}

// FieldOffset returns the offset of field i in the fixed part of the
// serialization: where its bytes, or its offset, are.
func (c *Container) FieldOffset(i int) int { return c.offsets[i] }

// FieldBytes returns the part of b, the serialization of a value of c, that
// serializes field i: what a view reads a field from without the value's
// tree. It checks only what it reads (the fixed part's size, field i's
// offset and the next one's) and returns an error, naming the field, if
// those are invalid; b of a value that schema.Validate accepted has none.
// It panics if i is out of range.
func (c *Container) FieldBytes(b []byte, i int) ([]byte, error) {
	if len(b) < c.fixedPart {
		return nil, decodeError(c, 0, ErrSize, "%d bytes, shorter than the fixed part of %d", len(b), c.fixedPart)
	}
	t := c.fields[i].Type
	if t.IsFixedSize() {
		off := c.offsets[i]
		return b[off : off+t.FixedSize()], nil
	}
	k := slices.Index(c.variable, i)
	start, end := le32(b[c.offsets[i]:]), int64(len(b))
	if k+1 < len(c.variable) {
		end = le32(b[c.offsets[c.variable[k+1]]:])
	}
	if start < int64(c.fixedPart) || start > end || end > int64(len(b)) {
		return nil, decodeError(c, c.offsets[i], ErrOffset, "field %s spans bytes %d to %d of %d", c.fields[i].Name, start, end, len(b))
	}
	return b[start:end], nil
}

// IsCompact reports whether values are stored as one page of their bytes
// (or one leaf): fixed-size containers of at most 4 KiB.
func (c *Container) IsCompact() bool { return c.shp != nil }

// Shape returns the Merkle shape of a compact container's bytes, or nil.
func (c *Container) Shape() *tree.Shape { return c.shp }

// String implements [Type].
func (c *Container) String() string { return c.name }

// IsFixedSize implements [Type].
func (c *Container) IsFixedSize() bool { return len(c.variable) == 0 }

// FixedSize implements [Type].
func (c *Container) FixedSize() int {
	if len(c.variable) > 0 {
		return 0
	}
	return c.fixedPart
}

// MinSize implements [Type].
func (c *Container) MinSize() uint64 { return c.minSize }

// MaxSize implements [Type].
func (c *Container) MaxSize() uint64 { return c.maxSize }

// ChunkCount implements [Type].
func (c *Container) ChunkCount() uint64 { return uint64(len(c.fields)) }

// Depth implements [Type].
func (c *Container) Depth() int         { return c.depth }
func (c *Container) shape() *tree.Shape { return c.shp }
func (c *Container) needsCheck() bool   { return c.check }

func (c *Container) makeDefault() *tree.Node {
	if c.shp != nil {
		if c.page == nil {
			return tree.Zero(0)
		}
		return must(tree.NewPage(c.page, make([]byte, c.fixedPart)))
	}
	nodes := make([]*tree.Node, len(c.fields))
	for i, f := range c.fields {
		nodes[i] = f.Type.Default()
	}
	return must(tree.Build(c.depth, nodes, 0))
}

// PageOf returns the tree of a compact container's value from its bytes,
// which the tree owns from then on; the bytes must be valid.
func (c *Container) PageOf(b []byte) (*tree.Node, error) {
	if c.shp == nil || len(b) != c.fixedPart {
		return nil, treeError(c, "PageOf: not a compact container, or %d bytes", len(b))
	}
	if c.page == nil {
		return leafOf(b), nil
	}
	return tree.NewPage(c.page, b)
}

func (c *Container) validate(b []byte, at int) error {
	if len(c.variable) > 0 {
		return c.validateFields(b, at)
	}
	if len(b) != c.fixedPart {
		return decodeError(c, at, ErrSize, "%d bytes, want %d", len(b), c.fixedPart)
	}
	if c.boolsOnly {
		// The common case (a Validator's slashed flag): check the bytes
		// inline, and leave the error message to the general loop.
		ok := true
		for _, i := range c.checked {
			ok = ok && b[c.offsets[i]] <= 1
		}
		if ok {
			return nil
		}
	}
	for _, i := range c.checked {
		f := c.fields[i]
		off := c.offsets[i]
		if err := f.Type.validate(b[off:off+f.Type.FixedSize()], at+off); err != nil {
			return inField(err, FieldStep(f.Name))
		}
	}
	return nil
}

func (c *Container) decode(b []byte, at int) (*tree.Node, error) {
	if c.shp != nil {
		if err := c.validate(b, at); err != nil {
			return nil, err
		}
		return c.PageOf(append([]byte(nil), b...))
	}
	var buf [fieldsOnStack]*tree.Node
	nodes, err := c.fieldNodes(buf[:0], b, at)
	if err != nil {
		return nil, err
	}
	// Each branch its own allocation: a change to one field replaces the
	// branches above it, and a slab kept alive by the other fields'
	// branches would keep the field's decoded tree alive for as long
	// (tree.BuildApart).
	return tree.BuildApart(c.depth, nodes, 0)
}

// fieldsOnStack is how many fields' trees a decode collects in an array
// on its stack: a gossip object's containers have a handful each, and a
// container's decode then allocates only its tree.
const fieldsOnStack = 16

// fieldNodes decodes the fields of the value serialized in b, each into its
// own tree, and returns them appended to dst, which must be empty: what a
// container's tree (or a progressive container's) is built from. It
// validates the size and every offset first.
func (c *Container) fieldNodes(dst []*tree.Node, b []byte, at int) ([]*tree.Node, error) {
	var starts [fieldsOnStack]int
	varStart, err := c.partStarts(starts[:0], b, at)
	if err != nil {
		return nil, err
	}
	nodes := append(dst, make([]*tree.Node, len(c.fields))...)
	k := 0 // the next variable-size field
	for i, f := range c.fields {
		part, off := c.fieldPart(b, varStart, i, &k)
		var err error
		if nodes[i], err = f.Type.decode(part, at+off); err != nil {
			return nil, inField(err, FieldStep(f.Name))
		}
	}
	return nodes, nil
}

// fieldPart returns the bytes of field i of the value serialized in b,
// whose variable-size fields start at varStart (partStarts), and their
// offset in b; k counts the variable-size fields before i, and fieldPart
// moves it past field i.
func (c *Container) fieldPart(b []byte, varStart []int, i int, k *int) ([]byte, int) {
	if t := c.fields[i].Type; t.IsFixedSize() {
		off := c.offsets[i]
		return b[off : off+t.FixedSize()], off
	}
	start, end := varStart[*k], len(b)
	if *k+1 < len(varStart) {
		end = varStart[*k+1]
	}
	*k++
	return b[start:end], start
}

// validateFields checks the value serialized in b as fieldNodes decodes
// it, with the same errors, and builds nothing: the check of a value
// whose tree is built later (see [Validate]).
func (c *Container) validateFields(b []byte, at int) error {
	var starts [fieldsOnStack]int
	varStart, err := c.partStarts(starts[:0], b, at)
	if err != nil {
		return err
	}
	k := 0 // the next variable-size field
	for _, i := range c.validated {
		part, off := c.fieldPart(b, varStart, i, &k)
		if err := c.fields[i].Type.validate(part, at+off); err != nil {
			return inField(err, FieldStep(c.fields[i].Name))
		}
	}
	return nil
}

// partStarts checks the size of the value serialized in b and the offsets
// of its variable-size fields, every one before any field is read, so that
// a bad offset late in the fixed part fails fast, and returns where each
// variable-size field starts, appended to dst, which must be empty.
func (c *Container) partStarts(dst []int, b []byte, at int) ([]int, error) {
	if len(c.variable) == 0 && len(b) != c.fixedPart {
		return nil, decodeError(c, at, ErrSize, "%d bytes, want %d", len(b), c.fixedPart)
	}
	if len(b) < c.fixedPart {
		return nil, decodeError(c, at, ErrSize, "%d bytes, shorter than the fixed part of %d", len(b), c.fixedPart)
	}
	prev := c.fixedPart
	for k, i := range c.variable {
		off := le32(b[c.offsets[i]:])
		if err := c.checkOffset(k, i, off, prev, len(b), at); err != nil {
			return nil, err
		}
		dst = append(dst, int(off))
		prev = int(off)
	}
	return dst, nil
}

// checkOffset checks off, the offset of field i, the k-th variable-size
// field, of a value at at: the first is the end of the fixed part, none
// is below prev, the previous, or past end, the value's size (unknown
// when negative, as a stream's may be).
func (c *Container) checkOffset(k, i int, off int64, prev, end, at int) error {
	switch {
	case k == 0 && off != int64(c.fixedPart):
		return decodeError(c, at+c.offsets[i], ErrOffset, "offset of field %s is %d, want %d (the end of the fixed part)", c.fields[i].Name, off, c.fixedPart)
	case off < int64(prev):
		return decodeError(c, at+c.offsets[i], ErrOffset, "offset of field %s is %d, below the previous %d", c.fields[i].Name, off, prev)
	case end >= 0 && off > int64(end):
		return decodeError(c, at+c.offsets[i], ErrOffset, "offset of field %s is %d, past the end (%d bytes)", c.fields[i].Name, off, end)
	}
	return nil
}

// Fields returns the field subtrees of the container value whose tree is n.
func (c *Container) Fields(n *tree.Node) ([]*tree.Node, error) {
	if c.shp != nil {
		return nil, treeError(c, "Fields of a compact container")
	}
	nodes, err := tree.Nodes(make([]*tree.Node, 0, len(c.fields)), n, c.depth, uint64(len(c.fields)))
	if err != nil {
		return nil, treeError(c, "%v", err)
	}
	return nodes, nil
}

func (c *Container) encode(dst []byte, n *tree.Node) ([]byte, error) {
	if c.shp != nil {
		if data, _, ok := n.PageData(); ok && len(data) == c.fixedPart {
			return append(dst, data...), nil
		}
		if c.page == nil {
			return readLeaf(c, dst, n, c.fixedPart)
		}
		start := len(dst)
		dst = append(dst, make([]byte, c.fixedPart)...)
		if err := tree.ReadValue(n, c.shp, dst[start:]); err != nil {
			return dst[:start], treeError(c, "%v", err)
		}
		return dst, nil
	}
	var arr [walkWindow]*tree.Node
	nodes, err := c.fieldsInto(arr[:0], n)
	if err != nil {
		return dst, err
	}
	return c.encodeFields(dst, nodes)
}

// fieldsInto is Fields into buf's array where the fields fit in it (an
// array on the caller's stack), a new slice otherwise.
func (c *Container) fieldsInto(buf []*tree.Node, n *tree.Node) ([]*tree.Node, error) {
	if cap(buf) < len(c.fields) {
		return c.Fields(n)
	}
	nodes := buf[:len(c.fields)]
	if err := tree.Fill(nodes, n, c.depth, 0); err != nil {
		return nil, treeError(c, "%v", err)
	}
	return nodes, nil
}

// encodeFields appends the serialization of the value whose fields' trees
// are nodes.
func (c *Container) encodeFields(dst []byte, nodes []*tree.Node) ([]byte, error) {
	var err error
	start := len(dst)
	for i, f := range c.fields {
		if !f.Type.IsFixedSize() {
			dst = append(dst, 0, 0, 0, 0)
			continue
		}
		if dst, err = f.Type.encode(dst, nodes[i]); err != nil {
			return dst, inField(err, FieldStep(f.Name))
		}
	}
	for _, i := range c.variable {
		if err := putOffset(c, dst[start+c.offsets[i]:], len(dst)-start); err != nil {
			return dst, err
		}
		if dst, err = c.fields[i].Type.encode(dst, nodes[i]); err != nil {
			return dst, inField(err, FieldStep(c.fields[i].Name))
		}
	}
	return dst, nil
}

func (c *Container) size(n *tree.Node) (int, error) {
	if len(c.variable) == 0 {
		return c.fixedPart, nil
	}
	var arr [walkWindow]*tree.Node
	nodes, err := c.fieldsInto(arr[:0], n)
	if err != nil {
		return 0, err
	}
	return c.sizeFields(nodes)
}

// sizeFields returns the size of the serialization of the value whose
// fields' trees are nodes.
func (c *Container) sizeFields(nodes []*tree.Node) (int, error) {
	total := c.fixedPart
	for _, i := range c.variable {
		s, err := c.fields[i].Type.size(nodes[i])
		if err != nil {
			return 0, inField(err, FieldStep(c.fields[i].Name))
		}
		total += s
	}
	return total, nil
}

func (c *Container) child(s PathStep) (uint64, Type, error) {
	i, ok := c.index[s.Name]
	if !ok || s.IsIndex() {
		return 0, nil, noStep(c, s)
	}
	return 1<<uint(c.depth) | uint64(i), c.fields[i].Type, nil
}
