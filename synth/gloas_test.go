package synth

import (
	"encoding/hex"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/gloas"
)

func TestGloasState(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Minimal, gloas.Mainnet} {
		st := checkEncoding(t,
			func(seed uint64) (*gloas.BeaconState, error) { return GloasState(spec, 2000, seed) },
			func(b []byte) (*gloas.BeaconState, error) { return gloas.DecodeBeaconState(spec, b) })
		fst, err := FuluState(spec.Fulu, 2000, 7)
		if err != nil {
			t.Fatal(err)
		}
		epoch := capella.Epoch(uint64(st.Slot()) / spec.Preset.Values["SLOTS_PER_EPOCH"])
		checkFork(t, spec.Preset.Name, st.Fork(), forks.NameGloas, 7, epoch-256)
		// Fulu's contents, in the progressive lists.
		if st.Validators().Len() != 2000 || st.Balances().Len() != 2000 || st.InactivityScores().Len() != 2000 {
			t.Errorf("%s: %d validators, %d balances, %d inactivity scores", spec.Preset.Name, st.Validators().Len(), st.Balances().Len(), st.InactivityScores().Len())
		}
		for i, v := range fst.Validators().All() {
			if st.Validators().Get(i) != v || st.Balances().Get(i) != fst.Balances().Get(i) {
				t.Fatalf("%s: validator %d differs from the Fulu state's", spec.Preset.Name, i)
			}
		}
		if st.PendingDeposits().Len() != fst.PendingDeposits().Len() || st.Slot() != fst.Slot() {
			t.Errorf("%s: %d pending deposits at slot %d, Fulu's %d at %d", spec.Preset.Name, st.PendingDeposits().Len(), st.Slot(), fst.PendingDeposits().Len(), fst.Slot())
		}
		if st.LatestBlockHash() != fst.LatestExecutionPayloadHeader().BlockHash() {
			t.Errorf("%s: latest block hash is not the Fulu payload's", spec.Preset.Name)
		}
		// Gloas' own.
		if st.Builders().Len() != gloasBuilders || st.Builders().Get(0).Balance == 0 {
			t.Errorf("%s: %d builders", spec.Preset.Name, st.Builders().Len())
		}
		paid := 0
		for _, p := range st.BuilderPendingPayments().All() {
			if p.Weight != 0 {
				paid++
				if int(p.Withdrawal.BuilderIndex) >= gloasBuilders || int(p.ProposerIndex) >= 2000 {
					t.Errorf("%s: payment %+v", spec.Preset.Name, p)
				}
			}
		}
		if n := st.BuilderPendingPayments().Len(); paid == 0 || paid == n {
			t.Errorf("%s: %d of %d slots paid", spec.Preset.Name, paid, n)
		}
		if st.LatestExecutionPayloadBid().Slot() != st.Slot() || st.LatestExecutionPayloadBid().ParentBlockHash() != st.LatestBlockHash() {
			t.Errorf("%s: the bid is not of the state's slot and block", spec.Preset.Name)
		}
		if st.BuilderPendingWithdrawals().Len() != 16 || st.PayloadExpectedWithdrawals().Len() != 16 {
			t.Errorf("%s: %d builder withdrawals, %d expected withdrawals", spec.Preset.Name, st.BuilderPendingWithdrawals().Len(), st.PayloadExpectedWithdrawals().Len())
		}
		if got, want := st.ExecutionPayloadAvailability().Count(), int(spec.Preset.Values["SLOTS_PER_HISTORICAL_ROOT"])/2; got != want {
			t.Errorf("%s: %d payloads available, want %d", spec.Preset.Name, got, want)
		}
		window := st.PtcWindow()
		zero := make([]byte, window.ElemSize())
		for i, members := range window.All() {
			if string(members) == string(zero) {
				t.Errorf("%s: an empty payload timeliness committee at %d", spec.Preset.Name, i)
				break
			}
		}
	}
	if _, err := GloasState(nil, 10, 1); err == nil {
		t.Error("GloasState of a nil Spec: no error")
	}
	if _, err := GloasState(gloas.Minimal, -1, 1); err == nil {
		t.Error("GloasState of -1 validators: no error")
	}
}

func TestGloasBlock(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Minimal, gloas.Mainnet} {
		b := checkEncoding(t,
			func(seed uint64) (*gloas.SignedBeaconBlock, error) { return GloasBlock(spec, seed) },
			func(data []byte) (*gloas.SignedBeaconBlock, error) { return gloas.DecodeSignedBeaconBlock(spec, data) })
		fb, err := FuluBlock(spec.Fulu, 7)
		if err != nil {
			t.Fatal(err)
		}
		body, fbody := b.Message().Body(), fb.Message().Body()
		if body.Attestations().Len() != fbody.Attestations().Len() || body.Attestations().Len() == 0 {
			t.Errorf("%s: %d attestations, Fulu's %d", spec.Preset.Name, body.Attestations().Len(), fbody.Attestations().Len())
		}
		if body.Attestations().Get(0).HashTreeRoot() == fbody.Attestations().Get(0).HashTreeRoot() {
			t.Errorf("%s: a Gloas attestation, progressive, has the root of Fulu's", spec.Preset.Name)
		}
		if body.ParentExecutionRequests().Deposits().Len() != fbody.ExecutionRequests().Deposits().Len() {
			t.Errorf("%s: the parent's requests are not the Fulu block's", spec.Preset.Name)
		}
		bid := body.SignedExecutionPayloadBid().Message()
		if bid.BlobKZGCommitments().Len() != 9 || bid.Slot() != b.Message().Slot() {
			t.Errorf("%s: bid of %d commitments at slot %d", spec.Preset.Name, bid.BlobKZGCommitments().Len(), bid.Slot())
		}
		if n := body.PayloadAttestations().Len(); n != 4 || body.PayloadAttestations().Get(0).AggregationBits().Count() == 0 {
			t.Errorf("%s: %d payload attestations", spec.Preset.Name, n)
		}
		if h := gloas.BeaconBlockHeaderOf(b.Message()); h.HashTreeRoot() != b.Message().HashTreeRoot() {
			t.Errorf("%s: the header's root is not the block's", spec.Preset.Name)
		}
	}
	if _, err := GloasBlock(nil, 1); err == nil {
		t.Error("GloasBlock of a nil Spec: no error")
	}
}

// TestGloasIsUnchanged pins the roots of a Gloas state and block, as
// TestFuluIsUnchanged does Fulu's.
func TestGloasIsUnchanged(t *testing.T) {
	st, err := GloasState(gloas.Mainnet, 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if root := st.HashTreeRoot(); hex.EncodeToString(root[:]) != "51b5dfaa53299e1d35ee69c0b224ce79126e4e5681bb02489d8c8f11abee5a29" {
		t.Errorf("GloasState(gloas.Mainnet, 1000, 1) has root %x", root)
	}
	b, err := GloasBlock(gloas.Mainnet, 1)
	if err != nil {
		t.Fatal(err)
	}
	if root := b.HashTreeRoot(); hex.EncodeToString(root[:]) != "1b06c3e8db313c18c31583372ca6cb4c43e8987360e8199f8d654a247cb757a0" {
		t.Errorf("GloasBlock(gloas.Mainnet, 1) has root %x", root)
	}
}
