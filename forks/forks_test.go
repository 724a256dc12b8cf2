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
	"github.com/ssztree/ssztree/testutil/samples"
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
	// altairStatic adds the containers of Altair to phase0's.
	altairStatic = append(slices.Clone(phase0Static),
		"ContributionAndProof", "LightClientBootstrap", "LightClientFinalityUpdate",
		"LightClientHeader", "LightClientOptimisticUpdate", "LightClientUpdate",
		"SignedContributionAndProof", "SyncAggregate", "SyncAggregatorSelectionData",
		"SyncCommittee", "SyncCommitteeContribution", "SyncCommitteeMessage",
	)
	bellatrixStatic = append(slices.Clone(altairStatic),
		"ExecutionPayload", "ExecutionPayloadHeader", "PowBlock",
	)
	capellaStatic = append(slices.Clone(bellatrixStatic),
		"BLSToExecutionChange", "HistoricalSummary", "SignedBLSToExecutionChange", "Withdrawal",
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

// blindedBlocks are the containers of the beacon and builder APIs that the
// forks from Bellatrix on define beside the specification's (see blinded),
// and that no ssz_static test covers.
var blindedBlocks = []string{"BlindedBeaconBlock", "BlindedBeaconBlockBody", "SignedBlindedBeaconBlock"}

// apiOnly returns the containers of f that are not the specification's:
// the blinded blocks, from Bellatrix on.
func apiOnly(f *def.Fork) []string {
	if f.Lookup("BlindedBeaconBlock") == nil {
		return nil
	}
	return blindedBlocks
}

var allForks = []struct {
	fork   *def.Fork
	static []string
	// redefines are the containers the fork redefines, of those its
	// Parent has.
	redefines []string
	// stateFields is the number of fields of the fork's BeaconState.
	stateFields int
}{
	{Phase0, phase0Static, nil, 21},
	{Altair, altairStatic, blocks, 24},
	{Bellatrix, bellatrixStatic, blocks, 25},
	{Capella, capellaStatic, append(slices.Clone(blocksAndBlinded),
		"ExecutionPayload", "ExecutionPayloadHeader", "LightClientBootstrap",
		"LightClientFinalityUpdate", "LightClientHeader", "LightClientOptimisticUpdate",
		"LightClientUpdate"), 28},
	{Deneb, denebStatic, append(slices.Clone(blocksAndBlinded),
		"ExecutionPayload", "ExecutionPayloadHeader", "LightClientBootstrap",
		"LightClientFinalityUpdate", "LightClientHeader", "LightClientOptimisticUpdate",
		"LightClientUpdate"), 28},
	{Electra, electraStatic, append(slices.Clone(blocksAndBlinded),
		"AggregateAndProof", "Attestation", "AttesterSlashing", "IndexedAttestation",
		"LightClientBootstrap", "LightClientFinalityUpdate", "LightClientUpdate",
		"SignedAggregateAndProof"), 37},
	{Fulu, fuluStatic, []string{"BeaconState"}, 38},
}

// blocks are the containers every fork from Altair to Electra redefines:
// the body and state change, and the blocks refer to the body.
var blocks = []string{"BeaconBlock", "BeaconBlockBody", "BeaconState", "SignedBeaconBlock"}

// blocksAndBlinded are blocks and the blinded blocks, which every fork from
// Capella to Electra redefines as it redefines the body.
var blocksAndBlinded = append(slices.Clone(blocks), blindedBlocks...)

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
// ssz_static tests, the list above and the folders of the conformance data
// (samples.Dir), and the blinded blocks.
func TestNames(t *testing.T) {
	for _, f := range allForks {
		names := resolve(t, f.fork, Minimal).Names()
		compareNames(t, f.fork.Name+" (list of ssz_static types)", names, append(slices.Clone(f.static), apiOnly(f.fork)...))
	}
	dir := specDir(t)
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
			static = append(static, apiOnly(f.fork)...)
			static = append(static, notCarried(p)...)
			compareNames(t, filepath.Join(p.Name, f.fork.Name, "ssz_static"), resolve(t, f.fork, p).Names(), static)
			checked++
		}
	}
	if checked == 0 {
		t.Errorf("no ssz_static folders of a known preset and fork in %s", dir)
	}
	t.Logf("checked %d ssz_static folders of %s", checked, dir)
}

// notCarried returns the ssz_static types of preset p that the subset of
// the conformance data the repository carries leaves out, when the tests
// read it (SSZ_SPECTESTS unset): the mainnet BeaconState and
// HistoricalBatch, which the minimal preset has at a smaller size.
func notCarried(p *def.Preset) []string {
	var names []string
	for _, name := range []string{"BeaconState", "HistoricalBatch"} {
		if samples.NotCarried(p.Name, name) {
			names = append(names, name)
		}
	}
	return names
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

// TestRedefines checks that each fork redefines only the containers that
// changed since its Parent, and takes the others from it.
func TestRedefines(t *testing.T) {
	for _, f := range allForks {
		var redefined []string
		for _, c := range f.fork.Containers {
			if f.fork.Parent.Lookup(c.Name) != nil {
				redefined = append(redefined, c.Name)
			}
		}
		sort.Strings(redefined)
		want := slices.Sorted(slices.Values(f.redefines))
		if !slices.Equal(redefined, want) {
			t.Errorf("%s redefines %v, want %v", f.fork.Name, redefined, want)
		}
	}
	for _, tt := range []struct {
		fork  *def.Fork
		name  string
		owner *def.Fork
	}{
		{Capella, "Checkpoint", Phase0},
		{Capella, "SyncCommittee", Altair},
		{Capella, "PowBlock", Bellatrix},
		{Capella, "BeaconState", Capella},
		{Bellatrix, "LightClientHeader", Altair},
		{Bellatrix, "HistoricalBatch", Phase0},
		{Altair, "PendingAttestation", Phase0},
	} {
		if o := tt.fork.Owner(tt.name); o != tt.owner {
			t.Errorf("%s of %s is defined in %v, want %s", tt.name, tt.fork.Name, o, tt.owner.Name)
		}
	}
}

// TestRedefinitionsChange checks that a container a fork redefines differs
// from its Parent's: in its fields, or in a container it refers to that
// the fork redefines too. A container that does neither is the same type,
// and should be taken from the Parent.
func TestRedefinitionsChange(t *testing.T) {
	for _, f := range allForks[1:] {
		for _, c := range f.fork.Containers {
			old := f.fork.Parent.Lookup(c.Name)
			if old == nil || fieldsDiffer(c, old) {
				continue
			}
			changed := false
			for _, fd := range c.Fields {
				walkRefs(fd.Type, func(name string) {
					changed = changed || f.fork.Owner(name) == f.fork && f.fork.Parent.Lookup(name) != nil
				})
			}
			if !changed {
				t.Errorf("%s redefines %s as %s has it", f.fork.Name, c.Name, f.fork.Parent.Name)
			}
		}
	}
}

// fieldsDiffer reports whether two containers differ in the names or the
// written types of their fields.
func fieldsDiffer(a, b *def.Container) bool {
	return !slices.EqualFunc(a.Fields, b.Fields, func(x, y def.Field) bool {
		return x.Name == y.Name && x.Type.String() == y.Type.String()
	})
}

// walkRefs calls f with the name of each container that t refers to.
func walkRefs(t *def.Type, f func(string)) {
	switch t.Kind {
	case def.KindAlias:
		walkRefs(t.Of, f)
	case def.KindVector, def.KindList:
		walkRefs(t.Elem, f)
	case def.KindRef:
		f(t.Name)
	}
}

// TestStates checks each fork's BeaconState: the number of its fields,
// and that it is the fork's own, as are the blocks' bodies.
func TestStates(t *testing.T) {
	for i, f := range allForks {
		ts := resolve(t, f.fork, Mainnet)
		state := ts.Container("BeaconState")
		if n := state.NumFields(); n != f.stateFields {
			t.Errorf("%s: BeaconState has %d fields, want %d", f.fork.Name, n, f.stateFields)
		}
		if i > 0 && state == resolve(t, f.fork.Parent, Mainnet).Container("BeaconState") {
			t.Errorf("%s: BeaconState is %s's", f.fork.Name, f.fork.Parent.Name)
		}
		// The body of a block is the fork's: BeaconBlock was redefined so
		// that its body refers to the new BeaconBlockBody.
		block := ts.Container("SignedBeaconBlock").Field(0).Type.(*schema.Container)
		if body := block.Field(block.FieldIndex("body")).Type; body != ts.Container("BeaconBlockBody") {
			t.Errorf("%s: SignedBeaconBlock.message.body is %v, not the fork's BeaconBlockBody", f.fork.Name, body)
		}
	}
	// A container a fork takes unchanged is its parent's schema type.
	if resolve(t, Capella, Minimal).Container("SyncCommittee") != resolve(t, Altair, Minimal).Container("SyncCommittee") {
		t.Error("Capella's SyncCommittee is not Altair's schema type")
	}
}

// TestFixedSizes checks the sizes of fixed-size containers in the mainnet
// preset.
func TestFixedSizes(t *testing.T) {
	for _, tt := range []struct {
		fork  *def.Fork
		sizes map[string]int
	}{
		{Altair, map[string]int{
			"LightClientHeader":           112, // a BeaconBlockHeader
			"LightClientBootstrap":        112 + 513*48 + 5*32,
			"LightClientOptimisticUpdate": 112 + 512/8 + 96 + 8,
			"LightClientUpdate":           2*112 + 513*48 + 5*32 + 6*32 + 512/8 + 96 + 8,
		}},
		{Capella, map[string]int{
			"Validator":                 121,
			"Checkpoint":                40,
			"AttestationData":           128,
			"Withdrawal":                44,
			"SyncAggregate":             512/8 + 96,
			"SyncCommittee":             513 * 48,
			"SyncCommitteeContribution": 8 + 32 + 8 + 512/4/8 + 96,
			"Deposit":                   33*32 + 184,
			"HistoricalSummary":         64,
			"PowBlock":                  32 + 32 + 32,
		}},
	} {
		ts := resolve(t, tt.fork, Mainnet)
		for name, size := range tt.sizes {
			c := ts.Container(name)
			if !c.IsFixedSize() || c.FixedSize() != size {
				t.Errorf("%s %s: fixed size %d (fixed: %v), want %d", tt.fork.Name, name, c.FixedSize(), c.IsFixedSize(), size)
			}
		}
	}
	// Capella's LightClientHeader holds an execution payload header, of
	// variable size.
	if resolve(t, Capella, Mainnet).Container("LightClientHeader").IsFixedSize() {
		t.Error("Capella's LightClientHeader is of fixed size")
	}
}

// TestLightClientIndices checks the generalized indices of the
// light-client proofs, and their branch lengths, against the containers of
// every fork that has them.
func TestLightClientIndices(t *testing.T) {
	for _, f := range allForks[1:] {
		for _, p := range []*def.Preset{Mainnet, Minimal} {
			ts := resolve(t, f.fork, p)
			type index struct {
				container, path string
				index, depth    uint64
			}
			indices := []index{
				{"BeaconState", "finalized_checkpoint.root", FinalizedRootIndex, FinalizedRootDepth},
				{"BeaconState", "current_sync_committee", CurrentSyncCommitteeIndex, CurrentSyncCommitteeDepth},
				{"BeaconState", "next_sync_committee", NextSyncCommitteeIndex, NextSyncCommitteeDepth},
				{"BeaconBlockBody", "execution_payload", ExecutionPayloadIndex, ExecutionPayloadDepth},
			}
			if ts.Container("BeaconState").NumFields() > 32 {
				// From Electra on the state has more than 32 fields: one
				// level more, the _ELECTRA constants.
				indices = append(indices[3:],
					index{"BeaconState", "finalized_checkpoint.root", FinalizedRootIndexElectra, FinalizedRootDepthElectra},
					index{"BeaconState", "current_sync_committee", CurrentSyncCommitteeIndexElectra, CurrentSyncCommitteeDepthElectra},
					index{"BeaconState", "next_sync_committee", NextSyncCommitteeIndexElectra, NextSyncCommitteeDepthElectra},
				)
			}
			for _, tt := range indices {
				c := ts.Container(tt.container)
				if tt.path == "execution_payload" && c.FieldIndex(tt.path) < 0 {
					continue // Altair's body has no execution payload
				}
				g, err := schema.Gindex(c, tt.path)
				if err != nil {
					t.Fatal(err)
				}
				if uint64(g) != tt.index {
					t.Errorf("%s %s: gindex of %s.%s is %d, want %d", f.fork.Name, p.Name, tt.container, tt.path, g, tt.index)
				}
				if d := uint64(bits.Len64(tt.index) - 1); d != tt.depth {
					t.Errorf("floorlog2(%d) = %d, want %d", tt.index, d, tt.depth)
				}
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

// specDir returns the folder of conformance data the tests read
// (samples.Dir): the carried subset, or the folder SSZ_SPECTESTS names.
// It skips the test in a copy of the module in the module cache.
func specDir(t *testing.T) string {
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("a copy of the module in the module cache: no conformance data")
	}
	return dir
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
