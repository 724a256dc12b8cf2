package tree

import (
	"math/rand/v2"
	"testing"
)

// TestAddrSet adds and removes random addresses, many of them landing in
// one run of the table, and checks the set against a map after every step.
func TestAddrSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var s addrSet
	want := map[uintptr]bool{}
	for step := range 200_000 {
		// Few distinct values, so that adds and removes meet present and
		// absent addresses alike.
		k := uintptr(1 + r.IntN(5_000)*64)
		if r.IntN(3) == 0 && step > 100_000 || r.IntN(4) == 0 {
			if got := s.remove(k); got != want[k] {
				t.Fatalf("step %d: remove(%#x) = %v, want %v", step, k, got, want[k])
			}
			delete(want, k)
		} else {
			if got := s.add(k); got == want[k] {
				t.Fatalf("step %d: add(%#x) = %v with the address present: %v", step, k, got, want[k])
			}
			want[k] = true
		}
		if s.len() != len(want) {
			t.Fatalf("step %d: %d addresses, want %d", step, s.len(), len(want))
		}
		if probe := uintptr(1 + r.IntN(5_000)*64); s.has(probe) != want[probe] {
			t.Fatalf("step %d: has(%#x) = %v, want %v", step, probe, !want[probe], want[probe])
		}
	}
	for k := range want {
		if !s.has(k) || !s.remove(k) {
			t.Fatalf("%#x missing at the end", k)
		}
	}
	if s.len() != 0 || len(s.slots) != minAddrSlots {
		t.Errorf("emptied set: %d addresses in %d slots", s.len(), len(s.slots))
	}
}
