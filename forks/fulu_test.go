package forks

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

func TestFuluRedefines(t *testing.T) {
	if got, want := redefined(Fulu), []string{"BeaconState"}; !slices.Equal(got, want) {
		t.Errorf("Fulu redefines %v, want %v", got, want)
	}
	if o := Fulu.Owner("LightClientBootstrap"); o != Electra {
		t.Errorf("LightClientBootstrap of Fulu is defined in %s, want electra", o.Name)
	}
}

// TestFuluFields checks the containers of Fulu against
// specs/fulu/beacon-chain.md and specs/fulu/das-core.md.
func TestFuluFields(t *testing.T) {
	for _, tt := range []struct {
		p         *def.Preset
		lookahead uint64
	}{
		{Mainnet, (1 + 1) * 32},
		{Minimal, (1 + 1) * 8},
	} {
		ts := resolve(t, Fulu, tt.p)
		if v := tt.p.Values["PROPOSER_LOOKAHEAD_SLOTS"]; v != tt.lookahead {
			t.Errorf("%s: PROPOSER_LOOKAHEAD_SLOTS = %d, want %d", tt.p.Name, v, tt.lookahead)
		}
		state := ts.Container("BeaconState")
		if state.NumFields() != 38 {
			t.Errorf("%s: BeaconState has %d fields, want 38", tt.p.Name, state.NumFields())
		}
		lookahead := state.Field(37)
		if v, ok := lookahead.Type.(*schema.Vector); lookahead.Name != "proposer_lookahead" || !ok || v.Len() != tt.lookahead {
			t.Errorf("%s: BeaconState ends with %s %v", tt.p.Name, lookahead.Name, lookahead.Type)
		}
		// cell of 64 field elements, proof, column and row.
		if entry := ts.Container("MatrixEntry"); !entry.IsFixedSize() || entry.FixedSize() != 64*32+48+8+8 {
			t.Errorf("%s: MatrixEntry of %d bytes", tt.p.Name, entry.FixedSize())
		}
		column := ts.Container("DataColumnSidecar").Field(1).Type.(*schema.List)
		if column.Limit() != 4096 || column.Elem().FixedSize() != 2048 {
			t.Errorf("%s: DataColumnSidecar.column is %v", tt.p.Name, column)
		}
		// KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH is, as the preset file
		// says, floorlog2(get_generalized_index(BeaconBlockBody,
		// 'blob_kzg_commitments')): the proof of the list's root.
		g, err := schema.Gindex(ts.Container("BeaconBlockBody"), "blob_kzg_commitments")
		if err != nil {
			t.Fatal(err)
		}
		if want := uint64(bits.Len64(uint64(g)) - 1); tt.p.Values["KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"] != want {
			t.Errorf("%s: KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH = %d, want %d", tt.p.Name, tt.p.Values["KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"], want)
		}
	}
}
