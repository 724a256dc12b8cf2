//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's fuzzing run leaves out of its
// instrumented build of the package (they would cost it minutes).

package diff

import (
	"os"
	"strconv"
	"testing"

	"github.com/ssztree/ssztree/fulu"
)

// benchValidators is the number of validators of the benchmarks' states:
// SSZTREE_BENCH_VALIDATORS, 20,000 by default (the targets of
// docs/performance.md#status are at 1,000,000).
func benchValidators(tb testing.TB) int {
	if s := os.Getenv("SSZTREE_BENCH_VALIDATORS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}
	return 20_000
}

// epochChanges makes to st the changes of one epoch: every balance, the
// participation flags rotated, the effective balances of 1,000
// validators spread over the list.
func epochChanges(st *fulu.BeaconState) {
	st.SetSlot(st.Slot() + 32)
	st.Balances().Update(func(i int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(i%7) + 1 })
	cur := st.CurrentEpochParticipation()
	prev := st.PreviousEpochParticipation()
	prev.SetBytes(cur.Bytes())
	cur.Update(func(i int, v fulu.ParticipationFlags) fulu.ParticipationFlags { return fulu.ParticipationFlags(i % 8) })
	vs := st.Validators()
	n := vs.Len()
	for k := 0; k < 1000 && k < n; k++ {
		i := k * n / 1000
		v := vs.Get(i)
		v.EffectiveBalance -= 1_000_000_000
		vs.Set(i, v)
	}
	st.HashTreeRoot()
}

// BenchmarkDiff compares a state with one decoded separately from its
// bytes and changed: in one validator's field, and by an epoch's changes
// (the first 100 changes reported, as a client would print them).
func BenchmarkDiff(b *testing.B) {
	n := benchValidators(b)
	a, one := decodedPair(b, fulu.Mainnet, n)
	v := one.Validators().Get(n / 2)
	v.EffectiveBalance -= 1_000_000_000
	one.Validators().Set(n/2, v)
	one.HashTreeRoot()
	epoch := one.Copy()
	epochChanges(epoch)
	b.Run("validator", func(b *testing.B) {
		for b.Loop() {
			res, err := Values(a.View(), one.View(), Options{})
			if err != nil || len(res.Changes) != 1 {
				b.Fatal(res, err)
			}
		}
	})
	b.Run("epoch", func(b *testing.B) {
		for b.Loop() {
			res, err := Values(a.View(), epoch.View(), Options{Limit: 100})
			if err != nil || !res.Truncated {
				b.Fatal(res, err)
			}
		}
	})
	b.Run("epoch/all", func(b *testing.B) {
		for b.Loop() {
			if _, err := Values(a.View(), epoch.View(), Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
