package tree

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
)

// AppendData appends to dst the first size bytes of the values stored in a
// subtree built like [BuildPages] builds one: depth levels down to the
// values, pages of layout l at the bottom. Zero subtrees read as zero bytes;
// a page that was expanded into branches and leaves is read back through l.
// Large data is copied from GOMAXPROCS goroutines (see parallelCopyBytes).
func AppendData(dst []byte, n *Node, depth int, l *Layout, size int) ([]byte, error) {
	if depth < l.depth {
		return dst, fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	if size < 0 {
		return dst, fmt.Errorf("%w: %d bytes to read", ErrLayout, size)
	}
	per := l.PageSize()
	count := (size + per - 1) / per
	start := len(dst)
	grown := slices.Grow(dst, size)[:start+size]
	out := grown[start:]
	if count == 1 {
		// One page (a short list, a transaction): straight to it, past the
		// stem above it, without a walk.
		p, levels := n, depth-l.depth
		if levels > 0 && n.isStem() && int(n.stemK) == levels {
			p, levels = n.left, 0
		}
		if levels == 0 && p.page != nil {
			if err := readPages(out, p, l); err != nil {
				return dst, err
			}
			return grown, nil
		}
	}
	if size < parallelCopyBytes || runtime.GOMAXPROCS(0) == 1 {
		w := levelWalk{left: uint64(count), height: l.depth, read: pageReader{l: l, out: out}}
		if err := w.walk(n, depth-l.depth); err != nil {
			return dst, err
		}
		return grown, nil
	}
	// Find the pages in one walk, then copy them from every goroutine.
	w := levelWalk{left: uint64(count), height: l.depth, nodes: make([]*Node, 0, count)}
	if err := w.walk(n, depth-l.depth); err != nil {
		return dst, err
	}
	err := fanOut(count, runtime.GOMAXPROCS(0), func(lo, hi int) error {
		for i := lo; i < hi; i++ {
			if err := readPages(out[i*per:min(size, (i+1)*per)], w.nodes[i], l); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return dst, err
	}
	return grown, nil
}

// readPages writes to b the bytes of the page positions that p fills: one
// page of l (or its expansion), or a run of them in a zero subtree. b may end
// before the positions do.
func readPages(b []byte, p *Node, l *Layout) error {
	if p == zeroes[l.depth] {
		clear(b)
		return nil
	}
	if p.page != nil {
		data := p.pageBytes()
		c := copy(b, data)
		if c < len(b) {
			// Missing values of a page are zero chunks: only raw values read
			// back from them as zero bytes; a composite value cannot be
			// missing from a page inside the data's length.
			if !l.elem.raw {
				return fmt.Errorf("%w: page holds %d bytes, %d needed", ErrLayout, len(data), len(b))
			}
			clear(b[c:])
		}
		return nil
	}
	// An expanded page: read each value back from its subtree.
	size := l.elem.size
	buf := make([]byte, size)
	for i := 0; i*size < len(b); i++ {
		v, err := Get(p, l.depth, uint64(i))
		if err != nil {
			return err
		}
		if err := l.elem.read(v, buf); err != nil {
			return err
		}
		copy(b[i*size:], buf)
	}
	return nil
}

// read writes to b the bytes of the value of shape s whose subtree is n.
func (s *Shape) read(n *Node, b []byte) error {
	if data, l, ok := n.PageData(); ok && l.depth == 0 && l.elem == s {
		copy(b, data)
		return nil
	}
	for i, p := range s.segments {
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
			return fmt.Errorf("%w: segment %d of a value is not a leaf", ErrLayout, i)
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

// ReadPartialPage reads a page of layout l whose node n is part of a
// partial tree (the tree of a proof, [CompactMultiproof.Node]), where a
// subtree the proof does not open is a leaf holding its root. It returns
// the page's first size bytes, at most a page, and held, a bit per value
// of the page (bit i%64 of held[i/64]) set where the tree holds the
// value's bytes; a value it holds only as a root, or not at all, reads as
// zero bytes with its bit clear. A nil n stands for a page the tree does
// not reach (a leaf above it). Errors other than missing nodes are
// returned: a tree not of layout l.
func ReadPartialPage(n *Node, l *Layout, size int) (b []byte, held []uint64, err error) {
	per := l.PageSize()
	if size < 0 || size > per {
		return nil, nil, fmt.Errorf("%w: %d bytes of a page of %d", ErrLayout, size, per)
	}
	vsize := l.elem.size
	count := (size + vsize - 1) / vsize
	b = make([]byte, size)
	held = make([]uint64, (count+63)/64)
	if n == nil {
		return b, held, nil
	}
	buf := make([]byte, vsize)
	for i := range count {
		v, err := Get(n, l.depth, uint64(i))
		if err == nil {
			err = l.elem.read(v, buf)
		}
		switch {
		case errors.Is(err, ErrNavigation):
			continue // absent: a root without its subtree
		case err != nil:
			return nil, nil, err
		}
		copy(b[i*vsize:], buf)
		held[i/64] |= 1 << uint(i%64)
	}
	return b, held, nil
}
