package tree

// The breadth-first pass of multiproofs (warm): it loads the nodes on the
// paths to many targets at once and hashes, in batches across pages, the
// values the walk of proof_walk.go will need.

// warmTargets is the smallest number of targets for which the walk warms
// the caches and batches the pages' values first (see warm): with a few
// targets there is little to overlap and nothing to batch. The threshold is
// a guess, not measured.
const warmTargets = 8

// step is a node of warm's queue: n at depth k, and the targets ts strictly below it.
type step struct {
	n  *Node
	g  Gindex
	k  int
	ts []target
}

// warm loads the nodes on the paths from root to the targets ts, breadth
// first, and computes the roots of the values the walk will need in the
// pages they enter, in one batch across pages (see valueBatch). The walk
// that follows is depth first: each load waits for the one before it, and
// on a large tree nearly every load of a path is a cache miss. Here the
// loads of different paths do not depend on one another, so that the
// processor overlaps their misses; the walk then finds the nodes in the
// cache. (A multiproof of 100 random validators' fields of a
// 1,000,000-validator state meets about 1,500 nodes off the cache.)
func (p *prover) warm(root *Node, ts []target) {
	q := append(p.queue[:0], step{n: root, g: 1, ts: ts})
	pages := p.pages[:0]
	for i := 0; i < len(q); i++ {
		n, g, k, ts := q[i].n, q[i].g, q[i].k, q[i].ts
		switch {
		case n.page != nil:
			if n.page.layout.depth > 0 && !n.page.layout.elem.raw {
				pages = append(pages, q[i])
			}
		case n.left == nil: // a leaf: the walk will fail there
		case n.right == nil:
			// A stem: the targets on its left side go on to its child;
			// the others lie in zero subtrees, which need no loads.
			stemK := int(n.stemK)
			m := 0
			for m < len(ts) && ts[m].index(k, stemK) == 0 {
				m++
			}
			c := ts[:m]
			for len(c) > 0 && c[0].depth <= k+stemK {
				c = c[1:]
			}
			if len(c) > 0 {
				q = append(q, step{n: n.left, g: g << uint(stemK), k: k + stemK, ts: c})
			}
		default:
			s := split(ts, k)
			if c := below(ts[:s], k+1); len(c) > 0 {
				q = append(q, step{n: n.left, g: 2 * g, k: k + 1, ts: c})
			}
			if c := below(ts[s:], k+1); len(c) > 0 {
				q = append(q, step{n: n.right, g: 2*g + 1, k: k + 1, ts: c})
			}
		}
	}
	if len(pages) > 1 {
		if p.slots == nil {
			p.slots = make(map[pageAt][][32]byte)
		}
		batches := p.batches[:0]
		for _, s := range pages {
			pk := packedOf(s.n)
			buf := p.ar.take(1 << uint(pk.depth))
			clear(buf)
			var i int
			batches, i = batchFor(batches, pk.elem)
			marks := p.mark(&pk, s.k, s.ts)
			p.fillSlots(&pk, marks, buf, &batches[i])
			p.slots[pageAt{s.n, s.g}] = buf
			p.enter(&pk, marks, s.g)
		}
		for i := range batches {
			b := &batches[i]
			out := p.ar.take(len(b.src))
			hashValues(b.shape, b.src, out, &p.ar, &p.vb, 0)
			for j, d := range b.dst {
				*d = out[j]
			}
			clear(b.src) // do not keep pages alive
			clear(b.dst)
			b.src, b.dst = b.src[:0], b.dst[:0]
		}
		p.batches = batches[:0]
		p.hashEntered()
	}
	clear(q)
	clear(pages)
	p.queue, p.pages = q[:0], pages[:0]
}

// enteredBatch gathers values of pages, of one shape, with targets inside:
// the walk needs the roots of nodes inside them, which warm computes for
// all of them at once, level by level (every node of each value: a few
// pairs more than the walk needs, in calls of hundreds of pairs rather
// than of one to three per value).
type enteredBatch struct {
	shape *Shape
	src   [][]byte
	lv    levelRoots // lv[L]: the nodes L levels above the values' leaves, value after value
}

func (e *enteredBatch) reset() {
	clear(e.src) // do not keep pages alive
	e.src = e.src[:0]
	e.lv = levelRoots{}
}

// valueAt is a value of an enteredBatch: batch b, value i.
type valueAt struct{ b, i int }

// enter adds the values of the page pk, the node g, that have targets
// inside them (marks) to warm's entered batches.
func (p *prover) enter(pk *packed, marks []uint8, g Gindex) {
	for j := 0; j < min(1<<uint(pk.depth), pk.n); j++ {
		if marks[j]&markBelow == 0 {
			continue
		}
		s, v, missing := pk.slot(j)
		if missing || s == nil || s.depth == 0 {
			continue // the walk fails there, or has nothing to batch
		}
		var b int
		p.entered, b = batchFor(p.entered, s)
		e := &p.entered[b]
		if p.values == nil {
			p.values = make(map[Gindex]valueAt)
		}
		p.values[g<<uint(pk.depth)|Gindex(j)] = valueAt{b, len(e.src)}
		e.src = append(e.src, v)
	}
}

// hashEntered computes every node of the entered values, a batch per shape
// and level.
func (p *prover) hashEntered() {
	for i := range p.entered {
		e := &p.entered[i]
		buf := valueLeaves(e.shape, e.src, &p.ar, &p.vb, 0)
		e.lv[0] = buf
		for L := 1; L <= e.shape.depth; L++ {
			next := p.ar.take(len(buf) / 2)
			hashPairs(next, buf)
			e.lv[L], buf = next, next
		}
	}
}

// pageAt is a page at a generalized index: a page may be shared by several
// places in a tree, with different targets below each. It is keyed by the
// page's node: the pages of a slab share one header.
type pageAt struct {
	n *Node
	g Gindex
}

// valueBatch gathers values of pages, of one shape, whose roots are to be
// hashed together: a batch of hundreds of values hashes each level of
// their trees in one call, where a page alone has a few values: each call
// has a fixed cost, which a batch shares among its pairs.
type valueBatch struct {
	shape *Shape
	src   [][]byte
	dst   []*[32]byte
}

// batchFor returns the index in batches of the batch for values of shape
// s, added if there is none (reusing an earlier call's emptied entry where
// the capacity holds one). It serves warm's two kinds of batches.
func batchFor[B any, P interface {
	*B
	shapeOf() **Shape
}](batches []B, s *Shape) ([]B, int) {
	for i := range batches {
		if *P(&batches[i]).shapeOf() == s {
			return batches, i
		}
	}
	if len(batches) < cap(batches) {
		batches = batches[:len(batches)+1]
	} else {
		var zero B
		batches = append(batches, zero)
	}
	i := len(batches) - 1
	*P(&batches[i]).shapeOf() = s
	return batches, i
}

func (b *valueBatch) shapeOf() **Shape { return &b.shape }

func (e *enteredBatch) shapeOf() **Shape { return &e.shape }
