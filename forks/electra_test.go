package forks

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

func TestElectraRedefines(t *testing.T) {
	want := []string{
		"AggregateAndProof", "Attestation", "AttesterSlashing", "BeaconBlock", "BeaconBlockBody",
		"BeaconState", "BlindedBeaconBlock", "BlindedBeaconBlockBody", "IndexedAttestation",
		"LightClientBootstrap", "LightClientFinalityUpdate",
		"LightClientUpdate", "SignedAggregateAndProof", "SignedBeaconBlock", "SignedBlindedBeaconBlock",
	}
	if got := redefined(Electra); !slices.Equal(got, want) {
		t.Errorf("Electra redefines %v, want %v", got, want)
	}
	for name, owner := range map[string]*def.Fork{
		"ExecutionPayload": Deneb, "LightClientHeader": Deneb, "LightClientOptimisticUpdate": Deneb,
		"BlobSidecar": Deneb, "PendingAttestation": Phase0, "SingleAttestation": Electra,
	} {
		if o := Electra.Owner(name); o != owner {
			t.Errorf("%s of Electra is defined in %s, want %s", name, o.Name, owner.Name)
		}
	}
}

// TestElectraFields checks the containers Electra changes against
// specs/electra/beacon-chain.md.
func TestElectraFields(t *testing.T) {
	for _, tt := range []struct {
		p                *def.Preset
		attesters, state uint64
	}{
		{Mainnet, 2048 * 64, 37},
		{Minimal, 2048 * 4, 37},
	} {
		ts := resolve(t, Electra, tt.p)
		if got := ts.Container("BeaconState").NumFields(); uint64(got) != tt.state {
			t.Errorf("%s: BeaconState has %d fields, want %d", tt.p.Name, got, tt.state)
		}
		att := ts.Container("Attestation")
		if got := att.Field(0).Type.(*schema.Bitlist).Limit(); got != tt.attesters {
			t.Errorf("%s: Attestation.aggregation_bits of limit %d, want %d", tt.p.Name, got, tt.attesters)
		}
		if got := ts.Container("IndexedAttestation").Field(0).Type.(*schema.List).Limit(); got != tt.attesters {
			t.Errorf("%s: IndexedAttestation.attesting_indices of limit %d, want %d", tt.p.Name, got, tt.attesters)
		}
		body := ts.Container("BeaconBlockBody")
		for name, limit := range map[string]uint64{"attester_slashings": 1, "attestations": 8} {
			if got := body.Field(body.FieldIndex(name)).Type.(*schema.List).Limit(); got != limit {
				t.Errorf("%s: BeaconBlockBody.%s of limit %d, want %d", tt.p.Name, name, got, limit)
			}
		}
		if body.NumFields() != 13 || body.Field(12).Type != schema.Type(ts.Container("ExecutionRequests")) {
			t.Errorf("%s: BeaconBlockBody does not end with the execution requests", tt.p.Name)
		}
		for name, size := range map[string]int{
			"PendingDeposit": 48 + 32 + 8 + 96 + 8, "PendingPartialWithdrawal": 24, "PendingConsolidation": 16,
			"DepositRequest": 48 + 32 + 8 + 96 + 8, "WithdrawalRequest": 20 + 48 + 8,
			"ConsolidationRequest": 20 + 48 + 48, "SingleAttestation": 8 + 8 + 128 + 96,
		} {
			if c := ts.Container(name); !c.IsFixedSize() || c.FixedSize() != size {
				t.Errorf("%s: %s of %d bytes, want %d", tt.p.Name, name, c.FixedSize(), size)
			}
		}
	}
}

// TestLightClientIndicesLater checks the generalized indices of the
// light-client proofs of the forks after Capella: Deneb's are Capella's,
// and Electra's BeaconState, of more than 32 fields, has them one level
// deeper (FINALIZED_ROOT_GINDEX_ELECTRA...), as Fulu's, of at most 64,
// keeps them. The branches of the light-client containers are as long.
func TestLightClientIndicesLater(t *testing.T) {
	for _, tt := range []struct {
		fork                     *def.Fork
		finalized, current, next uint64
	}{
		{Deneb, FinalizedRootIndex, CurrentSyncCommitteeIndex, NextSyncCommitteeIndex},
		{Electra, FinalizedRootIndexElectra, CurrentSyncCommitteeIndexElectra, NextSyncCommitteeIndexElectra},
		{Fulu, FinalizedRootIndexElectra, CurrentSyncCommitteeIndexElectra, NextSyncCommitteeIndexElectra},
	} {
		for _, p := range []*def.Preset{Mainnet, Minimal} {
			ts := resolve(t, tt.fork, p)
			for _, c := range []struct {
				container, path string
				index           uint64
				branches        []string // Container.field of the branch
			}{
				{"BeaconState", "finalized_checkpoint.root", tt.finalized,
					[]string{"LightClientUpdate.finality_branch", "LightClientFinalityUpdate.finality_branch"}},
				{"BeaconState", "current_sync_committee", tt.current,
					[]string{"LightClientBootstrap.current_sync_committee_branch"}},
				{"BeaconState", "next_sync_committee", tt.next,
					[]string{"LightClientUpdate.next_sync_committee_branch"}},
				{"BeaconBlockBody", "execution_payload", ExecutionPayloadIndex,
					[]string{"LightClientHeader.execution_branch"}},
			} {
				g, err := schema.Gindex(ts.Container(c.container), c.path)
				if err != nil {
					t.Fatal(err)
				}
				if uint64(g) != c.index {
					t.Errorf("%s %s: gindex of %s.%s is %d, want %d", tt.fork.Name, p.Name, c.container, c.path, g, c.index)
				}
				depth := uint64(bits.Len64(c.index) - 1)
				for _, b := range c.branches {
					cname, fname, _ := strings.Cut(b, ".")
					sc := ts.Container(cname)
					f := sc.Field(sc.FieldIndex(fname))
					if n := f.Type.(*schema.Vector).Len(); n != depth {
						t.Errorf("%s %s: %s of %d roots, want floorlog2(%d) = %d", tt.fork.Name, p.Name, b, n, c.index, depth)
					}
				}
			}
		}
	}
}

func TestElectraPresets(t *testing.T) {
	for _, tt := range []struct {
		p         *def.Preset
		attesters uint64
	}{
		{Mainnet, 2048 * 64},
		{Minimal, 2048 * 4},
	} {
		if v := tt.p.Values["MAX_ATTESTERS_PER_SLOT"]; v != tt.attesters {
			t.Errorf("%s: MAX_ATTESTERS_PER_SLOT = %d, want %d", tt.p.Name, v, tt.attesters)
		}
	}
}

// TestLightClientProofs checks that each index of LightClientProofs is,
// in the containers of its fork, the value of the constant of its name,
// and that its branch has the length of the field that holds it.
func TestLightClientProofs(t *testing.T) {
	values := map[string]uint64{
		"FINALIZED_ROOT_GINDEX":                 FinalizedRootIndex,
		"CURRENT_SYNC_COMMITTEE_GINDEX":         CurrentSyncCommitteeIndex,
		"NEXT_SYNC_COMMITTEE_GINDEX":            NextSyncCommitteeIndex,
		"EXECUTION_PAYLOAD_GINDEX":              ExecutionPayloadIndex,
		"FINALIZED_ROOT_GINDEX_ELECTRA":         FinalizedRootIndexElectra,
		"CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA": CurrentSyncCommitteeIndexElectra,
		"NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA":    NextSyncCommitteeIndexElectra,
		"FINALIZED_ROOT_GINDEX_GLOAS":           FinalizedRootIndexGloas,
		"CURRENT_SYNC_COMMITTEE_GINDEX_GLOAS":   CurrentSyncCommitteeIndexGloas,
		"NEXT_SYNC_COMMITTEE_GINDEX_GLOAS":      NextSyncCommitteeIndexGloas,
		"EXECUTION_BLOCK_HASH_GINDEX_GLOAS":     ExecutionBlockHashIndexGloas,
	}
	byName := map[string]*def.Fork{}
	for _, f := range []*def.Fork{Altair, Capella, Electra, Gloas} {
		byName[f.Name] = f
	}
	for _, p := range LightClientProofs {
		f := byName[p.Fork]
		if f == nil {
			t.Errorf("%s: unknown fork %q", p.Gindex, p.Fork)
			continue
		}
		ts, err := f.Resolve(Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		g, err := schema.Gindex(ts.Type(p.Container), p.Path)
		if err != nil {
			t.Errorf("%s: %v", p.Gindex, err)
			continue
		}
		if want, ok := values[p.Gindex]; !ok || uint64(g) != want {
			t.Errorf("%s: %s of %s is %d in %s, want %d", p.Gindex, p.Path, p.Container, g, p.Fork, want)
		}
		holder := "LightClientUpdate"
		if p.Field == "execution_branch" {
			holder = "LightClientHeader"
		} else if p.Field == "current_sync_committee_branch" {
			holder = "LightClientBootstrap"
		}
		c := ts.Container(holder)
		if c == nil || c.FieldIndex(p.Field) < 0 {
			t.Errorf("%s: %s has no %s.%s", p.Gindex, p.Fork, holder, p.Field)
		} else if got := c.Field(c.FieldIndex(p.Field)).Type.FixedSize() / 32; got != g.Depth() {
			t.Errorf("%s: %s.%s has %d roots, want floorlog2 %d", p.Gindex, holder, p.Field, got, g.Depth())
		}
	}
}
