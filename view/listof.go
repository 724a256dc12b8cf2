package view

import (
	"fmt"
	"iter"

	"github.com/ssztree/ssztree/schema"
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

// NewListOf returns an empty list of type t with typed handles. It returns
// an error if the elements of t are not stored as a subtree each (see
// [Of]).
func NewListOf[H any](t *schema.List, wrap func(View) H, unwrap func(H) View) (*ListOf[H], error) {
	l, err := NewList(t)
	if err != nil {
		return nil, err
	}
	return &ListOf[H]{List: l, wrap: wrap, unwrap: unwrap}, nil
}

// DecodeListOf returns the list of type t serialized in b with typed
// handles. It returns an error if b is not a valid value or the elements of
// t are not stored as a subtree each.
func DecodeListOf[H any](t *schema.List, b []byte, wrap func(View) H, unwrap func(H) View) (*ListOf[H], error) {
	l, err := DecodeList(t, b)
	if err != nil {
		return nil, err
	}
	return &ListOf[H]{List: l, wrap: wrap, unwrap: unwrap}, nil
}

// AsListOf returns the list v (of composite elements stored as subtrees)
// with typed handles.
func AsListOf[H any](v View, wrap func(View) H, unwrap func(H) View) (*ListOf[H], error) {
	s, ok := v.core().(*subtrees)
	if !ok || !s.list {
		return nil, fmt.Errorf("%w: %v is not a list of composite values", ErrWrongType, v.Type())
	}
	return &ListOf[H]{List: wrapList(s), wrap: wrap, unwrap: unwrap}, nil
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

// Pop removes the last element and returns it as a value of its own (see
// [List.Pop]). It returns an error if the list is empty.
func (l *ListOf[H]) Pop() (H, error) { return popHandle(l.subtrees, l.wrap) }

// Copy returns an independent copy in O(1), with the same typed handles.
func (l *ListOf[H]) Copy() *ListOf[H] {
	return &ListOf[H]{List: l.List.Copy(), wrap: l.wrap, unwrap: l.unwrap}
}

// All returns an iterator over handles on the elements, in order.
func (l *ListOf[H]) All() iter.Seq2[int, H] { return allHandles(l.subtrees, l.wrap) }

// popHandle removes the last element of s and returns it as a handle of
// its own: the Pop of ListOf and ProgressiveListOf.
func popHandle[H any](s *subtrees, wrap func(View) H) (H, error) {
	v, err := s.pop()
	if err != nil {
		var zero H
		return zero, err
	}
	return wrap(v), nil
}

// allHandles returns an iterator over handles on the elements of s, in
// order: the All of ListOf and ProgressiveListOf.
func allHandles[H any](s *subtrees, wrap func(View) H) iter.Seq2[int, H] {
	return func(yield func(int, H) bool) {
		for i := 0; i < s.Len(); i++ {
			if !yield(i, wrap(s.Get(i))) {
				return
			}
		}
	}
}
