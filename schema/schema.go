// Package schema describes SSZ types and maps their values to and from
// Merkle trees (package tree).
//
// A [Type] knows the sizes of its values, its chunk count and tree depth,
// and the generalized index of a path into it ([Gindex]). Its Decode builds
// a tree straight from serialized bytes, validating everything the
// specification demands, and its Encode writes a tree back to bytes. The
// root of the tree is the value's hash_tree_root.
//
// How values are laid out in trees:
//
//   - a value whose root is a single chunk (basic values, Bytes32, small
//     bitvectors...) is a leaf;
//   - a vector or list of basic values, a bitvector and a bitlist store
//     their packed bytes in pages of 512 bytes (16 chunks; byte lists and
//     byte vectors, written whole, in pages of 4 KiB) under a tree of
//     branches;
//   - a vector or list of fixed-size composite values of at most 4 KiB each
//     (validators, checkpoints, public keys, deposits...) stores their bytes
//     in pages of as many whole values as fit, at most 16: pages of up to
//     2 KiB that also keep the roots of their groups of values of at least
//     192 bytes where a page holds two groups or more (16 validators with
//     the roots of their 8 pairs, see tree.NewCachedLayout), pages of up to
//     1 KiB otherwise (at least one value);
//   - another fixed-size composite value of at most 4 KiB (a Checkpoint
//     field, a BeaconBlockHeader) is a page holding that one value;
//   - everything else (variable-size containers, lists of variable-size
//     values, large fixed-size containers) is a tree of branches over its
//     fields' or elements' own subtrees;
//   - a list adds the length mix-in: a branch over its data tree and a leaf
//     with its length; a union adds the selector the same way;
//   - a progressive list or bitlist (EIP-7916) has, instead of one data
//     tree, the progressive tree of merkleize_progressive: a right spine of
//     branches over subtrees of 1, 4, 16, 64... chunks or element roots
//     (subtree k of depth 2k, stored like a list's data tree of that size,
//     pages at its bottom), ended by a zero chunk; see package tree;
//   - a progressive container (EIP-7495) is a branch over the progressive
//     tree of its active_fields positions (each field's subtree at the
//     position of its 1, zero chunks at the 0s) and a leaf holding the bits
//     of active_fields;
//   - a compatible union (EIP-8016) is a branch over the tree of its data
//     and a leaf holding its selector (mix_in_selector), as a union is.
//
// [Root] computes a value's hash_tree_root straight from its bytes, without
// its tree, for values hashed once and dropped.
//
// Types are immutable once built and safe for concurrent use.
//
// # Paths and errors
//
// A path names a part of a value in the notation of the specification's
// get_generalized_index ("validators[12].effective_balance",
// "balances.__len__"; a union's value is "data", its selector "selector"):
// [ParsePath] reads it, [Gindex] and [Locate] find the part. Decoding and
// encoding errors are [*Error] values whose Path is in the same notation,
// without the top type's name, which the message puts in front:
// "schema: BeaconState.validators[0].slashed (boolean) at byte 1234: ...".
// The sentinel errors are in errors.go.
package schema

import (
	"math"
	"math/bits"
	"sync"

	"github.com/ssztree/ssztree/tree"
)

// Type describes an SSZ type. The implementations are [*Uint], [*Bool],
// [*Bitvector], [*Bitlist], [*Vector], [*List], [*Container], [*Union],
// [*ProgressiveList], [*ProgressiveBitlist], [*ProgressiveContainer] and
// [*CompatibleUnion].
type Type interface {
	// String returns the type in the specification's notation
	// ("List[uint64, 1024]"), or a container's name.
	String() string
	// IsFixedSize reports whether every value of the type has the same size.
	IsFixedSize() bool
	// FixedSize returns the size of a value of a fixed-size type, and 0 for
	// a variable-size type.
	FixedSize() int
	// MinSize and MaxSize bound the size of a serialized value. MaxSize
	// saturates at math.MaxUint64.
	MinSize() uint64
	MaxSize() uint64
	// ChunkCount returns the spec's chunk_count: the number of leaves the
	// value is merkleized from, before padding.
	ChunkCount() uint64
	// Depth returns the depth of the tree merkleize builds over the chunks,
	// not counting a list's length or a union's selector mix-in.
	Depth() int
	// Default returns the tree of the type's default (zero) value. It is
	// shared: trees are immutable.
	Default() *tree.Node
	// Decode builds the tree of the value serialized in b, which it does
	// not retain. Invalid input gives an [*Error] and no tree.
	Decode(b []byte) (*tree.Node, error)
	// Encode appends the serialization of the value whose tree is n to dst.
	Encode(dst []byte, n *tree.Node) ([]byte, error)
	// Size returns the size of the serialization of the value whose tree is n.
	Size(n *tree.Node) (int, error)

	decode(b []byte, at int) (*tree.Node, error)
	encode(dst []byte, n *tree.Node) ([]byte, error)
	size(n *tree.Node) (int, error)
	// validate checks the bytes of a fixed-size value without building a
	// tree; at is their offset in the whole input.
	validate(b []byte, at int) error
	// needsCheck reports whether validate can ever fail for bytes of the
	// right size, so that loops over many values can skip it.
	needsCheck() bool
	// shape returns the Merkle shape of a fixed-size value of at most
	// compactBytes, and nil for other types: such values may be stored in
	// pages.
	shape() *tree.Shape
	// child returns the position below a value's root of the part a path
	// step names, and the part's type (nil for a union's data whose
	// options differ), for generalized indices.
	child(s PathStep) (pos uint64, t Type, err error)
	makeDefault() *tree.Node
}

// pageBytes bounds the bytes of one page that keeps no roots but its own
// (see cachedPageBytes for the others): pages hold as many whole values as
// fit, rounded down to a power of two and capped at 16 values (16 chunks of
// packed values, 16 checkpoints). Larger pages cost less memory per value (a
// page's node and header take 112 bytes) and more per single change (the
// page is copied and re-hashed whole); 1 KiB keeps both within the targets
// of docs/performance.md#status.
const pageBytes = 1024

// compactBytes bounds the fixed-size composite values kept as bytes: alone,
// as one page; as elements, in pages of as many as fit in pageBytes, or one
// if none fits. Above it (a SyncCommittee, a HistoricalBatch) a value is a
// tree of its fields, so that a change copies a part, not the whole value.
// 4 KiB takes in every fixed-size container that consensus code reads whole
// (a Deposit is 1,240 bytes).
const compactBytes = 4096

// common holds what every type shares and implements the exported entry
// points in terms of the unexported methods.
type common struct {
	t       Type
	defOnce sync.Once
	def     *tree.Node
}

// Default implements [Type].
func (c *common) Default() *tree.Node {
	c.defOnce.Do(func() { c.def = c.t.makeDefault() })
	return c.def
}

// Decode implements [Type].
func (c *common) Decode(b []byte) (*tree.Node, error) {
	n, err := c.t.decode(b, 0)
	if err != nil {
		return nil, topError(c.t, err)
	}
	return n, nil
}

// DecodeKept is [Type.Decode] that also returns the serialization the
// tree keeps: for a list or vector of fixed-size values in pages, b is
// checked, then copied once, and the pages are built over that copy, which
// they own (and keep alive whole while any of them is) and which
// DecodeKept returns, not to be modified. For values of other types, and
// for an empty list or a vector of one chunk, kept is nil and the tree is
// Decode's.
func DecodeKept(t Type, b []byte) (n *tree.Node, kept []byte, err error) {
	switch t := t.(type) {
	case *List:
		if t.esize == 0 || t.layout == nil || len(b) == 0 {
			break
		}
		var count int
		if count, err = t.count(b, 0); err == nil {
			n, kept, err = t.buildFixed(t, b, count, 0, true, true)
		}
		return keptResult(t, n, kept, err)
	case *Vector:
		if t.esize == 0 || t.layout == nil || isRaw(t.shp) {
			break
		}
		if len(b) != t.FixedSize() {
			err = decodeError(t, 0, ErrSize, "%d bytes, want %d", len(b), t.FixedSize())
		} else {
			n, kept, err = t.buildFixed(t, b, int(t.n), 0, false, true)
		}
		return keptResult(t, n, kept, err)
	}
	n, err = t.Decode(b)
	return n, nil, err
}

// keptResult returns DecodeKept's results for a value of type t built in
// pages, err placed as Decode places it.
func keptResult(t Type, n *tree.Node, kept []byte, err error) (*tree.Node, []byte, error) {
	if err != nil {
		return nil, nil, topError(t, err)
	}
	return n, kept, nil
}

// Encode implements [Type].
func (c *common) Encode(dst []byte, n *tree.Node) ([]byte, error) {
	if n == nil {
		return dst, treeError(c.t, "nil tree")
	}
	return c.t.encode(dst, n)
}

// Size implements [Type].
func (c *common) Size(n *tree.Node) (int, error) {
	if n == nil {
		return 0, treeError(c.t, "nil tree")
	}
	return c.t.size(n)
}

// Must returns t, or panics if err is not nil. It is meant for types
// defined once, at package level.
func Must[T Type](t T, err error) T {
	if err != nil {
		panic(err)
	}
	return t
}

// depthOf returns the depth of a tree with room for count leaves:
// ceil(log2(count)), and 0 for 0 and 1.
func depthOf(count uint64) int {
	if count <= 1 {
		return 0
	}
	return bits.Len64(count - 1)
}

// maxFixedSize is the largest fixed size of a type: an SSZ offset has 4
// bytes, and a size is an int, of 2 GiB at most on a 32-bit platform.
const maxFixedSize = min(math.MaxUint32, math.MaxInt)

// satMul and satAdd compute sizes that saturate at math.MaxUint64.
func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// le32 reads a 4-byte offset or length. It returns an int64 so that an
// offset of 2^31 or more is no negative number on a 32-bit platform: a
// caller compares it with the input's length before it takes it as an int.
func le32(b []byte) int64 {
	return int64(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
}

func putLE32(b []byte, v int) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

// leUint64 reads the little-endian uint64 at the start of a chunk.
func leUint64(c [32]byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(c[i])
	}
	return v
}

// elemSegment returns the segment of a shape that a fixed-size value of type t at
// offset off is: raw when its root is its own bytes.
func elemSegment(t Type, off int) tree.Segment {
	s := t.shape()
	if isRaw(s) {
		return tree.Segment{Offset: off, Size: s.Size()}
	}
	return tree.Segment{Offset: off, Size: s.Size(), Shape: s}
}

// isRaw reports whether values of shape s are one chunk: their bytes,
// zero-padded.
func isRaw(s *tree.Shape) bool {
	return s != nil && s.Depth() == 0 && s.Size() <= 32 && s.IsRaw()
}

// leafOf returns the leaf of a value whose root is its bytes, zero-padded.
func leafOf(b []byte) *tree.Node { return tree.NewLeafBytes(b) }

// readLeaf appends the first size bytes of a leaf's chunk.
func readLeaf(t Type, dst []byte, n *tree.Node, size int) ([]byte, error) {
	if !n.IsLeaf() {
		if isRaw(t.shape()) {
			// A one-chunk value may also be a page holding it.
			if data, _, ok := n.PageData(); ok && len(data) <= size {
				dst = append(dst, data...)
				return append(dst, make([]byte, size-len(data))...), nil
			}
		}
		return dst, treeError(t, "not a leaf")
	}
	c := n.Chunk()
	return append(dst, c[:size]...), nil
}

// Validate checks that b is a valid serialization of a value of type t, as
// Decode does, and returns the error Decode would return, without building
// a tree: it allocates nothing but, for a container of more than 16
// variable-size fields, the list of their offsets. A value checked by
// Validate then decodes without error.
func Validate(t Type, b []byte) error {
	if err := t.validate(b, 0); err != nil {
		return topError(t, err)
	}
	return nil
}

// SizeError returns the error Validate returns for size bytes of a value of
// the fixed-size container type t when size is not t's size, without the
// bytes. It panics if t is of variable size or size is t's size.
func SizeError(t *Container, size int) error {
	if len(t.variable) > 0 || size == t.fixedPart {
		panic("schema: SizeError of a variable-size container, or of its size")
	}
	return topError(t, decodeError(t, 0, ErrSize, "%d bytes, want %d", size, t.fixedPart))
}
