package view

import (
	"fmt"
	"iter"

	"github.com/ssztree/ssztree/schema"
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
}

// Get returns a copy of element i. It panics if i is out of range.
func (l *values[V, P]) Get(i int) V {
	var v V
	l.decodeInto(P(&v), l.elem(l.index(i), l.scratchBuf()))
	return v
}

func (l *values[V, P]) decodeInto(p P, b []byte) {
	if b == nil {
		b = l.scratchBuf()
		clear(b)
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
		l.eachPage(func(first int, page []byte) bool {
			for off := 0; off+l.esize <= l.pages.per && i < n; off += l.esize {
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

// AsValueList returns the list v (of compact elements) as a *ValueList[V,
// P] that shares its state: writes through either go to the same value.
func AsValueList[V any, P FixedValue[V]](v View) (*ValueList[V, P], error) {
	s, ok := v.core().(*seq)
	if !ok {
		return nil, fmt.Errorf("%w: %v is not a list of compact values", ErrWrongType, v.Type())
	}
	t, ok := s.typ.(*schema.List)
	if !ok || s.bits || isBasicType(t.Elem()) {
		return nil, fmt.Errorf("%w: %v is not a list of compact values", ErrWrongType, s.typ)
	}
	return &ValueList[V, P]{values[V, P]{s}, t}, nil
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

// Pop removes the last element. It returns an error if the list is empty.
func (l *ValueList[V, P]) Pop() error { return l.shrink() }

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

// AsValueVector returns the vector v (of compact elements) as a
// *ValueVector[V, P] that shares its state.
func AsValueVector[V any, P FixedValue[V]](v View) (*ValueVector[V, P], error) {
	s, ok := v.core().(*seq)
	if !ok {
		return nil, fmt.Errorf("%w: %v is not a vector of compact values", ErrWrongType, v.Type())
	}
	t, ok := s.typ.(*schema.Vector)
	if !ok || s.bits || isBasicType(t.Elem()) {
		return nil, fmt.Errorf("%w: %v is not a vector of compact values", ErrWrongType, s.typ)
	}
	return &ValueVector[V, P]{values[V, P]{s}, t}, nil
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

func isBasicType(t schema.Type) bool {
	switch t.(type) {
	case *schema.Uint, *schema.Bool:
		return true
	}
	return false
}

// scratchBuf returns the sequence's scratch buffer of one element.
func (s *seq) scratchBuf() []byte {
	if len(s.scratch) < s.esize {
		s.scratch = make([]byte, s.esize)
	}
	return s.scratch[:s.esize]
}
