package view

import (
	"fmt"
	"iter"
	"slices"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// elem returns leaf i of the committed progressive tree: an element's tree
// for a list of composite values stored as subtrees.
func (s *spine) elem(i uint64) *tree.Node {
	k, j := tree.ProgressiveLeaf(i)
	sub := s.sub(k)
	if sub == nil {
		return tree.Zero(0)
	}
	return must(tree.Get(sub, 2*k, j))
}

// apply sets the changed parts p, leaves of the progressive tree, into the
// committed tree, which then holds n leaves, and returns the new data
// tree: one SetMany per subtree changed, and the spine's branches above
// them. A commit of a few changes (a field of a state, a balance) keeps its
// bookkeeping on the stack.
func (s *spine) apply(p *parts, n uint64) *tree.Node {
	var idxBuf [4]uint64
	var nodeBuf [4]*tree.Node
	var idx []uint64
	var nodes []*tree.Node
	if p.changed() {
		idx, nodes = p.collectTo(idxBuf[:0], nodeBuf[:0])
	}
	// runs[x] is the range of idx in subtree changed[x].
	var changedBuf [4]int
	var runBuf [4][2]int
	changed, runs := changedBuf[:0], runBuf[:0]
	for a := 0; a < len(idx); {
		k, _ := tree.ProgressiveLeaf(idx[a])
		b := a + 1
		for b < len(idx) {
			if kb, _ := tree.ProgressiveLeaf(idx[b]); kb != k {
				break
			}
			b++
		}
		changed, runs = append(changed, k), append(runs, [2]int{a, b})
		a = b
	}
	var jsBuf [4]uint64
	return s.update(tree.ProgressiveSubtrees(n), changed, func(k int) *tree.Node {
		r := runs[slices.Index(changed, k)]
		first := (uint64(1)<<(2*uint(k)) - 1) / 3
		js := jsBuf[:0]
		for _, i := range idx[r[0]:r[1]] {
			js = append(js, i-first)
		}
		base := s.sub(k)
		if base == nil {
			base = tree.Zero(2 * k)
		}
		return must(tree.SetMany(base, 2*k, js, nodes[r[0]:r[1]]))
	})
}

func newProgressiveSubtrees(t *schema.ProgressiveList, n *tree.Node) (*subtrees, error) {
	s := &subtrees{typ: t, elem: t.Elem(), list: true, limit: progressiveLimit, prog: &spine{}}
	if err := s.set(n); err != nil {
		return nil, err
	}
	return s, nil
}

// ProgressiveList is a view of ProgressiveList[T] where T is a composite
// type stored as a subtree per element (variable-size types, and
// fixed-size ones above 4 KiB), as [List] is of a bounded list.
type ProgressiveList struct {
	*subtrees
	t *schema.ProgressiveList
}

// NewProgressiveList returns an empty list of type t. It returns an error
// if the elements of t are not stored as a subtree each.
func NewProgressiveList(t *schema.ProgressiveList) (*ProgressiveList, error) {
	return ofProgressive(t, t.Default(), AsProgressiveList)
}

// DecodeProgressiveList returns the list of type t serialized in b. It
// returns an error if b is not a valid value or the elements of t are not
// stored as a subtree each.
func DecodeProgressiveList(t *schema.ProgressiveList, b []byte) (*ProgressiveList, error) {
	return decodeAs(t, b, func(t *schema.ProgressiveList, n *tree.Node) (*ProgressiveList, error) {
		return ofProgressive(t, n, AsProgressiveList)
	})
}

// AsProgressiveList returns the list v (of composite values stored as
// subtrees) as a *ProgressiveList that shares its state.
func AsProgressiveList(v View) (*ProgressiveList, error) {
	if s, ok := v.core().(*subtrees); ok {
		if t, ok := s.typ.(*schema.ProgressiveList); ok {
			return &ProgressiveList{s, t}, nil
		}
	}
	return nil, fmt.Errorf("%w: %v is not a progressive list of composite values", ErrWrongType, v.Type())
}

// Append adds the value of v at the end. It returns an error if v is of
// another type, or past 2^31-1 elements.
func (l *ProgressiveList) Append(v View) error { return l.push(v) }

// Pop removes the last element and returns it as a value of its own, as
// [List.Pop] does. It returns an error if the list is empty.
func (l *ProgressiveList) Pop() (View, error) { return l.pop() }

// Copy returns an independent copy in O(1).
func (l *ProgressiveList) Copy() *ProgressiveList {
	return must(ofProgressive(l.t, l.Node(), AsProgressiveList))
}

// ProgressiveListOf is a [ProgressiveList] whose elements are read and
// written as handles of Go type H, as [ListOf] is of a [List].
type ProgressiveListOf[H any] struct {
	*ProgressiveList
	wrap   func(View) H
	unwrap func(H) View
}

// AsProgressiveListOf returns the list v (of composite elements stored as
// subtrees) with typed handles.
func AsProgressiveListOf[H any](v View, wrap func(View) H, unwrap func(H) View) (*ProgressiveListOf[H], error) {
	l, err := AsProgressiveList(v)
	if err != nil {
		return nil, err
	}
	return &ProgressiveListOf[H]{ProgressiveList: l, wrap: wrap, unwrap: unwrap}, nil
}

// Get returns a handle on element i, which writes through to the list. It
// panics if i is out of range.
func (l *ProgressiveListOf[H]) Get(i int) H { return l.wrap(l.ProgressiveList.Get(i)) }

// Set replaces element i with the value of h. It panics if i is out of
// range and returns an error if h is of another type.
func (l *ProgressiveListOf[H]) Set(i int, h H) error { return l.ProgressiveList.Set(i, l.unwrap(h)) }

// Append adds the value of h at the end. It returns an error if h is of
// another type.
func (l *ProgressiveListOf[H]) Append(h H) error { return l.ProgressiveList.Append(l.unwrap(h)) }

// Pop removes the last element and returns it as a value of its own. It
// returns an error if the list is empty.
func (l *ProgressiveListOf[H]) Pop() (H, error) { return popHandle(l.subtrees, l.wrap) }

// Copy returns an independent copy in O(1), with the same typed handles.
func (l *ProgressiveListOf[H]) Copy() *ProgressiveListOf[H] {
	return &ProgressiveListOf[H]{ProgressiveList: l.ProgressiveList.Copy(), wrap: l.wrap, unwrap: l.unwrap}
}

// All returns an iterator over handles on the elements, in order.
func (l *ProgressiveListOf[H]) All() iter.Seq2[int, H] { return allHandles(l.subtrees, l.wrap) }
