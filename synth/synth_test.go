package synth

import (
	"bytes"
	"encoding/hex"
	"iter"
	"testing"

	"github.com/ssztree/ssztree/def"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/view"
)

// encoded is what every state and block offers that the tests check.
type encoded interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
}

// checkEncoding checks that build gives the same bytes for the same seed
// and others for another, and that the bytes decode, with decode, to a
// value of the same root that encodes to the same bytes again. It returns
// the value of seed 7.
func checkEncoding[T encoded](t *testing.T, build func(seed uint64) (T, error), decode func([]byte) (T, error)) T {
	t.Helper()
	a, err := build(7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := build(7)
	if err != nil {
		t.Fatal(err)
	}
	other, err := build(8)
	if err != nil {
		t.Fatal(err)
	}
	data, err := a.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	same, err := b.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, same) {
		t.Fatal("the same seed gave two encodings")
	}
	if a.HashTreeRoot() == other.HashTreeRoot() {
		t.Fatal("seeds 7 and 8 gave the same value")
	}
	back, err := decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.HashTreeRoot() != a.HashTreeRoot() {
		t.Fatal("decoding the encoding gives another root")
	}
	again, err := back.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Fatal("re-encoding the decoded value gives other bytes")
	}
	return a
}

// TestCapellaStateIsUnchanged pins the roots of two Capella states and of
// a deposit's validator: the benchmarks' history is measured on these
// bytes, so that a change of the generator must not move them.
func TestCapellaStateIsUnchanged(t *testing.T) {
	for _, tt := range []struct {
		spec *capella.Spec
		n    int
		seed uint64
		root string
	}{
		{capella.Minimal, 300, 7, "2e20c79bfec5df7ada6e2ed29351578ea382fd9d65e084cc7cc7ed412b9e8815"},
		{capella.Mainnet, 1000, 1, "557270c0f915bcc7c308fdfbaac2bc6378907ca4c5cb25ff45498f4a2bf0eb4c"},
	} {
		st, err := CapellaState(tt.spec, tt.n, tt.seed)
		if err != nil {
			t.Fatal(err)
		}
		if root := st.HashTreeRoot(); hex.EncodeToString(root[:]) != tt.root {
			t.Errorf("%s state of %d validators, seed %d: root %x, want %s", tt.spec.Preset.Name, tt.n, tt.seed, root, tt.root)
		}
	}
	v := Validator(42, 100)
	if root := v.HashTreeRoot(); hex.EncodeToString(root[:]) != "9a8eb493b4cd0d73a62489c05fce7984ee499d842f6cdd1496e541a264274d78" {
		t.Errorf("Validator(42, 100) has root %x", root)
	}
}

// TestFuluIsUnchanged pins the roots of a Fulu state and block: the
// benchmarks name their inputs by fork, size and seed, so that a change of
// the generator that moves them must say so here (and in the package doc).
func TestFuluIsUnchanged(t *testing.T) {
	st, err := FuluState(fulu.Mainnet, 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if root := st.HashTreeRoot(); hex.EncodeToString(root[:]) != "5862199c11879c2a55179fbcd837eb4d61e1ece6973b0358716c1f16418263c6" {
		t.Errorf("FuluState(fulu.Mainnet, 1000, 1) has root %x", root)
	}
	b, err := FuluBlock(fulu.Mainnet, 1)
	if err != nil {
		t.Fatal(err)
	}
	if root := b.HashTreeRoot(); hex.EncodeToString(root[:]) != "398a792734385a4c29e69acb51c619eccc9db09a27b120cf369f4d212d70424b" {
		t.Errorf("FuluBlock(fulu.Mainnet, 1) has root %x", root)
	}
}

func TestCapellaState(t *testing.T) {
	st := checkEncoding(t,
		func(seed uint64) (*capella.BeaconState, error) { return CapellaState(capella.Minimal, 300, seed) },
		func(b []byte) (*capella.BeaconState, error) { return capella.DecodeBeaconState(capella.Minimal, b) })
	if st.Validators().Len() != 300 || st.Balances().Len() != 300 {
		t.Fatalf("%d validators, %d balances", st.Validators().Len(), st.Balances().Len())
	}
}

func TestDenebState(t *testing.T) {
	for _, spec := range []*deneb.Spec{deneb.Minimal, deneb.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*deneb.BeaconState, error) { return DenebState(spec, 500, seed) },
			func(b []byte) (*deneb.BeaconState, error) { return deneb.DecodeBeaconState(spec, b) })
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameDeneb, 4, 269_568)
		if n := st.Validators().Len(); n != 500 {
			t.Errorf("%d validators", n)
		}
		if got := st.HistoricalSummaries().Len(); got != 413 {
			t.Errorf("%d historical summaries, want 413", got)
		}
		if st.LatestExecutionPayloadHeader().BlobGasUsed() == 0 {
			t.Error("the latest payload header uses no blob gas")
		}
		credentials := countCredentials(st.Validators().All())
		if credentials[blsPrefix] == 0 || credentials[executionPrefix] == 0 || credentials[compoundingPrefix] != 0 {
			t.Errorf("credentials by prefix: %v", credentials)
		}
	}
}

func TestElectraState(t *testing.T) {
	for _, spec := range []*electra.Spec{electra.Minimal, electra.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*electra.BeaconState, error) { return ElectraState(spec, 2000, seed) },
			func(b []byte) (*electra.BeaconState, error) { return electra.DecodeBeaconState(spec, b) })
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameElectra, 5, 364_032)
		checkElectra(t, spec.Preset, st, 2000)
	}
}

func TestFuluState(t *testing.T) {
	for _, spec := range []*fulu.Spec{fulu.Minimal, fulu.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*fulu.BeaconState, error) { return FuluState(spec, 2000, seed) },
			func(b []byte) (*fulu.BeaconState, error) { return fulu.DecodeBeaconState(spec, b) })
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameFulu, 6, 411_392)
		checkElectra(t, spec.Preset, st, 2000)
		v := spec.Preset.Values
		lookahead := st.ProposerLookahead()
		if want := int((v["MIN_SEED_LOOKAHEAD"] + 1) * v["SLOTS_PER_EPOCH"]); lookahead.Len() != want {
			t.Errorf("%s: proposer lookahead of %d slots, want %d", spec.Preset.Name, lookahead.Len(), want)
		}
		distinct := map[capella.ValidatorIndex]bool{}
		for _, i := range lookahead.All() {
			if i >= 2000 {
				t.Fatalf("%s: proposer %d of 2000 validators", spec.Preset.Name, i)
			}
			distinct[i] = true
		}
		if len(distinct) < lookahead.Len()/2 {
			t.Errorf("%s: %d distinct proposers in a lookahead of %d", spec.Preset.Name, len(distinct), lookahead.Len())
		}
	}
}

// TestStatesOfNoValidators checks the smallest states: no validators, no
// queue that names one, a valid encoding.
func TestStatesOfNoValidators(t *testing.T) {
	st, err := FuluState(fulu.Minimal, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if st.Validators().Len() != 0 || st.PendingPartialWithdrawals().Len() != 0 || st.PendingConsolidations().Len() != 0 {
		t.Errorf("%d validators, %d partial withdrawals, %d consolidations",
			st.Validators().Len(), st.PendingPartialWithdrawals().Len(), st.PendingConsolidations().Len())
	}
	if st.PendingDeposits().Len() == 0 {
		t.Error("no pending deposits")
	}
	data, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fulu.DecodeBeaconState(fulu.Minimal, data); err != nil {
		t.Fatal(err)
	}
}

func TestBadArguments(t *testing.T) {
	if _, err := CapellaState(nil, 10, 1); err == nil {
		t.Error("CapellaState of a nil Spec: no error")
	}
	if _, err := FuluState(nil, 10, 1); err == nil {
		t.Error("FuluState of a nil Spec: no error")
	}
	if _, err := DenebState(deneb.Minimal, -1, 1); err == nil {
		t.Error("DenebState of -1 validators: no error")
	}
	if _, err := ElectraState(electra.Minimal, -1, 1); err == nil {
		t.Error("ElectraState of -1 validators: no error")
	}
}

// checkFork checks that a state of the preset named preset has the fork
// field of fork name, whose versions begin with the byte version, at
// mainnet's epoch of the fork (configs/mainnet.yaml of v1.6.1), and that
// its current version names the fork in the schedules of package forks.
func checkFork(t *testing.T, preset string, f capella.Fork, name forks.Name, version byte, epoch capella.Epoch) {
	t.Helper()
	last := byte(0)
	if preset == "minimal" {
		last = 1
	}
	want := capella.Fork{PreviousVersion: capella.Version{version - 1, 0, 0, last}, CurrentVersion: capella.Version{version, 0, 0, last}, Epoch: epoch}
	if f != want {
		t.Errorf("%s: fork %+v, want %+v", preset, f, want)
	}
	if got, schedule, ok := forks.LookupVersion(forks.ForkVersion(f.CurrentVersion)); !ok || got != name || schedule.Preset().Name != preset {
		t.Errorf("%s: version %x is %v of %v", preset, f.CurrentVersion, got, schedule)
	}
}

// countCredentials returns how many validators have credentials of each
// prefix.
func countCredentials(vs iter.Seq2[int, capella.Validator]) map[byte]int {
	counts := map[byte]int{}
	for _, v := range vs {
		counts[v.WithdrawalCredentials[0]]++
	}
	return counts
}

// electraReader is what checkElectra reads of Electra's and Fulu's states.
type electraReader interface {
	Slot() capella.Slot
	Validators() *view.ValueList[capella.Validator, *capella.Validator]
	PendingDeposits() *view.ValueList[electra.PendingDeposit, *electra.PendingDeposit]
	PendingPartialWithdrawals() *view.ValueList[electra.PendingPartialWithdrawal, *electra.PendingPartialWithdrawal]
	PendingConsolidations() *view.ValueList[electra.PendingConsolidation, *electra.PendingConsolidation]
	DepositRequestsStartIndex() uint64
	DepositBalanceToConsume() capella.Gwei
	ExitBalanceToConsume() capella.Gwei
	EarliestExitEpoch() capella.Epoch
	ConsolidationBalanceToConsume() capella.Gwei
	EarliestConsolidationEpoch() capella.Epoch
}

// checkElectra checks what Electra's and Fulu's states hold beyond
// Deneb's, for a state of n validators.
func checkElectra(t *testing.T, p *def.Preset, st electraReader, n int) {
	preset := p.Name
	t.Helper()
	credentials := countCredentials(st.Validators().All())
	if credentials[blsPrefix] == 0 || credentials[executionPrefix] == 0 || credentials[compoundingPrefix] == 0 {
		t.Errorf("%s: credentials by prefix: %v", preset, credentials)
	}
	above := 0
	for _, v := range st.Validators().All() {
		switch {
		case v.EffectiveBalance > 2048*gwei || v.EffectiveBalance%gwei != 0:
			t.Fatalf("%s: effective balance %d", preset, v.EffectiveBalance)
		case v.EffectiveBalance > 32*gwei && v.WithdrawalCredentials[0] != compoundingPrefix:
			t.Fatalf("%s: effective balance %d with credentials %x", preset, v.EffectiveBalance, v.WithdrawalCredentials)
		case v.EffectiveBalance > 32*gwei:
			above++
		}
	}
	if above == 0 {
		t.Errorf("%s: no effective balance above 32 ETH", preset)
	}
	limits := p.Values
	for _, q := range []struct {
		name      string
		len, want int
	}{
		{"pending deposits", st.PendingDeposits().Len(), int(min(pendingDeposits, limits["PENDING_DEPOSITS_LIMIT"]))},
		{"pending partial withdrawals", st.PendingPartialWithdrawals().Len(), int(min(pendingPartialWithdrawals, limits["PENDING_PARTIAL_WITHDRAWALS_LIMIT"]))},
		{"pending consolidations", st.PendingConsolidations().Len(), int(min(pendingConsolidations, limits["PENDING_CONSOLIDATIONS_LIMIT"]))},
	} {
		if q.len != q.want || q.len == 0 {
			t.Errorf("%s: %d %s, want %d", preset, q.len, q.name, q.want)
		}
	}
	for _, w := range st.PendingPartialWithdrawals().All() {
		if int(w.ValidatorIndex) >= n || st.Validators().Get(int(w.ValidatorIndex)).WithdrawalCredentials[0] != compoundingPrefix {
			t.Fatalf("%s: a partial withdrawal of validator %d, not a compounding one", preset, w.ValidatorIndex)
		}
	}
	for _, c := range st.PendingConsolidations().All() {
		if int(c.SourceIndex) >= n || st.Validators().Get(int(c.TargetIndex)).WithdrawalCredentials[0] != compoundingPrefix {
			t.Fatalf("%s: consolidation %+v", preset, c)
		}
	}
	previous := capella.Slot(0)
	for _, d := range st.PendingDeposits().All() {
		if d.Slot < previous || d.Slot > st.Slot() {
			t.Fatalf("%s: a pending deposit of slot %d after one of %d, in a state of slot %d", preset, d.Slot, previous, st.Slot())
		}
		previous = d.Slot
	}
	epoch := capella.Epoch(uint64(st.Slot()) / limits["SLOTS_PER_EPOCH"])
	if st.DepositRequestsStartIndex() != uint64(n) || st.DepositBalanceToConsume() == 0 || st.ExitBalanceToConsume() == 0 ||
		st.EarliestExitEpoch() <= epoch || st.ConsolidationBalanceToConsume() == 0 || st.EarliestConsolidationEpoch() <= epoch {
		t.Errorf("%s: Electra's fields %d %d %d %d %d %d", preset, st.DepositRequestsStartIndex(), st.DepositBalanceToConsume(),
			st.ExitBalanceToConsume(), st.EarliestExitEpoch(), st.ConsolidationBalanceToConsume(), st.EarliestConsolidationEpoch())
	}
}

func TestPhase0State(t *testing.T) {
	for _, spec := range []*phase0.Spec{phase0.Minimal, phase0.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*phase0.BeaconState, error) { return Phase0State(spec, 3000, seed) },
			func(b []byte) (*phase0.BeaconState, error) { return phase0.DecodeBeaconState(spec, b) })
		want := capella.Fork{PreviousVersion: st.Fork().CurrentVersion, CurrentVersion: st.Fork().CurrentVersion}
		if f := st.Fork(); f != want || f.CurrentVersion[0] != 0 {
			t.Errorf("%s: fork %+v, want the genesis version twice at epoch 0", spec.Preset.Name, f)
		}
		if n := st.HistoricalRoots().Len(); n != 195 {
			t.Errorf("%s: %d historical roots, want 195", spec.Preset.Name, n)
		}
		// 3,000 validators: committees of the minimal preset's 8 slots
		// an epoch, 4 a slot at most; of mainnet's 32 slots, 1 a slot.
		v := spec.Preset.Values
		count, _ := committeesOf(spec.Preset, 3000)
		slotsPerEpoch := int(v["SLOTS_PER_EPOCH"])
		if got, want := st.PreviousEpochAttestations().Len(), slotsPerEpoch*count; got != want {
			t.Errorf("%s: %d pending attestations of the previous epoch, want %d", spec.Preset.Name, got, want)
		}
		if got, want := st.CurrentEpochAttestations().Len(), int(st.Slot())%slotsPerEpoch*count; got != want || got == 0 {
			t.Errorf("%s: %d pending attestations of the current epoch, want %d", spec.Preset.Name, got, want)
		}
		for _, a := range st.CurrentEpochAttestations().All() {
			if d := a.Data(); d.Slot >= st.Slot() || int(d.Index) >= count || a.InclusionDelay() == 0 {
				t.Fatalf("%s: a pending attestation of slot %d, committee %d, delay %d in a state of slot %d", spec.Preset.Name, d.Slot, d.Index, a.InclusionDelay(), st.Slot())
			}
		}
	}
}

func TestAltairState(t *testing.T) {
	for _, spec := range []*altair.Spec{altair.Minimal, altair.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*altair.BeaconState, error) { return AltairState(spec, 500, seed) },
			func(b []byte) (*altair.BeaconState, error) { return altair.DecodeBeaconState(spec, b) })
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameAltair, 1, 74_240)
		if st.InactivityScores().Len() != 500 || st.CurrentEpochParticipation().Len() != 500 {
			t.Errorf("%s: %d inactivity scores, %d participation flags", spec.Preset.Name, st.InactivityScores().Len(), st.CurrentEpochParticipation().Len())
		}
		if st.CurrentSyncCommittee().Pubkeys().Get(0) == (capella.BLSPubkey{}) {
			t.Errorf("%s: an empty sync committee", spec.Preset.Name)
		}
	}
}

func TestBellatrixState(t *testing.T) {
	for _, spec := range []*bellatrix.Spec{bellatrix.Minimal, bellatrix.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*bellatrix.BeaconState, error) { return BellatrixState(spec, 500, seed) },
			func(b []byte) (*bellatrix.BeaconState, error) { return bellatrix.DecodeBeaconState(spec, b) })
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameBellatrix, 2, 144_896)
		if h := st.LatestExecutionPayloadHeader(); h.GasLimit() != 30_000_000 || h.BlockHash() == (capella.Hash32{}) {
			t.Errorf("%s: a payload header of gas limit %d, block hash %x", spec.Preset.Name, h.GasLimit(), h.BlockHash())
		}
		credentials := countCredentials(st.Validators().All())
		if credentials[blsPrefix] <= credentials[executionPrefix] || credentials[compoundingPrefix] != 0 {
			t.Errorf("%s: credentials by prefix: %v", spec.Preset.Name, credentials)
		}
	}
}
