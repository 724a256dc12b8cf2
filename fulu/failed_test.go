package fulu_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
)

// TestFailedOpsLeaveState tries failing operations on a Fulu state that
// holds a value, directly and through the handles of its fields, with and
// without writes pending before them, and checks that the state keeps its
// root and its encoding: those of an identical state on which the
// operation was never tried.
func TestFailedOpsLeaveState(t *testing.T) {
	spec := fulu.Minimal
	// newState makes the same state at every call.
	newState := func(t *testing.T, pending bool) *fulu.BeaconState {
		t.Helper()
		st, err := synth.FuluState(spec, 64, 5)
		if err != nil {
			t.Fatal(err)
		}
		// A full list of eth1 votes, an empty list of consolidations.
		votes := st.Eth1DataVotes()
		for votes.Len() < int(spec.Preset.Values["EPOCHS_PER_ETH1_VOTING_PERIOD"]*spec.Preset.Values["SLOTS_PER_EPOCH"]) {
			if err := votes.Append(fulu.Eth1Data{DepositCount: uint64(votes.Len())}); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.PendingConsolidations().SetAll(nil); err != nil {
			t.Fatal(err)
		}
		if pending {
			st.SetSlot(st.Slot() + 1)
			st.Balances().Set(3, 17)
			v := st.Validators().Get(5)
			v.Slashed = !v.Slashed
			st.Validators().Set(5, v)
			st.CurrentSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{9})
			_ = st.LatestExecutionPayloadHeader().ExtraData().SetBytes([]byte{1, 2, 3})
		} else {
			st.HashTreeRoot()
		}
		return st
	}
	ref := newState(t, false)
	goodSSZ, err := ref.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	goodJSON, err := ref.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	badSSZ := badStateEncodings(t, goodSSZ)
	badJSON := badStateJSON(t, goodJSON)
	headerSSZ, err := ref.LatestExecutionPayloadHeader().MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}

	type op struct {
		name   string
		panics bool
		f      func(st *fulu.BeaconState) error
	}
	ops := []op{
		{"Eth1DataVotes.Append past the limit", false, func(st *fulu.BeaconState) error {
			return st.Eth1DataVotes().Append(fulu.Eth1Data{})
		}},
		{"Eth1DataVotes.SetAll past the limit", false, func(st *fulu.BeaconState) error {
			return st.Eth1DataVotes().SetAll(make([]fulu.Eth1Data, st.Eth1DataVotes().Len()+1))
		}},
		{"PendingConsolidations.Pop of an empty list", false, func(st *fulu.BeaconState) error {
			_, err := st.PendingConsolidations().Pop()
			return err
		}},
		{"BlockRoots.SetAll too short", false, func(st *fulu.BeaconState) error {
			return st.BlockRoots().SetAll(make([]fulu.Root, 3))
		}},
		{"Slashings.SetAll too long", false, func(st *fulu.BeaconState) error {
			return st.Slashings().SetAll(make([]fulu.Gwei, st.Slashings().Len()+1))
		}},
		{"ProposerLookahead.SetBytes of the wrong length", false, func(st *fulu.BeaconState) error {
			return st.ProposerLookahead().SetBytes(make([]byte, 7))
		}},
		{"Balances.SetBytes of a partial element", false, func(st *fulu.BeaconState) error {
			return st.Balances().SetBytes(make([]byte, 9))
		}},
		{"Balances.UnmarshalSSZ of a partial element", false, func(st *fulu.BeaconState) error {
			return st.Balances().UnmarshalSSZ(make([]byte, 15))
		}},
		{"Validators.UnmarshalSSZ of an invalid boolean", false, func(st *fulu.BeaconState) error {
			b := make([]byte, 121)
			b[88] = 2
			return st.Validators().UnmarshalSSZ(b)
		}},
		{"Balances.Set out of range", true, func(st *fulu.BeaconState) error {
			st.Balances().Set(st.Balances().Len(), 1)
			return nil
		}},
		{"Validators.Set out of range", true, func(st *fulu.BeaconState) error {
			st.Validators().Set(-1, fulu.Validator{})
			return nil
		}},
		{"CurrentSyncCommittee.UnmarshalSSZ", false, func(st *fulu.BeaconState) error {
			return st.CurrentSyncCommittee().UnmarshalSSZ(make([]byte, 48))
		}},
		{"CurrentSyncCommittee.UnmarshalJSON", false, func(st *fulu.BeaconState) error {
			return st.CurrentSyncCommittee().UnmarshalJSON([]byte(`{"pubkeys":[],"aggregate_pubkey":"0x00"}`))
		}},
		{"LatestExecutionPayloadHeader.UnmarshalSSZ of a bad offset", false, func(st *fulu.BeaconState) error {
			b := bytes.Clone(headerSSZ)
			b[436] = 0xff // extra_data's offset (at 436) past the end
			return st.LatestExecutionPayloadHeader().UnmarshalSSZ(b)
		}},
		{"LatestExecutionPayloadHeader.ExtraData.SetBytes too long", false, func(st *fulu.BeaconState) error {
			return st.LatestExecutionPayloadHeader().ExtraData().SetBytes(make([]byte, 33))
		}},
		{"LatestExecutionPayloadHeader.UnmarshalJSON", false, func(st *fulu.BeaconState) error {
			return st.LatestExecutionPayloadHeader().UnmarshalJSON([]byte(`{"parent_hash":"0x01"}`))
		}},
	}
	for i, b := range badSSZ {
		ops = append(ops, op{fmt.Sprintf("UnmarshalSSZ#%d", i), false, func(st *fulu.BeaconState) error { return st.UnmarshalSSZ(b) }})
	}
	for i, b := range badJSON {
		ops = append(ops, op{fmt.Sprintf("UnmarshalJSON#%d", i), false, func(st *fulu.BeaconState) error { return st.UnmarshalJSON(b) }})
	}
	for _, o := range ops {
		for _, pending := range []bool{false, true} {
			name := o.name
			if pending {
				name += "/pending"
			}
			t.Run(name, func(t *testing.T) {
				want := newState(t, pending)
				wantRoot := want.HashTreeRoot()
				wantSSZ, err := want.MarshalSSZ()
				if err != nil {
					t.Fatal(err)
				}
				st := newState(t, pending)
				err, panicked := tryOp(func() error { return o.f(st) })
				switch {
				case o.panics && !panicked:
					t.Fatalf("no panic (error %v)", err)
				case !o.panics && panicked:
					t.Fatalf("panicked: %v", err)
				case !o.panics && err == nil:
					t.Fatal("no error")
				}
				if got := st.HashTreeRoot(); got != wantRoot {
					t.Errorf("root %x after the failed operation, want %x", got, wantRoot)
				}
				if got, err := st.MarshalSSZ(); err != nil || !bytes.Equal(got, wantSSZ) {
					t.Errorf("encoding after the failed operation differs (%d bytes, %v; want %d bytes)", len(got), err, len(wantSSZ))
				}
				fresh, err := fulu.DecodeBeaconState(spec, wantSSZ)
				if err != nil {
					t.Fatal(err)
				}
				if fresh.HashTreeRoot() != wantRoot {
					t.Errorf("root %x of the encoding, want %x", fresh.HashTreeRoot(), wantRoot)
				}
			})
		}
	}
}

// tryOp runs op and reports its error, or the panic it raised.
func tryOp(op func() error) (err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			err, panicked = fmt.Errorf("%v", r), true
		}
	}()
	return op(), false
}

// badStateEncodings returns serializations of a state, near the valid
// one good, that are not a state.
func badStateEncodings(t *testing.T, good []byte) [][]byte {
	t.Helper()
	st, err := fulu.DecodeBeaconState(fulu.Minimal, good)
	if err != nil {
		t.Fatal(err)
	}
	// A validator whose slashed flag is 2, found by its position: the
	// validators' offset is the field's, and slashed is at 88 in each.
	withBadValidator := bytes.Clone(good)
	st.Validators().Set(0, fulu.Validator{EffectiveBalance: 0x0123456789abcdef})
	marked, _ := st.MarshalSSZ()
	i := bytes.Index(marked, []byte{0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01})
	if i < 80 {
		t.Fatal("the marked validator is not in the encoding")
	}
	withBadValidator[i+8] = 2
	return [][]byte{
		good[:len(good)-1],           // a partial last element
		good[:100],                   // short of the fixed part
		append(bytes.Clone(good), 0), // a trailing byte in the last field
		withBadValidator,
		make([]byte, len(good)), // every offset zero
	}
}

// badStateJSON returns JSON texts, near the valid one good, that are not a
// state.
func badStateJSON(t *testing.T, good []byte) [][]byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(good, &m); err != nil {
		t.Fatal(err)
	}
	change := func(key string, v any) []byte {
		c := make(map[string]any, len(m))
		for k, x := range m {
			c[k] = x
		}
		if v == nil {
			delete(c, key)
		} else {
			c[key] = v
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	balances := append([]any{}, m["balances"].([]any)...)
	balances[1] = "18446744073709551616" // 2^64
	return [][]byte{
		good[:len(good)/2],
		change("slot", "x"),
		change("slot", nil),
		change("balances", balances),
		change("justification_bits", "0x0102"),
		change("eth1_data_votes", append(m["eth1_data_votes"].([]any), m["eth1_data_votes"].([]any)[0])),
		append(bytes.Clone(good), '1'),
	}
}
