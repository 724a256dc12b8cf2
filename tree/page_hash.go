package tree

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"unsafe"
)

// HashValue returns the root of the value of shape s serialized in b, which
// must be s.Size() bytes, without building nodes: what the root of a page
// holding that one value would be.
func HashValue(s *Shape, b []byte) [32]byte {
	if len(b) != s.size {
		panic("tree: HashValue of a value of another size")
	}
	if s.raw {
		var c [32]byte
		copy(c[:], b)
		return c
	}
	ar := arenaPool.Get().(*arena)
	// The value is hashed from a copy in the arena, so that b is kept
	// nowhere and a caller's buffer on its stack stays there (a generated
	// plain struct's HashTreeRoot encodes into one); the arena's room for
	// the nested values' ranges is reused from call to call.
	ar.value = append(ar.value[:0], b...)
	vb := &ar.values
	src := append(vb.src[:0], ar.value)
	out := ar.take(1)
	hashValues(s, src, out, ar, vb, 0)
	root := out[0]
	clear(src)
	vb.src = src[:0]
	vb.release()
	ar.reset()
	arenaPool.Put(ar)
	return root
}

// hashPages computes and publishes the roots of pages of one layout, in
// batches of about batchBytes of leaf chunks, split across goroutines when
// there are many values: within one of hashTasks' goroutines (q not nil),
// with the others of q that have no subtree left (taskQueue.hashShared),
// rather than on goroutines of its own beside them.
func hashPages(l *Layout, pages []*Node, ar *arena, q *taskQueue) {
	values := len(pages) << uint(l.depth)
	workers := 1
	if values >= parallelValues {
		workers = min(runtime.GOMAXPROCS(0), values/(parallelValues/2))
	}
	if workers <= 1 {
		hashPageRange(l, pages, ar)
		return
	}
	// The goroutines take a few batches at a time, not a share each; a
	// range is at most a share, so that every worker has one.
	rs := &ranges{n: len(pages), size: min(rangeBatches*pagesPerBatch(l), (len(pages)+workers-1)/workers)}
	if q != nil {
		q.hashShared(rs, ar, func(lo, hi int, a *arena) { hashPageRange(l, pages[lo:hi], a) })
		return
	}
	fanOut(workers, workers, func(int, int) error {
		withArena(func(a *arena) {
			for lo, hi, ok := rs.take(); ok; lo, hi, ok = rs.take() {
				hashPageRange(l, pages[lo:hi], a)
			}
		})
		return nil
	})
}

// pagesPerBatch returns the pages of layout l whose leaf chunks make a batch
// of about batchBytes.
func pagesPerBatch(l *Layout) int {
	leafChunks := (l.elem.totalLeaves() + 1) << uint(l.depth)
	return max(1, batchBytes/32/leafChunks)
}

func hashPageRange(l *Layout, pages []*Node, ar *arena) {
	per := pagesPerBatch(l)
	for start := 0; start < len(pages); start += per {
		// The next batch's bytes are asked for now, so that they arrive
		// while this batch is hashed: a cold root reads pages from memory
		// that no cache holds, and laying out their leaves waited for it.
		for _, p := range pages[min(len(pages), start+per):min(len(pages), start+2*per)] {
			prefetch(p.pageBytes())
		}
		hashPageBatch(l, pages[start:min(start+per, len(pages))], ar, &ar.values)
		ar.reset()
	}
	ar.values.release()
}

// valueBuf is reusable scratch for the byte ranges of the values of a batch.
type valueBuf struct {
	src [][]byte
	pos []int
	sub [][][]byte // sub[k]: byte ranges of the values nested k+1 levels deep
}

// release drops the byte ranges held, keeping the room: the arena that
// keeps vb must not keep pages alive.
func (vb *valueBuf) release() {
	for _, s := range vb.sub {
		clear(s)
	}
}

// subs returns room for n byte ranges of values nested level+1 levels deep.
func (vb *valueBuf) subs(level, n int) [][]byte {
	for len(vb.sub) <= level {
		vb.sub = append(vb.sub, nil)
	}
	if cap(vb.sub[level]) < n {
		vb.sub[level] = make([][]byte, n)
	}
	return vb.sub[level][:n]
}

func hashPageBatch(l *Layout, pages []*Node, ar *arena, vb *valueBuf) {
	if l.elem == ChunkShape && l.groupDepth < 0 {
		hashChunkPages(l, pages, ar)
		return
	}
	hashValuePages(l, pages, ar, vb)
}

// hashValuePages hashes pages of values as groups: the values of every
// group whose root is not lent by a base page, in one batch, then their
// groups' levels, then the pages' levels above the groups; it publishes
// each page's root, with its groups' roots where its layout keeps them. A
// page that keeps none is one group. A group past a page's values is a zero
// subtree; a value missing from a group is a zero chunk.
func hashValuePages(l *Layout, pages []*Node, ar *arena, vb *valueBuf) {
	gd := l.groupDepth
	if gd < 0 {
		gd = l.depth
	}
	groups := 1 << uint(l.depth-gd)
	per := 1 << uint(gd)
	size := l.elem.size
	gbytes := size << uint(gd)
	// Each group to hash takes per leaves in buf, in page and group order.
	count := 0
	for _, p := range pages {
		for g := 0; g < groups; g++ {
			if p.page.lent&(1<<uint(g)) == 0 && g*gbytes < len(p.pageBytes()) {
				count++
			}
		}
	}
	buf := ar.take(count * per)
	src, pos := vb.src[:0], vb.pos[:0]
	k := 0
	for _, p := range pages {
		data := p.pageBytes()
		for g := 0; g < groups; g++ {
			if p.page.lent&(1<<uint(g)) != 0 || g*gbytes >= len(data) {
				continue
			}
			for i := 0; i < per; i++ {
				lo := g*gbytes + i*size
				if lo >= len(data) {
					break
				}
				src = append(src, data[lo:min(len(data), lo+size)])
				pos = append(pos, k*per+i)
			}
			k++
		}
	}
	if len(src) == len(buf) {
		hashValues(l.elem, src, buf, ar, vb, 0)
	} else {
		clear(buf)
		out := ar.take(len(src))
		hashValues(l.elem, src, out, ar, vb, 0)
		for j, p := range pos {
			buf[p] = out[j]
		}
	}
	clear(src) // do not keep pages alive
	vb.src, vb.pos = src[:0], pos[:0]
	hashed := hashLevels(buf, gd, ar)
	top := ar.take(len(pages) * groups)
	k = 0
	for pi, p := range pages {
		for g := 0; g < groups; g++ {
			switch t := &top[pi*groups+g]; {
			case p.page.lent&(1<<uint(g)) != 0:
				*t = p.pageGroups()[g]
			case g*gbytes >= len(p.pageBytes()):
				*t = zeroes[gd].root
			default:
				*t = hashed[k]
				k++
			}
		}
	}
	roots := hashLevels(top, l.depth-gd, ar)
	for pi, p := range pages {
		p.publishPage(&roots[pi], top[pi*groups:(pi+1)*groups])
	}
}

// hashChunkPages hashes pages of packed chunks. Full pages are hashed as one
// batch; a page holding fewer chunks is hashed as the smallest complete
// subtree that holds them, then paired with zero roots up to the page's
// depth, in batches of pages of one such size: a transaction of 10 chunks in
// a page of 128 costs 15 pair hashes and 3 with zero roots, not 127.
func hashChunkPages(l *Layout, pages []*Node, ar *arena) {
	per := l.PageSize()
	// counts[c] is how many pages hold at most 2^c chunks and more than
	// 2^(c-1); the last class holds the full pages.
	var counts [maxShapeDepth + 1]int
	for _, p := range pages {
		if c := chunkClass(p); c >= 0 {
			counts[c]++
		}
	}
	for class := 0; class <= l.depth; class++ {
		n := counts[class]
		if n == 0 {
			continue
		}
		in := func(p *Node) bool { return chunkClass(p) == class }
		size := 32 << uint(class)
		buf := ar.take(n << uint(class))
		bb := unsafe.Slice(&buf[0][0], len(buf)*32)
		k := 0
		for _, p := range pages {
			if in(p) {
				dst := bb[k*size : (k+1)*size]
				data := p.pageBytes()
				clear(dst[copy(dst, data[:min(len(data), per)]):])
				k++
			}
		}
		roots := hashLevels(buf, class, ar)
		for d := class; d < l.depth; d++ {
			pairs := ar.take(2 * n)
			for i := range roots {
				pairs[2*i], pairs[2*i+1] = roots[i], zeroes[d].root
			}
			next := ar.take(n)
			hashPairs(next, pairs)
			roots = next
		}
		k = 0
		for _, p := range pages {
			if in(p) {
				p.publish(&roots[k])
				k++
			}
		}
	}
	for _, p := range pages {
		if len(p.pageBytes()) == 0 {
			p.publish(&zeroes[l.depth].root)
		}
	}
}

// chunkClass returns ceil(log2) of the chunks a page of packed chunks
// holds, or -1 for an empty page.
func chunkClass(p *Node) int {
	c := (len(p.pageBytes()) + 31) / 32
	if c == 0 {
		return -1
	}
	return bits.Len(uint(c - 1))
}

// hashLevels merkleizes consecutive complete subtrees of the given depth
// whose leaves are buf, and returns their roots.
func hashLevels(buf [][32]byte, depth int, ar *arena) [][32]byte {
	for d := depth; d > 0; d-- {
		next := ar.take(len(buf) / 2)
		hashPairs(next, buf)
		buf = next
	}
	return buf
}

// hashValues writes to out the roots of the values src, all of shape s.
// A value may be cut short only where s is raw.
func hashValues(s *Shape, src [][]byte, out [][32]byte, ar *arena, vb *valueBuf, level int) {
	if len(src) == 0 {
		return
	}
	if s.raw {
		size := s.segments[0].Size
		for i, b := range src {
			out[i] = [32]byte{}
			copy(out[i][:], b[:min(len(b), size)])
		}
		return
	}
	copy(out, hashLevels(valueLeaves(s, src, ar, vb, level), s.depth, ar))
}

// valueLeaves returns the leaves of the values src, all of shape s (not
// raw), value after value: 2^s.depth chunks each, nested values hashed.
func valueLeaves(s *Shape, src [][]byte, ar *arena, vb *valueBuf, level int) [][32]byte {
	leaves := 1 << uint(s.depth)
	buf := ar.take(len(src) * leaves)
	// Every leaf is written once: segments, their zero padding, and the zero
	// leaves after the segments.
	if len(s.segments) < leaves {
		for i := range src {
			clear(buf[i*leaves+len(s.segments) : (i+1)*leaves])
		}
	}
	// Raw segments value by value, so that each value's bytes are read in
	// order, once; whole words for the usual sizes, which runtime copy and
	// clear calls cost several times over.
	for i, b := range src {
		row := buf[i*leaves : i*leaves+len(s.segments)]
		for j := range s.segments {
			p := &s.segments[j]
			if p.Shape != nil {
				continue
			}
			off := p.Offset
			switch p.Size {
			case 32:
				row[j] = [32]byte(b[off : off+32])
			case 8:
				row[j] = [32]byte{}
				binary.LittleEndian.PutUint64(row[j][:8], binary.LittleEndian.Uint64(b[off:off+8]))
			case 1:
				row[j] = [32]byte{b[off]}
			case 16: // the second chunk of a public key
				row[j] = [32]byte{}
				*(*[16]byte)(row[j][:16]) = [16]byte(b[off : off+16])
			default:
				c := &row[j]
				clear(c[copy(c[:], b[off:off+p.Size]):])
			}
		}
	}
	// Nested values: hash all of them across the batch, then place their
	// roots.
	for j, p := range s.segments {
		if p.Shape == nil {
			continue
		}
		sub := vb.subs(level, len(src))
		for i, b := range src {
			sub[i] = b[p.Offset : p.Offset+p.Size]
		}
		roots := ar.take(len(src))
		hashValues(p.Shape, sub, roots, ar, vb, level+1)
		for i := range src {
			buf[i*leaves+j] = roots[i]
		}
	}
	return buf
}
