package capella_test

import (
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/view"
)

// TestZeroValueUse checks the habits of other SSZ libraries on zero values:
// decoding into one, setting a field of one, and reading one from several
// goroutines at once.
func TestZeroValueUse(t *testing.T) {
	want := capella.NewBeaconState(capella.Mainnet)
	want.SetSlot(77)
	want.Balances().Append(32_000_000_000)
	b, err := want.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}

	var st capella.BeaconState
	if err := st.UnmarshalSSZ(b); err != nil {
		t.Fatal(err)
	}
	if st.Slot() != 77 || st.Balances().Len() != 1 || st.HashTreeRoot() != want.HashTreeRoot() {
		t.Errorf("decoded into a zero value: slot %d, %d balances", st.Slot(), st.Balances().Len())
	}
	// Once decoded, handles write through as for any view.
	st.Balances().Set(0, 1)
	if st.Balances().Get(0) != 1 {
		t.Error("a handle on a decoded zero value does not write through")
	}

	// A handle taken from a zero value writes through to it.
	var handle capella.BeaconState
	handle.Balances().Append(32_000_000_000)
	if handle.Balances().Len() != 1 {
		t.Error("a handle on a zero value does not write through")
	}

	var set capella.BeaconState
	set.SetSlot(77)
	set.Balances().Append(32_000_000_000)
	if set.HashTreeRoot() != want.HashTreeRoot() {
		t.Error("setting a zero value's fields does not give the mainnet value")
	}

	// A value made for another preset keeps it when decoded into.
	min := capella.NewBeaconState(capella.Minimal)
	mb, _ := min.MarshalSSZ()
	if err := min.UnmarshalSSZ(b); err == nil {
		t.Error("a minimal state decoded a mainnet one")
	}
	if err := min.UnmarshalSSZ(mb); err != nil || min.Spec() != capella.Minimal {
		t.Errorf("a minimal state decoding a minimal one: %v", err)
	}

	var body capella.BeaconBlockBody
	if err := json.Unmarshal([]byte(`{"graffiti": "0x01"}`), &body); err == nil {
		t.Error("JSON of a body without most of its fields: no error")
	}
	full, _ := json.Marshal(capella.NewBeaconBlockBody(capella.Mainnet))
	if err := json.Unmarshal(full, &body); err != nil {
		t.Errorf("JSON into a zero body: %v", err)
	}

	if _, err := capella.DecodeBeaconState(nil, b); !errors.Is(err, capella.ErrNilSpec) {
		t.Errorf("DecodeBeaconState(nil, ...): %v", err)
	}

	// Goroutines that use one zero value at once all get the one default
	// view its first use makes (a race under -race if making it were not
	// atomic).
	var zero capella.BeaconState
	views := make([]*view.Container, 4)
	var wg sync.WaitGroup
	for i := range views {
		wg.Add(1)
		go func() {
			defer wg.Done()
			views[i] = zero.View()
		}()
	}
	wg.Wait()
	for _, v := range views {
		if v != views[0] || v != zero.View() {
			t.Fatal("goroutines using one zero value got different views")
		}
	}
	if zero.HashTreeRoot() != capella.NewBeaconState(capella.Mainnet).HashTreeRoot() {
		t.Error("the zero value is not the mainnet default")
	}
}
