// Package floor computes the SHA-256 floor of a root: the pair hashes that
// hash_tree_root needs, counted from the SSZ structure, divided by the pair
// hashes per second the fastest pair hashing code at hand sustains on this
// machine (see Hashers and Throughput).
package floor

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/ssztree/ssztree/schema"
)

// merkle returns the pair hashes of merkleizing count chunks into a tree of
// depth levels: a node costs a hash unless its whole subtree is padding (a
// zero subtree, whose root is a constant).
func merkle(count uint64, depth int) uint64 {
	var pairs uint64
	for l := 1; l <= depth && count > 0; l++ {
		count = (count + 1) / 2
		pairs += count
	}
	return pairs
}

// depthOf returns the depth of a tree over limit chunks.
func depthOf(limit uint64) int {
	if limit <= 1 {
		return 0
	}
	return bits.Len64(limit - 1)
}

// chunks returns the chunks that n bytes pack into.
func chunks(n uint64) uint64 { return (n + 31) / 32 }

// isBasic reports whether t is a basic type (packed in lists and vectors).
func isBasic(t schema.Type) bool {
	switch t.(type) {
	case *schema.Uint, *schema.Bool:
		return true
	}
	return false
}

// Pairs returns the pair hashes hash_tree_root needs for the value of type t
// serialized in b: every branch of its Merkle trees (including the length
// and selector mix-ins) whose subtree is not all padding.
func Pairs(t schema.Type, b []byte) (uint64, error) {
	switch t := t.(type) {
	case *schema.Uint, *schema.Bool:
		return 0, nil
	case *schema.Bitvector:
		return merkle(chunks((t.Len()+7)/8), depthOf(t.ChunkCount())), nil
	case *schema.Bitlist:
		if len(b) == 0 || b[len(b)-1] == 0 {
			return 0, fmt.Errorf("%v: no delimiter bit", t)
		}
		n := uint64(len(b)-1)*8 + uint64(bits.Len8(b[len(b)-1])) - 1
		return merkle(chunks((n+7)/8), depthOf(t.ChunkCount())) + 1, nil
	case *schema.Vector:
		return sequence(t.Elem(), b, depthOf(t.ChunkCount()))
	case *schema.List:
		p, err := sequence(t.Elem(), b, depthOf(t.ChunkCount()))
		return p + 1, err
	case *schema.Container:
		parts, err := fields(t, b)
		if err != nil {
			return 0, err
		}
		p, err := fieldPairs(parts, func(i int) schema.Type { return t.Field(i).Type })
		return merkle(uint64(t.NumFields()), depthOf(uint64(t.NumFields()))) + p, err
	case *schema.ProgressiveList:
		p, err := progressiveSequence(t.Elem(), b)
		return p + 1, err
	case *schema.ProgressiveBitlist:
		if len(b) == 0 || b[len(b)-1] == 0 {
			return 0, fmt.Errorf("%v: no delimiter bit", t)
		}
		n := uint64(len(b)-1)*8 + uint64(bits.Len8(b[len(b)-1])) - 1
		return progressive(chunks((n+7)/8)) + 1, nil
	case *schema.ProgressiveContainer:
		parts, err := fields(t, b)
		if err != nil {
			return 0, err
		}
		// The fields' roots sit at their positions among len(active_fields)
		// chunks, inactive positions zero; then the active_fields mix-in.
		p, err := fieldPairs(parts, func(i int) schema.Type { return t.Field(i).Type })
		return progressive(uint64(len(t.ActiveFields()))) + 1 + p, err
	case *schema.Union:
		if len(b) == 0 {
			return 0, fmt.Errorf("%v: no selector", t)
		}
		var pairs uint64
		if opt := t.Option(int(b[0])); opt != nil {
			p, err := Pairs(opt, b[1:])
			if err != nil {
				return 0, err
			}
			pairs = p
		}
		return pairs + 1, nil
	}
	return 0, fmt.Errorf("unknown type %v", t)
}

// sequence returns the pair hashes of the elements of type elem serialized
// in b and of the tree of the given depth over them.
func sequence(elem schema.Type, b []byte, depth int) (uint64, error) {
	if isBasic(elem) {
		return merkle(chunks(uint64(len(b))), depth), nil
	}
	parts, err := elements(elem, b)
	if err != nil {
		return 0, err
	}
	pairs := merkle(uint64(len(parts)), depth)
	for _, part := range parts {
		p, err := Pairs(elem, part)
		if err != nil {
			return 0, err
		}
		pairs += p
	}
	return pairs, nil
}

// progressive returns the pair hashes of merkleize_progressive over count
// chunks (ssz/simple-serialize.md of consensus-specs at a08d8a6e): subtree
// k holds the next 4^k chunks in a tree of depth 2k, and each subtree that
// holds any is hashed with the spine's rest, one pair.
func progressive(count uint64) uint64 {
	var pairs uint64
	for k := 0; count > 0; k++ {
		c := min(count, uint64(1)<<(2*k))
		pairs += merkle(c, 2*k) + 1
		count -= c
	}
	return pairs
}

// progressiveSequence returns the pair hashes of the elements of type elem
// serialized in b and of the progressive tree over them.
func progressiveSequence(elem schema.Type, b []byte) (uint64, error) {
	if isBasic(elem) {
		return progressive(chunks(uint64(len(b)))), nil
	}
	parts, err := elements(elem, b)
	if err != nil {
		return 0, err
	}
	pairs := progressive(uint64(len(parts)))
	for _, part := range parts {
		p, err := Pairs(elem, part)
		if err != nil {
			return 0, err
		}
		pairs += p
	}
	return pairs, nil
}

// elements splits the serialization of a sequence of composite values.
func elements(elem schema.Type, b []byte) ([][]byte, error) {
	if elem.IsFixedSize() {
		size := elem.FixedSize()
		if len(b)%size != 0 {
			return nil, fmt.Errorf("%d bytes of %d-byte %v", len(b), size, elem)
		}
		parts := make([][]byte, 0, len(b)/size)
		for i := 0; i < len(b); i += size {
			parts = append(parts, b[i:i+size])
		}
		return parts, nil
	}
	if len(b) == 0 {
		return nil, nil
	}
	if len(b) < 4 {
		return nil, fmt.Errorf("%v: short offsets", elem)
	}
	n := int(binary.LittleEndian.Uint32(b)) / 4
	offsets := make([]int, n+1)
	for i := range n {
		if 4*i+4 > len(b) {
			return nil, fmt.Errorf("%v: short offsets", elem)
		}
		offsets[i] = int(binary.LittleEndian.Uint32(b[4*i:]))
	}
	offsets[n] = len(b)
	return split(b, offsets)
}

// container is what fields uses of a container type, progressive or not.
type container interface {
	schema.Type
	NumFields() int
	Field(i int) schema.Field
}

// fields splits the serialization of a container into its fields'.
func fields(c container, b []byte) ([][]byte, error) {
	parts := make([][]byte, c.NumFields())
	var varFields, offsets []int
	pos := 0
	for i := range c.NumFields() {
		t := c.Field(i).Type
		if t.IsFixedSize() {
			size := t.FixedSize()
			if pos+size > len(b) {
				return nil, fmt.Errorf("%v: short", c)
			}
			parts[i] = b[pos : pos+size]
			pos += size
			continue
		}
		if pos+4 > len(b) {
			return nil, fmt.Errorf("%v: short", c)
		}
		varFields = append(varFields, i)
		offsets = append(offsets, int(binary.LittleEndian.Uint32(b[pos:])))
		pos += 4
	}
	contents, err := split(b, append(offsets, len(b)))
	if err != nil {
		return nil, fmt.Errorf("%v: %w", c, err)
	}
	for j, i := range varFields {
		parts[i] = contents[j]
	}
	return parts, nil
}

// split cuts b at the offsets, the last of which is the end.
func split(b []byte, offsets []int) ([][]byte, error) {
	parts := make([][]byte, 0, len(offsets)-1)
	for i := 0; i+1 < len(offsets); i++ {
		lo, hi := offsets[i], offsets[i+1]
		if lo > hi || hi > len(b) {
			return nil, fmt.Errorf("bad offsets %d, %d of %d bytes", lo, hi, len(b))
		}
		parts = append(parts, b[lo:hi])
	}
	return parts, nil
}

// fieldPairs returns the pairs hashed below the roots of a container's
// fields, whose serializations are parts and whose types field gives.
func fieldPairs(parts [][]byte, field func(i int) schema.Type) (uint64, error) {
	var pairs uint64
	for i, part := range parts {
		p, err := Pairs(field(i), part)
		if err != nil {
			return 0, err
		}
		pairs += p
	}
	return pairs, nil
}
