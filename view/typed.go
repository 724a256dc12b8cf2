package view

import (
	"bytes"
	"fmt"
	"iter"
	"reflect"
	"sync"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// FixedValue constrains the Go types that a [ValueList] or [ValueVector]
// holds: plain values of a fixed-size SSZ type (a Validator struct, a Root
// array) whose pointer marshals and unmarshals them. A pointer type that
// also implements [ValueCodec] has its values read and written by value.
type FixedValue[V any] interface {
	*V
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
}

// ValueCodec is what the pointer type of a [FixedValue] may add so that a
// [ValueList], [ValueVector] or [ProgressiveValueList] reads and writes its
// elements by value: Get, Set and Append then keep the value on their
// caller's stack. FixedValue's methods take the value's address, and a
// generic function calling them cannot tell that they do not keep it, so
// that without a ValueCodec each Get and Set moves a value to the heap.
// The types sszgen generates implement it.
type ValueCodec[V any] interface {
	// DecodeSSZValue returns the value serialized in b, which has the
	// value's size. It is called on a nil receiver.
	DecodeSSZValue(b []byte) (V, error)
	// AppendSSZValue appends the serialization of v to dst. It is called
	// on a nil receiver.
	AppendSSZValue(dst []byte, v V) []byte
}

// values is what ValueList, ValueVector and ProgressiveValueList share:
// the sequence (through seqView) and a writer's scratch element. It is not
// generic, for the reason seqView gives: the typed lists' own methods are
// one-line calls into the generic functions below.
type values struct {
	seqView
	// scratch holds one encoded element for writers; the sequence does
	// not carry it, so that views of other kinds stay smaller.
	scratch []byte
}

// getValue returns a copy of element i. It panics if i is out of range.
func getValue[V any, P FixedValue[V]](l *values, i int) V {
	// No scratch: pages hold whole values (tree.Layout checks it), so an
	// element is never split across two. Readers share the view and must
	// not share a buffer.
	s := l.seq
	b := s.elem(s.index(i), nil)
	if c, ok := any(P(nil)).(ValueCodec[V]); ok {
		if b == nil {
			b = zeroElem(s)
		}
		v, err := c.DecodeSSZValue(b)
		if err != nil {
			panic(fmt.Sprintf("view: element of %v: %v", s.typ, err))
		}
		return v
	}
	v := new(V) // without a codec, on the heap
	decodeInto[V, P](s, P(v), b)
	return *v
}

// zeroElem returns the bytes of a zero element of s.
func zeroElem(s *seq) []byte {
	if s.esize <= len(zeros) {
		return zeros[:s.esize]
	}
	return make([]byte, s.esize)
}

// zeros is read as the bytes of a zero element.
var zeros [4096]byte

func decodeInto[V any, P FixedValue[V]](s *seq, p P, b []byte) {
	if b == nil {
		b = zeroElem(s)
	}
	if err := p.UnmarshalSSZ(b); err != nil {
		panic(fmt.Sprintf("view: element of %v: %v", s.typ, err))
	}
}

// setValue sets element i to v. It panics if i is out of range.
func setValue[V any, P FixedValue[V]](l *values, i int, v V) {
	l.seq.setElem(l.seq.index(i), encodeValueOf[V, P](l, v))
}

// encodeValueOf returns v's serialization in the scratch buffer, through
// the type's ValueCodec where it has one, so that v stays where it is.
func encodeValueOf[V any, P FixedValue[V]](l *values, v V) []byte {
	c, ok := any(P(nil)).(ValueCodec[V])
	if !ok {
		p := new(V) // without a codec, on the heap
		*p = v
		return encodeValue[V, P](l, p)
	}
	b := c.AppendSSZValue(l.scratchBuf()[:0], v)
	if len(b) != l.seq.esize {
		panic(fmt.Sprintf("view: element of %v marshals to %d bytes", l.seq.typ, len(b)))
	}
	return b
}

// encodeValue returns v's serialization in the scratch buffer.
func encodeValue[V any, P FixedValue[V]](l *values, v *V) []byte {
	b, err := P(v).MarshalSSZTo(l.scratchBuf()[:0])
	if err != nil || len(b) != l.seq.esize {
		panic(fmt.Sprintf("view: element of %v marshals to %d bytes: %v", l.seq.typ, len(b), err))
	}
	return b
}

// updateValues sets each element i named in indices to f(i, v), v its
// value, in one pass: see seq.updateElems.
func updateValues[V any, P FixedValue[V]](l *values, indices []int, f func(i int, v V) V) error {
	idx, err := sortedIndices(indices, l.Len(), l.seq.typ)
	if err != nil {
		return err
	}
	// One value for all the elements, allocated once: called through P,
	// its methods may keep it as far as the compiler can tell, so that a
	// value on the stack would move to the heap for each element.
	v := new(V)
	scratch := l.scratchBuf()
	return l.seq.updateElems(idx, func(i int, b []byte) (bool, error) {
		var zero V
		*v = zero
		decodeInto[V, P](l.seq, P(v), b)
		*v = f(i, *v)
		e, err := P(v).MarshalSSZTo(scratch[:0])
		if err != nil || len(e) != len(b) {
			return false, fmt.Errorf("view: element %d of %v marshals to %d bytes, not %d: %v", i, l.seq.typ, len(e), len(b), err)
		}
		if bytes.Equal(e, b) {
			return false, nil
		}
		copy(b, e)
		return true, nil
	})
}

// allValues returns an iterator over copies of the elements and their
// indices, in order.
func allValues[V any, P FixedValue[V]](l *values) iter.Seq2[int, V] {
	s := l.seq
	return func(yield func(int, V) bool) {
		n := s.Len()
		i := 0
		// One value for all the elements, as in updateValues: a value
		// declared in the loop would move to the heap for each element.
		v := new(V)
		s.eachPage(func(per int, page []byte) bool {
			for off := 0; off+s.esize <= per && i < n; off += s.esize {
				var zero V
				*v = zero
				var b []byte
				if off+s.esize <= len(page) {
					b = page[off : off+s.esize]
				}
				decodeInto[V, P](s, P(v), b)
				if !yield(i, *v) {
					return false
				}
				i++
			}
			return true
		})
	}
}

// setAllValues replaces every element with vs, building the tree in one
// pass.
func setAllValues[V any, P FixedValue[V]](l *values, vs []V) error {
	data := make([]byte, 0, len(vs)*l.seq.esize)
	for i := range vs {
		data = append(data, encodeValue[V, P](l, &vs[i])...)
	}
	return l.seq.replace(data, uint64(len(vs)), true)
}

// appendValue adds v at the end of a list.
func appendValue[V any, P FixedValue[V]](l *values, v V) error {
	i, err := l.seq.grow()
	if err != nil {
		return err
	}
	l.seq.setElem(i, encodeValueOf[V, P](l, v))
	return nil
}

// popValue removes the last element of a list of type t and returns it.
func popValue[V any, P FixedValue[V]](l *values, t schema.Type) (V, error) {
	if l.seq.n == 0 {
		var zero V
		return zero, fmt.Errorf("%w: %v", ErrEmpty, t)
	}
	v := getValue[V, P](l, l.Len()-1)
	return v, l.seq.shrink()
}

// ValueList is a view of List[T, N] for a fixed-size composite T of at most
// 4 KiB, read and written as Go values of type V: a state's validators as
// Validator structs, its historical summaries as HistoricalSummary structs.
type ValueList[V any, P FixedValue[V]] struct {
	values
	t *schema.List
}

// NewValueList returns an empty list of type t. It returns an error if the
// elements of t are not compact values serialized in V's size.
func NewValueList[V any, P FixedValue[V]](t *schema.List) (*ValueList[V, P], error) {
	return ofValueList[V, P](t, t.Default())
}

// DecodeValueList returns the list of type t serialized in b. It returns
// an error if b is not a valid value or the elements of t are not compact
// values serialized in V's size.
func DecodeValueList[V any, P FixedValue[V]](t *schema.List, b []byte) (*ValueList[V, P], error) {
	return decodeKept(t, b, ofValueList[V, P])
}

func ofValueList[V any, P FixedValue[V]](t *schema.List, n *tree.Node) (*ValueList[V, P], error) {
	c, err := ofCompactList(t, n)
	if err != nil {
		return nil, err
	}
	return AsValueList[V, P](c)
}

// AsValueList returns the list v (of compact elements) as a *ValueList[V,
// P] that shares its state: writes through either go to the same value. It
// returns an error if v is not such a list or V's serialization is not of
// its elements' size.
func AsValueList[V any, P FixedValue[V]](v View) (*ValueList[V, P], error) {
	s, ok := v.core().(*seq)
	if !ok {
		return nil, fmt.Errorf("%w: %v is not a list of compact values", ErrWrongType, v.Type())
	}
	t, ok := s.typ.(*schema.List)
	if !ok || seqKindOf(t.Elem(), t.PageLayout()) != compactSeq {
		return nil, fmt.Errorf("%w: %v is not a list of compact values", ErrWrongType, s.typ)
	}
	if err := checkValueSize[V, P](t, s.esize); err != nil {
		return nil, err
	}
	return &ValueList[V, P]{values{seqView: seqView{s}}, t}, nil
}

// checkValueSize returns an error unless V serializes to size bytes, the
// size of the elements of t.
func checkValueSize[V any, P FixedValue[V]](t schema.Type, size int) error {
	n, err := valueSize[V, P]()
	if err != nil {
		var v V
		return fmt.Errorf("%w: %T as elements of %v: %w", ErrWrongType, v, t, err)
	}
	if n != size {
		var v V
		return fmt.Errorf("%w: %T of %d bytes as elements of %v, of %d", ErrWrongType, v, n, t, size)
	}
	return nil
}

// valueSizes caches the serialized size of each Go value type of the
// values views (by reflect.Type), so that taking a handle (st.Validators())
// does not serialize a value to check it.
var valueSizes sync.Map

// valueSize returns the size of the serialization of a V.
func valueSize[V any, P FixedValue[V]]() (int, error) {
	rt := reflect.TypeFor[V]()
	if n, ok := valueSizes.Load(rt); ok {
		return n.(int), nil
	}
	var v V
	b, err := P(&v).MarshalSSZTo(nil)
	if err != nil {
		return 0, err
	}
	valueSizes.Store(rt, len(b))
	return len(b), nil
}

// Get returns a copy of element i. It panics if i is out of range.
func (l *ValueList[V, P]) Get(i int) V { return getValue[V, P](&l.values, i) }

// Set sets element i to v. It panics if i is out of range.
func (l *ValueList[V, P]) Set(i int, v V) { setValue[V, P](&l.values, i, v) }

// UpdateAt sets each element i named in indices to f(i, v), v its value, in
// one pass: an epoch's changes to the effective balances of thousands of
// validators. Each page of elements touched is copied once (or changed
// where it lies when the value's own writes made it since its tree was
// last copied or handed out), and the tree above them rebuilt once, where
// as many Get and Set pairs walk the tree twice each; an element f returns unchanged is left as it was. f is called
// once for each index, in increasing order of index; an index named twice
// is updated twice, the second call seeing the first's result; f must not
// read or change the list, which it would see part-way. UpdateAt
// returns an error, leaving the list unchanged, if an index is out of range
// or a value f returns does not marshal to the elements' size.
func (l *ValueList[V, P]) UpdateAt(indices []int, f func(i int, v V) V) error {
	return updateValues[V, P](&l.values, indices, f)
}

// All returns an iterator over copies of the elements and their indices,
// in order.
func (l *ValueList[V, P]) All() iter.Seq2[int, V] { return allValues[V, P](&l.values) }

// SetAll replaces every element with vs, building the tree in one pass. It
// returns an error if vs holds more than the list's limit.
func (l *ValueList[V, P]) SetAll(vs []V) error { return setAllValues[V, P](&l.values, vs) }

// DropFirst removes the first k elements; the others move to the front,
// as a slice expression l[k:] would leave them: a state's pending deposits
// after an epoch's processing. It copies their bytes once and builds the
// tree from them, decoding no value. It returns an error, and leaves the
// list as it was, if k is negative or above the length.
func (l *ValueList[V, P]) DropFirst(k int) error { return l.seq.dropFirst(k, l.t) }

// Append adds v at the end. It returns an error if the list is full.
func (l *ValueList[V, P]) Append(v V) error { return appendValue[V, P](&l.values, v) }

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ValueList[V, P]) Pop() (V, error) { return popValue[V, P](&l.values, l.t) }

// Copy returns an independent copy in O(1).
func (l *ValueList[V, P]) Copy() *ValueList[V, P] {
	return must(AsValueList[V, P](must(Of(l.t, l.Node()))))
}

// ValueVector is a view of Vector[T, N] for a fixed-size composite T of at
// most 4 KiB, read and written as Go values of type V: a state's block
// roots as Root arrays.
type ValueVector[V any, P FixedValue[V]] struct {
	values
	t *schema.Vector
}

// NewValueVector returns a vector of type t holding default values. It
// returns an error if the elements of t are not compact values serialized
// in V's size.
func NewValueVector[V any, P FixedValue[V]](t *schema.Vector) (*ValueVector[V, P], error) {
	return ofValueVector[V, P](t, t.Default())
}

// DecodeValueVector returns the vector of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// compact values serialized in V's size.
func DecodeValueVector[V any, P FixedValue[V]](t *schema.Vector, b []byte) (*ValueVector[V, P], error) {
	return decodeKept(t, b, ofValueVector[V, P])
}

func ofValueVector[V any, P FixedValue[V]](t *schema.Vector, n *tree.Node) (*ValueVector[V, P], error) {
	c, err := ofCompactVector(t, n)
	if err != nil {
		return nil, err
	}
	return AsValueVector[V, P](c)
}

// AsValueVector returns the vector v (of compact elements) as a
// *ValueVector[V, P] that shares its state. It returns an error if v is not
// such a vector or V's serialization is not of its elements' size.
func AsValueVector[V any, P FixedValue[V]](v View) (*ValueVector[V, P], error) {
	s, ok := v.core().(*seq)
	if !ok {
		return nil, fmt.Errorf("%w: %v is not a vector of compact values", ErrWrongType, v.Type())
	}
	t, ok := s.typ.(*schema.Vector)
	if !ok || seqKindOf(t.Elem(), t.PageLayout()) != compactSeq {
		return nil, fmt.Errorf("%w: %v is not a vector of compact values", ErrWrongType, s.typ)
	}
	if err := checkValueSize[V, P](t, s.esize); err != nil {
		return nil, err
	}
	return &ValueVector[V, P]{values{seqView: seqView{s}}, t}, nil
}

// Get returns a copy of element i. It panics if i is out of range.
func (v *ValueVector[V, P]) Get(i int) V { return getValue[V, P](&v.values, i) }

// Set sets element i to x. It panics if i is out of range.
func (v *ValueVector[V, P]) Set(i int, x V) { setValue[V, P](&v.values, i, x) }

// UpdateAt sets each element i named in indices to f(i, v), v its value, in
// one pass: an epoch's changes to the effective balances of thousands of
// validators. Each page of elements touched is copied once (or changed
// where it lies when the value's own writes made it since its tree was
// last copied or handed out), and the tree above them rebuilt once, where
// as many Get and Set pairs walk the tree twice each; an element f returns unchanged is left as it was. f is called
// once for each index, in increasing order of index; an index named twice
// is updated twice, the second call seeing the first's result; f must not
// read or change the list, which it would see part-way. UpdateAt
// returns an error, leaving the vector unchanged, if an index is out of
// range or a value f returns does not marshal to the elements' size.
func (v *ValueVector[V, P]) UpdateAt(indices []int, f func(i int, x V) V) error {
	return updateValues[V, P](&v.values, indices, f)
}

// All returns an iterator over copies of the elements and their indices,
// in order.
func (v *ValueVector[V, P]) All() iter.Seq2[int, V] { return allValues[V, P](&v.values) }

// SetAll replaces every element with vs, building the tree in one pass. It
// returns an error unless vs holds exactly the vector's length.
func (v *ValueVector[V, P]) SetAll(vs []V) error { return setAllValues[V, P](&v.values, vs) }

// Copy returns an independent copy in O(1).
func (v *ValueVector[V, P]) Copy() *ValueVector[V, P] {
	return must(AsValueVector[V, P](must(Of(v.t, v.Node()))))
}

// AsBasicList returns the list v (of unsigned integers of T's size) as a
// *BasicList[T] that shares its state: a state's balances as Gwei.
func AsBasicList[T Unsigned](v View) (*BasicList[T], error) {
	s, ok := v.core().(*seq)
	if ok {
		if t, ok := s.typ.(*schema.List); ok && isUint(t.Elem(), sizeOfT[T]()) {
			return &BasicList[T]{basic[T]{seqView{s}}, t}, nil
		}
	}
	return nil, fmt.Errorf("%w: %v is not a list of %d-byte integers", ErrWrongType, v.Type(), sizeOfT[T]())
}

// AsBasicVector returns the vector v (of unsigned integers of T's size) as
// a *BasicVector[T] that shares its state.
func AsBasicVector[T Unsigned](v View) (*BasicVector[T], error) {
	s, ok := v.core().(*seq)
	if ok {
		if t, ok := s.typ.(*schema.Vector); ok && isUint(t.Elem(), sizeOfT[T]()) {
			return &BasicVector[T]{basic[T]{seqView{s}}, t}, nil
		}
	}
	return nil, fmt.Errorf("%w: %v is not a vector of %d-byte integers", ErrWrongType, v.Type(), sizeOfT[T]())
}

func isUint(t schema.Type, size int) bool {
	u, ok := t.(*schema.Uint)
	return ok && u.FixedSize() == size
}

// scratchBuf returns the scratch buffer of one element, for writers only.
func (l *values) scratchBuf() []byte {
	if len(l.scratch) < l.seq.esize {
		l.scratch = make([]byte, l.seq.esize)
	}
	return l.scratch[:l.seq.esize]
}
