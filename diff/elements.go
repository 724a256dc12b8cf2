package diff

import (
	"math/bits"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// seq describes the data tree of a vector or list, or one subtree of the
// data tree of a progressive list: the element type, the layout of its
// pages (nil when each element is a subtree of its own), the depth of the
// tree, and the index in the list of its first element (base).
type seq struct {
	t      schema.Type
	elem   schema.Type
	layout *tree.Layout
	depth  int
	base   uint64
}

// index returns the path step of element i of the tree s describes.
func (s *seq) index(i uint64) schema.PathStep { return schema.IndexStep(s.base + i) }

// progressive compares the progressive data trees da and db of lists of
// type t holding la and lb elements, found at path, subtree by subtree:
// subtree k, of depth 2k, holds the elements after those of the subtrees
// before it, and is compared as the data tree of a list. A subtree that
// only the longer list has is compared with a zero subtree, so that all
// its elements are reported as added or removed.
func (w *walker) progressive(t *schema.ProgressiveList, da, db *tree.Node, la, lb uint64, path schema.Path) error {
	elem := t.Elem()
	// Elements per leaf: packed basic values share a chunk; other values
	// have a root of their own.
	perLeaf := uint64(1)
	switch elem.(type) {
	case *schema.Uint, *schema.Bool:
		perLeaf = 32 / uint64(elem.FixedSize())
	}
	leaves := func(n uint64) uint64 { return (n + perLeaf - 1) / perLeaf }
	var bufA, bufB [tree.ProgressiveLevels]*tree.Node
	sa, err := tree.ProgressiveParts(bufA[:0], da, tree.ProgressiveSubtrees(leaves(la)))
	if err != nil {
		return treeErr(path, t, err)
	}
	sb, err := tree.ProgressiveParts(bufB[:0], db, tree.ProgressiveSubtrees(leaves(lb)))
	if err != nil {
		return treeErr(path, t, err)
	}
	base := uint64(0)
	for k := 0; k < max(len(sa), len(sb)); k++ {
		span := perLeaf << (2 * uint(k))
		in := func(n uint64) uint64 { return min(span, n-min(n, base)) }
		a, b := tree.Zero(2*k), tree.Zero(2*k)
		if k < len(sa) {
			a = sa[k]
		}
		if k < len(sb) {
			b = sb[k]
		}
		s := seq{t: t, elem: elem, layout: t.SubtreeLayout(k), depth: 2 * k, base: base}
		if err := w.elements(&s, a, b, in(la), in(lb), path); err != nil {
			return err
		}
		base += span
	}
	return nil
}

// elements compares the data trees da and db of a vector or list holding
// la and lb elements, found at path: the common elements by a walk that
// skips equal subtrees, then the elements only the longer one holds.
func (w *walker) elements(s *seq, da, db *tree.Node, la, lb uint64, path schema.Path) error {
	common := min(la, lb)
	if s.layout == nil {
		if err := w.subtrees(s, da, db, s.depth, 0, common, path); err != nil {
			return err
		}
		return w.extraSubtrees(s, da, db, la, lb, path)
	}
	per := uint64(s.layout.PageSize() / s.elem.FixedSize())
	top := s.depth - s.layout.Depth()
	if err := w.pages(s, da, db, top, 0, (common+per-1)/per, la, lb, path); err != nil {
		return err
	}
	return w.extraPaged(s, da, db, la, lb, path)
}

// children returns the children of a node at height h > 0 of a data tree.
func children(n *tree.Node) (l, r *tree.Node, ok bool) {
	if !n.IsBranch() && !n.IsPage() {
		return nil, nil, false
	}
	l, r = n.Children()
	return l, r, l != nil
}

// heightOf returns the height of the smallest subtree that holds m > 0
// leaves: the least h with m <= 2^h.
func heightOf(m uint64) int { return bits.Len64(m - 1) }

// pages walks the subtrees a and b of height h above the pages, whose
// first page is page lo, down to the pages below count, skipping equal
// subtrees, and compares the elements in the pages that differ. Equal
// roots mean equal elements wherever both lists have them: a page's
// missing values are zero chunks, as an element stored there would be.
func (w *walker) pages(s *seq, a, b *tree.Node, h int, lo, count, la, lb uint64, path schema.Path) error {
	if lo >= count || a == b || a.Root() == b.Root() {
		return nil
	}
	if h == 0 {
		return w.page(s, a, b, lo, la, lb, path)
	}
	if below := heightOf(count - lo); below < h {
		// Every page left to compare is in the leftmost subtree of
		// height below: go down to it at once. Under a list's sparse
		// top (a stem) that costs one node, where a step per level
		// would build and hash each shorter stem in turn.
		da, err := tree.Get(a, h-below, 0)
		if err != nil {
			return treeErr(path, s.t, err)
		}
		db, err := tree.Get(b, h-below, 0)
		if err != nil {
			return treeErr(path, s.t, err)
		}
		return w.pages(s, da, db, below, lo, count, la, lb, path)
	}
	al, ar, ok := children(a)
	bl, br, ok2 := children(b)
	if !ok || !ok2 {
		return treeErr(path, s.t, errShape)
	}
	if err := w.pages(s, al, bl, h-1, lo, count, la, lb, path); err != nil {
		return err
	}
	return w.pages(s, ar, br, h-1, lo+1<<uint(h-1), count, la, lb, path)
}

// pageBytes returns the bytes of the elements that page p of a list of n
// elements holds, read from the page node.
func pageBytes(s *seq, pg *tree.Node, p, n uint64) ([]byte, error) {
	es := uint64(s.elem.FixedSize())
	per := uint64(s.layout.PageSize()) / es
	held := min(per, n-min(n, p*per))
	return tree.AppendData(nil, pg, s.layout.Depth(), s.layout, int(held*es))
}

// page compares the elements of page p that both lists hold.
func (w *walker) page(s *seq, a, b *tree.Node, p, la, lb uint64, path schema.Path) error {
	ba, err := pageBytes(s, a, p, la)
	if err != nil {
		return treeErr(path, s.t, err)
	}
	bb, err := pageBytes(s, b, p, lb)
	if err != nil {
		return treeErr(path, s.t, err)
	}
	es := s.elem.FixedSize()
	per := uint64(s.layout.PageSize() / es)
	end := min(len(ba), len(bb)) / es
	for k := 0; k < end; k++ {
		x, y := ba[k*es:(k+1)*es], bb[k*es:(k+1)*es]
		if string(x) == string(y) {
			continue
		}
		if err := w.bytes(s.elem, x, y, at(path, s.index(p*per+uint64(k)))); err != nil {
			return err
		}
	}
	return nil
}

// extraPaged reports the elements beyond the shorter list's length, read
// page by page from the longer one.
func (w *walker) extraPaged(s *seq, da, db *tree.Node, la, lb uint64, path schema.Path) error {
	n, kind, from := la, Removed, da
	if lb > la {
		n, kind, from = lb, Added, db
	}
	es := uint64(s.elem.FixedSize())
	per := uint64(s.layout.PageSize()) / es
	top := s.depth - s.layout.Depth()
	var cur []byte
	curPage := ^uint64(0)
	for i := min(la, lb); i < n; i++ {
		if p := i / per; p != curPage {
			pg, err := tree.Get(from, top, p)
			if err != nil {
				return treeErr(path, s.t, err)
			}
			if cur, err = pageBytes(s, pg, p, n); err != nil {
				return treeErr(path, s.t, err)
			}
			curPage = p
		}
		k := (i % per) * es
		v := cur[k : k+es : k+es]
		c := Change{Path: at(path, s.index(i)), Kind: kind, Type: s.elem}
		if kind == Added {
			c.B = v
		} else {
			c.A = v
		}
		if err := w.add(c); err != nil {
			return err
		}
	}
	return nil
}

// subtrees walks the subtrees a and b of height h above the elements,
// whose first element is lo, down to the elements below count, skipping
// equal subtrees, and compares the elements that differ.
func (w *walker) subtrees(s *seq, a, b *tree.Node, h int, lo, count uint64, path schema.Path) error {
	if lo >= count || a == b || a.Root() == b.Root() {
		return nil
	}
	if h == 0 {
		return w.value(s.elem, a, b, at(path, s.index(lo)))
	}
	if below := heightOf(count - lo); below < h {
		// As in pages: straight down to the leftmost subtree holding
		// every element left to compare.
		da, err := tree.Get(a, h-below, 0)
		if err != nil {
			return treeErr(path, s.t, err)
		}
		db, err := tree.Get(b, h-below, 0)
		if err != nil {
			return treeErr(path, s.t, err)
		}
		return w.subtrees(s, da, db, below, lo, count, path)
	}
	al, ar, ok := children(a)
	bl, br, ok2 := children(b)
	if !ok || !ok2 {
		return treeErr(path, s.t, errShape)
	}
	if err := w.subtrees(s, al, bl, h-1, lo, count, path); err != nil {
		return err
	}
	return w.subtrees(s, ar, br, h-1, lo+1<<uint(h-1), count, path)
}

// extraSubtrees reports the elements beyond the shorter list's length,
// each serialized from its subtree in the longer one.
func (w *walker) extraSubtrees(s *seq, da, db *tree.Node, la, lb uint64, path schema.Path) error {
	n, kind, from := la, Removed, da
	if lb > la {
		n, kind, from = lb, Added, db
	}
	for i := min(la, lb); i < n; i++ {
		e, err := tree.Get(from, s.depth, i)
		if err != nil {
			return treeErr(path, s.t, err)
		}
		v, err := s.elem.Encode([]byte{}, e)
		if err != nil {
			return treeErr(at(path, s.index(i)), s.elem, err)
		}
		c := Change{Path: at(path, s.index(i)), Kind: kind, Type: s.elem}
		if kind == Added {
			c.B = v
		} else {
			c.A = v
		}
		if err := w.add(c); err != nil {
			return err
		}
	}
	return nil
}
