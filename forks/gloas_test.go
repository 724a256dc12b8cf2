package forks

import (
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// gloasStatic are the types of the Gloas ssz_static tests: Fulu's and the
// 19 that Gloas adds.
var gloasStatic = append(slices.Clone(fuluStatic),
	"Builder", "BuilderDepositRequest", "BuilderExitRequest", "BuilderPendingPayment",
	"BuilderPendingWithdrawal", "ExecutionPayloadBid", "ExecutionPayloadEnvelope",
	"IndexedPayloadAttestation", "PayloadAttestation", "PayloadAttestationData",
	"PayloadAttestationMessage", "ProposerPreferences", "SignedExecutionPayloadBid",
	"SignedExecutionPayloadEnvelope", "SignedProposerPreferences",
	"PartialDataColumnGroupID", "PartialDataColumnHeader", "PartialDataColumnPartsMetadata",
	"PartialDataColumnSidecar",
)

// fielded is what schema's containers and progressive containers share.
type fielded interface {
	schema.Type
	NumFields() int
	Field(i int) schema.Field
	FieldIndex(name string) int
}

func gloasType(t *testing.T, ts *def.Types, name string) fielded {
	t.Helper()
	c, ok := ts.Type(name).(fielded)
	if !ok {
		t.Fatalf("gloas %s: %s resolves to %T", ts.Preset.Name, name, ts.Type(name))
	}
	return c
}

func fieldNamesOf(c fielded) []string {
	names := make([]string, c.NumFields())
	for i := range names {
		names[i] = c.Field(i).Name
	}
	return names
}

func TestGloasNames(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts := resolve(t, Gloas, p)
		compareNames(t, "gloas "+p.Name+" (list of ssz_static types)", ts.Names(), gloasStatic)
		for _, name := range ts.Names() {
			if ts.Type(name) == nil {
				t.Errorf("gloas %s: %s does not resolve", p.Name, name)
			}
		}
		for _, name := range blindedBlockNames {
			if Gloas.Lookup(name) != nil || ts.Type(name) != nil || Fulu.Lookup(name) == nil {
				t.Errorf("gloas %s: %s is still there (or Fulu lost it)", p.Name, name)
			}
		}
	}
	dir := specDir(t)
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		folders, err := os.ReadDir(filepath.Join(dir, "tests", p.Name, "gloas", "ssz_static"))
		if err != nil {
			if os.Getenv(samples.EnvDir) == "" {
				t.Errorf("the carried conformance data has no gloas ssz_static folder for %s: %v", p.Name, err)
			} else { // a release from before Gloas
				t.Logf("no gloas ssz_static folder for %s: %v", p.Name, err)
			}
			continue
		}
		static := notCarried(p)
		for _, e := range folders {
			static = append(static, e.Name())
		}
		compareNames(t, filepath.Join(p.Name, "gloas", "ssz_static"), resolve(t, Gloas, p).Names(), static)
	}
}

// TestGloasProgressive checks which containers of Gloas are progressive,
// with every field active (specs/gloas/beacon-chain.md), and which are
// not.
func TestGloasProgressive(t *testing.T) {
	progressive := map[string]int{
		"Attestation": 4, "IndexedAttestation": 3, "BeaconBlockBody": 13, "BeaconState": 46,
		"ExecutionPayload": 19, "ExecutionRequests": 5, "ExecutionPayloadBid": 12,
		"ExecutionPayloadEnvelope": 5, "PayloadAttestation": 3, "IndexedPayloadAttestation": 3,
	}
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts := resolve(t, Gloas, p)
		for _, name := range ts.Names() {
			n, want := progressive[name]
			pc, is := ts.Type(name).(*schema.ProgressiveContainer)
			switch {
			case is != want:
				t.Errorf("gloas %s: %s progressive: %v, want %v", p.Name, name, is, want)
			case is && (pc.NumFields() != n || slices.Contains(pc.ActiveFields(), false) || len(pc.ActiveFields()) != n):
				t.Errorf("gloas %s: %s has %d fields, active_fields %v; want [1] * %d", p.Name, name, pc.NumFields(), pc.ActiveFields(), n)
			}
		}
	}
}

// TestGloasFields checks the field lists of the containers that Gloas
// derives from Fulu's by editing them against those of the specification.
func TestGloasFields(t *testing.T) {
	want := map[string]string{
		// specs/gloas/beacon-chain.md
		"BeaconState": "genesis_time genesis_validators_root slot fork latest_block_header block_roots state_roots " +
			"historical_roots eth1_data eth1_data_votes eth1_deposit_index validators balances randao_mixes slashings " +
			"previous_epoch_participation current_epoch_participation justification_bits previous_justified_checkpoint " +
			"current_justified_checkpoint finalized_checkpoint inactivity_scores current_sync_committee next_sync_committee " +
			"latest_block_hash next_withdrawal_index next_withdrawal_validator_index historical_summaries " +
			"deposit_requests_start_index deposit_balance_to_consume exit_balance_to_consume earliest_exit_epoch " +
			"consolidation_balance_to_consume earliest_consolidation_epoch pending_deposits pending_partial_withdrawals " +
			"pending_consolidations proposer_lookahead builders next_withdrawal_builder_index execution_payload_availability " +
			"builder_pending_payments builder_pending_withdrawals latest_execution_payload_bid payload_expected_withdrawals ptc_window",
		"BeaconBlockBody": "randao_reveal eth1_data graffiti proposer_slashings attester_slashings attestations deposits " +
			"voluntary_exits sync_aggregate bls_to_execution_changes signed_execution_payload_bid payload_attestations " +
			"parent_execution_requests",
		"ExecutionPayload": "parent_hash fee_recipient state_root receipts_root logs_bloom prev_randao block_number gas_limit " +
			"gas_used timestamp extra_data base_fee_per_gas block_hash transactions withdrawals blob_gas_used excess_blob_gas " +
			"block_access_list slot_number",
		"ExecutionRequests": "deposits withdrawals consolidations builder_deposits builder_exits",
		"Attestation":       "aggregation_bits data signature committee_bits",
		// specs/gloas/p2p-interface.md
		"DataColumnSidecar": "index column kzg_proofs slot beacon_block_root",
		// specs/gloas/partial-columns/p2p-interface.md
		"PartialDataColumnSidecar": "cells_present_bitmap partial_column kzg_proofs",
		"PartialDataColumnGroupID": "beacon_block_root slot",
		// specs/gloas/light-client/sync-protocol.md
		"LightClientHeader": "beacon execution_block_hash execution_branch",
	}
	ts := resolve(t, Gloas, Mainnet)
	for name, fields := range want {
		if got := strings.Join(fieldNamesOf(gloasType(t, ts, name)), " "); got != fields {
			t.Errorf("gloas %s: fields\n%s\nwant\n%s", name, got, fields)
		}
	}
	// The types of some fields, as the specification writes them.
	for _, tt := range []struct{ container, field, typ string }{
		{"BeaconState", "validators", "ProgressiveList[Validator]"},
		{"BeaconState", "latest_block_hash", "Hash32"},
		{"BeaconState", "ptc_window", "Vector[Vector[ValidatorIndex, PTC_SIZE], PTC_WINDOW_SLOTS]"},
		{"BeaconState", "builder_pending_payments", "Vector[BuilderPendingPayment, SLOTS_PER_EPOCH * 2]"},
		{"BeaconBlockBody", "attestations", "ProgressiveList[Attestation]"},
		{"ExecutionPayload", "transactions", "ProgressiveList[Transaction]"},
		{"ExecutionPayload", "block_access_list", "BlockAccessList"},
		{"Attestation", "aggregation_bits", "AggregationBits"},
		{"PartialDataColumnSidecar", "cells_present_bitmap", "ProgressiveBitList"},
		{"DataColumnSidecar", "column", "ProgressiveList[Cell]"},
	} {
		c := Gloas.Lookup(tt.container)
		i := slices.IndexFunc(c.Fields, func(f def.Field) bool { return f.Name == tt.field })
		if i < 0 || c.Fields[i].Type.String() != tt.typ {
			t.Errorf("gloas %s.%s: not of type %s", tt.container, tt.field, tt.typ)
		}
	}
	// ExecutionBranch and the others are the branches of the light-client
	// indices.
	for _, tt := range []struct {
		container, field string
		depth            int
	}{
		{"LightClientHeader", "execution_branch", ExecutionBlockHashDepthGloas},
		{"LightClientBootstrap", "current_sync_committee_branch", CurrentSyncCommitteeDepthGloas},
		{"LightClientUpdate", "next_sync_committee_branch", NextSyncCommitteeDepthGloas},
		{"LightClientUpdate", "finality_branch", FinalizedRootDepthGloas},
		{"LightClientFinalityUpdate", "finality_branch", FinalizedRootDepthGloas},
	} {
		c := gloasType(t, ts, tt.container)
		v, ok := c.Field(c.FieldIndex(tt.field)).Type.(*schema.Vector)
		if !ok || v.Len() != uint64(tt.depth) {
			t.Errorf("gloas %s.%s is %v, want %d roots", tt.container, tt.field, c.Field(c.FieldIndex(tt.field)).Type, tt.depth)
		}
	}
	// The Fulu containers Gloas derives from are untouched.
	if c := Fulu.Lookup("BeaconState"); c.Progressive || len(c.Fields) != 38 || c.Fields[24].Name != "latest_execution_payload_header" {
		t.Error("deriving Gloas's BeaconState changed Fulu's")
	}
	for _, tt := range []struct {
		p          *def.Preset
		ptc, slots uint64
	}{
		{Mainnet, 512, (2 + 1) * 32},
		{Minimal, 16, (2 + 1) * 8},
	} {
		ptc := gloasType(t, resolve(t, Gloas, tt.p), "BeaconState").Field(45).Type.(*schema.Vector)
		if ptc.Len() != tt.slots || ptc.Elem().(*schema.Vector).Len() != tt.ptc {
			t.Errorf("%s: ptc_window is %v, want %d vectors of %d", tt.p.Name, ptc, tt.slots, tt.ptc)
		}
	}
}

// TestGloasLightClientIndices derives the light-client indices of Gloas
// from its containers, as specs/gloas/light-client/sync-protocol.md does
// with get_generalized_index, in both presets.
func TestGloasLightClientIndices(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts := resolve(t, Gloas, p)
		for _, tt := range []struct {
			container, path string
			index, depth    uint64
		}{
			{"BeaconState", "finalized_checkpoint.root", FinalizedRootIndexGloas, FinalizedRootDepthGloas},
			{"BeaconState", "current_sync_committee", CurrentSyncCommitteeIndexGloas, CurrentSyncCommitteeDepthGloas},
			{"BeaconState", "next_sync_committee", NextSyncCommitteeIndexGloas, NextSyncCommitteeDepthGloas},
			{"BeaconBlockBody", "signed_execution_payload_bid.message.parent_block_hash", ExecutionBlockHashIndexGloas, ExecutionBlockHashDepthGloas},
		} {
			g, err := schema.Gindex(ts.Type(tt.container), tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if uint64(g) != tt.index {
				t.Errorf("gloas %s: gindex of %s.%s is %d, want %d", p.Name, tt.container, tt.path, g, tt.index)
			}
			if d := uint64(bits.Len64(tt.index) - 1); d != tt.depth {
				t.Errorf("floorlog2(%d) = %d, want %d", tt.index, d, tt.depth)
			}
		}
	}
}

// TestGloasNoStaleReferences checks that every container of Gloas refers to
// Gloas's own version of each container it names, through progressive
// lists too: a container that refers to one Gloas changes is redefined.
func TestGloasNoStaleReferences(t *testing.T) {
	ts := resolve(t, Gloas, Mainnet)
	for _, name := range ts.Names() {
		c, sc := Gloas.Lookup(name), gloasType(t, ts, name)
		for i, fd := range c.Fields {
			checkGloasRefs(t, ts, name+"."+fd.Name, fd.Type, sc.Field(i).Type)
		}
	}
}

func checkGloasRefs(t *testing.T, ts *def.Types, where string, d *def.Type, st schema.Type) {
	t.Helper()
	switch d.Kind {
	case def.KindAlias:
		checkGloasRefs(t, ts, where, d.Of, st)
	case def.KindRef:
		if st != ts.Type(d.Name) {
			t.Errorf("%s: refers to another %s than the fork's", where, d.Name)
		}
	case def.KindVector:
		checkGloasRefs(t, ts, where+"[]", d.Elem, st.(*schema.Vector).Elem())
	case def.KindList:
		checkGloasRefs(t, ts, where+"[]", d.Elem, st.(*schema.List).Elem())
	case def.KindProgressiveList:
		checkGloasRefs(t, ts, where+"[]", d.Elem, st.(*schema.ProgressiveList).Elem())
	}
}
