package view

import (
	"fmt"
	"iter"
)

// ListOf is a [List] whose elements are read and written as handles of Go
// type H: a generated container view such as *phase0.Attestation, or a
// *ByteList. wrap makes a handle from an element's view; unwrap gives the
// view back.
type ListOf[H any] struct {
	*List
	wrap   func(View) H
	unwrap func(H) View
}

// NewListOf returns the list l with typed handles.
func NewListOf[H any](l *List, wrap func(View) H, unwrap func(H) View) *ListOf[H] {
	return &ListOf[H]{List: l, wrap: wrap, unwrap: unwrap}
}

// AsListOf returns the list v (of composite elements stored as subtrees)
// with typed handles.
func AsListOf[H any](v View, wrap func(View) H, unwrap func(H) View) (*ListOf[H], error) {
	s, ok := v.core().(*subtrees)
	if !ok || !s.list {
		return nil, fmt.Errorf("%w: %v is not a list of composite values", ErrWrongType, v.Type())
	}
	return NewListOf(wrapList(s), wrap, unwrap), nil
}

// Get returns a handle on element i, which writes through to the list. It
// panics if i is out of range.
func (l *ListOf[H]) Get(i int) H { return l.wrap(l.List.Get(i)) }

// Set replaces element i with the value of h. It panics if i is out of range
// and returns an error if h is of another type.
func (l *ListOf[H]) Set(i int, h H) error { return l.List.Set(i, l.unwrap(h)) }

// Append adds the value of h at the end. It returns an error if the list is
// full or h is of another type.
func (l *ListOf[H]) Append(h H) error { return l.List.Append(l.unwrap(h)) }

// All returns an iterator over handles on the elements, in order.
func (l *ListOf[H]) All() iter.Seq2[int, H] {
	return func(yield func(int, H) bool) {
		for i := 0; i < l.Len(); i++ {
			if !yield(i, l.Get(i)) {
				return
			}
		}
	}
}
