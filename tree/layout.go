package tree

import "fmt"

// Layout describes a page: a complete subtree of depth Depth whose
// 2^Depth leaves-of-interest are the roots of consecutive values of one
// Shape, stored back to back in the page's bytes. A page holding fewer
// values has zero chunks in the remaining positions, as a list's unused
// capacity has; a value whose bytes are cut short is zero-padded (only
// meaningful for raw chunks, where packed basic values end mid-chunk).
type Layout struct {
	elem  *Shape
	depth int
	// groupDepth is -1, or the height above the values of the nodes whose
	// roots a page keeps (see NewCachedLayout).
	groupDepth int
}

// NewLayout returns the layout of pages holding 2^depth values of shape elem.
func NewLayout(elem *Shape, depth int) (*Layout, error) {
	if elem == nil || depth < 0 || depth > maxShapeDepth {
		return nil, fmt.Errorf("%w: page depth %d", ErrLayout, depth)
	}
	return &Layout{elem: elem, depth: depth, groupDepth: -1}, nil
}

// maxGroups bounds the groups of a page with a cache (see NewCachedLayout):
// which of them a new page takes over from its base is a bit mask.
const maxGroups = 64

// NewCachedLayout returns the layout of pages holding 2^depth values of
// shape elem that keep, besides their root, the roots of their groups: the
// nodes groupDepth levels above the values, each over 2^groupDepth
// consecutive values. A page computes them when it is hashed. A proof of
// one value then hashes the values of its group and the page levels above
// the groups, not every other value of the page; a page built from another
// by [NewPageFrom] takes over the roots of the groups whose bytes did not
// change, so that re-hashing it hashes the changed groups only. The price is
// 32 bytes per group.
//
// groupDepth must be below depth, and a page may have at most 64 groups.
func NewCachedLayout(elem *Shape, depth, groupDepth int) (*Layout, error) {
	l, err := NewLayout(elem, depth)
	if err != nil {
		return nil, err
	}
	if groupDepth < 0 || groupDepth >= depth || 1<<uint(depth-groupDepth) > maxGroups {
		return nil, fmt.Errorf("%w: groups of depth %d in pages of depth %d", ErrLayout, groupDepth, depth)
	}
	l.groupDepth = groupDepth
	return l, nil
}

// GroupDepth returns the height above the values of the nodes whose roots a
// page of this layout keeps, or -1 if it keeps only its root.
func (l *Layout) GroupDepth() int { return l.groupDepth }

// groups returns the number of groups whose roots a page keeps, 0 if none.
func (l *Layout) groups() int {
	if l.groupDepth < 0 {
		return 0
	}
	return 1 << uint(l.depth-l.groupDepth)
}

// Elem returns the shape of the values in a page.
func (l *Layout) Elem() *Shape { return l.elem }

// Depth returns the depth of a page's subtree above its values' roots.
func (l *Layout) Depth() int { return l.depth }

// Capacity returns how many values a page holds at most.
func (l *Layout) Capacity() int { return 1 << uint(l.depth) }

// PageSize returns the number of bytes of a full page.
func (l *Layout) PageSize() int { return l.elem.size << uint(l.depth) }

// TotalDepth returns the depth of a page's subtree down to its deepest
// chunk: the page levels plus the value shape's own (nested) levels.
func (l *Layout) TotalDepth() int { return l.depth + l.elem.totalDepth() }

func (l *Layout) check(data []byte) error {
	if len(data) > l.PageSize() {
		return fmt.Errorf("%w: %d bytes in a page of %d", ErrLayout, len(data), l.PageSize())
	}
	return l.checkValues(len(data))
}

func (l *Layout) checkValues(n int) error {
	if !l.elem.raw && n%l.elem.size != 0 {
		return fmt.Errorf("%w: %d bytes are not whole values of %d bytes", ErrLayout, n, l.elem.size)
	}
	return nil
}
