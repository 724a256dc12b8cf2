package tree

import "fmt"

// listSlabBytes bounds the bytes of the lists that BuildPagesMixIns puts
// in one slab: what one kept list may hold alive of its neighbours. 32 KiB
// is the largest small allocation of the Go heap (larger ones take whole
// runtime pages), and keeps every list's start within its node's list
// field (see listPage); a block's 1,000 transactions of 150 to 450 bytes
// take about 10 slabs, not 3,000 allocations.
const listSlabBytes = 32 << 10

// listSlabPages is how many lists BuildPagesMixIns puts in one slab of
// pages, at most: 63, not slabPages, because an array of nodes has
// pointers and takes an 8-byte header above 512 bytes, so that 64 × 64 + 8
// bytes would take the 4,864-byte size class, where 63 fit 4,096.
const listSlabPages = 63

// trioSlab is how many mix-in trios (the mix-in branch, its length leaf and
// the stem) BuildPagesMixIns allocates at once: as many as fit in an
// array of at most slabNodes nodes.
const trioSlab = slabNodes / 3

// BuildPagesMixIns builds many lists of basic values at once, the
// elements of a list of lists (a payload's transactions): list i is
// data[starts[i]:starts[i+1]] (the last one up to the end of data), of
// len/unit values, and out[i] becomes what BuildPagesMixIn(l, depth, list,
// len/unit) returns, but for an empty list, whose out[i] is left as it is
// (the caller's shared default). starts must not go backwards nor past the
// end of data, unit must divide every list's length, and out must be as
// long as starts.
//
// The lists that fit in one page share slabs, a few allocations for many
// lists rather than three each: an array of page nodes (at most
// listSlabPages), one header and one copy of the lists' bytes (at most
// listSlabBytes, but for a larger first list), their groups' roots if the
// layout keeps them, and arrays of mix-in trios. A slab stays alive while
// any of its lists does, which [Memory] counts. The others are built one by
// one, as BuildPagesMixIn builds them.
func BuildPagesMixIns(out []*Node, l *Layout, depth int, data []byte, starts []int, unit int) error {
	if len(out) != len(starts) || unit <= 0 {
		return fmt.Errorf("%w: %d lists for %d starts, %d bytes a value", ErrLayout, len(out), len(starts), unit)
	}
	if depth < l.depth {
		return fmt.Errorf("%w: pages of depth %d in a subtree of depth %d", ErrLayout, l.depth, depth)
	}
	end := func(i int) int {
		if i+1 < len(starts) {
			return starts[i+1]
		}
		return len(data)
	}
	for i, s := range starts {
		if s < 0 || s > end(i) || end(i) > len(data) || (end(i)-s)%unit != 0 {
			return fmt.Errorf("%w: list %d at %d to %d of %d bytes, %d bytes a value", ErrLayout, i, s, end(i), len(data), unit)
		}
		if err := l.checkValues(end(i) - s); err != nil {
			return err
		}
	}
	levels := depth - l.depth
	per := l.PageSize()
	// single reports whether list i is built in a slab: one page below a
	// stem of its own. The others (empty, several pages, or a page with
	// no level above it) are built one by one.
	single := func(i int) bool {
		n := end(i) - starts[i]
		return levels > 0 && n > 0 && n <= per
	}
	g := l.groups()
	singles := 0 // the lists left to build in slabs, for the trios' arrays
	for i := range starts {
		if single(i) {
			singles++
		}
	}
	var trios []Node
	for first := 0; first < len(starts); {
		if !single(first) {
			if n := end(first) - starts[first]; n > 0 {
				m, err := BuildPagesMixIn(l, depth, data[starts[first]:end(first)], uint64(n/unit))
				if err != nil {
					return err
				}
				out[first] = m
			}
			first++
			continue
		}
		// The slab: the run of single-page lists from first, within its
		// bounds; every list but the first starts below listSlabBytes.
		last, size := first, 0
		for last < len(starts) && last-first < listSlabPages && single(last) {
			n := end(last) - starts[last]
			if last > first && size+n > listSlabBytes {
				break
			}
			size += n
			last++
		}
		// The lists lie back to back in data: one copy (append, not make
		// and copy: bytes about to be overwritten are not cleared first).
		base := starts[first]
		buf := append([]byte(nil), data[base:end(last-1)]...)
		pg := &page{layout: l, data: buf[:len(buf):len(buf)]}
		if g > 0 {
			pg.group0 = &make([][32]byte, (last-first)*g)[0]
		}
		ns := make([]Node, last-first)
		for i := range ns {
			n := &ns[i]
			n.slab = slabTag(inPageSlab, i, len(ns))
			n.page = pg
			n.setList(starts[first+i] - base)
			if len(trios) == 0 {
				trios = make([]Node, 3*min(trioSlab, singles))
				for j := range trios {
					trios[j].slab = slabTag(inNodeSlab, j, len(trios))
				}
			}
			length := uint64((end(first+i) - starts[first+i]) / unit)
			out[first+i] = fillMixIn(trios[:3], n, levels, l.depth, length)
			trios = trios[3:]
			singles--
		}
		first = last
	}
	return nil
}
