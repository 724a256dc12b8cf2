//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's fuzzing run leaves out of its
// instrumented build of the package (they would cost it minutes).

package diff

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
)

// decodedPair returns a synthetic state of n validators and a second one
// decoded separately from its bytes, sharing no node with it.
func decodedPair(tb testing.TB, spec *fulu.Spec, n int) (*fulu.BeaconState, *fulu.BeaconState) {
	tb.Helper()
	a, err := synth.FuluState(spec, n, 1)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := a.MarshalSSZ()
	if err != nil {
		tb.Fatal(err)
	}
	b, err := fulu.DecodeBeaconState(spec, data)
	if err != nil {
		tb.Fatal(err)
	}
	a.HashTreeRoot()
	b.HashTreeRoot()
	return a, b
}

func TestStateChanges(t *testing.T) {
	a, b := decodedPair(t, fulu.Minimal, 300)
	res, err := Values(a.View(), b.View(), Options{})
	if err != nil || len(res.Changes) != 0 {
		t.Fatalf("equal states: %v, %v", res, err)
	}
	b.SetSlot(b.Slot() + 1)
	b.Balances().Set(7, b.Balances().Get(7)+1)
	v := b.Validators().Get(12)
	v.EffectiveBalance -= 1_000_000_000
	b.Validators().Set(12, v)
	hdr := b.LatestBlockHeader()
	hdr.StateRoot[0] ^= 1
	b.SetLatestBlockHeader(hdr)
	if err := b.Validators().Append(v); err != nil {
		t.Fatal(err)
	}
	res, err = Values(a.View(), b.View(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"slot changed",
		"latest_block_header.state_root changed",
		"validators[12].effective_balance changed",
		"validators[300] added",
		"balances[7] changed",
	}
	if len(res.Changes) != len(want) {
		t.Fatalf("changes:\n%s", describe(res.Changes))
	}
	for i, c := range res.Changes {
		if got := c.Path.String() + " " + c.Kind.String(); got != want[i] {
			t.Errorf("change %d: %s, want %s", i, got, want[i])
		}
	}
	res, err = Values(a.View(), b.View(), Options{Limit: 2})
	if err != nil || len(res.Changes) != 2 || !res.Truncated {
		t.Fatalf("limit 2: %v, %v", res, err)
	}
	back, err := Values(b.View(), a.View(), Options{})
	if err != nil || len(back.Changes) != len(want) || back.Changes[3].Kind != Removed {
		t.Fatalf("reversed: %v, %v", back, err)
	}
}

// TestGloasStateChanges checks a diff of Gloas states, whose lists are
// progressive: changed elements are reported one by one, as in Fulu's
// bounded lists, not the whole list.
func TestGloasStateChanges(t *testing.T) {
	a, err := synth.GloasState(gloas.Minimal, 300, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := a.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	b, err := gloas.DecodeBeaconState(gloas.Minimal, data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Values(a.View(), b.View(), Options{})
	if err != nil || len(res.Changes) != 0 {
		t.Fatalf("equal states: %v, %v", res, err)
	}
	b.Balances().Set(7, b.Balances().Get(7)+1)
	b.Balances().Set(290, 5)
	v := b.Validators().Get(12)
	v.Slashed = !v.Slashed
	b.Validators().Set(12, v)
	if err := b.Validators().Append(v); err != nil {
		t.Fatal(err)
	}
	res, err = Values(a.View(), b.View(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"validators[12].slashed changed",
		"validators[300] added",
		"balances[7] changed",
		"balances[290] changed",
	}
	if len(res.Changes) != len(want) {
		t.Fatalf("changes:\n%s", describe(res.Changes))
	}
	for i, c := range res.Changes {
		if got := c.Path.String() + " " + c.Kind.String(); got != want[i] {
			t.Errorf("change %d: %s, want %s", i, got, want[i])
		}
	}
}

func TestTypeMismatch(t *testing.T) {
	a := fulu.NewBeaconState(fulu.Minimal)
	b := fulu.NewBeaconState(fulu.Mainnet)
	_, err := Values(a.View(), b.View(), Options{})
	if !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("minimal against mainnet: %v", err)
	}
	t.Log(err)
	if _, err := Values(a.View(), fulu.NewBeaconState(fulu.Minimal).View(), Options{}); err != nil {
		t.Fatalf("two minimal states: %v", err)
	}
}
