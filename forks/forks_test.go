package forks

import (
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// The types of the ssz_static tests of consensus-spec-tests, by fork: the
// folders of tests/<preset>/<fork>/ssz_static/.
var (
	phase0Static = []string{
		"AggregateAndProof", "Attestation", "AttestationData", "AttesterSlashing",
		"BeaconBlock", "BeaconBlockBody", "BeaconBlockHeader", "BeaconState",
		"Checkpoint", "Deposit", "DepositData", "DepositMessage", "Eth1Block",
		"Eth1Data", "Fork", "ForkData", "HistoricalBatch", "IndexedAttestation",
		"PendingAttestation", "ProposerSlashing", "SignedAggregateAndProof",
		"SignedBeaconBlock", "SignedBeaconBlockHeader", "SignedVoluntaryExit",
		"SigningData", "Validator", "VoluntaryExit",
	}
	capellaStatic = append(slices.Clone(phase0Static),
		"BLSToExecutionChange", "ContributionAndProof", "ExecutionPayload",
		"ExecutionPayloadHeader", "HistoricalSummary", "LightClientBootstrap",
		"LightClientFinalityUpdate", "LightClientHeader",
		"LightClientOptimisticUpdate", "LightClientUpdate", "PowBlock",
		"SignedBLSToExecutionChange", "SignedContributionAndProof",
		"SyncAggregate", "SyncAggregatorSelectionData", "SyncCommittee",
		"SyncCommitteeContribution", "SyncCommitteeMessage", "Withdrawal",
	)
	denebStatic   = append(slices.Clone(capellaStatic), "BlobIdentifier", "BlobSidecar")
	electraStatic = append(slices.Clone(denebStatic),
		"ConsolidationRequest", "DepositRequest", "ExecutionRequests",
		"PendingConsolidation", "PendingDeposit", "PendingPartialWithdrawal",
		"SingleAttestation", "WithdrawalRequest",
	)
	fuluStatic = append(slices.Clone(electraStatic),
		"DataColumnSidecar", "DataColumnsByRootIdentifier", "MatrixEntry",
	)
)

var allForks = []struct {
	fork   *def.Fork
	static []string
}{
	{Phase0, phase0Static},
	{Capella, capellaStatic},
	{Deneb, denebStatic},
	{Electra, electraStatic},
	{Fulu, fuluStatic},
}

func resolve(t *testing.T, f *def.Fork, p *def.Preset) *def.Types {
	t.Helper()
	ts, err := f.Resolve(p)
	if err != nil {
		t.Fatalf("%s for %s: %v", f.Name, p.Name, err)
	}
	return ts
}

func TestResolve(t *testing.T) {
	for _, f := range allForks {
		for _, p := range []*def.Preset{Mainnet, Minimal} {
			ts := resolve(t, f.fork, p)
			for _, name := range ts.Names() {
				if ts.Container(name) == nil {
					t.Errorf("%s %s: %s does not resolve", f.fork.Name, p.Name, name)
				}
			}
		}
	}
}

// TestNames checks that the containers of each fork are those of its
// ssz_static tests: the list above, and the folders of SSZ_SPECTESTS when
// it is set.
func TestNames(t *testing.T) {
	for _, f := range allForks {
		names := resolve(t, f.fork, Minimal).Names()
		compareNames(t, f.fork.Name+" (list of ssz_static types)", names, f.static)
	}
	dir := specDir(t)
	if dir == "" {
		t.Log("SSZ_SPECTESTS is not set: the ssz_static folders are not checked")
		return
	}
	presets, _ := filepath.Glob(filepath.Join(dir, "tests", "*"))
	checked := 0
	for _, preset := range presets {
		p := Presets[filepath.Base(preset)]
		for _, f := range allForks {
			folders, err := os.ReadDir(filepath.Join(preset, f.fork.Name, "ssz_static"))
			if p == nil || err != nil {
				continue
			}
			var static []string
			for _, e := range folders {
				static = append(static, e.Name())
			}
			compareNames(t, filepath.Join(p.Name, f.fork.Name, "ssz_static"), resolve(t, f.fork, p).Names(), static)
			checked++
		}
	}
	t.Logf("checked %d ssz_static folders of %s", checked, dir)
}

// compareNames reports the names defined without an ssz_static folder and
// those of ssz_static folders that are not defined.
func compareNames(t *testing.T, where string, defined, static []string) {
	t.Helper()
	extra, missing := difference(defined, static), difference(static, defined)
	if len(extra) > 0 {
		t.Errorf("%s: defined but not tested: %v", where, extra)
	}
	if len(missing) > 0 {
		t.Errorf("%s: tested but not defined: %v", where, missing)
	}
}

// difference returns the names of a that are not in b, sorted.
func difference(a, b []string) []string {
	var d []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			d = append(d, s)
		}
	}
	sort.Strings(d)
	return d
}

// TestCapellaRedefines checks that Capella redefines only the containers
// that changed since phase0, and takes the others from it.
func TestCapellaRedefines(t *testing.T) {
	var redefined []string
	for _, c := range Capella.Containers {
		if Phase0.Lookup(c.Name) != nil {
			redefined = append(redefined, c.Name)
		}
	}
	sort.Strings(redefined)
	want := []string{"BeaconBlock", "BeaconBlockBody", "BeaconState", "SignedBeaconBlock"}
	if !slices.Equal(redefined, want) {
		t.Errorf("Capella redefines %v, want %v", redefined, want)
	}
	if o := Capella.Owner("Checkpoint"); o != Phase0 {
		t.Errorf("Checkpoint of Capella is defined in %v, want phase0", o)
	}
	if o := Capella.Owner("BeaconState"); o != Capella {
		t.Errorf("BeaconState of Capella is defined in %v, want capella", o)
	}
}

func TestCapellaMainnet(t *testing.T) {
	ts := resolve(t, Capella, Mainnet)
	state := ts.Container("BeaconState")
	if n := state.NumFields(); n != 28 {
		t.Errorf("BeaconState has %d fields, want 28", n)
	}
	if state == resolve(t, Phase0, Mainnet).Container("BeaconState") {
		t.Error("Capella's BeaconState is phase0's")
	}
	// The body of a Capella block is Capella's: BeaconBlock was redefined
	// so that its body refers to the new BeaconBlockBody.
	block := ts.Container("SignedBeaconBlock").Field(0).Type.(*schema.Container)
	if body := block.Field(block.FieldIndex("body")).Type; body != ts.Container("BeaconBlockBody") {
		t.Errorf("SignedBeaconBlock.message.body is %v, not Capella's BeaconBlockBody", body)
	}
	fixed := map[string]int{
		"Validator":                 121,
		"Checkpoint":                40,
		"AttestationData":           128,
		"Withdrawal":                44,
		"SyncAggregate":             512/8 + 96,
		"SyncCommittee":             513 * 48,
		"SyncCommitteeContribution": 8 + 32 + 8 + 512/4/8 + 96,
		"Deposit":                   33*32 + 184,
		"HistoricalSummary":         64,
	}
	for name, size := range fixed {
		c := ts.Container(name)
		if !c.IsFixedSize() || c.FixedSize() != size {
			t.Errorf("%s: fixed size %d (fixed: %v), want %d", name, c.FixedSize(), c.IsFixedSize(), size)
		}
	}
}

// TestLightClientIndices checks the generalized indices of the
// light-client proofs, and their branch lengths, against the Capella
// containers.
func TestLightClientIndices(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts := resolve(t, Capella, p)
		for _, tt := range []struct {
			container, path string
			index, depth    uint64
		}{
			{"BeaconState", "finalized_checkpoint.root", FinalizedRootIndex, FinalizedRootDepth},
			{"BeaconState", "current_sync_committee", CurrentSyncCommitteeIndex, CurrentSyncCommitteeDepth},
			{"BeaconState", "next_sync_committee", NextSyncCommitteeIndex, NextSyncCommitteeDepth},
			{"BeaconBlockBody", "execution_payload", ExecutionPayloadIndex, ExecutionPayloadDepth},
		} {
			g, err := schema.Gindex(ts.Container(tt.container), tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if uint64(g) != tt.index {
				t.Errorf("%s: gindex of %s.%s is %d, want %d", p.Name, tt.container, tt.path, g, tt.index)
			}
			if d := uint64(bits.Len64(tt.index) - 1); d != tt.depth {
				t.Errorf("floorlog2(%d) = %d, want %d", tt.index, d, tt.depth)
			}
		}
	}
}

func TestPresets(t *testing.T) {
	for _, tt := range []struct {
		p                   *def.Preset
		votes, pending, sub uint64
	}{
		{Mainnet, 64 * 32, 128 * 32, 512 / 4},
		{Minimal, 4 * 8, 128 * 8, 32 / 4},
	} {
		if v := tt.p.Values["SLOTS_PER_ETH1_VOTING_PERIOD"]; v != tt.votes {
			t.Errorf("%s: SLOTS_PER_ETH1_VOTING_PERIOD = %d, want %d", tt.p.Name, v, tt.votes)
		}
		if v := tt.p.Values["MAX_PENDING_ATTESTATIONS"]; v != tt.pending {
			t.Errorf("%s: MAX_PENDING_ATTESTATIONS = %d, want %d", tt.p.Name, v, tt.pending)
		}
		if v, err := def.P("SYNC_COMMITTEE_SIZE").Over(SyncCommitteeSubnetCount).Resolve(tt.p); err != nil || v != tt.sub {
			t.Errorf("%s: SYNC_COMMITTEE_SIZE // SYNC_COMMITTEE_SUBNET_COUNT = %d (%v), want %d", tt.p.Name, v, err, tt.sub)
		}
	}
	// Both presets set the same parameters.
	for name := range Mainnet.Values {
		if _, ok := Minimal.Values[name]; !ok {
			t.Errorf("%s is in mainnet, not in minimal", name)
		}
	}
	if len(Mainnet.Values) != len(Minimal.Values) {
		t.Errorf("mainnet has %d values, minimal %d", len(Mainnet.Values), len(Minimal.Values))
	}
}

// TestDependsOnPreset checks that constants of the specification are not
// written as preset parameters: types sized only by them do not depend on
// the preset.
func TestDependsOnPreset(t *testing.T) {
	for name, want := range map[string]bool{
		"Deposit":           false,
		"LightClientHeader": true, // ExecutionPayloadHeader: BYTES_PER_LOGS_BLOOM...
		"Checkpoint":        false,
		"Attestation":       true,
		"BeaconState":       true,
		"PowBlock":          false,
	} {
		if got := Capella.Lookup(name).DependsOnPreset(Capella.Lookup); got != want {
			t.Errorf("%s depends on the preset: %v, want %v", name, got, want)
		}
	}
}

// specDir returns the folder named by SSZ_SPECTESTS, relative to the
// module root, or "" if it is unset.
func specDir(t *testing.T) string {
	dir := os.Getenv("SSZ_SPECTESTS")
	if dir == "" || filepath.IsAbs(dir) {
		return dir
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in the package folder, forks/, below the module root.
	return filepath.Join(wd, "..", dir)
}

// TestNoStaleReferences checks that every container of a fork refers to
// the fork's own version of each container it names. def resolves a
// reference when it resolves the container holding it, so a container
// that refers to one a fork changes must be redefined in that fork too
// (BeaconBlock and SignedBeaconBlock, for BeaconBlockBody).
func TestNoStaleReferences(t *testing.T) {
	for _, f := range allForks {
		ts := resolve(t, f.fork, Mainnet)
		for _, name := range ts.Names() {
			c, sc := f.fork.Lookup(name), ts.Container(name)
			for i, fd := range c.Fields {
				checkRefs(t, ts, f.fork.Name+" "+name+"."+fd.Name, fd.Type, sc.Field(i).Type)
			}
		}
	}
}

// checkRefs checks that the references in the definition d are resolved in
// st to the containers of ts.
func checkRefs(t *testing.T, ts *def.Types, where string, d *def.Type, st schema.Type) {
	t.Helper()
	switch d.Kind {
	case def.KindAlias:
		checkRefs(t, ts, where, d.Of, st)
	case def.KindRef:
		if want := ts.Container(d.Name); st != schema.Type(want) {
			t.Errorf("%s: refers to another %s than the fork's", where, d.Name)
		}
	case def.KindVector:
		checkRefs(t, ts, where+"[]", d.Elem, st.(*schema.Vector).Elem())
	case def.KindList:
		checkRefs(t, ts, where+"[]", d.Elem, st.(*schema.List).Elem())
	}
}
