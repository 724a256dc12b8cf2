package view

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ssztree/ssztree/schema"

	"github.com/ssztree/ssztree/tree"
)

// spine is the committed state of a progressive data tree (package tree: a
// right spine of branches whose left children are subtrees of 1, 4, 16...
// leaves, subtree k of depth 2k, ending in a zero chunk), kept so that a
// commit rebuilds only the spine's branches above the subtrees it changed.
//
// The spine holds count subtrees; a list stores exactly the subtrees its
// length reaches (tree.ProgressiveSubtrees of its leaves), as decoding
// builds them.
type spine struct {
	// subs[k] is subtree k.
	subs []*tree.Node
	// branches[k] is the spine's branch over subs[k] and the rest of the
	// spine; branches[0] is the data tree.
	branches []*tree.Node
	// inline holds both arrays for a spine of at most inlineSubtrees
	// subtrees (a progressive container of up to 85 fields), so that a
	// copy of its view allocates nothing for them. A spine is never copied
	// by value: its arrays may point into it.
	inline [2 * inlineSubtrees]*tree.Node
}

// inlineSubtrees is the most subtrees a spine holds without an array of
// its own: 1 + 4 + 16 + 64 leaves.
const inlineSubtrees = 4

// reserve makes s's arrays, emptied, hold at least n subtrees and
// branches: its own inline array when it is large enough, one array for
// both otherwise.
func (s *spine) reserve(n int) {
	if cap(s.subs) < n || cap(s.branches) < n {
		both := s.inline[:]
		if 2*n > len(both) {
			both = make([]*tree.Node, 2*n)
		}
		s.subs, s.branches = both[:0:n], both[n:n:2*n]
	}
	s.subs, s.branches = s.subs[:0], s.branches[:0]
}

// load points the spine at the progressive tree data of count subtrees.
//
// In a partial tree (a proof's), the spine may end early in a leaf that
// holds the root of the rest: the subtrees from there are absentSub, and
// the branches the leaf, whose root is that of the rest of the spine.
func (s *spine) load(data *tree.Node, count int) error {
	s.reserve(count)
	n := data
	for k := range count {
		if !n.IsBranch() {
			if !n.IsLeaf() || n == tree.Zero(0) || k == 0 && count == 1 {
				return fmt.Errorf("%w: progressive spine ends at subtree %d of %d", tree.ErrNavigation, k, count)
			}
			for ; k < count; k++ {
				s.subs, s.branches = append(s.subs, absentSub), append(s.branches, n)
			}
			return nil
		}
		left, right := n.Children()
		s.subs, s.branches = append(s.subs, left), append(s.branches, n)
		n = right
	}
	return nil
}

// absentSub stands for the subtrees of a partial tree's spine past the
// leaf that ends it (see load): reading them panics with ErrAbsent, and
// so does a commit that would rebuild the spine above them.
var absentSub = tree.NewLeaf([32]byte{})

// copyTo makes dst a copy of s that shares no array with it, in dst's
// arrays when they are large enough.
func (s *spine) copyTo(dst *spine) {
	dst.reserve(len(s.subs))
	dst.subs = append(dst.subs, s.subs...)
	dst.branches = append(dst.branches, s.branches...)
}

// root returns the data tree.
func (s *spine) root() *tree.Node {
	if len(s.branches) == 0 {
		return tree.Zero(0)
	}
	return s.branches[0]
}

// sub returns subtree k, or nil when the spine does not reach it.
func (s *spine) sub(k int) *tree.Node {
	if k < len(s.subs) {
		return s.subs[k]
	}
	return nil
}

// update replaces the subtrees k for which subs(k) returns a tree, makes
// the spine hold count subtrees (dropping those past count; subtrees
// added and not replaced are zero subtrees), and rebuilds the branches
// above the highest subtree that changed; the branches below it, deeper on
// the spine, are shared.
func (s *spine) update(count int, changed []int, subs func(k int) *tree.Node) *tree.Node {
	old := len(s.subs)
	high := -1
	for _, k := range changed {
		if k < count {
			high = max(high, k)
		}
	}
	if count != old {
		high = max(high, count-1)
	}
	if count < old {
		s.subs, s.branches = s.subs[:count], s.branches[:count]
	}
	for k := len(s.subs); k < count; k++ {
		s.subs, s.branches = append(s.subs, tree.Zero(2*k)), append(s.branches, nil)
	}
	for _, k := range changed {
		if k < count {
			s.subs[k] = subs(k)
		}
	}
	if high < 0 {
		return s.root()
	}
	if slices.Contains(s.subs[:high+1], absentSub) {
		panic(fmt.Errorf("%w: a progressive spine is rebuilt above the subtrees a proof does not hold", ErrAbsent))
	}
	rest := tree.Zero(0)
	if high+1 < count {
		rest = s.branches[high+1]
	}
	return tree.NewProgressiveOver(s.subs[:high+1], rest, s.branches)
}

// spineLevel is the geometry of the pages of one subtree of a progressive
// data tree.
type spineLevel struct {
	layout *tree.Layout
	top    int // levels of the subtree above its pages
	per    int // bytes per page
	// start is the offset of the subtree's first byte, first the index of
	// its first page among all the pages of the tree.
	start int
	first uint64
}

// spinePages is the geometry of a progressive data tree of pages, and its
// committed spine: what [pages] needs beside its bounded fields when its
// data tree is progressive. Subtree k holds 4^k leaves of unit bytes each
// (a chunk of packed data or bits, or one compact value), in pages of its
// own layout: the first subtrees are a single page of 1 or 4 leaves.
type spinePages struct {
	*spineGeometry
	// cur is the committed spine, which readers load once per read: a
	// spine of its own, which a reset loads or a commit beside readers
	// publishes whole once built (commitPages), and never changes after.
	// So a commit lets the replaced version of the tree go at once: no
	// spine the view keeps points into it.
	cur atomic.Pointer[spine]
	// scratch is where a writer's bulk update builds the new spine
	// (setPages), the writer's alone; made by the first, so that a view
	// that is only read, or committed beside readers (commitPages), does
	// not carry a spine's arrays it never uses: a handle on a changed copy
	// of a state holds that much more (docs/performance.md#memory).
	scratch *spine
}

// noSpine is the committed spine of a view not loaded yet: no subtree.
var noSpine spine

// committed returns the committed spine.
func (g *spinePages) committed() *spine {
	if s := g.cur.Load(); s != nil {
		return s
	}
	return &noSpine
}

// load points the committed spine at the progressive tree data of count
// subtrees. Its caller has exclusive access, but a spine published is
// never changed (see cur): the load makes a new one.
func (g *spinePages) load(data *tree.Node, count int) error {
	s := new(spine)
	err := s.load(data, count)
	g.cur.Store(s)
	return err
}

// spineGeometry is the part of spinePages that depends on the type alone,
// shared by every view of the type.
type spineGeometry struct {
	unit   int
	levels [tree.ProgressiveLevels + 1]spineLevel
}

// geometries holds the spineGeometry of each progressive type (by
// schema.Type), made once: copying a view allocates no geometry.
var geometries sync.Map

// newSpinePages returns the pages of a view of the progressive type t,
// whose leaves are of unit bytes and whose subtree k has pages of
// layout(k).
func newSpinePages(t schema.Type, unit int, layout func(k int) *tree.Layout) *spinePages {
	if g, ok := geometries.Load(t); ok {
		return &spinePages{spineGeometry: g.(*spineGeometry)}
	}
	g, _ := geometries.LoadOrStore(t, newSpineGeometry(unit, layout))
	return &spinePages{spineGeometry: g.(*spineGeometry)}
}

func newSpineGeometry(unit int, layout func(k int) *tree.Layout) *spineGeometry {
	g := &spineGeometry{unit: unit}
	start, first := 0, uint64(0)
	for k := range tree.ProgressiveLevels {
		l := layout(k)
		lv := spineLevel{layout: l, top: 2*k - l.Depth(), per: l.PageSize(), start: start, first: first}
		g.levels[k] = lv
		start += unit << (2 * uint(k))
		first += 1 << uint(lv.top)
	}
	// A sentinel past the last subtree bounds the searches.
	g.levels[tree.ProgressiveLevels] = spineLevel{start: start, first: first}
	return g
}

// capacity returns the bytes the tree holds at most.
func (g *spineGeometry) capacity() int { return g.levels[tree.ProgressiveLevels].start }

// subtreeAt returns the subtree holding the byte at off, which is below
// the capacity: leaf c is in subtree k where 4^k <= 3c+1 < 4^(k+1).
func (g *spineGeometry) subtreeAt(off int) int {
	c := uint64(off / g.unit)
	return (bits.Len64(3*c+1) - 1) / 2
}

// locate returns the page holding the byte at off, the offset in the page
// and the page's size.
func (g *spineGeometry) locate(off int) (i uint64, in, per int) {
	lv := &g.levels[g.subtreeAt(off)]
	local := off - lv.start
	return lv.first + uint64(local/lv.per), local % lv.per, lv.per
}

// subtreeOf returns the subtree holding page i.
func (g *spineGeometry) subtreeOf(i uint64) int {
	k := 0
	for g.levels[k+1].first <= i {
		k++
	}
	return k
}

// geometry returns the layout of page i, its first byte and its size.
func (g *spineGeometry) geometry(i uint64) (l *tree.Layout, start, per int) {
	lv := &g.levels[g.subtreeOf(i)]
	return lv.layout, lv.start + int(i-lv.first)*lv.per, lv.per
}

// subtrees returns the number of subtrees that size bytes reach.
func (g *spineGeometry) subtrees(size int) int {
	if size == 0 {
		return 0
	}
	return g.subtreeAt(size-1) + 1
}

// node returns page i of the committed tree.
func (g *spinePages) node(i uint64) *tree.Node {
	k := g.subtreeOf(i)
	lv := &g.levels[k]
	sub := g.committed().sub(k)
	switch sub {
	case nil:
		return tree.Zero(lv.layout.Depth())
	case absentSub:
		return nil
	}
	n, err := tree.Get(sub, lv.top, i-lv.first)
	if errors.Is(err, tree.ErrNavigation) {
		return nil // see pages.committedNode
	}
	return must(n, err)
}

// setPages sets the page nodes at the sorted indices idx into the
// committed tree, which then holds size bytes, and returns the new data
// tree, which its caller, a writer, then loads (pages.reset). The new
// spine is built in the writer's scratch, and let go of once built.
func (g *spinePages) setPages(idx []uint64, nodes []*tree.Node, size int) *tree.Node {
	if g.scratch == nil {
		g.scratch = new(spine)
	}
	data := g.apply(g.scratch, idx, nodes, size)
	// What scratch points to is the new tree's or the old one's: neither is
	// scratch's to keep alive.
	clear(g.scratch.subs)
	clear(g.scratch.branches)
	return data
}

// commitPages is setPages for a commit that may run beside readers: the
// new spine is a spine of its own, published whole once built, so that
// readers read either spine, each a committed tree's, and the old tree is
// let go at once.
func (g *spinePages) commitPages(idx []uint64, nodes []*tree.Node, size int) *tree.Node {
	s := new(spine)
	data := g.apply(s, idx, nodes, size)
	g.cur.Store(s)
	return data
}

// apply makes dst the spine of the committed tree with the page nodes at
// the sorted indices idx set into it, holding size bytes, and returns its
// data tree. The committed spine stays as it was.
func (g *spinePages) apply(dst *spine, idx []uint64, nodes []*tree.Node, size int) *tree.Node {
	// runs[x] is the range of idx in subtree changed[x]; a commit of a few
	// pages keeps them on the stack.
	var changedBuf [4]int
	var runBuf [4][2]int
	changed, runs := changedBuf[:0], runBuf[:0]
	for a := 0; a < len(idx); {
		k := g.subtreeOf(idx[a])
		b := a + 1
		for b < len(idx) && idx[b] < g.levels[k+1].first {
			b++
		}
		changed, runs = append(changed, k), append(runs, [2]int{a, b})
		a = b
	}
	count := g.subtrees(size)
	cur := g.committed()
	cur.copyTo(dst)
	var jsBuf [4]uint64
	return dst.update(count, changed, func(k int) *tree.Node {
		lv := &g.levels[k]
		r := runs[slices.Index(changed, k)]
		js := jsBuf[:0]
		for _, i := range idx[r[0]:r[1]] {
			js = append(js, i-lv.first)
		}
		base := cur.sub(k)
		if base == nil {
			base = tree.Zero(2 * k)
		}
		return must(tree.SetMany(base, lv.top, js, nodes[r[0]:r[1]]))
	})
}

// build returns the progressive data tree holding b, in one pass, and
// points the spine at it. The tree copies b unless owned, when it takes b
// over.
func (g *spinePages) build(b []byte, owned bool) *tree.Node {
	buildPages := tree.BuildPages
	if owned {
		buildPages = tree.BuildPagesOwned
	}
	count := g.subtrees(len(b))
	subs := make([]*tree.Node, count)
	for k := range subs {
		lv := &g.levels[k]
		end := min(len(b), g.levels[k+1].start)
		subs[k] = must(buildPages(lv.layout, 2*k, b[lv.start:end:end]))
	}
	data := tree.NewProgressive(subs)
	if err := g.load(data, count); err != nil {
		panic("view: " + err.Error())
	}
	return data
}

// appendData appends the size bytes of the committed tree to dst.
func (g *spinePages) appendData(dst []byte, size int) []byte {
	s := g.committed()
	for k := range g.subtrees(size) {
		lv := &g.levels[k]
		end := min(size, g.levels[k+1].start)
		if k >= len(s.subs) {
			// Grown without a write: zero bytes, not committed yet.
			dst = append(dst, make([]byte, end-lv.start)...)
			continue
		}
		dst = must(tree.AppendData(dst, s.subs[k], 2*k, lv.layout, end-lv.start))
	}
	return dst
}
