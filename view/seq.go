package view

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// seq is a vector or list whose elements are fixed-size byte strings (or
// bits) kept in pages: the core of every view over packed basic values,
// bitfields and compact composite values.
type seq struct {
	lk    link
	typ   schema.Type
	pages pages
	esize int  // bytes per element; 1 for bits
	bits  bool // elements are bits, n counts bits
	list  bool // a list or bitlist: the tree mixes in the length
	limit uint64
	n     uint64     // length now, pending writes included
	node  *tree.Node // the committed value tree
	nodeN uint64     // the length node records
	// nodeData is the data tree node holds: a replaced data tree differs
	// from it even when nothing is pending.
	nodeData *tree.Node
	// kept is the serialization a decoded list or vector was built from
	// (see keptBytes), nil for any other; the commit that replaces its
	// data tree drops it. A pointer, not the two fields inline, keeps the
	// view within the 240-byte size class: a copy allocates one.
	kept *keptBytes
}

// keptBytes is the serialization a decoded list or vector was built from,
// which its pages own (see decodeKept), and the data tree built from it:
// while the view's data tree is data, b is the value's encoding, and
// encoding copies it instead of walking the tree.
type keptBytes struct {
	b    []byte
	data *tree.Node
}

// newSeq returns the sequence over the value tree n of type t, whose data
// tree has the given depth and page layout.
func newSeq(t schema.Type, l *tree.Layout, depth, esize int, bits, list bool, limit uint64, n *tree.Node) (*seq, error) {
	s := &seq{typ: t, esize: esize, bits: bits, list: list, limit: limit}
	s.pages.init(l, depth)
	if err := s.set(n); err != nil {
		return nil, err
	}
	return s, nil
}

// set points the sequence at the value tree n.
func (s *seq) set(n *tree.Node) error {
	data, length, err := splitList(s.typ, n, s.list, s.limit)
	if err != nil {
		return err
	}
	if s.pages.prog == nil && int(s.pages.top)+s.pages.layout.Depth() == 0 && data.IsLeaf() {
		// A value of one chunk is stored as a leaf; keep it as a page.
		c := data.Chunk()
		data = must(tree.NewPage(s.pages.layout, c[:s.bytesFor(length)]))
	}
	s.node, s.n, s.nodeN, s.nodeData = n, length, length, data
	s.kept = nil
	s.pages.reset(data, s.bytesFor(length))
	s.pages.forgetSlabs()
	return nil
}

func (s *seq) bytesFor(n uint64) int {
	if s.bits {
		return int((n + 7) / 8)
	}
	return int(n) * s.esize
}

func (s *seq) commit() *tree.Node {
	data, mixed := s.pages.commitMixIn(s.list, s.n, s.node, &holders{of: &s.lk})
	if mixed != nil {
		s.node, s.nodeN, s.nodeData = mixed, s.n, data
	} else if data != s.nodeData || s.n != s.nodeN {
		if s.list {
			s.node = tree.MixInOver(s.node, data, s.n)
		} else {
			s.node = data
		}
		s.nodeN, s.nodeData = s.n, data
	}
	if s.kept != nil && s.nodeData != s.kept.data {
		s.kept = nil
	}
	s.lk.settled()
	return s.node
}

// Node implements [View]. Without pending writes it is the committed tree;
// with them, the first reader commits them under the family's lock.
func (s *seq) Node() *tree.Node {
	s.lk.share()
	return s.peek()
}

func (s *seq) peek() *tree.Node {
	if s.lk.pending.Load() {
		return s.lockedCommit()
	}
	return s.node
}

func (s *seq) lockedCommit() *tree.Node {
	defer s.lk.lock().Unlock()
	if !s.lk.pending.Load() {
		return s.node // another reader committed while this one waited
	}
	return s.commit()
}

func (s *seq) reset(n *tree.Node) {
	if err := s.set(n); err != nil {
		panic(err)
	}
}

// index checks i against the length, as a slice index is checked.
func (s *seq) index(i int) int {
	if uint64(i) >= s.n || i < 0 {
		panic(fmt.Sprintf("view: index %d out of range [0:%d] of %v", i, s.n, s.typ))
	}
	return i
}

// elem returns the bytes of element i for reading, or nil when they are
// zero. It avoids copying when the element lies within one page. The
// bytes stay unchanged until the next write. Readers need no lock, pending
// writes or not: a commit changes nothing they read (see pages.data).
func (s *seq) elem(i int, scratch []byte) []byte {
	return s.elemOf(i, scratch, false)
}

// elemOf is elem for a reader or, with exclusive set, for a writer (see
// pages.page).
func (s *seq) elemOf(i int, scratch []byte, exclusive bool) []byte {
	off := i * s.esize
	if b := s.pages.hit(off, s.esize); b != nil {
		return b
	}
	return s.elemMiss(off, scratch, exclusive)
}

// elemMiss is elemOf when the page read last does not hold the element.
func (s *seq) elemMiss(off int, scratch []byte, exclusive bool) []byte {
	if p, in, per := s.pages.locate(off); in+s.esize <= per {
		b, partial := s.pages.page(p, exclusive)
		if partial {
			s.pages.held(p, in, s.esize)
		}
		if in+s.esize <= len(b) {
			return b[in : in+s.esize]
		}
		if in >= len(b) {
			return nil
		}
	}
	s.pages.read(off, scratch[:s.esize], exclusive)
	return scratch[:s.esize]
}

// setElem writes the bytes of element i.
func (s *seq) setElem(i int, b []byte) {
	s.pages.write(i*s.esize, b)
	s.lk.changed()
}

// grow appends room for one element (zeroed) and returns its index.
func (s *seq) grow() (int, error) {
	if s.n >= s.limit {
		return 0, fmt.Errorf("view: %w: %v holds %d", ErrLimit, s.typ, s.limit)
	}
	s.n++
	s.pages.resize(s.bytesFor(s.n))
	s.lk.changed()
	return int(s.n - 1), nil
}

// shrink removes the last element.
func (s *seq) shrink() error {
	if s.n == 0 {
		return fmt.Errorf("%w: %v", ErrEmpty, s.typ)
	}
	s.n--
	s.pages.resize(s.bytesFor(s.n))
	if s.bits && s.n%8 != 0 {
		// Clear the removed bit, which shares a byte with the others.
		var b [1]byte
		s.pages.read(int(s.n/8), b[:], true)
		b[0] &^= 1 << (s.n % 8)
		s.pages.write(int(s.n/8), b[:])
	}
	s.lk.changed()
	return nil
}

// replace sets every element at once from their bytes, in one pass. The
// tree copies b unless owned, when it takes b over.
func (s *seq) replace(b []byte, n uint64, owned bool) error {
	if s.list && n > s.limit || !s.list && n != s.limit {
		return fmt.Errorf("view: %w: %d elements for %v", ErrLimit, n, s.typ)
	}
	s.pages.replace(b, owned)
	s.ownAll()
	s.n = n
	s.lk.changed()
	return nil
}

// dropFirst removes the first k elements of a list, what in its errors:
// the others move to the front, in one copy of their bytes from which the
// tree is built, with no element decoded. It returns an error, and leaves
// the list as it was, if k is negative or above the length.
func (s *seq) dropFirst(k int, what any) error {
	if k < 0 || k > int(s.n) {
		return fmt.Errorf("%w: %d of the %d elements of %v dropped", ErrIndex, k, s.n, what)
	}
	if k == 0 {
		return nil
	}
	rest := make([]byte, s.bytesFor(s.n)-s.bytesFor(uint64(k)))
	s.pages.read(s.bytesFor(uint64(k)), rest, false)
	return s.replace(rest, s.n-uint64(k), true)
}

func (s *seq) root() [32]byte { return s.peek().Root() }

// eachPage calls f with the size of each page holding elements and its
// bytes, in order; f must not keep them. Pages are read past the read
// cache: each is read once.
func (s *seq) eachPage(f func(per int, b []byte) bool) {
	count := s.pages.count(s.pages.size)
	for i := range count {
		b, n, partial := s.pages.load(i)
		if partial {
			b = s.pages.whole(i, n)
		}
		if _, _, per := s.pages.geometry(i); !f(per, b) {
			return
		}
	}
}

// read copies the bytes at off into dst, as pages.read does, for any reader.
func (s *seq) read(off int, dst []byte) {
	s.pages.read(off, dst, false)
}

// bytes appends the bytes held to dst, as pages.bytes does, for any reader.
func (s *seq) bytes(dst []byte) []byte {
	return s.pages.bytes(dst)
}

func must[T any](v T, err error) T {
	if err != nil {
		if errors.Is(err, tree.ErrNavigation) {
			// A tree built for the view's type has every node its reads
			// look for: this one is a partial tree (a proof's).
			panic(fmt.Errorf("%w: %w", ErrAbsent, err))
		}
		panic("view: " + err.Error())
	}
	return v
}

// splitList returns the data tree and the length of the value n of type t:
// for a list or bitlist, what its tree mixes in; for a vector, n itself and
// its length.
func splitList(t schema.Type, n *tree.Node, list bool, length uint64) (*tree.Node, uint64, error) {
	if !list {
		return n, length, nil
	}
	var data *tree.Node
	var err error
	switch t := t.(type) {
	case *schema.List:
		data, length, err = t.Split(n)
	case *schema.Bitlist:
		data, length, err = t.Split(n)
	case *schema.ProgressiveList:
		data, length, err = t.Split(n)
	case *schema.ProgressiveBitlist:
		data, length, err = t.Split(n)
	default:
		err = fmt.Errorf("%v is not a list", t)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrWrongType, err)
	}
	return data, length, nil
}
