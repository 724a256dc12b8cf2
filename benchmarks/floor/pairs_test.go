package floor

import (
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/schema"
)

func TestPairs(t *testing.T) {
	spec := capella.Mainnet
	validator := spec.Container("BeaconState").Field(11).Type.(*schema.List).Elem()
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
		// Empty: a zero spine, and the mix-in.
		{"empty progressive list", schema.Must(schema.NewProgressiveList(schema.Uint64)), nil, 1},
		// 3 chunks: subtree 0 holds 1 (no pair below it), subtree 1 the
		// other 2 at depth 2 (2 pairs); each subtree hashed with the
		// spine's rest (2); the mix-in.
		{"ProgressiveList[uint64] of 9", schema.Must(schema.NewProgressiveList(schema.Uint64)), make([]byte, 8*9), 5},
		// 21 chunks fill subtrees 0, 1, 2 (0 + 3 + 15 pairs), 3 spine
		// pairs, the mix-in.
		{"ProgressiveList[uint64] of 84", schema.Must(schema.NewProgressiveList(schema.Uint64)), make([]byte, 8*84), 22},
		// 22 chunks: a fourth subtree of 1 chunk at depth 6 (6 pairs)
		// and its spine pair.
		{"ProgressiveList[uint64] of 85", schema.Must(schema.NewProgressiveList(schema.Uint64)), make([]byte, 8*85), 29},
		// 10 bits, one chunk: its spine pair and the mix-in.
		{"ProgressiveBitList of 10", schema.NewProgressiveBitlist(), []byte{0, 4}, 2},
		// active_fields 1, 0, 1: 3 chunks (the inactive one zero) as in
		// the list of 9, the active_fields mix-in; no pair in the uint64
		// fields.
		{"ProgressiveContainer(1, 0, 1)", schema.Must(schema.NewProgressiveContainer("C", []bool{true, false, true},
			schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "b", Type: schema.Uint64})), make([]byte, 16), 5},
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
