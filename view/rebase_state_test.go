//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's 386 run and its fuzzing build leave
// out (their compile would cost minutes there).

package view_test

import (
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// nextEpoch makes to st the changes of one epoch: every balance, the
// participation flags rotated, the effective balances of 1,000
// validators spread over the list, a randao mix.
func nextEpoch(st *fulu.BeaconState) {
	st.SetSlot(st.Slot() + 32)
	st.Balances().Update(func(i int, v fulu.Gwei) fulu.Gwei { return v + fulu.Gwei(i%7) + 1 })
	cur := st.CurrentEpochParticipation()
	if err := st.PreviousEpochParticipation().SetBytes(cur.Bytes()); err != nil {
		panic(err)
	}
	cur.Update(func(i int, v fulu.ParticipationFlags) fulu.ParticipationFlags { return fulu.ParticipationFlags(i % 8) })
	vs := st.Validators()
	n := vs.Len()
	for k := 0; k < 1000 && k < n; k++ {
		i := k * n / 1000
		v := vs.Get(i)
		v.EffectiveBalance -= 1_000_000_000
		vs.Set(i, v)
	}
	mixes := st.RandaoMixes()
	m := mixes.Get(3)
	m[0] ^= 1
	mixes.Set(3, m)
	st.HashTreeRoot()
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestRebaseStateMemory decodes a state one epoch after another
// separately, rebases it on the other, and checks that it then holds at
// most 1.2 times what the same state made by changing a copy holds.
func TestRebaseStateMemory(t *testing.T) {
	n := 20_000
	if testing.Short() {
		n = 5_000
	}
	base, err := synth.FuluState(fulu.Mainnet, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	base.HashTreeRoot()
	next := base.Copy()
	nextEpoch(next)
	data, err := next.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	root := next.HashTreeRoot()
	next = nil

	h0 := heap()
	copied := base.Copy()
	nextEpoch(copied)
	byCopy := int64(heap()) - int64(h0)
	if copied.HashTreeRoot() != root {
		t.Fatal("the copy changed differs from the state encoded")
	}
	copied = nil
	runtime.KeepAlive(copied)

	h0 = heap()
	decoded, err := fulu.DecodeBeaconState(fulu.Mainnet, data)
	if err != nil {
		t.Fatal(err)
	}
	decoded.HashTreeRoot()
	alone := int64(heap()) - int64(h0)
	if err := view.Rebase(decoded.View(), base.View()); err != nil {
		t.Fatal(err)
	}
	rebased := int64(heap()) - int64(h0)
	if decoded.HashTreeRoot() != root {
		t.Fatal("rebase changed the root")
	}
	out, err := decoded.MarshalSSZ()
	if err != nil || string(out) != string(data) {
		t.Fatalf("rebase changed the encoding (%v)", err)
	}
	t.Logf("%d validators, %d bytes of SSZ: the state changed from a copy holds %d bytes more, decoded %d, decoded and rebased %d (%.2f times the copy's)",
		n, len(data), byCopy, alone, rebased, float64(rebased)/float64(byCopy))
	if float64(rebased) > 1.2*float64(byCopy) {
		t.Errorf("rebased state holds %d bytes, above 1.2 times the %d of a copy changed", rebased, byCopy)
	}
	runtime.KeepAlive(decoded)

	// The same through an index of base, as a cache does it.
	h0 = heap()
	idx := tree.NewIndex()
	idx.Add(base.View().Node())
	indexBytes := int64(heap()) - int64(h0)
	h0 = heap()
	again, err := fulu.DecodeBeaconState(fulu.Mainnet, data)
	if err != nil {
		t.Fatal(err)
	}
	view.RebaseOn(again.View(), idx)
	indexed := int64(heap()) - int64(h0)
	if again.HashTreeRoot() != root {
		t.Fatal("rebase on the index changed the root")
	}
	t.Logf("an index of the state: %d nodes, %d bytes; decoded and rebased on it %d bytes (%.2f times the copy's)",
		idx.Len(), indexBytes, indexed, float64(indexed)/float64(byCopy))
	if float64(indexed) > 1.2*float64(byCopy) {
		t.Errorf("state rebased on the index holds %d bytes, above 1.2 times the %d of a copy changed", indexed, byCopy)
	}
	runtime.KeepAlive(again)
	runtime.KeepAlive(idx)
	runtime.KeepAlive(base)
	runtime.KeepAlive(data)
}
