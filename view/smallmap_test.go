package view

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// TestSmallMap applies random sets, deletes (inside iterations too) and
// clears to a smallMap and to a Go map, across the move from the inline
// entries to a map, and compares them after each step.
func TestSmallMap(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for round := range 200 {
		var m smallMap[int]
		want := map[uint64]int{}
		keys := uint64(1 + r.IntN(3*smallInline))
		for step := range 60 {
			k := r.Uint64N(keys)
			switch op := r.IntN(10); {
			case op < 5:
				m.set(k, step)
				want[k] = step
			case op < 8:
				m.delete(k)
				delete(want, k)
			case op < 9:
				// Delete every other entry from inside the loop.
				odd := false
				for k := range m.all() {
					if odd {
						m.delete(k)
						delete(want, k)
					}
					odd = !odd
				}
			default:
				m.clear()
				clear(want)
			}
			got := maps.Collect(m.all())
			if !maps.Equal(got, want) || m.len() != len(want) {
				t.Fatalf("round %d step %d: %v (len %d), want %v", round, step, got, m.len(), want)
			}
			for k := range keys {
				v, ok := m.get(k)
				if w, wok := want[k]; ok != wok || v != w || m.has(k) != wok {
					t.Fatalf("round %d step %d: get(%d) = %d, %v; want %d, %v", round, step, k, v, ok, w, wok)
				}
			}
		}
	}
}

// TestCopyWriteAllocs checks that a copy's first write through a handle
// and its root make no map: the copy, the handle's structures, the page
// written and the paths above it, on a decoded state, within a bound that
// one map (two allocations) breaks: 24 allocations without maps (25 on a
// state just decoded, whose balances' length leaf is copied once), the
// paths' branches one by one (15 when each path was one slab, which kept
// the versions it replaced alive: see tree.SetMany); the maps of handles,
// of their pending writes and of the parts set, which a copy's write once
// made, added 6. A copy records itself among the versions (versions.go):
// its weak pointer's handle, and the registry's growth, which no
// collection prunes within the test, add 2.
func TestCopyWriteAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	c := must(NewContainer(state))
	balances := must(AsBasicList[uint64](c.Field(3)))
	for i := range 1000 {
		if err := balances.Append(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	c = must(DecodeContainer(state, must(c.MarshalSSZ())))
	c.HashTreeRoot()
	k := 0
	copyWrite := func() {
		cp := c.Copy()
		k++
		b := must(AsBasicList[uint64](cp.Field(3)))
		b.Set(7, b.Get(7)+1)
		cp.SetUint(0, uint64(k))
		cp.HashTreeRoot()
	}
	n := testing.AllocsPerRun(50, copyWrite)
	t.Logf("a copy, a balance, a field and the root: %.0f allocations", n)
	if n > 27 {
		t.Fatalf("a copy, a balance, a field and the root: %.0f allocations, want at most 27", n)
	}
	// A copy of a state changed before: the balances' length leaf is
	// shared (tree.MixInOver), where the decode's, in one allocation with
	// its branch, was copied.
	b := must(AsBasicList[uint64](c.Field(3)))
	b.Set(8, b.Get(8)+1)
	c.HashTreeRoot()
	n = testing.AllocsPerRun(50, copyWrite)
	t.Logf("the same on a state changed before: %.0f allocations", n)
	if n > 26 {
		t.Fatalf("the same on a state changed before: %.0f allocations, want at most 26", n)
	}
}

// TestCopyTo checks that CopyTo makes a copy in place, independent of its
// original, and refuses a destination in use.
func TestCopyTo(t *testing.T) {
	c := must(NewContainer(state))
	c.SetUint(0, 5)
	var dst Container
	c.CopyTo(&dst)
	dst.SetUint(0, 6)
	if c.Uint(0) != 5 || dst.Uint(0) != 6 || c.HashTreeRoot() == dst.HashTreeRoot() {
		t.Errorf("CopyTo: original %d, copy %d", c.Uint(0), dst.Uint(0))
	}
	p := must(NewProgressiveContainer(progressiveState))
	var pdst ProgressiveContainer
	p.CopyTo(&pdst)
	if p.HashTreeRoot() != pdst.HashTreeRoot() {
		t.Errorf("ProgressiveContainer.CopyTo: roots differ")
	}
	for name, f := range map[string]func(){
		"Container":            func() { c.CopyTo(&dst) },
		"ProgressiveContainer": func() { p.CopyTo(&pdst) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s.CopyTo a view in use did not panic", name)
				}
			}()
			f()
		}()
	}
}
