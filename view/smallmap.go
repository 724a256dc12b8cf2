package view

import "iter"

// smallInline is how many entries a smallMap holds before it needs a map.
const smallInline = 4

// smallMap maps positions to values: its first entries inline, in a map
// only past smallInline of them. A composite view keeps its handles, their
// pending writes and its parts set directly in three of them; most views
// deal with one or two parts between commits (a state's balances and
// participation), which then cost no map: a Go map allocates twice on its
// first insert, and a copy's first write made four of those allocations.
// The zero smallMap is empty.
type smallMap[V any] struct {
	// n is the number of entries in few while many is nil; once many is
	// made, it holds every entry and few is unused.
	n    int
	few  [smallInline]smallEntry[V]
	many map[uint64]V
}

type smallEntry[V any] struct {
	k uint64
	v V
}

func (m *smallMap[V]) get(k uint64) (V, bool) {
	if m.many != nil {
		v, ok := m.many[k]
		return v, ok
	}
	for i := range m.n {
		if m.few[i].k == k {
			return m.few[i].v, true
		}
	}
	var zero V
	return zero, false
}

func (m *smallMap[V]) has(k uint64) bool {
	_, ok := m.get(k)
	return ok
}

func (m *smallMap[V]) set(k uint64, v V) {
	if m.many != nil {
		m.many[k] = v
		return
	}
	for i := range m.n {
		if m.few[i].k == k {
			m.few[i].v = v
			return
		}
	}
	if m.n < smallInline {
		m.few[m.n] = smallEntry[V]{k, v}
		m.n++
		return
	}
	m.many = make(map[uint64]V, 2*smallInline)
	for _, e := range m.few[:m.n] {
		m.many[e.k] = e.v
	}
	m.many[k] = v
	m.few, m.n = [smallInline]smallEntry[V]{}, 0
}

func (m *smallMap[V]) delete(k uint64) {
	if m.many != nil {
		delete(m.many, k)
		return
	}
	for i := range m.n {
		if m.few[i].k == k {
			m.n--
			m.few[i] = m.few[m.n]
			m.few[m.n] = smallEntry[V]{}
			return
		}
	}
}

func (m *smallMap[V]) len() int {
	if m.many != nil {
		return len(m.many)
	}
	return m.n
}

// clear empties m, keeping its map, if it has one, for the next entries.
func (m *smallMap[V]) clear() {
	if m.many != nil {
		clear(m.many)
		return
	}
	m.few, m.n = [smallInline]smallEntry[V]{}, 0
}

// all returns an iterator over the entries, in no particular order. The
// loop may delete the entry it is given, and no other.
func (m *smallMap[V]) all() iter.Seq2[uint64, V] {
	return func(yield func(uint64, V) bool) {
		if m.many != nil {
			for k, v := range m.many {
				if !yield(k, v) {
					return
				}
			}
			return
		}
		// From the last down: a deletion moves the last entry, already
		// given, into the place of the one deleted.
		for i := m.n - 1; i >= 0; i-- {
			if i >= m.n {
				continue
			}
			if e := m.few[i]; !yield(e.k, e.v) {
				return
			}
		}
	}
}
