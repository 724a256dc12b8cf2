package tree

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
)

// slabPages is how many pages BuildPages allocates at once (nodes, headers,
// group roots and bytes), at most. A slab stays alive while any page of it
// does, so it bounds the memory a long-lived survivor holds (64 pages of at
// most 2 KiB) while cutting allocations per page to a fraction.
const slabPages = 64

// slabFor returns how many pages of per bytes BuildPages puts in one slab:
// between slabPages/2 and slabPages, as few bytes lost as can be. The heap
// rounds an allocation above 32 KiB up to whole 8 KiB pages; 64 pages of 16
// validators (123,904 bytes) would lose 112 bytes a page, 55 lose none.
func slabFor(per int) int {
	const large, unit = 32 << 10, 8 << 10
	best, lost := slabPages, float64(per)
	for k := slabPages; k >= slabPages/2; k-- {
		b := k * per
		if b <= large {
			return k
		}
		if l := float64((b+unit-1)/unit*unit-b) / float64(k); l < lost {
			best, lost = k, l
		}
	}
	return best
}

// BuildPages returns the root of a subtree of the given depth whose bottom
// l.Depth() levels are pages of layout l holding a copy of data, split into
// full pages but the last, and zero subtrees after them. depth counts the
// levels down to the values: the pages sit at depth depth-l.Depth().
func BuildPages(l *Layout, depth int, data []byte) (*Node, error) {
	return buildPages(l, depth, data, false)
}

// BuildPagesOwned is BuildPages over data that the pages own from now on,
// without copying it: the caller must not modify data. The whole of data
// stays alive while any of the pages does.
func BuildPagesOwned(l *Layout, depth int, data []byte) (*Node, error) {
	return buildPages(l, depth, data, true)
}

func buildPages(l *Layout, depth int, data []byte, owned bool) (*Node, error) {
	if depth < l.depth {
		return nil, fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	if err := l.checkValues(len(data)); err != nil {
		return nil, err
	}
	per := l.Bytes()
	count := (len(data) + per - 1) / per
	top := depth - l.depth
	if top < 64 && uint64(count) > uint64(1)<<uint(top) {
		return nil, fmt.Errorf("%w: %d pages do not fit in depth %d", ErrLayout, count, top)
	}
	if count == 1 {
		// One page (a short list): its node and header in one allocation.
		buf := data
		if !owned {
			buf = append([]byte(nil), data...)
		}
		return Build(top, []*Node{newPageNode(l, buf[:len(buf):len(buf)])}, l.depth)
	}
	nodes := make([]*Node, count)
	slab := slabFor(per)
	slabs := (count + slab - 1) / slab
	fill := func(first, last int) { // slabs [first, last)
		for start := first * slab; start < min(count, last*slab); start += slab {
			end := min(count, start+slab)
			lo, hi := start*per, min(len(data), end*per)
			buf := data[lo:hi]
			if !owned {
				buf = make([]byte, hi-lo)
				copy(buf, data[lo:hi])
			}
			ns := make([]Node, end-start)
			ps := make([]page, end-start)
			var roots [][32]byte
			if g := l.groups(); g > 0 {
				roots = make([][32]byte, (end-start)*g)
			}
			for i := range ns {
				ps[i] = page{layout: l, data: buf[i*per : min(len(buf), (i+1)*per) : min(len(buf), (i+1)*per)]}
				if g := l.groups(); g > 0 {
					ps[i].group0 = &roots[i*g]
				}
				ns[i].page = &ps[i]
				nodes[start+i] = &ns[i]
			}
		}
	}
	workers := 1
	if !owned && len(data) >= parallelCopyBytes {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers == 1 {
		fill(0, slabs)
	} else {
		// Copying a large value runs at the speed the kernel hands out
		// fresh memory; two cores get it twice as fast.
		var wg sync.WaitGroup
		per := (slabs + workers - 1) / workers
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				fill(w*per, min(slabs, (w+1)*per))
			}()
		}
		wg.Wait()
	}
	return Build(top, nodes, l.depth)
}

// parallelCopyBytes is the smallest data whose copy into or out of pages is
// split across goroutines. Splitting took the decode of a 1,000,000
// validator state from 94 to 36 ms (BenchmarkStateDecode in package
// capella); the threshold itself is a guess that keeps small values on one
// goroutine, not a measured break-even.
const parallelCopyBytes = 4 << 20

// pageNode is a page's node and header, allocated together.
type pageNode struct {
	n Node
	p page
}

func (l *Layout) checkValues(n int) error {
	if !l.elem.raw && n%l.elem.size != 0 {
		return fmt.Errorf("%w: %d bytes are not whole values of %d bytes", ErrLayout, n, l.elem.size)
	}
	return nil
}

// AppendData appends to dst the first size bytes of the values stored in a
// subtree built like [BuildPages] builds one: depth levels down to the
// values, pages of layout l at the bottom. Zero subtrees read as zero bytes;
// a page that was expanded into branches and leaves is read back through l.
func AppendData(dst []byte, n *Node, depth int, l *Layout, size int) ([]byte, error) {
	if depth < l.depth {
		return dst, fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	if size >= parallelCopyBytes && runtime.GOMAXPROCS(0) > 1 {
		return appendDataParallel(dst, n, depth-l.depth, l, size)
	}
	r := dataReader{l: l, dst: dst, left: size}
	err := r.read(n, depth-l.depth)
	return r.dst, err
}

// appendDataParallel is AppendData for large data: it finds the pages in
// one walk, then copies them into their places in dst from GOMAXPROCS
// goroutines. A fresh output buffer is paged in by the copy, and the kernel
// serves page faults from two cores twice as fast as from one.
func appendDataParallel(dst []byte, n *Node, top int, l *Layout, size int) ([]byte, error) {
	per := l.Bytes()
	count := (size + per - 1) / per
	w := nodeWalker{dst: make([]*Node, 0, count), left: uint64(count)}
	if err := w.walkPages(n, top, l); err != nil {
		return dst, err
	}
	start := len(dst)
	dst = slices.Grow(dst, size)[:start+size]
	out := dst[start:]
	workers := runtime.GOMAXPROCS(0)
	chunk := (count + workers - 1) / workers
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k * chunk; i < min(count, (k+1)*chunk); i++ {
				region := out[i*per : min(size, (i+1)*per)]
				p := w.dst[i]
				switch {
				case p == nil: // in a zero subtree
					clear(region)
				case p.page != nil:
					c := copy(region, p.page.data)
					if c < len(region) && !l.elem.raw {
						errs[k] = fmt.Errorf("%w: page holds %d bytes, %d needed", ErrLayout, len(p.page.data), len(region))
						return
					}
					clear(region[c:])
				default:
					r := dataReader{l: l, dst: region[:0], left: len(region)}
					if err := r.readPage(p); err != nil {
						errs[k] = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	return dst, errors.Join(errs...)
}

// walkPages appends the first w.left page-level nodes below n, top levels
// above the pages, with nil for each page position inside a zero subtree.
func (w *nodeWalker) walkPages(n *Node, top int, l *Layout) error {
	if w.left == 0 {
		return nil
	}
	if top == 0 {
		w.dst = append(w.dst, n)
		w.left--
		return nil
	}
	if n.RootKnown() && n.root == zeroes[top+l.depth].root {
		k := min(w.left, uint64(1)<<min(uint(top), 62))
		for i := uint64(0); i < k; i++ {
			w.dst = append(w.dst, nil)
		}
		w.left -= k
		return nil
	}
	if n.left == nil {
		return fmt.Errorf("%w: leaf %d levels above the pages", ErrNavigation, top)
	}
	if n.right == nil && int(n.spineK) <= top {
		// A spine: its subtree, then the zero subtrees at its right.
		k := int(n.spineK)
		if err := w.walkPages(n.left, top-k, l); err != nil {
			return err
		}
		for j := k; j >= 1 && w.left > 0; j-- {
			c := min(w.left, uint64(1)<<min(uint(top-j), 62))
			for i := uint64(0); i < c; i++ {
				w.dst = append(w.dst, nil)
			}
			w.left -= c
		}
		return nil
	}
	left, right := n.Children()
	if err := w.walkPages(left, top-1, l); err != nil {
		return err
	}
	return w.walkPages(right, top-1, l)
}

type dataReader struct {
	l    *Layout
	dst  []byte
	left int
}

func (r *dataReader) read(n *Node, top int) error {
	if r.left == 0 {
		return nil
	}
	if top == 0 {
		return r.readPage(n)
	}
	if n.RootKnown() && n.root == zeroes[top+r.l.depth].root {
		// A zero subtree above the pages: all its values are zero bytes.
		r.zeros(r.l.Bytes(), top)
		return nil
	}
	if n.IsLeaf() {
		return fmt.Errorf("%w: leaf %d levels above the pages", ErrNavigation, top)
	}
	if n.isSpine() && int(n.spineK) <= top {
		// A spine: its subtree, then the zero subtrees at its right.
		k := int(n.spineK)
		if err := r.read(n.left, top-k); err != nil {
			return err
		}
		for j := k; j >= 1 && r.left > 0; j-- {
			r.zeros(r.l.Bytes(), top-j)
		}
		return nil
	}
	left, right := n.Children()
	if err := r.read(left, top-1); err != nil {
		return err
	}
	return r.read(right, top-1)
}

// zeros appends the zero bytes of 2^top pages, as far as needed.
func (r *dataReader) zeros(perPage, top int) {
	n := r.left
	if top < 40 && perPage<<uint(top) < n {
		n = perPage << uint(top)
	}
	r.dst = append(r.dst, make([]byte, n)...)
	r.left -= n
}

func (r *dataReader) readPage(n *Node) error {
	want := min(r.left, r.l.Bytes())
	if n.page != nil {
		data := n.page.data
		k := min(len(data), want)
		r.dst = append(r.dst, data[:k]...)
		if k < want {
			// Missing values of a page are zero chunks: only raw values read
			// back from them as zero bytes; a composite value cannot be
			// missing from a page inside the data's length.
			if !r.l.elem.raw {
				return fmt.Errorf("%w: page holds %d bytes, %d needed", ErrLayout, len(data), want)
			}
			r.dst = append(r.dst, make([]byte, want-k)...)
		}
		r.left -= want
		return nil
	}
	// An expanded page: read each value back from its subtree.
	size := r.l.elem.size
	for i := 0; i*size < want; i++ {
		v, err := Get(n, r.l.depth, uint64(i))
		if err != nil {
			return err
		}
		buf := make([]byte, size)
		if err := r.l.elem.read(v, buf); err != nil {
			return err
		}
		r.dst = append(r.dst, buf[:min(size, want-i*size)]...)
	}
	r.left -= want
	return nil
}

// read writes to b the bytes of the value of shape s whose subtree is n.
func (s *Shape) read(n *Node, b []byte) error {
	if data, l, ok := n.PageData(); ok && l.depth == 0 && l.elem == s {
		copy(b, data)
		return nil
	}
	for i, p := range s.parts {
		c, err := Get(n, s.depth, uint64(i))
		if err != nil {
			return err
		}
		if p.Shape != nil {
			if err := p.Shape.read(c, b[p.Offset:p.Offset+p.Size]); err != nil {
				return err
			}
			continue
		}
		if !c.IsLeaf() {
			return fmt.Errorf("%w: part %d of a value is not a leaf", ErrLayout, i)
		}
		copy(b[p.Offset:p.Offset+p.Size], c.root[:])
	}
	return nil
}

// ReadValue writes to b (of s.Size() bytes) the value of shape s whose
// subtree is n: a page of s, or its expansion.
func ReadValue(n *Node, s *Shape, b []byte) error {
	if len(b) != s.size {
		return fmt.Errorf("%w: %d bytes for a value of %d", ErrLayout, len(b), s.size)
	}
	return s.read(n, b)
}

// Nodes appends to dst the first count nodes at the given depth below n, in
// order, in one walk. Pages met above that depth are expanded.
func Nodes(dst []*Node, n *Node, depth int, count uint64) ([]*Node, error) {
	if depth < 64 && count > uint64(1)<<uint(depth) {
		return dst, fmt.Errorf("%w: %d nodes at depth %d", ErrNavigation, count, depth)
	}
	w := nodeWalker{dst: dst, left: count}
	err := w.walk(n, depth)
	return w.dst, err
}

type nodeWalker struct {
	dst  []*Node
	left uint64
}

func (w *nodeWalker) walk(n *Node, depth int) error {
	if w.left == 0 {
		return nil
	}
	if depth == 0 {
		w.dst = append(w.dst, n)
		w.left--
		return nil
	}
	if n.IsLeaf() {
		return fmt.Errorf("%w: leaf %d levels above the target depth", ErrNavigation, depth)
	}
	if n.isSpine() && int(n.spineK) <= depth {
		// A spine: its subtree, then the zero subtrees at its right, whose
		// nodes at the target depth are all the same zero subtree.
		k := int(n.spineK)
		if err := w.walk(n.left, depth-k); err != nil {
			return err
		}
		zero := zeroes[int(n.spineK)+int(n.spineBelow)-depth]
		for j := k; j >= 1 && w.left > 0; j-- {
			c := min(w.left, uint64(1)<<min(uint(depth-j), 62))
			for i := uint64(0); i < c; i++ {
				w.dst = append(w.dst, zero)
			}
			w.left -= c
		}
		return nil
	}
	left, right := n.Children()
	if left == nil {
		return fmt.Errorf("%w: single-chunk page %d levels above the target depth", ErrNavigation, depth)
	}
	if err := w.walk(left, depth-1); err != nil {
		return err
	}
	return w.walk(right, depth-1)
}
