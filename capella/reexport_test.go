package capella_test

import (
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/phase0"
)

// The types Capella takes unchanged from the earlier forks are theirs,
// under the names they had when package capella defined them: these
// assignments compile only while the types are identical.
var (
	_ *altair.SyncCommittee              = (*capella.SyncCommittee)(nil)
	_ *altair.SyncAggregate              = (*capella.SyncAggregate)(nil)
	_ *altair.SyncCommitteeContribution  = (*capella.SyncCommitteeContribution)(nil)
	_ *altair.SignedContributionAndProof = (*capella.SignedContributionAndProof)(nil)
	_ altair.SyncCommitteeMessage        = capella.SyncCommitteeMessage{}
	_ altair.SyncAggregatorSelectionData = capella.SyncAggregatorSelectionData{}
	_ altair.ParticipationFlags          = capella.ParticipationFlags(0)
	_ bellatrix.PowBlock                 = capella.PowBlock{}
	_ bellatrix.ExecutionAddress         = capella.ExecutionAddress{}
	_ phase0.Checkpoint                  = capella.Checkpoint{}
	_ *phase0.Attestation                = (*capella.Attestation)(nil)
)

// TestReexportedWrap checks the Wrap functions of views Capella takes from
// the earlier forks: they take Capella's Spec and give the earlier fork's
// view, of the same preset.
func TestReexportedWrap(t *testing.T) {
	sc := capella.NewSyncCommittee(capella.Minimal)
	sc.Pubkeys().Set(3, capella.BLSPubkey{7})
	w := capella.WrapSyncCommittee(capella.Minimal, sc.View())
	if w.Spec() != altair.Minimal || w.HashTreeRoot() != sc.HashTreeRoot() || w.Pubkeys().Get(3) != (capella.BLSPubkey{7}) {
		t.Error("WrapSyncCommittee does not give the sync committee it wraps, in Altair's minimal Spec")
	}
	att := capella.WrapAttestation(capella.Mainnet, capella.NewAttestation(capella.Mainnet).View())
	if att.Spec() != phase0.Mainnet {
		t.Error("WrapAttestation does not give a view in phase0's mainnet Spec")
	}
	for what, f := range map[string]func(){
		"WrapSyncCommittee(nil, ...)":           func() { capella.WrapSyncCommittee(nil, sc.View()) },
		"WrapSyncCommittee of a nil view":       func() { capella.WrapSyncCommittee(capella.Minimal, nil) },
		"WrapSyncCommittee of another preset":   func() { capella.WrapSyncCommittee(capella.Mainnet, sc.View()) },
		"WrapSyncAggregate of a sync committee": func() { capella.WrapSyncAggregate(capella.Minimal, sc.View()) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", what)
				}
			}()
			f()
		}()
	}
}
