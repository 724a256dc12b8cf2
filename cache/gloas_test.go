package cache

import (
	"testing"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/versioned"
)

// TestCacheOfGloasStates caches Gloas states, whose untyped view is a
// progressive container: as a *versioned.State and as a
// *gloas.BeaconState, each under its root.
func TestCacheOfGloasStates(t *testing.T) {
	st, err := synth.GloasState(gloas.Minimal, 64, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := st.HashTreeRoot()
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	vs, err := versioned.DecodeState(forks.NameGloas, forks.Minimal, b)
	if err != nil {
		t.Fatal(err)
	}
	vc := New[*versioned.State](1 << 30)
	if root, added := vc.Put(vs, Info{Slot: 8}); root != want || added <= 0 {
		t.Fatalf("Put of a versioned Gloas state: root %x, %d bytes; want %x and more than 0", root, added, want)
	}
	if got, ok := vc.Get(want); !ok || got.HashTreeRoot() != want || got.ForkName() != forks.NameGloas {
		t.Fatalf("Get of the versioned Gloas state: %v", ok)
	}
	gc := New[*gloas.BeaconState](1 << 30)
	if root, _ := gc.Put(st, Info{Slot: 8}); root != want {
		t.Fatalf("Put of a gloas.BeaconState: root %x, want %x", root, want)
	}
	// The same state decoded apart is found cached: nothing added.
	again, err := gloas.DecodeBeaconState(gloas.Minimal, b)
	if err != nil {
		t.Fatal(err)
	}
	if root, added := gc.Put(again, Info{Slot: 8}); root != want || added != 0 {
		t.Fatalf("Put of the same state decoded apart: root %x, %d bytes added; want %x and 0", root, added, want)
	}
}
