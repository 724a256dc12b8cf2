package floor

import (
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/schema"
)

func TestPairs(t *testing.T) {
	spec := capella.Mainnet
	validator := spec.Type("BeaconState").Field(11).Type.(*schema.List).Elem()
	for _, c := range []struct {
		name string
		t    schema.Type
		b    []byte
		want uint64
	}{
		{"Checkpoint", spec.Type("Checkpoint"), make([]byte, 40), 1},
		// pubkey: 1; 8 fields: 7.
		{"Validator", validator, make([]byte, 121), 8},
		// 3 chunks at depth 2: 2 + 1; and the mix-in.
		{"List[uint64, 16]", schema.Must(schema.NewList(schema.Uint64, 16)), make([]byte, 8*9), 4},
		// One chunk at depth 38 (2^40 / 4): 38; and the mix-in.
		{"balances of 1", schema.Must(schema.NewList(schema.Uint64, 1<<40)), make([]byte, 8), 39},
		// Empty: a zero subtree, and the mix-in.
		{"empty list", schema.Must(schema.NewList(schema.Uint64, 1<<40)), nil, 1},
	} {
		got, err := Pairs(c.t, c.b)
		if err != nil || got != c.want {
			t.Errorf("%s: %d, %v; want %d", c.name, got, err, c.want)
		}
	}
}

func TestPaths(t *testing.T) {
	st := capella.Mainnet.Type("BeaconState")
	// State depth 5, list mix-in 1, balances data depth 38.
	if got, err := Paths(st, "balances[7]"); err != nil || got != 44 {
		t.Errorf("balances[7]: %d, %v; want 44", got, err)
	}
	// Balances 0..3 share a chunk.
	if got, err := Paths(st, "balances[0]", "balances[3]"); err != nil || got != 44 {
		t.Errorf("balances[0], [3]: %d, %v; want 44", got, err)
	}
	// 5 + 1 + 40 + 3.
	if got, err := Paths(st, "validators[9].effective_balance"); err != nil || got != 49 {
		t.Errorf("effective balance: %d, %v; want 49", got, err)
	}
}
