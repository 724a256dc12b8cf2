package schema

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// This file holds a plain reference for hash_tree_root, written straight
// from the spec's Merkleization section over serialized bytes: it shares no
// code with package tree or with the decoders. It assumes valid input.

var refZero = func() (z [65][32]byte) {
	for i := 1; i < len(z); i++ {
		z[i] = sha256.Sum256(append(z[i-1][:], z[i-1][:]...))
	}
	return z
}()

// refMerkleize is the spec's merkleize(chunks, limit): pad to
// next_pow_of_two(limit) zero chunks and hash pairs up to one root.
func refMerkleize(chunks [][32]byte, limit uint64) [32]byte {
	if uint64(len(chunks)) > limit {
		panic("refMerkleize: more chunks than the limit")
	}
	depth := 0
	if limit > 1 {
		depth = bits.Len64(limit - 1)
	}
	layer := append([][32]byte(nil), chunks...)
	for d := 0; d < depth; d++ {
		if len(layer)%2 == 1 {
			layer = append(layer, refZero[d])
		}
		next := make([][32]byte, len(layer)/2)
		for i := range next {
			next[i] = sha256.Sum256(append(layer[2*i][:], layer[2*i+1][:]...))
		}
		layer = next
	}
	if len(layer) == 0 {
		return refZero[depth]
	}
	return layer[0]
}

// refMerkleizeProgressive is the spec's merkleize_progressive(chunks,
// num_leaves): a zero chunk for no chunks, else the hash of the first
// numLeaves chunks merkleized as a tree of numLeaves leaves and of the rest,
// merkleized progressively with four times as many leaves.
func refMerkleizeProgressive(chunks [][32]byte, numLeaves uint64) [32]byte {
	if len(chunks) == 0 {
		return [32]byte{}
	}
	k := min(uint64(len(chunks)), numLeaves)
	a := refMerkleize(chunks[:k], numLeaves)
	b := refMerkleizeProgressive(chunks[k:], 4*numLeaves)
	return sha256.Sum256(append(a[:], b[:]...))
}

func refPack(b []byte) [][32]byte {
	chunks := make([][32]byte, (len(b)+31)/32)
	for i := range chunks {
		copy(chunks[i][:], b[32*i:])
	}
	return chunks
}

func refMixIn(root [32]byte, v uint64) [32]byte {
	var c [32]byte
	binary.LittleEndian.PutUint64(c[:], v)
	return sha256.Sum256(append(root[:], c[:]...))
}

// refSplit cuts the serialization of n values of type elem into the values.
func refSplit(elem Type, b []byte, n int) [][]byte {
	out := make([][]byte, n)
	if elem.IsFixedSize() {
		s := elem.FixedSize()
		for i := range out {
			out[i] = b[i*s : (i+1)*s]
		}
		return out
	}
	for i := range out {
		start := int(binary.LittleEndian.Uint32(b[4*i:]))
		end := len(b)
		if i+1 < n {
			end = int(binary.LittleEndian.Uint32(b[4*i+4:]))
		}
		out[i] = b[start:end]
	}
	return out
}

func refCount(elem Type, b []byte) int {
	if elem.IsFixedSize() {
		return len(b) / elem.FixedSize()
	}
	if len(b) == 0 {
		return 0
	}
	return int(binary.LittleEndian.Uint32(b)) / 4
}

func refRoots(elem Type, parts [][]byte) [][32]byte {
	roots := make([][32]byte, len(parts))
	for i, p := range parts {
		roots[i] = refRoot(elem, p)
	}
	return roots
}

// refRoot is hash_tree_root of the value of type t serialized in b.
func refRoot(t Type, b []byte) [32]byte {
	switch t := t.(type) {
	case *Uint, *Bool:
		var c [32]byte
		copy(c[:], b)
		return c
	case *Bitvector:
		return refMerkleize(refPack(b), t.ChunkCount())
	case *Bitlist:
		last := b[len(b)-1]
		n := 8*(len(b)-1) + bits.Len8(last) - 1
		data := append([]byte(nil), b[:(n+7)/8]...)
		if n%8 != 0 {
			data[len(data)-1] &^= 1 << (n % 8)
		}
		return refMixIn(refMerkleize(refPack(data), t.ChunkCount()), uint64(n))
	case *Vector:
		if isBasic(t.Elem()) {
			return refMerkleize(refPack(b), t.ChunkCount())
		}
		return refMerkleize(refRoots(t.Elem(), refSplit(t.Elem(), b, int(t.Len()))), t.ChunkCount())
	case *List:
		n := refCount(t.Elem(), b)
		if isBasic(t.Elem()) {
			return refMixIn(refMerkleize(refPack(b), t.ChunkCount()), uint64(n))
		}
		return refMixIn(refMerkleize(refRoots(t.Elem(), refSplit(t.Elem(), b, n)), t.ChunkCount()), uint64(n))
	case *Container:
		roots := refFieldRoots(t, b)
		return refMerkleize(roots, uint64(len(roots)))
	case *ProgressiveContainer:
		roots := refFieldRoots(t.fields, b)
		active := t.ActiveFields()
		chunks := make([][32]byte, len(active))
		var bitsChunk [32]byte
		k := 0
		for i, on := range active {
			if on {
				chunks[i] = roots[k]
				k++
				bitsChunk[i/8] |= 1 << (i % 8)
			}
		}
		root := refMerkleizeProgressive(chunks, 1)
		return sha256.Sum256(append(root[:], bitsChunk[:]...))
	case *ProgressiveList:
		n := refCount(t.Elem(), b)
		if isBasic(t.Elem()) {
			return refMixIn(refMerkleizeProgressive(refPack(b), 1), uint64(n))
		}
		return refMixIn(refMerkleizeProgressive(refRoots(t.Elem(), refSplit(t.Elem(), b, n)), 1), uint64(n))
	case *ProgressiveBitlist:
		last := b[len(b)-1]
		n := 8*(len(b)-1) + bits.Len8(last) - 1
		data := append([]byte(nil), b[:(n+7)/8]...)
		if n%8 != 0 {
			data[len(data)-1] &^= 1 << (n % 8)
		}
		return refMixIn(refMerkleizeProgressive(refPack(data), 1), uint64(n))
	case *Union:
		sel := b[0]
		if t.Option(int(sel)) == nil {
			return refMixIn([32]byte{}, 0)
		}
		return refMixIn(refRoot(t.Option(int(sel)), b[1:]), uint64(sel))
	case *CompatibleUnion:
		// mix_in_selector(hash_tree_root(value.data), value.selector)
		return refMixIn(refRoot(t.Option(int(b[0])), b[1:]), uint64(b[0]))
	}
	panic(fmt.Sprintf("refRoot: unknown type %T", t))
}

// refFieldRoots returns the roots of the fields of the container value
// serialized in b.
func refFieldRoots(t *Container, b []byte) [][32]byte {
	roots := make([][32]byte, t.NumFields())
	var starts []int
	for i := 0; i < t.NumFields(); i++ {
		if !t.Field(i).Type.IsFixedSize() {
			starts = append(starts, int(binary.LittleEndian.Uint32(b[t.FieldOffset(i):])))
		}
	}
	k := 0
	for i := range roots {
		f := t.Field(i)
		if f.Type.IsFixedSize() {
			roots[i] = refRoot(f.Type, b[t.FieldOffset(i):t.FieldOffset(i)+f.Type.FixedSize()])
			continue
		}
		end := len(b)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		roots[i] = refRoot(f.Type, b[starts[k]:end])
		k++
	}
	return roots
}

// randomValue returns the serialization of a random valid value of type t.
// Lists get at most maxLen elements.
func randomValue(r *rand.Rand, t Type, maxLen int) []byte {
	switch t := t.(type) {
	case *Uint:
		b := make([]byte, t.FixedSize())
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if r.IntN(4) == 0 { // edge values
			v := byte(0)
			if r.IntN(2) == 0 {
				v = 0xff
			}
			for i := range b {
				b[i] = v
			}
		}
		return b
	case *Bool:
		return []byte{byte(r.IntN(2))}
	case *Bitvector:
		b := make([]byte, t.FixedSize())
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if extra := t.Len() % 8; extra != 0 {
			b[len(b)-1] &= 1<<extra - 1
		}
		return b
	case *Bitlist:
		n := r.IntN(int(min(t.Limit(), uint64(8*maxLen))) + 1)
		b := make([]byte, n/8+1)
		for i := 0; i < n; i++ {
			if r.IntN(2) == 0 {
				b[i/8] |= 1 << (i % 8)
			}
		}
		b[n/8] |= 1 << (n % 8)
		return b
	case *Vector:
		return randomSeq(r, t.Elem(), int(t.Len()), maxLen)
	case *List:
		n := r.IntN(int(min(t.Limit(), uint64(maxLen))) + 1)
		return randomSeq(r, t.Elem(), n, maxLen)
	case *Container:
		var fixed, variable []byte
		var patches []int
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			v := randomValue(r, f.Type, maxLen)
			if f.Type.IsFixedSize() {
				fixed = append(fixed, v...)
				continue
			}
			patches = append(patches, len(fixed))
			fixed = append(fixed, 0, 0, 0, 0)
			variable = append(variable, v...)
			patches = append(patches, len(variable)-len(v))
		}
		for i := 0; i < len(patches); i += 2 {
			binary.LittleEndian.PutUint32(fixed[patches[i]:], uint32(len(fixed)+patches[i+1]))
		}
		return append(fixed, variable...)
	case *ProgressiveList:
		return randomSeq(r, t.Elem(), r.IntN(maxLen+1), maxLen)
	case *ProgressiveBitlist:
		return randomValue(r, Must(NewBitlist(uint64(8*maxLen))), maxLen)
	case *ProgressiveContainer:
		return randomValue(r, t.fields, maxLen)
	case *Union:
		sel := r.IntN(t.Options())
		if t.Option(sel) == nil {
			return []byte{0}
		}
		return append([]byte{byte(sel)}, randomValue(r, t.Option(sel), maxLen)...)
	case *CompatibleUnion:
		sels := t.Selectors()
		sel := sels[r.IntN(len(sels))]
		return append([]byte{byte(sel)}, randomValue(r, t.Option(sel), maxLen)...)
	}
	panic(fmt.Sprintf("randomValue: unknown type %T", t))
}

func randomSeq(r *rand.Rand, elem Type, n, maxLen int) []byte {
	if elem.IsFixedSize() {
		var out []byte
		for i := 0; i < n; i++ {
			out = append(out, randomValue(r, elem, maxLen)...)
		}
		return out
	}
	out := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(out[4*i:], uint32(len(out)))
		out = append(out, randomValue(r, elem, maxLen)...)
	}
	return out
}
