package view

import (
	"fmt"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// subtrees is what List and Vector share: composite elements each stored as
// a subtree of its own, handed out as write-through handles.
type subtrees struct {
	lk    link
	typ   schema.Type
	elem  schema.Type
	depth int
	list  bool
	limit uint64
	node  *tree.Node // committed value tree
	data  *tree.Node // committed data tree
	n     uint64     // length now
	nodeN uint64     // length the committed tree records
	// kids holds the elements set (or appended, or popped: zero) and the
	// handles given out since the last commit.
	kids parts
	// shown publishes the handles of kids by index, so that readers find a
	// handle given out before without the family's lock. Readers add to it
	// under the lock; a writer, which has exclusive access, drops it (nil)
	// whenever a handle goes away, and readers build it again.
	shown atomic.Pointer[[]atomic.Pointer[held]]
	// prog is the committed spine of a progressive list, whose data tree
	// has no one depth; nil for the other kinds.
	prog *spine
}

func newSubtrees(t, elem schema.Type, depth int, list bool, limit uint64, n *tree.Node) (*subtrees, error) {
	s := &subtrees{typ: t, elem: elem, depth: depth, list: list, limit: limit}
	if err := s.set(n); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *subtrees) set(n *tree.Node) error {
	data, length, err := splitList(s.typ, n, s.list, s.limit)
	if err != nil {
		return err
	}
	if s.prog != nil {
		if err := s.prog.load(data, tree.ProgressiveSubtrees(length)); err != nil {
			return fmt.Errorf("%w: %v: %w", ErrWrongType, s.typ, err)
		}
	}
	s.node, s.data, s.n, s.nodeN = n, data, length, length
	s.kids.pending.clear()
	// Handles follow the new value; those past its end become values of
	// their own.
	for i, v := range s.kids.views.all() {
		if i >= length {
			s.drop(i)
			continue
		}
		v.reset(s.committedElem(i))
	}
	s.kids.dirty.clear()
	s.lk.settled()
	return nil
}

func (s *subtrees) committedElem(i uint64) *tree.Node {
	if s.prog != nil {
		return s.prog.elem(i)
	}
	return must(tree.Get(s.data, s.depth, i))
}

func (s *subtrees) childChanged(i uint64) {
	s.kids.markDirty(i)
	s.lk.changed()
}

func (s *subtrees) commit() *tree.Node {
	if s.kids.changed() || s.n != s.nodeN {
		if s.prog != nil {
			s.data = s.prog.apply(&s.kids, s.n)
		} else {
			s.data = s.kids.apply(s.data, s.depth)
		}
		if s.list {
			s.node = tree.NewMixIn(s.data, s.n)
		} else {
			s.node = s.data
		}
		s.nodeN = s.n
	}
	s.lk.settled()
	return s.node
}

func (s *subtrees) reset(n *tree.Node) {
	if err := s.set(n); err != nil {
		panic(err)
	}
}

func (s *subtrees) index(i int) uint64 {
	if i < 0 || uint64(i) >= s.n {
		panic(fmt.Sprintf("view: index %d out of range [0:%d] of %v", i, s.n, s.typ))
	}
	return uint64(i)
}

// elemNode returns the current tree of element i.
func (s *subtrees) elemNode(i uint64) *tree.Node {
	if n := s.kids.current(i); n != nil {
		return n
	}
	return s.committedElem(i)
}

func (s *subtrees) setNode(i uint64, n *tree.Node) {
	s.kids.set(i, n)
	s.lk.changed()
}

// Type implements [View].
func (s *subtrees) Type() schema.Type { return s.typ }

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (s *subtrees) Node() *tree.Node {
	s.lk.share()
	return s.peek()
}

func (s *subtrees) peek() *tree.Node {
	if s.lk.pending.Load() {
		return s.lockedCommit()
	}
	return s.node
}

func (s *subtrees) lockedCommit() *tree.Node {
	defer s.lk.lock().Unlock()
	return s.commit()
}

// HashTreeRoot implements [View].
func (s *subtrees) HashTreeRoot() [32]byte { return s.peek().Root() }

// MarshalSSZ implements [View].
func (s *subtrees) MarshalSSZ() ([]byte, error) { return marshal(s, nil) }

// MarshalSSZTo implements [View].
func (s *subtrees) MarshalSSZTo(dst []byte) ([]byte, error) { return marshal(s, dst) }

// SizeSSZ implements [View].
func (s *subtrees) SizeSSZ() int { return sizeOf(s) }

// UnmarshalSSZ implements [View].
func (s *subtrees) UnmarshalSSZ(b []byte) error { return unmarshal(s, b) }
func (s *subtrees) link() *link                 { return &s.lk }
func (s *subtrees) core() View                  { return s }

// Len returns the number of elements.
func (s *subtrees) Len() int { return int(s.n) }

// Get returns a handle on element i: writes to it go to this list or
// vector. It panics if i is out of range. Every call returns a view of the
// same handle, also from concurrent readers: a handle given out before is
// found without the family's lock, and the first reader of an element
// makes its handle under it.
func (s *subtrees) Get(i int) View {
	k := s.index(i)
	if t := s.shown.Load(); t != nil && k < uint64(len(*t)) {
		if h := (*t)[k].Load(); h != nil {
			return wrap(h.v)
		}
	}
	defer s.lk.lock().Unlock()
	v := s.kids.get(k)
	if v == nil {
		v = must(newCore(s.elem, s.elemNode(k)))
		s.kids.adopt(k, v, s)
	}
	s.show(k, v)
	return wrap(v)
}

// show publishes v as the handle on element k, growing the table of shown
// handles (to twice its length, at most the list's) when k lies past it.
// The caller holds the family's lock, or has exclusive access.
func (s *subtrees) show(k uint64, v View) {
	t := s.shown.Load()
	if t == nil || k >= uint64(len(*t)) {
		size := max(k+1, 8)
		if t != nil {
			size = max(size, 2*uint64(len(*t)))
		}
		grown := make([]atomic.Pointer[held], min(size, max(s.n, k+1)))
		if t != nil {
			for j := range *t {
				grown[j].Store((*t)[j].Load())
			}
		}
		t = &grown
		s.shown.Store(t)
	}
	(*t)[k].Store(&held{v})
}

// held is a handle in a slot.
type held struct{ v View }

// drop forgets the handle on element i, which becomes a value of its own,
// and the table of shown handles. Only writers call it.
func (s *subtrees) drop(i uint64) {
	s.kids.drop(i)
	s.shown.Store(nil)
}

// Set replaces element i with the value of v, which must be of the element
// type. It panics if i is out of range.
func (s *subtrees) Set(i int, v View) error {
	k := s.index(i)
	if v.Type() != s.elem {
		return fmt.Errorf("%w: %v into %v", ErrWrongType, v.Type(), s.typ)
	}
	s.setNode(k, v.Node())
	return nil
}

// All returns an iterator over handles on the elements, in order.
func (s *subtrees) All() func(yield func(int, View) bool) {
	return func(yield func(int, View) bool) {
		for i := 0; i < s.Len(); i++ {
			if !yield(i, s.Get(i)) {
				return
			}
		}
	}
}

// List is a view of List[T, N] where T is a composite type stored as a
// subtree per element: variable-size types, and fixed-size ones above
// 4 KiB.
type List struct {
	*subtrees
	t *schema.List
}

// NewList returns an empty list of type t. It returns an error if the
// elements of t are not stored as a subtree each (see [Of]).
func NewList(t *schema.List) (*List, error) { return ofList(t, t.Default()) }

// DecodeList returns the list of type t serialized in b. It returns an
// error if b is not a valid value or the elements of t are not stored as a
// subtree each.
func DecodeList(t *schema.List, b []byte) (*List, error) { return decodeAs(t, b, ofList) }

func ofList(t *schema.List, n *tree.Node) (*List, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), subtreeSeq, "a list of composite values stored as subtrees"); err != nil {
		return nil, err
	}
	s, err := newSubtrees(t, t.Elem(), t.DataDepth(), true, t.Limit(), n)
	if err != nil {
		return nil, err
	}
	return &List{subtrees: s, t: t}, nil
}

// Append adds the value of v at the end. It returns an error if the list is
// full or v is of another type.
func (l *List) Append(v View) error { return l.push(v) }

// Pop removes the last element and returns it as a value of its own: a
// handle on it, if one was taken, stops writing to the list, and is the
// view returned. It returns an error if the list is empty.
func (l *List) Pop() (View, error) { return l.pop() }

// push is Append of a list of either kind (List, ProgressiveList).
func (s *subtrees) push(v View) error {
	if v.Type() != s.elem {
		return fmt.Errorf("%w: %v into %v", ErrWrongType, v.Type(), s.typ)
	}
	if s.n >= s.limit {
		return fmt.Errorf("view: %w: %v holds %d", ErrLimit, s.typ, s.limit)
	}
	s.n++
	s.setNode(s.n-1, v.Node())
	return nil
}

// pop is Pop of a list of either kind.
func (s *subtrees) pop() (View, error) {
	if s.n == 0 {
		return nil, fmt.Errorf("%w: %v", ErrEmpty, s.typ)
	}
	last := s.n - 1
	v := s.kids.get(last)
	if v == nil {
		v = must(newCore(s.elem, s.elemNode(last)))
	}
	s.n--
	s.drop(last)
	s.kids.set(last, tree.Zero(0))
	s.lk.changed()
	return wrap(v), nil
}

// Copy returns an independent copy in O(1).
func (l *List) Copy() *List { return must(ofList(l.t, l.Node())) }

// Vector is a view of Vector[T, N] where T is a composite type stored as a
// subtree per element.
type Vector struct {
	*subtrees
	t *schema.Vector
}

// NewVector returns a vector of type t holding default values. It returns
// an error if the elements of t are not stored as a subtree each (see
// [Of]).
func NewVector(t *schema.Vector) (*Vector, error) { return ofVector(t, t.Default()) }

// DecodeVector returns the vector of type t serialized in b. It returns an
// error if b is not a valid value or the elements of t are not stored as a
// subtree each.
func DecodeVector(t *schema.Vector, b []byte) (*Vector, error) { return decodeAs(t, b, ofVector) }

func ofVector(t *schema.Vector, n *tree.Node) (*Vector, error) {
	if err := checkSeqKind(t, t.Elem(), t.PageLayout(), subtreeSeq, "a vector of composite values stored as subtrees"); err != nil {
		return nil, err
	}
	s, err := newSubtrees(t, t.Elem(), t.DataDepth(), false, t.Len(), n)
	if err != nil {
		return nil, err
	}
	return &Vector{subtrees: s, t: t}, nil
}

// Copy returns an independent copy in O(1).
func (v *Vector) Copy() *Vector { return must(ofVector(v.t, v.Node())) }
