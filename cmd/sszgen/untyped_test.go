package main

import (
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/view"
)

// untypedState is what the generator gives every fork's state, which
// code over the states of every fork (cache.State) asks for.
type untypedState interface {
	Untyped() view.View
	HashTreeRoot() [32]byte
	SetSlot(phase0.Slot)
}

// Every fork's state, and a view that is not a state, a progressive one
// among them, has the method, checked at compile time.
var (
	_ untypedState = (*phase0.BeaconState)(nil)
	_ untypedState = (*altair.BeaconState)(nil)
	_ untypedState = (*bellatrix.BeaconState)(nil)
	_ untypedState = (*capella.BeaconState)(nil)
	_ untypedState = (*deneb.BeaconState)(nil)
	_ untypedState = (*electra.BeaconState)(nil)
	_ untypedState = (*fulu.BeaconState)(nil)
	_ untypedState = (*gloas.BeaconState)(nil)

	_ interface{ Untyped() view.View } = (*fulu.BeaconBlockBody)(nil)
	_ interface{ Untyped() view.View } = (*gloas.BeaconBlockBody)(nil)
)

// TestUntyped checks that the generated Untyped of every fork's state
// returns the view that View returns, its pending writes and root
// included, for a value made by New and for a zero value.
func TestUntyped(t *testing.T) {
	for _, tc := range []struct {
		name string
		// st returns a state of the fork made by New, a zero one, and
		// functions that call View of each.
		st func() (st, zero untypedState, v, zv func() view.View)
	}{
		{"phase0", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := phase0.NewBeaconState(phase0.Minimal), new(phase0.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"altair", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := altair.NewBeaconState(altair.Minimal), new(altair.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"bellatrix", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := bellatrix.NewBeaconState(bellatrix.Minimal), new(bellatrix.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"capella", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := capella.NewBeaconState(capella.Minimal), new(capella.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"deneb", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := deneb.NewBeaconState(deneb.Minimal), new(deneb.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"electra", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := electra.NewBeaconState(electra.Minimal), new(electra.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"fulu", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := fulu.NewBeaconState(fulu.Minimal), new(fulu.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
		{"gloas", func() (untypedState, untypedState, func() view.View, func() view.View) {
			st, z := gloas.NewBeaconState(gloas.Minimal), new(gloas.BeaconState)
			return st, z, func() view.View { return st.View() }, func() view.View { return z.View() }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, zero, v, zv := tc.st()
			for _, c := range []struct {
				what string
				st   untypedState
				v    func() view.View
			}{{"New", st, v}, {"zero value", zero, zv}} {
				// Untyped first: a zero value's makes the default.
				u := c.st.Untyped()
				c.st.SetSlot(7)
				v := c.v()
				if u != v {
					t.Errorf("%s: Untyped returns %p, View %p", c.what, u, v)
				}
				if u.Node() != v.Node() {
					t.Errorf("%s: Untyped's node is not View's", c.what)
				}
				if got, want := u.HashTreeRoot(), c.st.HashTreeRoot(); got != want {
					t.Errorf("%s: Untyped's root %x, the state's %x", c.what, got, want)
				}
			}
		})
	}
}
