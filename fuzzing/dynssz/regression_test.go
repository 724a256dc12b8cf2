package dynssz

import (
	"testing"

	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fuzzing/difftest"
	"github.com/ssztree/ssztree/schema"
)

// TestKnownDisagreements holds the smallest input of each disagreement
// settled against dynamic-ssz (../README.md, "Disagreements"): without the
// known classes the harness must report it, with them it must not.
func TestKnownDisagreements(t *testing.T) {
	ts, err := forks.Phase0.Resolve(forks.Presets["mainnet"])
	if err != nil {
		t.Fatal(err)
	}
	state := ts.Container("BeaconState")
	b, err := state.Encode(nil, state.Default())
	if err != nil {
		t.Fatal(err)
	}
	i := fieldIndex(t, state, "justification_bits")
	b[state.FieldOffset(i)] = 0x80 // a bit past the Bitvector[4]

	target := &difftest.Target{Type: state, Peers: []difftest.Peer{dynsszPeer[phase0.BeaconState]()}}
	if ds := difftest.Disagreements(target, b); len(ds) != 1 {
		t.Fatalf("without the known classes: %d disagreements, want 1: %q", len(ds), ds)
	}
	target.Known = knownClasses
	if ds := difftest.Disagreements(target, b); len(ds) != 0 {
		t.Fatalf("the known classes leave %q", ds)
	}
}

func fieldIndex(tb testing.TB, c *schema.Container, name string) int {
	tb.Helper()
	for i := range c.NumFields() {
		if c.Field(i).Name == name {
			return i
		}
	}
	tb.Fatalf("%v has no field %s", c, name)
	return -1
}
