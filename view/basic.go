package view

import (
	"encoding/binary"
	"fmt"
	"iter"
	"unsafe"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// Unsigned is the element type of a [BasicList] or [BasicVector]: an
// unsigned integer of 8, 16, 32 or 64 bits (or a type defined on one, such
// as a Gwei amount).
type Unsigned interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// The usual instances.
type (
	// Uint64List is List[uint64, N], such as a state's balances.
	Uint64List = BasicList[uint64]
	// Uint64Vector is Vector[uint64, N], such as a state's slashings.
	Uint64Vector = BasicVector[uint64]
	// ByteList is ByteList[N] (List[byte, N]), such as a transaction.
	ByteList = BasicList[uint8]
	// ByteVector is ByteVector[N] (Vector[byte, N]).
	ByteVector = BasicVector[uint8]
)

// seqView implements View for every view built on a seq.
func (s *seq) Type() schema.Type { return s.typ }

// HashTreeRoot implements [View].
func (s *seq) HashTreeRoot() [32]byte { return s.root() }

// MarshalSSZ implements [View].
func (s *seq) MarshalSSZ() ([]byte, error) { return s.marshalTo(nil) }

// MarshalSSZTo implements [View].
func (s *seq) MarshalSSZTo(dst []byte) ([]byte, error) { return s.marshalTo(dst) }

// UnmarshalSSZ implements [View].
func (s *seq) UnmarshalSSZ(b []byte) error { return unmarshal(s, b) }
func (s *seq) link() *link                 { return &s.lk }
func (s *seq) core() View                  { return s }

// SizeSSZ implements [View].
func (s *seq) SizeSSZ() int {
	if s.bits && s.list {
		return int(s.n/8) + 1
	}
	if s.bits {
		return s.bytesFor(s.n)
	}
	return int(s.n) * s.esize
}

// Len returns the number of elements.
func (s *seq) Len() int { return int(s.n) }

// seqView is the part of a typed wrapper of a sequence that does not
// depend on its element type: the sequence, as a field, and the methods of
// View forwarded to it. The generic wrappers (basic, values) embed it rather
// than the *seq itself: the compiler builds every method of a generic type,
// promoted ones included, for each of its type arguments' shapes in each
// package that uses it, and the sequence's some 30 methods, all promoted,
// were most of the fork packages' build time. Every struct element type
// (Validator, PendingDeposit, ...) is a shape of its own.
type seqView struct {
	seq *seq
}

// Type returns the SSZ type of the value.
func (v *seqView) Type() schema.Type { return v.seq.typ }

// Node applies pending writes and returns the root of the value's tree.
func (v *seqView) Node() *tree.Node { return v.seq.Node() }
func (v *seqView) peek() *tree.Node { return v.seq.peek() }

// HashTreeRoot returns the value's hash_tree_root, hashing only what
// changed since the last time.
func (v *seqView) HashTreeRoot() [32]byte { return v.seq.root() }

// MarshalSSZ returns the value's serialization.
func (v *seqView) MarshalSSZ() ([]byte, error) { return v.seq.marshalTo(nil) }

// MarshalSSZTo appends the value's serialization to dst.
func (v *seqView) MarshalSSZTo(dst []byte) ([]byte, error) { return v.seq.marshalTo(dst) }

// SizeSSZ returns the size of the value's serialization.
func (v *seqView) SizeSSZ() int { return v.seq.SizeSSZ() }

// UnmarshalSSZ replaces the value with the one serialized in b. On error
// the value is unchanged.
func (v *seqView) UnmarshalSSZ(b []byte) error { return unmarshal(v.seq, b) }

// Len returns the number of elements.
func (v *seqView) Len() int { return int(v.seq.n) }

func (v *seqView) commit() *tree.Node { return v.seq.commit() }
func (v *seqView) reset(n *tree.Node) { v.seq.reset(n) }
func (v *seqView) link() *link        { return &v.seq.lk }
func (v *seqView) core() View         { return v.seq }

// basic is what BasicList, BasicVector and ProgressiveBasicList share.
type basic[T Unsigned] struct {
	seqView
}

// push is Append of a list of either kind (BasicList,
// ProgressiveBasicList).
func (b *basic[T]) push(v T) error {
	i, err := b.seq.grow()
	if err != nil {
		return err
	}
	b.Set(i, v)
	return nil
}

// pop is Pop of a list of either kind.
// setBytes replaces the values of a list of type t with those serialized
// in b: the SetBytes of BasicList and ProgressiveBasicList.
func (b *basic[T]) setBytes(v []byte, t schema.Type) error {
	if len(v)%b.seq.esize != 0 {
		return fmt.Errorf("view: %w: %d bytes for %v", schema.ErrSize, len(v), t)
	}
	return b.seq.replace(v, uint64(len(v)/b.seq.esize), false)
}

func (b *basic[T]) pop() (T, error) {
	if b.seq.n == 0 {
		return 0, fmt.Errorf("%w: %v", ErrEmpty, b.seq.typ)
	}
	v := b.Get(b.Len() - 1)
	return v, b.seq.shrink()
}

func sizeOfT[T Unsigned]() int {
	var v T
	return int(unsafe.Sizeof(v))
}

func decodeLE[T Unsigned](b []byte) T {
	switch len(b) {
	case 1:
		return T(b[0])
	case 2:
		return T(binary.LittleEndian.Uint16(b))
	case 4:
		return T(binary.LittleEndian.Uint32(b))
	case 8:
		return T(binary.LittleEndian.Uint64(b))
	}
	return 0 // a zero element (nil bytes)
}

func encodeLE[T Unsigned](b []byte, v T) []byte {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, uint64(v))
	}
	return b
}

// Get returns element i. It panics if i is out of range.
func (b *basic[T]) Get(i int) T {
	// The element in the page read last, in one range check (i < 0 fails
	// it as a large unsigned number); anything else takes the full path.
	if uint64(i) < b.seq.n {
		if e := b.seq.pages.hit(i*b.seq.esize, b.seq.esize); e != nil {
			return decodeLE[T](e)
		}
	}
	var scratch [8]byte
	return decodeLE[T](b.seq.elemMiss(b.seq.index(i)*b.seq.esize, scratch[:], false))
}

// Set sets element i to v. It panics if i is out of range.
func (b *basic[T]) Set(i int, v T) {
	var scratch [8]byte
	b.seq.setElem(b.seq.index(i), encodeLE(scratch[:b.seq.esize], v))
}

// All returns an iterator over the elements and their indices, in order,
// reading page by page.
func (b *basic[T]) All() iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		n := b.Len()
		i := 0
		b.seq.eachPage(func(per int, page []byte) bool {
			for off := 0; off < per && i < n; off += b.seq.esize {
				var v T
				if off+b.seq.esize <= len(page) {
					v = decodeLE[T](page[off : off+b.seq.esize])
				}
				if !yield(i, v) {
					return false
				}
				i++
			}
			return true
		})
	}
}

// Values returns an iterator over the elements, in order, reading page by
// page: slices.Collect(l.Values()) copies them out, slices.AppendSeq(dst,
// l.Values()) appends them to dst.
func (b *basic[T]) Values() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, v := range b.All() {
			if !yield(v) {
				return
			}
		}
	}
}

// Update sets every element v, at index i, to f(i, v), building the new
// tree in one pass: an epoch's rewards and penalties on every balance.
func (b *basic[T]) Update(f func(i int, v T) T) {
	n := b.Len()
	// Copy the bytes out whole, then rewrite them in place, a loop per
	// width: a million balances take a few milliseconds.
	data := b.seq.bytes(make([]byte, 0, n*b.seq.esize))
	le := binary.LittleEndian
	switch b.seq.esize {
	case 8:
		for i := 0; i < n; i++ {
			p := data[8*i : 8*i+8]
			le.PutUint64(p, uint64(f(i, T(le.Uint64(p)))))
		}
	case 4:
		for i := 0; i < n; i++ {
			p := data[4*i : 4*i+4]
			le.PutUint32(p, uint32(f(i, T(le.Uint32(p)))))
		}
	case 2:
		for i := 0; i < n; i++ {
			p := data[2*i : 2*i+2]
			le.PutUint16(p, uint16(f(i, T(le.Uint16(p)))))
		}
	default:
		for i := 0; i < n; i++ {
			data[i] = byte(f(i, T(data[i])))
		}
	}
	if err := b.seq.replace(data, uint64(n), true); err != nil {
		panic(err) // the length did not change
	}
}

// UpdateAt sets each element i named in indices to f(i, v), v its value,
// in one pass: a slot's participation flags, an epoch's inactivity scores.
// Each page of elements touched is copied once (or changed where it lies
// when the value's own writes made it since its tree was last copied or
// handed out), and the tree above them rebuilt once; an element f returns
// unchanged is left as it was. f is
// called once for each index, in increasing order of index; an index named
// twice is updated twice, the second call seeing the first's result; f
// must not read or change the list, which it would see part-way. It
// returns an error, leaving the value unchanged, if an index is out of
// range.
func (b *basic[T]) UpdateAt(indices []int, f func(i int, v T) T) error {
	idx, err := sortedIndices(indices, b.Len(), b.seq.typ)
	if err != nil {
		return err
	}
	return b.seq.updateElems(idx, func(i int, e []byte) (bool, error) {
		v := decodeLE[T](e)
		w := f(i, v)
		if w == v {
			return false, nil
		}
		encodeLE(e, w)
		return true, nil
	})
}

// Bytes returns the elements' serialization: little-endian values back to
// back.
func (b *basic[T]) Bytes() []byte { return b.seq.bytes(nil) }

func (b *basic[T]) setValues(vs []T) error {
	data := make([]byte, len(vs)*b.seq.esize)
	le := binary.LittleEndian
	switch b.seq.esize {
	case 8:
		for i, v := range vs {
			le.PutUint64(data[8*i:], uint64(v))
		}
	case 4:
		for i, v := range vs {
			le.PutUint32(data[4*i:], uint32(v))
		}
	case 2:
		for i, v := range vs {
			le.PutUint16(data[2*i:], uint16(v))
		}
	default:
		for i, v := range vs {
			data[i] = byte(v)
		}
	}
	return b.seq.replace(data, uint64(len(vs)), true)
}

func newBasic[T Unsigned](t schema.Type, elem schema.Type, l *tree.Layout, depth int, list bool, limit uint64, n *tree.Node) (basic[T], error) {
	if l == nil || !isUint(elem, sizeOfT[T]()) {
		return basic[T]{}, fmt.Errorf("%w: %v as %d-byte integers", ErrWrongType, t, sizeOfT[T]())
	}
	s, err := newSeq(t, l, depth, sizeOfT[T](), false, list, limit, n)
	if err != nil {
		return basic[T]{}, err
	}
	return basic[T]{seqView{s}}, nil
}

// BasicList is a view of List[uintN, N]: a list of unsigned integers
// packed into chunks.
type BasicList[T Unsigned] struct {
	basic[T]
	t *schema.List
}

// NewBasicList returns an empty list of type t. It returns an error if the
// elements of t are not unsigned integers of T's size.
func NewBasicList[T Unsigned](t *schema.List) (*BasicList[T], error) {
	return ofBasicList[T](t, t.Default())
}

// DecodeBasicList returns the list of type t serialized in b. It returns an
// error if b is not a valid value or the elements of t are not unsigned
// integers of T's size.
func DecodeBasicList[T Unsigned](t *schema.List, b []byte) (*BasicList[T], error) {
	return decodeKept(t, b, ofBasicList[T])
}

func ofBasicList[T Unsigned](t *schema.List, n *tree.Node) (*BasicList[T], error) {
	b, err := newBasic[T](t, t.Elem(), t.PageLayout(), t.DataDepth(), true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &BasicList[T]{basic: b, t: t}, nil
}

// Append adds v at the end. It returns an error if the list is full.
func (l *BasicList[T]) Append(v T) error { return l.push(v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *BasicList[T]) Pop() (T, error) { return l.pop() }

// DropFirst removes the first k elements; the others move to the front,
// as a slice expression l[k:] would leave them. It copies their bytes once
// and builds the tree from them. It returns an error, and leaves the list
// as it was, if k is negative or above the length.
func (l *BasicList[T]) DropFirst(k int) error { return l.seq.dropFirst(k, l.t) }

// SetAll replaces the list with vs, building its tree in one pass. It
// returns an error if vs is longer than the limit.
func (l *BasicList[T]) SetAll(vs []T) error { return l.setValues(vs) }

// SetBytes replaces the list with the values serialized in b. It returns an
// error if b is not whole values or is too long.
func (l *BasicList[T]) SetBytes(b []byte) error { return l.setBytes(b, l.t) }

// Copy returns an independent copy in O(1): it shares every node with l.
func (l *BasicList[T]) Copy() *BasicList[T] {
	return must(ofBasicList[T](l.t, l.Node()))
}

// BasicVector is a view of Vector[uintN, N]: unsigned integers packed into
// chunks.
type BasicVector[T Unsigned] struct {
	basic[T]
	t *schema.Vector
}

// NewBasicVector returns a zero vector of type t. It returns an error if
// the elements of t are not unsigned integers of T's size.
func NewBasicVector[T Unsigned](t *schema.Vector) (*BasicVector[T], error) {
	return ofBasicVector[T](t, t.Default())
}

// DecodeBasicVector returns the vector of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// unsigned integers of T's size.
func DecodeBasicVector[T Unsigned](t *schema.Vector, b []byte) (*BasicVector[T], error) {
	return decodeKept(t, b, ofBasicVector[T])
}

func ofBasicVector[T Unsigned](t *schema.Vector, n *tree.Node) (*BasicVector[T], error) {
	b, err := newBasic[T](t, t.Elem(), t.PageLayout(), t.DataDepth(), false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &BasicVector[T]{basic: b, t: t}, nil
}

// SetAll sets every element from vs, which must hold exactly Len values,
// building the tree in one pass.
func (v *BasicVector[T]) SetAll(vs []T) error { return v.setValues(vs) }

// SetBytes replaces the vector with the values serialized in b, which must
// be of the vector's size.
func (v *BasicVector[T]) SetBytes(b []byte) error {
	if len(b) != v.t.FixedSize() {
		return fmt.Errorf("view: %w: %d bytes for %v", schema.ErrSize, len(b), v.t)
	}
	return v.seq.replace(b, v.t.Len(), false)
}

// Copy returns an independent copy in O(1): it shares every node with v.
func (v *BasicVector[T]) Copy() *BasicVector[T] {
	return must(ofBasicVector[T](v.t, v.Node()))
}
