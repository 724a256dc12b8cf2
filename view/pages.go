package view

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/ssztree/ssztree/tree"
)

// pages is the storage shared by every view over bytes kept in pages:
// packed basic values, bits, and compact composite values. It holds the
// committed data tree and the pages being written, which it turns into new
// page nodes and sets into the tree in one pass when committed.
//
// Offsets are in bytes of the concatenated values; size is how many of
// those bytes the value holds now, pending writes included.
type pages struct {
	layout *tree.Layout
	// top and per are int32, not int, to keep a sequence's view within
	// the 240-byte size class: a copy allocates one.
	top  int32 // levels above the pages
	per  int32 // bytes per page
	size int
	// data is the committed data tree, and writes the pages written since
	// the last commit (nil: none). Readers may read the pages while a
	// commit runs under the family's lock, and a commit publishes what it
	// built by storing data (and a progressive tree's spine, prog's) and
	// then clearing writes: a reader that loads writes first and data
	// after reads every page either from writes (its bytes are those of
	// the new tree) or from a data tree in which it is the same. So a
	// hashed value holds its tree and no more: neither the index of
	// written pages, their source pages, nor the old data tree.
	data   atomic.Pointer[tree.Node]
	writes atomic.Pointer[pageWrites]
	// last is a read cache, the page read last, published atomically so
	// that concurrent readers may fill it; nil when empty. Readers publish
	// a new pageRead; a writer, which has exclusive access, reuses own,
	// which only writers change.
	last atomic.Pointer[pageRead]
	own  pageRead
	// missed is 1 + the index of the page a reader without exclusive
	// access last failed to find in the cache (0: none). Such a reader
	// publishes a new pageRead, an allocation, only when it misses the
	// page after the one cached (reads in order), or the same page twice
	// in a row: reads at random, which the cache would not serve, do not
	// allocate.
	missed atomic.Uint64
	// prog is the geometry and the committed spine of a progressive data
	// tree, whose pages differ in size from subtree to subtree; nil for a
	// data tree of one depth, whose pages are all of layout, per bytes.
	prog *spinePages
	// owner records the pages of data that the view's writes made and
	// nobody else holds (see owned); nil until a write records some.
	owner *owned
	// waiting holds the slabs whose survivors wait for the other versions
	// that hold them to go (see rehome); nil until the first.
	waiting *[]slabWait
}

// forgetSlabs drops the slabs waiting for their survivors to move: the
// data tree they were pages of was replaced whole.
func (p *pages) forgetSlabs() { p.waiting = nil }

// mostlyReplaced reports whether three in four pages of the slab of the
// page node n have been replaced: its survivors move whether or not another
// version holds the slab. Such a version holds the replaced pages, and the
// moved survivors are at most a quarter of the slab beside them; a version
// that waits for it longer pins the whole slab for a quarter of it, and
// keeps doing so after it goes until its next commit.
func mostlyReplaced(n *tree.Node) bool {
	replaced, count := tree.SlabReplaced(n)
	return count > 0 && replaced*mostlyDen >= count*mostlyNum
}

// mostlyNum/mostlyDen is mostlyReplaced's share: three in four.
const (
	mostlyNum = 3
	mostlyDen = 4
)

// A slabWait is a slab of a decode's pages whose survivors are to move
// out of it ([tree.Supersede] said so): the pages first to first+count-1
// of the data tree, of one of them, replaced the moment of versionClock
// of its last replacement seen.
type slabWait struct {
	first    uint64
	count    int
	of       *tree.Node
	replaced uint64
}

// same reports whether w and v are the same slab.
func (w slabWait) same(v slabWait) bool { return w.first == v.first }

// pageWrites holds the pages written since the last commit. Writers change
// it, having exclusive access; a commit replaces it whole.
type pageWrites struct {
	// first is the page written first. It is kept out of the map: a
	// commit after writes to one page, the usual case between two roots,
	// then allocates no map.
	first dirtyPage
	// more holds the other pages written, by index.
	more map[uint64]dirtyPage
}

// dirtyPage is a page written since the last commit.
type dirtyPage struct {
	index uint64
	// b is a private copy of the page's bytes, per bytes long; nil for a
	// page emptied (past the end of the value).
	b []byte
	// base is b's source, a page of the committed tree, nil where unknown:
	// where the layout keeps the roots of groups of values, the new page
	// takes over those of the groups that did not change, and the commit
	// counts its replacement (tree.Supersede, see rehome).
	base *tree.Node
}

// get returns the written page i, if any; w may be nil.
func (w *pageWrites) get(i uint64) (dirtyPage, bool) {
	switch {
	case w == nil:
		return dirtyPage{}, false
	case w.first.index == i:
		return w.first, true
	}
	d, ok := w.more[i]
	return d, ok
}

// put records the written page d.
func (w *pageWrites) put(d dirtyPage) {
	if d.index == w.first.index {
		w.first = d
		return
	}
	if w.more == nil {
		w.more = make(map[uint64]dirtyPage)
	}
	w.more[d.index] = d
}

// count returns the number of pages written; w may be nil.
func (w *pageWrites) count() int {
	if w == nil {
		return 0
	}
	return 1 + len(w.more)
}

// appendIndices appends the indices of the pages written to dst, in
// increasing order; w may be nil.
func (w *pageWrites) appendIndices(dst []uint64) []uint64 {
	if w == nil {
		return dst
	}
	dst = append(dst, w.first.index)
	for i := range w.more {
		dst = append(dst, i)
	}
	slices.Sort(dst)
	return dst
}

// pageRead is a page as read: its index, the offset of its first byte, its
// bytes, committed or dirty, and the committed page node they were read
// from (nil for a dirty page). It is immutable once published.
type pageRead struct {
	index uint64
	start int
	b     []byte
	node  *tree.Node
}

// hit returns the n bytes at off when the page read last holds them, or
// nil. It is the read path of every element inside one page: one atomic
// load and a range check, the same for every page geometry, small enough
// to inline into the getters.
func (p *pages) hit(off, n int) []byte {
	if r := p.last.Load(); r != nil {
		if in := off - r.start; in >= 0 && in+n <= len(r.b) {
			return r.b[in : in+n : in+n]
		}
	}
	return nil
}

// cached returns the cached read of page i, or nil.
func (p *pages) cached(i uint64) *pageRead {
	if r := p.last.Load(); r != nil && r.index == i {
		return r
	}
	return nil
}

// init sets up empty storage of the page layout l in a data tree of the
// given depth.
func (p *pages) init(l *tree.Layout, depth int) {
	p.layout, p.top, p.per = l, int32(depth-l.Depth()), int32(l.PageSize())
}

// locate returns the page holding the byte at off, the offset in the page
// and the page's size.
func (p *pages) locate(off int) (i uint64, in, per int) {
	if p.prog != nil {
		return p.prog.locate(off)
	}
	per = int(p.per)
	return uint64(off / per), off % per, per
}

// geometry returns the layout of page i, its first byte and its size.
func (p *pages) geometry(i uint64) (l *tree.Layout, start, per int) {
	if p.prog != nil {
		return p.prog.geometry(i)
	}
	return p.layout, int(i) * int(p.per), int(p.per)
}

// count returns the number of pages that size bytes reach.
func (p *pages) count(size int) uint64 {
	if size == 0 {
		return 0
	}
	i, _, _ := p.locate(size - 1)
	return i + 1
}

// reset points the storage at another committed data tree, dropping
// pending writes.
func (p *pages) reset(data *tree.Node, size int) {
	if p.prog != nil {
		if err := p.prog.load(data, p.prog.subtrees(size)); err != nil {
			panic("view: " + err.Error())
		}
	}
	p.size = size
	p.data.Store(data)
	p.writes.Store(nil)
	p.last.Store(nil)
	p.disown()
}

// disown drops the record of the pages owned (see owned), whose tree
// was just replaced: it would otherwise keep that tree alive. A writer
// records the new tree's; a commit, which a reader may make under the
// family's lock, leaves it unowned.
func (p *pages) disown() {
	if p.owner != nil {
		p.owner.data = nil
	}
}

// page returns the bytes of page i for reading: a dirty copy, or the
// committed page's bytes (shorter than per when the page is not full, nil
// for a zero page). The result must not be modified.
//
// Readers may call it at once, with exclusive unset, while nobody writes;
// a writer sets exclusive (see [link]).
//
// partial is set when page i is a page of a partial tree (a proof's) that
// lacks some of its values, which read as zero bytes: the caller checks
// what it reads with held. Such a page is not cached.
func (p *pages) page(i uint64, exclusive bool) (b []byte, partial bool) {
	if r := p.cached(i); r != nil {
		return r.b, false
	}
	b, n, partial := p.load(i)
	if !partial {
		p.remember(i, b, n, exclusive)
	}
	return b, partial
}

// remember puts page i, read as b from the committed page n (nil for a
// dirty page), in the read cache; see last. (Its arguments are not a
// pageRead, whose address would then escape, allocating on every call.)
func (p *pages) remember(i uint64, b []byte, n *tree.Node, exclusive bool) {
	_, start, _ := p.geometry(i)
	if !exclusive {
		if r := p.last.Load(); r != nil && r.index+1 == i || p.missed.Swap(i+1) == i+1 {
			p.last.Store(&pageRead{index: i, start: start, b: b, node: n})
		}
		return
	}
	p.own = pageRead{index: i, start: start, b: b, node: n}
	if p.last.Load() != &p.own {
		p.last.Store(&p.own)
	}
}

// load returns the bytes of page i, as page does, and the committed page
// node they come from (nil for a dirty page), without the cache.
func (p *pages) load(i uint64) (b []byte, n *tree.Node, partial bool) {
	// writes first, then data (in committedNode): see data.
	if d, ok := p.writes.Load().get(i); ok {
		return d.b, nil, false
	}
	n = p.committedNode(i)
	b, partial = p.bytesOf(i, n)
	return b, n, partial
}

// committedNode returns page i of the committed tree, or nil where the
// tree is a partial tree (a proof's) that does not reach it: a tree built
// for the view's type meets no leaf above its pages.
func (p *pages) committedNode(i uint64) *tree.Node {
	if p.prog != nil {
		return p.prog.node(i)
	}
	n, err := tree.Get(p.data.Load(), int(p.top), i)
	if errors.Is(err, tree.ErrNavigation) {
		return nil
	}
	if err != nil {
		panic("view: page outside the data tree: " + err.Error())
	}
	return n
}

// bytesOf returns the bytes of n, page i of the data tree, and whether
// the page is partial: n is part of a partial tree (a proof's,
// [tree.CompactMultiproof.Node]) that holds some of the page's values as
// roots only, or n is nil (the tree does not reach the page). The values
// it lacks read as zero bytes; held says which they are.
func (p *pages) bytesOf(i uint64, n *tree.Node) (b []byte, partial bool) {
	l, _, per := p.geometry(i)
	if n == nil {
		return make([]byte, per), true
	}
	if data, _, ok := n.PageData(); ok {
		return data, false
	}
	if n.RootKnown() && n.Root() == tree.ZeroRoot(l.Depth()) {
		return nil, false
	}
	// An expanded page (or a leaf standing for one): read it back.
	b, err := tree.AppendData(nil, n, l.Depth(), l, per)
	if err == nil {
		return b, false
	}
	if errors.Is(err, tree.ErrNavigation) {
		if b, _, err := tree.ReadPartialPage(n, l, per); err == nil {
			return b, true
		}
	}
	panic("view: unreadable page: " + err.Error())
}

// whole returns the bytes of n, page i of the data tree, where the caller
// needs all of them (a write copies the page): a partial page panics with
// [ErrAbsent].
func (p *pages) whole(i uint64, n *tree.Node) []byte {
	b, partial := p.bytesOf(i, n)
	if partial {
		_, start, per := p.geometry(i)
		panic(fmt.Errorf("%w: the page of bytes %d to %d is written or read whole", ErrAbsent, start, start+per))
	}
	return b
}

// held panics with [ErrAbsent] unless the values of page i that hold the
// n bytes at offset in of the page are in the committed tree, a partial
// tree: reading what a proof does not hold is the caller's mistake, as
// an index out of range is.
func (p *pages) held(i uint64, in, n int) {
	l, start, per := p.geometry(i)
	_, held, err := tree.ReadPartialPage(p.committedNode(i), l, per)
	if err != nil {
		panic("view: unreadable page: " + err.Error())
	}
	vs := l.Elem().Size()
	for v := in / vs; v <= (in+n-1)/vs; v++ {
		if held[v/64]&(1<<uint(v%64)) == 0 {
			panic(fmt.Errorf("%w: the %d bytes at offset %d of the data", ErrAbsent, n, start+in))
		}
	}
}

// read copies the bytes at off into dst; exclusive is as for page.
func (p *pages) read(off int, dst []byte, exclusive bool) {
	for len(dst) > 0 {
		i, in, per := p.locate(off)
		b, partial := p.page(i, exclusive)
		n := min(len(dst), per-in)
		if partial {
			p.held(i, in, n)
		}
		if in < len(b) {
			copy(dst[:n], b[in:min(len(b), in+n)])
		}
		if in+n > len(b) {
			clear(dst[max(0, len(b)-in):n])
		}
		dst, off = dst[n:], off+n
	}
}

// writable returns page i's dirty copy, making one if needed.
func (p *pages) writable(i uint64) []byte {
	d, ok := p.writes.Load().get(i)
	if d.b != nil {
		return d.b
	}
	l, _, per := p.geometry(i)
	d = dirtyPage{index: i}
	var src []byte
	r := p.cached(i)
	switch {
	case ok: // emptied since the last commit
	case l.GroupDepth() >= 0:
		if r != nil {
			d.base = r.node
		}
		if d.base == nil {
			d.base = p.committedNode(i)
		}
		src = p.whole(i, d.base)
	case r != nil:
		src, d.base = r.b, r.node // usually just read: spare a second walk
	default:
		d.base = p.committedNode(i)
		src = p.whole(i, d.base)
	}
	d.b = pageCopy(src, per)
	p.put(d)
	p.remember(i, d.b, nil, true) // reads usually follow on the same page
	return d.b
}

// pageCopy returns a new page of n bytes that begins with src, cut at n, and
// is zero after it. Only what src does not cover is cleared, where make
// would clear it all before the copy wrote it again: a pass over memory that
// an update of thousands of cold pages need not make (no difference in wall
// time was measured, see docs/performance.md#slot-and-epoch).
func pageCopy(src []byte, n int) []byte {
	b := append([]byte(nil), src[:min(len(src), n)]...)
	return append(b, make([]byte, n-len(b))...)
}

// put records the written page d; the caller is a writer.
func (p *pages) put(d dirtyPage) {
	if w := p.writes.Load(); w != nil {
		w.put(d)
		return
	}
	p.writes.Store(&pageWrites{first: d})
}

// write copies src to the bytes at off, which must lie below size.
func (p *pages) write(off int, src []byte) {
	for len(src) > 0 {
		i, in, _ := p.locate(off)
		d := p.writable(i)
		n := copy(d[in:], src)
		src, off = src[n:], off+n
	}
}

// resize sets the number of bytes held. Bytes past the new size are zeroed
// (they are part of the chunks a root is computed from); bytes added are
// zero.
func (p *pages) resize(size int) {
	if size < p.size {
		// Zero the tail of the page the new end falls in; pages wholly past
		// the end become zero subtrees on commit.
		if i, in, _ := p.locate(size); in != 0 {
			clear(p.writable(i)[in:])
		}
		for i := p.count(size); i < p.count(p.size); i++ {
			p.markEmpty(i)
		}
	}
	p.size = size
}

// markEmpty records page i as holding nothing.
func (p *pages) markEmpty(i uint64) {
	p.put(dirtyPage{index: i})
	if p.cached(i) != nil {
		p.last.Store(nil)
	}
}

// commitMixIn turns the dirty pages into page nodes, sets them into the
// data tree in one pass, and returns the new data tree. It changes nothing
// that readers read (see data), so it may run beside them under
// the family's lock. For a bounded list, mixIn set, it also returns the
// list's value tree, the new data tree with length mixed in over old, the
// value tree it replaces (tree.MixInOver shares old's length leaf); mixed
// is nil otherwise.
func (p *pages) commitMixIn(mixIn bool, length uint64, old *tree.Node, held *holders) (data, mixed *tree.Node) {
	if p.clean() {
		return p.data.Load(), nil
	}
	w := p.writes.Load()
	idx := w.appendIndices(make([]uint64, 0, w.count()))
	nodes := make([]*tree.Node, len(idx))
	for k, i := range idx {
		d, _ := w.get(i)
		nodes[k] = p.dirtyNode(d, d.b)
	}
	idx, nodes = p.rehome(idx, nodes, func(k int) *tree.Node {
		d, _ := w.get(idx[k])
		return d.base
	}, held)
	switch {
	case p.prog != nil:
		data = p.prog.commitPages(idx, nodes, p.size)
	case mixIn:
		data = must(tree.SetMany(p.data.Load(), int(p.top), idx, nodes))
		mixed = tree.MixInOver(old, data, length)
	default:
		data = must(tree.SetMany(p.data.Load(), int(p.top), idx, nodes))
	}
	// data (and the spine) first, then writes: see data.
	p.data.Store(data)
	p.writes.Store(nil)
	p.disown()
	return data, mixed
}

// rehome returns the pages a commit sets (idx, sorted, and nodes) with
// copies of the pages left of a decode's slab whose other pages have
// mostly been replaced ([tree.Supersede]: the replaced page base(k) of
// page idx[k], nil where none is known, tips it), so that those few stop
// pinning the whole slab. A slab some other live version may hold (held:
// one made before its last replacement, see versions) keeps its survivors
// until a later commit finds none: it waits in p.waiting.
func (p *pages) rehome(idx []uint64, nodes []*tree.Node, base func(k int) *tree.Node, held *holders) ([]uint64, []*tree.Node) {
	var moving []slabWait // the slabs whose survivors move now
	var waiting []slabWait
	if p.waiting != nil {
		waiting = *p.waiting
	}
	// The slabs waiting since earlier commits whose holders are gone.
	kept := waiting[:0]
	for _, w := range waiting {
		if held.before(w.replaced) && !mostlyReplaced(w.of) {
			kept = append(kept, w)
		} else {
			moving = append(moving, w)
		}
	}
	waiting = kept
	var now uint64 // this commit's moment, taken at its first slab
	for k, i := range idx {
		b := base(k)
		at, count, ok := tree.Supersede(b)
		if !ok {
			continue
		}
		w := slabWait{first: i - uint64(at), count: count, of: b}
		if slices.ContainsFunc(moving, w.same) {
			continue
		}
		if now == 0 {
			now = versionClock.Add(1)
		}
		w.replaced = now
		j := slices.IndexFunc(waiting, w.same)
		switch {
		case !held.before(now) || mostlyReplaced(b):
			moving = append(moving, w)
			if j >= 0 {
				waiting = slices.Delete(waiting, j, j+1)
			}
		case j >= 0:
			waiting[j].replaced = now
		default:
			waiting = append(waiting, w)
		}
	}
	if p.waiting == nil {
		if len(waiting) > 0 {
			p.waiting = &waiting
		}
	} else {
		if old := *p.waiting; len(waiting) < len(old) {
			clear(old[len(waiting):]) // the nodes of slabs no longer waiting
		}
		*p.waiting = waiting
	}
	var more []uint64
	var moreNodes []*tree.Node
	for _, w := range moving {
		for j := w.first; j < w.first+uint64(w.count); j++ {
			if _, set := slices.BinarySearch(idx, j); set {
				continue
			}
			if n := tree.Rehome(p.committedNode(j), w.of); n != nil {
				more, moreNodes = append(more, j), append(moreNodes, n)
			}
		}
	}
	if len(more) == 0 {
		return idx, nodes
	}
	type set struct {
		i uint64
		n *tree.Node
	}
	all := make([]set, 0, len(idx)+len(more))
	for k := range idx {
		all = append(all, set{idx[k], nodes[k]})
	}
	for k := range more {
		all = append(all, set{more[k], moreNodes[k]})
	}
	slices.SortFunc(all, func(a, b set) int { return cmp.Compare(a.i, b.i) })
	idx, nodes = make([]uint64, 0, len(all)), make([]*tree.Node, 0, len(all))
	for _, s := range all {
		idx, nodes = append(idx, s.i), append(nodes, s.n)
	}
	return idx, nodes
}

// dirtyNode returns the page node of the dirty page d, whose bytes are b
// (d.b, or a copy of them), a zero subtree for a page emptied or past the
// end. The node takes b over: nothing writes it again, as the next write
// copies the page anew.
func (p *pages) dirtyNode(d dirtyPage, b []byte) *tree.Node {
	l, start, per := p.geometry(d.index)
	used := min(per, p.size-start)
	if used <= 0 || b == nil {
		return tree.Zero(l.Depth())
	}
	n, err := tree.NewPageFrom(l, b[:used:used], d.base)
	if err != nil {
		panic("view: " + err.Error())
	}
	return n
}

// clean reports whether the committed data tree holds every byte: no page
// was written, and a progressive tree has every subtree its size reaches.
func (p *pages) clean() bool {
	return p.writes.Load() == nil && (p.prog == nil || len(p.prog.committed().subs) == p.prog.subtrees(p.size))
}

// replace builds a new data tree from all of b in one pass, dropping
// pending writes. The tree copies b unless owned, when it takes b over.
func (p *pages) replace(b []byte, owned bool) {
	if p.prog != nil {
		p.reset(p.prog.build(b, owned), len(b))
		p.forgetSlabs()
		return
	}
	build := tree.BuildPages
	if owned {
		build = tree.BuildPagesOwned
	}
	data, err := build(p.layout, int(p.top)+p.layout.Depth(), b)
	if err != nil {
		panic("view: " + err.Error())
	}
	p.reset(data, len(b))
	p.forgetSlabs()
}

// bytes appends the size bytes held to dst. Readers may call it at once
// while nobody writes.
func (p *pages) bytes(dst []byte) []byte {
	// clean first, then data: see data.
	if p.clean() {
		if p.prog != nil {
			return p.prog.appendData(dst, p.size)
		}
		// Nothing pending: one walk of the tree (copying from several
		// goroutines when large).
		return must(tree.AppendData(dst, p.data.Load(), int(p.top)+p.layout.Depth(), p.layout, p.size))
	}
	// Pending writes, or a progressive tree whose subtrees its size does
	// not all reach yet: page by page.
	start := len(dst)
	dst = append(dst, make([]byte, p.size)...)
	p.read(0, dst[start:], false)
	return dst
}
