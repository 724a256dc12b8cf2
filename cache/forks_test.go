package cache

import (
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/versioned"
)

// Every fork's state is a State, and so is a state of any fork: checked
// at compile time.
var (
	_ State[*phase0.BeaconState]    = (*phase0.BeaconState)(nil)
	_ State[*altair.BeaconState]    = (*altair.BeaconState)(nil)
	_ State[*bellatrix.BeaconState] = (*bellatrix.BeaconState)(nil)
	_ State[*capella.BeaconState]   = (*capella.BeaconState)(nil)
	_ State[*deneb.BeaconState]     = (*deneb.BeaconState)(nil)
	_ State[*electra.BeaconState]   = (*electra.BeaconState)(nil)
	_ State[*fulu.BeaconState]      = (*fulu.BeaconState)(nil)
	_ State[*gloas.BeaconState]     = (*gloas.BeaconState)(nil)
	_ State[*versioned.State]       = (*versioned.State)(nil)
)

// forkState is what the test needs of a fork's state beside State.
type forkState[S any] interface {
	State[S]
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	Slot() phase0.Slot
	SetSlot(phase0.Slot)
}

// TestCacheOfEveryFork caches a state of every fork, as the fork's
// *BeaconState and as a *versioned.State (see cacheStates).
func TestCacheOfEveryFork(t *testing.T) {
	const n, seed = 16, 1
	for _, tc := range []struct {
		fork forks.Name
		// typed runs cacheStates on the fork's *BeaconState, and returns
		// its serialization.
		typed func(t *testing.T) []byte
	}{
		{forks.NamePhase0, typedCase(synth.Phase0State(phase0.Minimal, n, seed))},
		{forks.NameAltair, typedCase(synth.AltairState(altair.Minimal, n, seed))},
		{forks.NameBellatrix, typedCase(synth.BellatrixState(bellatrix.Minimal, n, seed))},
		{forks.NameCapella, typedCase(synth.CapellaState(capella.Minimal, n, seed))},
		{forks.NameDeneb, typedCase(synth.DenebState(deneb.Minimal, n, seed))},
		{forks.NameElectra, typedCase(synth.ElectraState(electra.Minimal, n, seed))},
		{forks.NameFulu, typedCase(synth.FuluState(fulu.Minimal, n, seed))},
		{forks.NameGloas, typedCase(synth.GloasState(gloas.Minimal, n, seed))},
	} {
		t.Run(tc.fork.String(), func(t *testing.T) {
			b := tc.typed(t)
			vs, err := versioned.DecodeState(tc.fork, forks.Minimal, b)
			if err != nil {
				t.Fatal(err)
			}
			// The slot is field 2 of every fork's state; View writes
			// through to vs.
			cacheStates(t, vs, func(s *versioned.State) { s.View().SetUint(2, uint64(s.Slot())+1) })
		})
	}
}

// typedCase returns the test of st, a fork's state made by synth, that
// runs cacheStates on it and returns its serialization.
func typedCase[S forkState[S]](st S, err error) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		cacheStates(t, st, func(s S) { s.SetSlot(s.Slot() + 1) })
		b, err := st.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

// cacheStates puts st, and a copy of it that next changes, into a new
// Cache[S], and checks their roots, that the copy costs less than st,
// that Get and GetByBlock give them back, and that changing what they
// give leaves the cached states.
func cacheStates[S interface {
	State[S]
	HashTreeRoot() [32]byte
}](t *testing.T, st S, next func(S)) {
	t.Helper()
	c := New[S](1 << 30)
	want := st.HashTreeRoot()
	root, added := c.Put(st, Info{Slot: 1, BlockRoot: blockRoot(1), ParentRoot: blockRoot(0)})
	if root != want || added <= 0 {
		t.Fatalf("Put: root %x, %d bytes; want %x and more than 0", root, added, want)
	}
	st2 := st.Copy()
	next(st2)
	want2 := st2.HashTreeRoot()
	if want2 == want {
		t.Fatal("the changed copy has the root of the state")
	}
	root2, added2 := c.Put(st2, Info{Slot: 2, BlockRoot: blockRoot(2), ParentRoot: blockRoot(1)})
	if root2 != want2 || added2 <= 0 || added2 >= added {
		t.Fatalf("Put of the changed copy: root %x, %d bytes; want %x and between 0 and %d", root2, added2, want2, added)
	}
	if st.HashTreeRoot() != want {
		t.Fatal("changing a copy changed the state")
	}
	got, ok := c.Get(want)
	if !ok || got.HashTreeRoot() != want {
		t.Fatalf("Get of the state: %v", ok)
	}
	next(got)
	if got.HashTreeRoot() == want {
		t.Fatal("next did not change what Get gave")
	}
	for i, w := range [][32]byte{want, want2} {
		got, ok := c.GetByBlock(blockRoot(i + 1))
		if !ok || got.HashTreeRoot() != w {
			t.Errorf("GetByBlock of block %d: %v, or not its state", i+1, ok)
		}
	}
	if s := c.Stats(); s.Entries != 2 {
		t.Errorf("%d entries, want 2", s.Entries)
	}
	check(t, c)
}
