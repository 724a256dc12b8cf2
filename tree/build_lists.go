package tree

import "fmt"

// listSlabBytes bounds the bytes of the lists that BuildPagesMixIns puts
// in one slab: what one kept list may hold alive of its neighbours. 32 KiB
// is the largest small allocation of the Go heap (larger ones take whole
// runtime pages); a block's 1,000 transactions of 150 to 450 bytes take
// about 10 slabs, not 3,000 allocations.
const listSlabBytes = 32 << 10

// listSlabPages is how many lists BuildPagesMixIns puts in one slab of
// pages, at most: 63, not slabPages, because the slab's arrays of nodes and
// of page headers have pointers and take an 8-byte header above 512 bytes,
// so 64 × 64 + 8 bytes of nodes would take the 4,864-byte size class and
// 64 × 48 + 8 of headers the 3,200-byte one (896 bytes lost a slab), where
// 63 fit 4,096 and 3,072 (112 bytes lost).
const listSlabPages = 63

// trioSlab is how many mix-in trios (the mix-in branch, its length leaf and
// the spine) BuildPagesMixIns allocates at once: as many as fit in an
// array of at most slabNodes nodes.
const trioSlab = slabNodes / 3

// BuildPagesMixIns returns, for each i, what BuildPagesMixIn(l, depth,
// parts[i], lengths[i]) returns, built in bulk: the lists whose data fits
// in one page share slabs of pages (their nodes, headers and bytes, at
// most listSlabPages pages and listSlabBytes bytes) and of mix-in nodes, so
// that many short lists (a block's transactions) cost a few allocations
// rather than three each. A slab stays alive while any of its lists does.
// The pages hold copies of the parts.
func BuildPagesMixIns(l *Layout, depth int, parts [][]byte, lengths []uint64) ([]*Node, error) {
	if len(lengths) != len(parts) {
		return nil, fmt.Errorf("%w: %d lengths for %d lists", ErrLayout, len(lengths), len(parts))
	}
	if depth < l.depth {
		return nil, fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	out := make([]*Node, len(parts))
	levels := depth - l.depth
	per := l.PageSize()
	// single reports whether part i is built in the slabs: one page
	// below a spine of its own. The others (empty, several pages, or a
	// page with no level above it) are built one by one.
	single := func(i int) bool { return levels > 0 && len(parts[i]) > 0 && len(parts[i]) <= per }
	var trios []Node
	for start := 0; start < len(parts); {
		if !single(start) {
			n, err := BuildPagesMixIn(l, depth, parts[start], lengths[start])
			if err != nil {
				return nil, err
			}
			out[start] = n
			start++
			continue
		}
		// The slab: the run of single-page lists from start, within its
		// bounds.
		end, size := start, 0
		for end < len(parts) && end-start < listSlabPages && single(end) && size+len(parts[end]) <= max(listSlabBytes, len(parts[start])) {
			if err := l.checkValues(len(parts[end])); err != nil {
				return nil, err
			}
			size += len(parts[end])
			end++
		}
		buf := make([]byte, 0, size)
		ns := make([]Node, end-start)
		ps := make([]page, end-start)
		var roots [][32]byte
		g := l.groups()
		if g > 0 {
			roots = make([][32]byte, (end-start)*g)
		}
		for i := range ns {
			from := len(buf)
			buf = append(buf, parts[start+i]...)
			ns[i].slab = slabTag(inPageSlab, i, len(ns))
			ps[i] = page{layout: l, data: buf[from:len(buf):len(buf)]}
			if g > 0 {
				ps[i].group0 = &roots[i*g]
			}
			ns[i].page = &ps[i]
			if len(trios) == 0 {
				trios = make([]Node, 3*min(trioSlab, len(parts)-start-i))
				for j := range trios {
					trios[j].slab = slabTag(inNodeSlab, j, len(trios))
				}
			}
			out[start+i] = fillMixIn(trios[:3], &ns[i], levels, l.depth, lengths[start+i])
			trios = trios[3:]
		}
		start = end
	}
	return out, nil
}
