package capella_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
)

// fromScratch returns the root of st computed from scratch: by encoding it
// and decoding the bytes into a fresh tree.
func fromScratch(t *testing.T, st *capella.BeaconState) [32]byte {
	t.Helper()
	data, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := capella.DecodeBeaconState(st.Spec(), data)
	if err != nil {
		t.Fatal(err)
	}
	return fresh.HashTreeRoot()
}

func checkRoot(t *testing.T, st *capella.BeaconState, what string) {
	t.Helper()
	if got, want := st.HashTreeRoot(), fromScratch(t, st); got != want {
		t.Fatalf("%s: incremental root %x, from scratch %x", what, got, want)
	}
}

// TestStateTransitionWrites plays what a state transition does to a state's
// trees (slot processing, an epoch's balance updates, a deposit) and checks
// each root against one computed from scratch, and that a copy taken before
// keeps its root and contents.
func TestStateTransitionWrites(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Minimal, capella.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			st, err := synth.CapellaState(spec, 2000, 1)
			if err != nil {
				t.Fatal(err)
			}
			before := st.Copy()
			beforeRoot := before.HashTreeRoot()
			beforeBytes, _ := before.MarshalSSZ()
			p := spec.Preset.Values

			// Slot processing: the previous state root into state_roots,
			// the block root into block_roots, the header's state root.
			for i := 0; i < 5; i++ {
				previous := capella.Root(st.HashTreeRoot())
				slot := uint64(st.Slot())
				k := int(slot % p["SLOTS_PER_HISTORICAL_ROOT"])
				st.StateRoots().Set(k, previous)
				header := st.LatestBlockHeader()
				header.StateRoot = previous
				st.SetLatestBlockHeader(header)
				st.BlockRoots().Set(k, header.HashTreeRoot())
				st.SetSlot(st.Slot() + 1)
				checkRoot(t, st, "slot processing")
				if st.StateRoots().Get(k) != previous || st.BlockRoots().Get(k) != header.HashTreeRoot() {
					t.Fatal("the root vectors do not hold what was written")
				}
			}

			// An epoch: every balance changes at once.
			balances := st.Balances()
			all := slices.Collect(balances.Values())
			for i := range all {
				all[i] += capella.Gwei(i % 1000)
			}
			if err := balances.SetAll(all); err != nil {
				t.Fatal(err)
			}
			checkRoot(t, st, "every balance")
			for i, b := range balances.All() {
				if b != all[i] {
					t.Fatalf("balance %d is %d, want %d", i, b, all[i])
				}
			}

			// A deposit: a validator, its balance, participation and
			// inactivity entries.
			n := st.Validators().Len()
			v := synth.Validator(42, 100)
			if err := st.Validators().Append(v); err != nil {
				t.Fatal(err)
			}
			if err := st.Balances().Append(32_000_000_000); err != nil {
				t.Fatal(err)
			}
			for _, l := range []interface {
				Append(capella.ParticipationFlags) error
			}{st.PreviousEpochParticipation(), st.CurrentEpochParticipation()} {
				if err := l.Append(0); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.InactivityScores().Append(0); err != nil {
				t.Fatal(err)
			}
			checkRoot(t, st, "deposit")
			if got := st.Validators().Get(n); got != v {
				t.Fatalf("the deposited validator reads back as %+v", got)
			}
			if st.Validators().Len() != n+1 || st.Balances().Len() != n+1 || st.InactivityScores().Len() != n+1 {
				t.Fatal("the registry lists are not all one longer")
			}

			// The copy kept its root and its contents.
			if before.HashTreeRoot() != beforeRoot {
				t.Fatal("the copy's root changed")
			}
			if b, _ := before.MarshalSSZ(); !bytes.Equal(b, beforeBytes) {
				t.Fatal("the copy's contents changed")
			}
			if before.Validators().Len() != n || before.Slot()+5 != st.Slot() {
				t.Fatal("the copy sees the original's changes")
			}
		})
	}
}

// TestValidatorFieldUpdate changes one field of one validator, as slashing
// or an effective balance update does.
func TestValidatorFieldUpdate(t *testing.T) {
	st, err := synth.CapellaState(capella.Minimal, 100, 2)
	if err != nil {
		t.Fatal(err)
	}
	st.HashTreeRoot()
	validators := st.Validators()
	v := validators.Get(17)
	v.EffectiveBalance = 31_000_000_000
	v.Slashed = true
	validators.Set(17, v)
	checkRoot(t, st, "validator update")
	if got := validators.Get(17); got != v {
		t.Fatalf("validator 17 reads back as %+v", got)
	}
}
