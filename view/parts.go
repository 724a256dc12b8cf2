package view

import (
	"slices"

	"github.com/ssztree/ssztree/tree"
)

// handles keeps the handles a composite view has given out, by position,
// and which of them have pending writes.
type handles struct {
	views smallMap[View]
	dirty smallMap[struct{}]
}

func (h *handles) get(i uint64) View {
	v, _ := h.views.get(i)
	return v
}

func (h *handles) put(i uint64, v View, p parent) {
	v.link().adopt(p, i)
	h.views.set(i, v)
}

func (h *handles) markDirty(i uint64) { h.dirty.set(i, struct{}{}) }

func (h *handles) isDirty(i uint64) bool { return h.dirty.has(i) }

// drop forgets the handle at i: it becomes a value of its own.
func (h *handles) drop(i uint64) {
	if v, ok := h.views.get(i); ok {
		v.commit()
		v.link().detach()
		h.views.delete(i)
	}
	h.dirty.delete(i)
}

// parts keeps what a composite view (a container, a list of composite
// values) changed below it since its last commit: the parts set directly,
// and the handles it gave out, with those that have pending writes.
type parts struct {
	pending smallMap[*tree.Node]
	handles
}

// current returns the tree of part i as changed since the last commit, or
// nil if it did not change.
func (p *parts) current(i uint64) *tree.Node {
	if v := p.get(i); v != nil {
		return v.commit()
	}
	n, _ := p.pending.get(i)
	return n
}

// set replaces part i with the tree n; a handle on it follows the new value.
func (p *parts) set(i uint64, n *tree.Node) {
	if v := p.get(i); v != nil {
		v.reset(n)
		p.markDirty(i)
		return
	}
	p.pending.set(i, n)
}

// adopt registers v as the handle on part i; it carries the part's pending
// tree, if any, from now on.
func (p *parts) adopt(i uint64, v View, owner parent) {
	p.put(i, v, owner)
	if p.pending.has(i) {
		p.pending.delete(i)
		p.markDirty(i)
	}
}

// forget drops the parts set directly and the marks of pending writes: the
// view took a new tree, which its handles follow.
func (p *parts) forget() {
	p.pending.clear()
	p.dirty.clear()
}

// changed reports whether any part changed since the last commit.
func (p *parts) changed() bool { return p.pending.len() > 0 || p.dirty.len() > 0 }

// apply sets the changed parts into root, whose parts are at the given
// depth, in one pass, and returns the new root.
func (p *parts) apply(root *tree.Node, depth int) *tree.Node {
	if !p.changed() {
		return root
	}
	// A commit of a few parts collects them on the stack: no allocation.
	var idxs [4]uint64
	var ns [4]*tree.Node
	idx, nodes := p.collectTo(idxs[:0], ns[:0])
	return must(tree.SetMany(root, depth, idx, nodes))
}

// collectTo appends to idx and nodes, which must be empty, the positions
// of the changed parts, in order, and their trees, committing the handles
// with pending writes; the parts are unchanged from then on. Callers pass
// arrays on their stack, large enough for a commit of a few changes.
func (p *parts) collectTo(idx []uint64, nodes []*tree.Node) ([]uint64, []*tree.Node) {
	for i := range p.pending.all() {
		idx = append(idx, i)
	}
	for i := range p.dirty.all() {
		if !p.pending.has(i) {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	for _, i := range idx {
		if v, ok := p.views.get(i); ok && p.isDirty(i) {
			nodes = append(nodes, v.commit())
			v.link().flagged = false
		} else {
			n, _ := p.pending.get(i)
			nodes = append(nodes, n)
		}
	}
	p.forget()
	return idx, nodes
}
