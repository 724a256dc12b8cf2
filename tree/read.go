package tree

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
)

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
