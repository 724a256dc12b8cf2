package view

import (
	"fmt"
	"iter"
	"reflect"
	"sync"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// FixedValue constrains the Go types that a [ValueList] or [ValueVector]
// holds: plain values of a fixed-size SSZ type (a Validator struct, a Root
// array) whose pointer marshals and unmarshals them.
type FixedValue[V any] interface {
	*V
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
}

// values is what ValueList and ValueVector share.
type values[V any, P FixedValue[V]] struct {
	*seq
	// scratch holds one encoded element for writers; the sequence does
	// not carry it, so that views of other kinds stay smaller.
	scratch []byte
}

// Get returns a copy of element i. It panics if i is out of range.
func (l *values[V, P]) Get(i int) V {
	var v V
	// No scratch: pages hold whole values (tree.Layout checks it), so an
	// element is never split across two. Readers share the view and must
	// not share a buffer.
	l.decodeInto(P(&v), l.elem(l.index(i), nil))
	return v
}

// zeros is read as the bytes of a zero element.
var zeros [4096]byte

func (l *values[V, P]) decodeInto(p P, b []byte) {
	if b == nil {
		if l.esize <= len(zeros) {
			b = zeros[:l.esize]
		} else {
			b = make([]byte, l.esize)
		}
	}
	if err := p.UnmarshalSSZ(b); err != nil {
		panic(fmt.Sprintf("view: element of %v: %v", l.typ, err))
	}
}

// Set sets element i to v. It panics if i is out of range.
func (l *values[V, P]) Set(i int, v V) {
	l.setElem(l.index(i), l.encode(&v))
}

func (l *values[V, P]) encode(v *V) []byte {
	b, err := P(v).MarshalSSZTo(l.scratchBuf()[:0])
	if err != nil || len(b) != l.esize {
		panic(fmt.Sprintf("view: element of %v marshals to %d bytes: %v", l.typ, len(b), err))
	}
	return b
}

// All returns an iterator over copies of the elements and their indices,
// in order.
func (l *values[V, P]) All() iter.Seq2[int, V] {
	return func(yield func(int, V) bool) {
		n := l.Len()
		i := 0
		l.eachPage(func(per int, page []byte) bool {
			for off := 0; off+l.esize <= per && i < n; off += l.esize {
				var v V
				var b []byte
				if off+l.esize <= len(page) {
					b = page[off : off+l.esize]
				}
				l.decodeInto(P(&v), b)
				if !yield(i, v) {
					return false
				}
				i++
			}
			return true
		})
	}
}

// SetAll replaces every element with vs, building the tree in one pass.
// For a vector, vs must hold exactly its length; for a list, at most its
// limit.
func (l *values[V, P]) SetAll(vs []V) error {
	data := make([]byte, 0, len(vs)*l.esize)
	for i := range vs {
		data = append(data, l.encode(&vs[i])...)
	}
	return l.replace(data, uint64(len(vs)), true)
}

// ValueList is a view of List[T, N] for a fixed-size composite T of at most
// 4 KiB, read and written as Go values of type V: a state's validators as
// Validator structs, its historical summaries as HistoricalSummary structs.
type ValueList[V any, P FixedValue[V]] struct {
	values[V, P]
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
	return decodeAs(t, b, ofValueList[V, P])
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
	if !ok || familyOf(t.Elem(), t.PageLayout()) != compactFamily {
		return nil, fmt.Errorf("%w: %v is not a list of compact values", ErrWrongType, s.typ)
	}
	if err := checkValueSize[V, P](t, s.esize); err != nil {
		return nil, err
	}
	return &ValueList[V, P]{values[V, P]{seq: s}, t}, nil
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

// Append adds v at the end. It returns an error if the list is full.
func (l *ValueList[V, P]) Append(v V) error {
	i, err := l.grow()
	if err != nil {
		return err
	}
	l.setElem(i, l.encode(&v))
	return nil
}

// Pop removes the last element and returns it. It returns an error if the
// list is empty.
func (l *ValueList[V, P]) Pop() (V, error) {
	if l.n == 0 {
		var zero V
		return zero, fmt.Errorf("%w: %v", ErrEmpty, l.t)
	}
	v := l.Get(l.Len() - 1)
	return v, l.shrink()
}

// Copy returns an independent copy in O(1).
func (l *ValueList[V, P]) Copy() *ValueList[V, P] {
	return must(AsValueList[V, P](must(Of(l.t, l.Node()))))
}

// ValueVector is a view of Vector[T, N] for a fixed-size composite T of at
// most 4 KiB, read and written as Go values of type V: a state's block
// roots as Root arrays.
type ValueVector[V any, P FixedValue[V]] struct {
	values[V, P]
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
	return decodeAs(t, b, ofValueVector[V, P])
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
	if !ok || familyOf(t.Elem(), t.PageLayout()) != compactFamily {
		return nil, fmt.Errorf("%w: %v is not a vector of compact values", ErrWrongType, s.typ)
	}
	if err := checkValueSize[V, P](t, s.esize); err != nil {
		return nil, err
	}
	return &ValueVector[V, P]{values[V, P]{seq: s}, t}, nil
}

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
			return &BasicList[T]{basic[T]{s}, t}, nil
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
			return &BasicVector[T]{basic[T]{s}, t}, nil
		}
	}
	return nil, fmt.Errorf("%w: %v is not a vector of %d-byte integers", ErrWrongType, v.Type(), sizeOfT[T]())
}

func isUint(t schema.Type, size int) bool {
	u, ok := t.(*schema.Uint)
	return ok && u.FixedSize() == size
}

// scratchBuf returns the scratch buffer of one element, for writers only.
func (l *values[V, P]) scratchBuf() []byte {
	if len(l.scratch) < l.esize {
		l.scratch = make([]byte, l.esize)
	}
	return l.scratch[:l.esize]
}
