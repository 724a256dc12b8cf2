package tree

import (
	"cmp"
	"fmt"
	"slices"
)

// The walk behind Prove and ProveMulti. It descends from the root along the
// paths to the targets only, right child first, and records the root of
// every sibling it does not descend into: right-first order meets the
// helpers of each depth in decreasing order, so that a counting sort by
// depth puts them in the specification's order.
//
// Branches and zero subtrees are walked as they are: a zero subtree's
// children are the shared zero subtrees below it, whose roots are known. A
// page is walked as a packed subtree, its slots computed from its bytes (see packed):
// the roots of the slots the paths do not enter are hashed in one batch,
// then the page's levels above them, and the walk goes on inside the slots
// it enters, value by value, without building nodes.

// target is an index to prove.
type target struct {
	// key holds the path bits of the index left-aligned, the leading 1 in
	// bit 63 (g << (63-depth)): sorted by key and then depth, the targets of
	// a subtree are consecutive, and the subtree's own node comes first.
	key   uint64
	depth int
	pos   int // position in the indices asked for
}

func newTarget(g Gindex, pos int) target {
	d := g.Depth()
	return target{key: uint64(g) << uint(63-d), depth: d, pos: pos}
}

func (t target) gindex() Gindex { return Gindex(t.key >> uint(63-t.depth)) }

// index returns the position, among the 2^r nodes r levels below an
// ancestor of t at depth k, of t's ancestor there (r >= 1, k+r <= t.depth).
func (t target) index(k, r int) uint64 { return t.key << uint(k+1) >> uint(64-r) }

type prover struct {
	targets []target
	leaves  [][32]byte
	helpers []helper // in walk order
	ar      arena
	vb      valueBuf
	queue   []step                // warm's queue
	pages   []step                // warm's pages
	batches []valueBatch          // warm's values to hash, by shape
	slots   map[pageAt][][32]byte // the slots' roots warm computed
	entered []enteredBatch        // warm's values with targets inside, by shape
	values  map[Gindex]valueAt    // where warm hashed them, by their index
	// Scratch for one packed subtree's slot roots, used before the walk goes deeper.
	flags []uint8
	src   [][]byte
	pos   []int
	one   [1][]byte
	// mapEntries is the most entries slots and values held together, for
	// bytes.
	mapEntries int
}

// provers holds the provers between proofs, those of small proofs across
// garbage collections too.
var provers = keptPool[prover]{bytes: (*prover).bytes}

func getProver() *prover { return provers.get() }

// bytes returns about the scratch p holds, in bytes: its arena, its slices'
// capacities and the entries its maps held at most.
func (p *prover) bytes() int {
	n := p.ar.bytes() + 24*cap(p.targets) + 32*cap(p.leaves) + 56*cap(p.helpers) +
		48*(cap(p.queue)+cap(p.pages)) + 64*p.mapEntries +
		cap(p.flags) + 24*cap(p.src) + 8*cap(p.pos)
	for _, b := range p.batches[:cap(p.batches)] {
		n += 24*cap(b.src) + 8*cap(b.dst)
	}
	for _, e := range p.entered[:cap(p.entered)] {
		n += 24 * cap(e.src)
	}
	return n
}

func putProver(p *prover) {
	p.mapEntries = max(p.mapEntries, len(p.slots)+len(p.values))
	p.targets, p.leaves, p.helpers = p.targets[:0], p.leaves[:0], p.helpers[:0]
	clear(p.queue[:cap(p.queue)]) // do not keep nodes alive
	clear(p.pages[:cap(p.pages)])
	p.queue, p.pages = p.queue[:0], p.pages[:0]
	clear(p.slots)
	clear(p.values)
	for i := range p.entered {
		p.entered[i].reset()
	}
	p.entered = p.entered[:0]
	clear(p.src[:cap(p.src)]) // do not keep page bytes alive
	p.src, p.pos = p.src[:0], p.pos[:0]
	p.ar.reset()
	provers.put(p)
}

// helper is a helper node met by the walk: a node of the tree, whose root
// is read once the walk is over (the loads of the siblings' roots then
// overlap instead of waiting on each step down), or a root computed from a
// page's bytes.
type helper struct {
	g    Gindex
	n    *Node
	root [32]byte
}

// setTargets checks gs and sorts their targets.
func (p *prover) setTargets(gs []Gindex) error {
	p.targets = p.targets[:0]
	for i, g := range gs {
		if g == 0 {
			return fmt.Errorf("%w: generalized index 0 (at %d)", ErrNavigation, i)
		}
		p.targets = append(p.targets, newTarget(g, i))
	}
	sortTargets(p.targets)
	return nil
}

func sortTargets(ts []target) {
	slices.SortFunc(ts, func(a, b target) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return cmp.Compare(a.depth, b.depth)
	})
}

// below drops the targets at depth k from ts, the targets of a subtree whose
// root is at depth k: they come first.
func below(ts []target, k int) []target {
	for len(ts) > 0 && ts[0].depth == k {
		ts = ts[1:]
	}
	return ts
}

// split returns the number of targets of ts, all strictly below a node at
// depth k, that lie below its left child.
func split(ts []target, k int) int {
	bit := uint64(1) << uint(62-k)
	lo, hi := 0, len(ts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ts[m].key&bit == 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func belowLeaf(t target, at Gindex) error {
	return fmt.Errorf("%w: generalized index %d is below the leaf at %d", ErrNavigation, t.gindex(), at)
}

// run proves p.targets below root.
func (p *prover) run(root *Node) error {
	r := root.Root()
	ts := p.targets
	for len(ts) > 0 && ts[0].depth == 0 {
		p.leaves[ts[0].pos] = r
		ts = ts[1:]
	}
	if len(ts) > 0 {
		if len(ts) >= warmTargets {
			p.warm(root, ts)
		}
		if err := p.node(root, 1, 0, ts); err != nil {
			return err
		}
	}
	for i := range p.helpers {
		if h := &p.helpers[i]; h.n != nil {
			h.root = h.n.Root()
		}
	}
	return nil
}

// runSingle proves the one target g below root: down the branches in a
// loop, then through the walk of packed subtrees if the path enters a page.
func (p *prover) runSingle(root *Node, g Gindex) error {
	d := g.Depth()
	n := root
	k := 0
	for ; k < d && n.page == nil; k++ {
		if n.left == nil {
			return belowLeaf(p.targets[0], g>>uint(d-k))
		}
		at := g >> uint(d-k-1)
		if n.right == nil {
			// A stem: down its left side the siblings are zero subtrees,
			// with no node to build; off it, the rest of the stem is the
			// sibling and a zero subtree the way on.
			stemK, below := int(n.stemK), int(n.stemBelow)
			j := 0
			for ; j < stemK && k+j < d; j++ {
				at = g >> uint(d-k-j-1)
				if at&1 == 1 {
					break
				}
				p.helpers = append(p.helpers, helper{g: at ^ 1, n: zeroes[below+stemK-1-j]})
			}
			switch {
			case j == stemK:
				n = n.left
			case k+j == d:
				n = NewStem(n.left, stemK-j, below)
			default:
				p.helpers = append(p.helpers, helper{g: at ^ 1, n: NewStem(n.left, stemK-1-j, below)})
				n = zeroes[below+stemK-1-j]
				j++
			}
			k += j - 1
			continue
		}
		if at&1 == 1 {
			p.helpers = append(p.helpers, helper{g: at ^ 1, n: n.left})
			n = n.right
		} else {
			p.helpers = append(p.helpers, helper{g: at ^ 1, n: n.right})
			n = n.left
		}
	}
	if k == d {
		p.leaves[0] = n.Root()
	} else if err := p.node(n, g>>uint(d-k), k, p.targets); err != nil {
		return err
	}
	for i := range p.helpers {
		if h := &p.helpers[i]; h.n != nil {
			h.root = h.n.Root()
		}
	}
	return nil
}

// helperWalk records the helper indices of the targets ts, all strictly
// below the node g at depth k, without a tree.
func (p *prover) helperWalk(g Gindex, k int, ts []target) {
	if len(ts) == 0 {
		return
	}
	s := split(ts, k)
	for _, c := range [2]struct {
		g  Gindex
		ts []target
	}{{2*g + 1, ts[s:]}, {2 * g, ts[:s]}} {
		if len(c.ts) == 0 {
			p.helpers = append(p.helpers, helper{g: c.g})
			continue
		}
		p.helperWalk(c.g, k+1, below(c.ts, k+1))
	}
}

// node walks to the targets ts, all strictly below n, whose generalized index
// is g, at depth k.
func (p *prover) node(n *Node, g Gindex, k int, ts []target) error {
	if n.page != nil {
		pk := packedOf(n)
		pk.slots = p.slots[pageAt{n, g}]
		return p.walkPacked(&pk, g, k, ts)
	}
	if n.left == nil {
		return belowLeaf(ts[0], g)
	}
	left, right := n.left, n.right
	if right == nil {
		left, right = n.unspine() // a stem
	}
	s := split(ts, k)
	if err := p.child(right, 2*g+1, k+1, ts[s:]); err != nil {
		return err
	}
	return p.child(left, 2*g, k+1, ts[:s])
}

// packedOf returns the packed subtree of the values of page n, with the
// roots of its groups if the page keeps them and has been hashed.
func packedOf(n *Node) packed {
	l := n.page.layout
	data := n.pageBytes()
	pk := packed{depth: l.depth, elem: l.elem, data: data, n: (len(data) + l.elem.size - 1) / l.elem.size}
	if n.page.group0 != nil && n.state.Load() == rootKnown {
		pk.cache, pk.cacheDepth = n.pageGroups(), l.groupDepth
	}
	return pk
}

// child records n, the node g at depth k, as a helper if no target is at or
// below it; otherwise as the leaf of the targets at g, and walks on to those
// below.
func (p *prover) child(n *Node, g Gindex, k int, ts []target) error {
	if len(ts) == 0 {
		p.helpers = append(p.helpers, helper{g: g, n: n})
		return nil
	}
	for len(ts) > 0 && ts[0].depth == k {
		p.leaves[ts[0].pos] = n.Root()
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return nil
	}
	return p.node(n, g, k, ts)
}

// packed is a complete subtree inside a page whose bottom level, its 2^depth
// slots, is computed from bytes: the values of a page (elem and data), or the
// segments of one value (shape and b). Slots past the n present are zero
// chunks. A slot is a raw chunk (bytes zero-padded) or a value of a shape,
// itself a packed subtree.
type packed struct {
	depth int
	n     int
	elem  *Shape
	data  []byte
	shape *Shape
	b     []byte
	slots [][32]byte // the slots' roots, if warm computed them
	// cache holds the roots of the nodes cacheDepth levels above the slots,
	// if the subtree is a page that keeps them (see NewCachedLayout).
	cache      [][32]byte
	cacheDepth int
}

// slot returns slot j: the shape and bytes of a value, or with s nil the
// bytes of a raw chunk (to be zero-padded); missing reports a zero chunk.
func (pk *packed) slot(j int) (s *Shape, b []byte, missing bool) {
	if j >= pk.n {
		return nil, nil, true
	}
	if pk.shape == nil {
		s = pk.elem
		b = pk.data[j*s.size : min(len(pk.data), (j+1)*s.size)]
	} else {
		pt := pk.shape.segments[j]
		b = pk.b[min(pt.Offset, len(pk.b)):min(pt.Offset+pt.Size, len(pk.b))]
		if s = pt.Shape; s == nil {
			return nil, b, false
		}
	}
	if s.raw {
		// A raw value is its one segment, at offset 0 (as hashValues reads it).
		return nil, b[:min(len(b), s.segments[0].Size)], false
	}
	return s, b, false
}

// Marks of the nodes of a packed subtree, by where the targets lie.
const (
	markAt      uint8 = 1 << iota // a target is the node
	markBelow                     // a target lies strictly below the node
	markCovered                   // a target lies strictly above the node, in the packed subtree
	// markCached: the node is at or below the level of a page's group
	// roots, and no target lies below its group's node: at that level its
	// root is the page's, below it, it is not needed.
	markCached
)

// walkPacked walks to the targets ts, all strictly below pk's root, the node g at
// depth k.
func (p *prover) walkPacked(pk *packed, g Gindex, k int, ts []target) error {
	if pk.depth == 0 {
		// The subtree's root is its only slot.
		return p.slot(pk, 0, g, k, ts)
	}
	var lv levelRoots
	p.levels(pk, k, ts, &lv)
	return p.inner(pk, &lv, k, 0, 0, g, ts)
}

// levels computes the roots that the walk below pk's root can need: those
// of the nodes of pk's subtree with no target strictly below them, and of
// the nodes at or below a target. The others lie on the paths to the
// targets: they are neither helpers nor below one, and their roots would
// only be hashed to be dropped (in a page of 8 validators, a proof of one
// validator's field skips 6 of 71 pair hashes). In a page that keeps the
// roots of its groups, only the group a target lies in is hashed from its
// values; the others' roots are the page's. lv[0] holds the slots,
// lv[pk.depth] the root; entries of nodes not computed are left undefined.
// The slots' roots are pk.slots if warm computed them.
func (p *prover) levels(pk *packed, k int, ts []target, lv *levelRoots) {
	marks := p.mark(pk, k, ts)
	buf := pk.slots
	if buf == nil {
		buf = p.ar.take(1 << uint(pk.depth))
		clear(buf)
		p.fillSlots(pk, marks, buf, nil)
	}
	if pk.cache != nil && pk.cacheDepth == 0 {
		pk.fromCache(marks, buf)
	}
	lv[0] = buf
	// Upper levels: each run of nodes with no target below them is one
	// batch.
	for L := 1; L <= pk.depth; L++ {
		next := p.ar.take(len(buf) / 2)
		up := marks[levelOffset(pk.depth, L) : levelOffset(pk.depth, L)+len(next)]
		for i := 0; i < len(next); {
			if skipNode(up[i]) {
				i++
				continue
			}
			j := i + 1
			for j < len(next) && !skipNode(up[j]) {
				j++
			}
			hashPairs(next[i:j], buf[2*i:2*j])
			i = j
		}
		if pk.cache != nil && L == pk.cacheDepth {
			pk.fromCache(up, next)
		}
		lv[L], buf = next, next
	}
}

// fromCache copies into level, the level of pk's group roots, the roots of
// the groups that marks (that level's) say are the page's.
func (pk *packed) fromCache(marks []uint8, level [][32]byte) {
	for i := range level {
		if marks[i]&markCached != 0 {
			level[i] = pk.cache[i]
		}
	}
}

// levelOffset is where level L of a packed subtree of the given depth starts in its
// marks: level after level from the slots (level 0) up.
func levelOffset(depth, L int) int {
	slots := 1 << uint(depth)
	return 2*slots - (2*slots)>>uint(L)
}

// skipNode reports whether a node with marks m need not be computed.
func skipNode(m uint8) bool {
	return m&markCached != 0 || m&(markBelow|markAt|markCovered) == markBelow
}

// mark returns the marks of the nodes of pk's subtree, whose root is at
// depth k, for the targets ts strictly below it (in p.flags).
func (p *prover) mark(pk *packed, k int, ts []target) []uint8 {
	slots := 1 << uint(pk.depth)
	if cap(p.flags) < 2*slots {
		p.flags = make([]uint8, 2*slots)
	}
	marks := p.flags[:2*slots-1]
	clear(marks)
	off := func(L int) int { return levelOffset(pk.depth, L) }
	for _, t := range ts {
		r := t.depth - k // 1 <= r: ts are strictly below pk's root
		if r > pk.depth {
			marks[t.index(k, pk.depth)] |= markBelow
			continue
		}
		marks[off(pk.depth-r)+int(t.index(k, r))] |= markAt
	}
	for L := 1; L <= pk.depth; L++ {
		lo, up := marks[off(L-1):off(L)], marks[off(L):off(L+1)]
		for i := range up {
			if (lo[2*i]|lo[2*i+1])&(markAt|markBelow) != 0 {
				up[i] |= markBelow
			}
		}
	}
	for L := pk.depth; L > 0; L-- {
		lo, up := marks[off(L-1):off(L)], marks[off(L):off(L+1)]
		for i := range up {
			if up[i]&(markAt|markCovered) != 0 {
				lo[2*i] |= markCovered
				lo[2*i+1] |= markCovered
			}
		}
	}
	if pk.cache != nil {
		// The groups no target lies below come from the page, and nothing
		// under them is computed.
		c := pk.cacheDepth
		for i, m := range marks[off(c):off(c+1)] {
			if m&markBelow != 0 {
				continue
			}
			for L := c; L >= 0; L-- {
				w := 1 << uint(c-L)
				lv := marks[off(L)+i*w : off(L)+(i+1)*w]
				for j := range lv {
					lv[j] |= markCached
				}
			}
		}
	}
	return marks
}

// fillSlots writes to buf, zeroed, the roots of pk's slots that marks do not
// skip: raw chunks copied, values hashed. Where the subtree is a page's
// values and b is not nil, it hashes none but adds them to b, to be hashed
// in one batch with those of other pages; otherwise the page's values are
// one batch.
func (p *prover) fillSlots(pk *packed, marks []uint8, buf [][32]byte, b *valueBatch) {
	batch := pk.shape == nil && !pk.elem.raw
	src, pos := p.src[:0], p.pos[:0]
	for j := 0; j < min(len(buf), pk.n); j++ {
		if skipNode(marks[j]) {
			continue
		}
		s, v, _ := pk.slot(j)
		switch {
		case s == nil:
			copy(buf[j][:], v)
		case batch && b != nil:
			b.src, b.dst = append(b.src, v), append(b.dst, &buf[j])
		case batch:
			src, pos = append(src, v), append(pos, j)
		default:
			out := p.ar.take(1)
			p.one[0] = v
			hashValues(s, p.one[:], out, &p.ar, &p.vb, 0)
			p.one[0] = nil
			buf[j] = out[0]
		}
	}
	if len(src) > 0 {
		out := p.ar.take(len(src))
		hashValues(pk.elem, src, out, &p.ar, &p.vb, 0)
		for i, j := range pos {
			buf[j] = out[i]
		}
	}
	clear(src)
	p.src, p.pos = src[:0], pos[:0]
}

// inner walks from the node r levels below pk's root (at depth k0), at
// index i of its level, whose generalized index is g, to the targets ts
// strictly below it.
func (p *prover) inner(pk *packed, lv *levelRoots, k0, r int, i uint64, g Gindex, ts []target) error {
	s := split(ts, k0+r)
	if err := p.innerChild(pk, lv, k0, r+1, 2*i+1, 2*g+1, ts[s:]); err != nil {
		return err
	}
	return p.innerChild(pk, lv, k0, r+1, 2*i, 2*g, ts[:s])
}

func (p *prover) innerChild(pk *packed, lv *levelRoots, k0, r int, i uint64, g Gindex, ts []target) error {
	if len(ts) == 0 {
		p.helpers = append(p.helpers, helper{g: g, root: lv[pk.depth-r][i]})
		return nil
	}
	for len(ts) > 0 && ts[0].depth == k0+r {
		p.leaves[ts[0].pos] = lv[pk.depth-r][i]
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return nil
	}
	if r == pk.depth {
		return p.slot(pk, int(i), g, k0+r, ts)
	}
	return p.inner(pk, lv, k0, r, i, g, ts)
}

// slot walks into slot j of pk, the node g at depth k, to the targets ts
// strictly below it.
func (p *prover) slot(pk *packed, j int, g Gindex, k int, ts []target) error {
	s, b, missing := pk.slot(j)
	if missing || s == nil {
		return belowLeaf(ts[0], g)
	}
	sub := packed{depth: s.depth, n: len(s.segments), shape: s, b: b}
	if at, ok := p.values[g]; ok {
		// warm computed the value's nodes.
		e := &p.entered[at.b]
		var lv levelRoots
		for L := 0; L <= s.depth; L++ {
			w := 1 << uint(s.depth-L)
			lv[L] = e.lv[L][at.i*w : (at.i+1)*w]
		}
		return p.inner(&sub, &lv, k, 0, 0, g, ts)
	}
	return p.walkPacked(&sub, g, k, ts)
}

// sortHelpers returns the helpers, met in walk order, in the order of the
// specification: decreasing generalized index. Within a depth the walk
// meets them in decreasing order already.
func sortHelpers(hs []helper, withRoots bool) ([]Gindex, [][32]byte) {
	var count, off [64]int
	for _, h := range hs {
		count[h.g.Depth()]++
	}
	o := 0
	for d := 63; d >= 0; d-- {
		off[d] = o
		o += count[d]
	}
	indices := make([]Gindex, len(hs))
	var roots [][32]byte
	if withRoots {
		roots = make([][32]byte, len(hs))
	}
	for _, h := range hs {
		d := h.g.Depth()
		indices[off[d]] = h.g
		if withRoots {
			roots[off[d]] = h.root
		}
		off[d]++
	}
	return indices, roots
}
