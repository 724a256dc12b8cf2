package bellatrix_test

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// TestLightClientGindices checks the indices derived from the schema
// against the specification's constants and those of package forks, in
// both presets.
func TestLightClientGindices(t *testing.T) {
	for _, tc := range []struct {
		name  string
		got   tree.Gindex
		spec  tree.Gindex // the specification's constant
		forks int         // package forks' constant
		depth int
		path  string
	}{
		{"FINALIZED_ROOT_GINDEX", bellatrix.FinalizedRootGindex, 105, forks.FinalizedRootIndex, forks.FinalizedRootDepth, "finalized_checkpoint.root"},
		{"CURRENT_SYNC_COMMITTEE_GINDEX", bellatrix.CurrentSyncCommitteeGindex, 54, forks.CurrentSyncCommitteeIndex, forks.CurrentSyncCommitteeDepth, "current_sync_committee"},
		{"NEXT_SYNC_COMMITTEE_GINDEX", bellatrix.NextSyncCommitteeGindex, 55, forks.NextSyncCommitteeIndex, forks.NextSyncCommitteeDepth, "next_sync_committee"},
	} {
		if tc.got != tc.spec || int(tc.got) != tc.forks || tc.got.Depth() != tc.depth {
			t.Errorf("%s: %d (depth %d), want %d (depth %d)", tc.name, tc.got, tc.got.Depth(), tc.spec, tc.depth)
		}
		for _, spec := range []*bellatrix.Spec{bellatrix.Mainnet, bellatrix.Minimal} {
			if g, err := schema.Gindex(spec.Type("BeaconState"), tc.path); err != nil || g != tc.spec {
				t.Errorf("%s in %s: %d, %v", tc.name, spec.Preset.Name, g, err)
			}
		}
	}
}

// chain is a finalized block, an attested block and the block after it
// that signs it, with the post states of the last two: what
// CreateLightClientUpdate takes.
type chain struct {
	finalized, attested, block *bellatrix.BeaconBlock
	attestedState, state       *bellatrix.BeaconState
}

// newChain returns a chain whose attested block is at slot attestedSlot
// and whose signing block is at signatureSlot.
func newChain(spec *bellatrix.Spec, attestedSlot, signatureSlot bellatrix.Slot) *chain {
	c := &chain{}
	c.finalized = bellatrix.NewBeaconBlock(spec)
	c.finalized.SetSlot(8)
	c.finalized.SetProposerIndex(3)
	c.finalized.Body().SetGraffiti(bellatrix.Bytes32{'f'})

	c.attestedState = bellatrix.NewBeaconState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(bellatrix.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(bellatrix.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(bellatrix.BLSPubkey{0xa1})
	c.attested = postStateBlock(spec, c.attestedState, bellatrix.Root{0x99})

	c.state = bellatrix.NewBeaconState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(spec, c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock returns a block at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(spec *bellatrix.Spec, st *bellatrix.BeaconState, parent bellatrix.Root) *bellatrix.BeaconBlock {
	block := bellatrix.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(parent)
	bits := block.Body().SyncAggregate().SyncCommitteeBits()
	for i := 0; i < 5; i++ {
		bits.Set(i*3, true)
	}
	block.Body().SyncAggregate().SetSyncCommitteeSignature(bellatrix.BLSSignature{0x5})
	st.SetLatestBlockHeader(bellatrix.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

func TestLightClientBuilders(t *testing.T) {
	for _, spec := range []*bellatrix.Spec{bellatrix.Minimal, bellatrix.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newChain(spec, 100, 101)
			root := c.attestedState.HashTreeRoot()

			fin, err := bellatrix.FinalityBranch(c.attestedState)
			if err != nil || !forkcode.VerifyBranch(c.attestedState.FinalizedCheckpoint().Root, fin[:], bellatrix.FinalizedRootGindex, root) {
				t.Fatalf("FinalityBranch does not verify (%v)", err)
			}

			b, err := bellatrix.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			if h := b.Header(); h.Beacon.HashTreeRoot() != c.attested.HashTreeRoot() {
				t.Error("the bootstrap's header is not the block's")
			}
			cur := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], bellatrix.CurrentSyncCommitteeGindex, b.Header().Beacon.StateRoot) {
				t.Error("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := bellatrix.CreateLightClientBootstrap(c.state, c.attested); err == nil {
				t.Error("a bootstrap of a block whose post state is another state: no error")
			}

			u, err := bellatrix.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			stateRoot := u.AttestedHeader().Beacon.StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!forkcode.VerifyBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], bellatrix.NextSyncCommitteeGindex, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader()
			if finalized.Beacon.HashTreeRoot() != c.finalized.HashTreeRoot() ||
				!forkcode.VerifyBranch(finalized.Beacon.HashTreeRoot(), finality[:], bellatrix.FinalizedRootGindex, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			fu := bellatrix.CreateLightClientFinalityUpdate(u)
			fb := fu.FinalityBranch()
			if fu.AttestedHeader() != u.AttestedHeader() || fu.FinalizedHeader() != u.FinalizedHeader() || fb != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := bellatrix.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader() != u.AttestedHeader() || ou.SignatureSlot() != 101 {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = bellatrix.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader() != (bellatrix.LightClientHeader{}) || u.FinalityBranch() != ([forks.FinalizedRootDepth]bellatrix.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := bellatrix.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newChain(spec, period-1, period)
			u, err = bellatrix.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != bellatrix.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			// What the specification asserts against.
			noBits := newChain(spec, 100, 101)
			for i := 0; i < 15; i++ {
				noBits.block.Body().SyncAggregate().SyncCommitteeBits().Set(i, false)
			}
			noBits.state.SetLatestBlockHeader(bellatrix.BeaconBlockHeader{
				Slot: 101, ProposerIndex: 17, ParentRoot: noBits.attested.HashTreeRoot(), BodyRoot: noBits.block.Body().HashTreeRoot(),
			})
			noBits.block.SetStateRoot(noBits.state.HashTreeRoot())
			orphan := bellatrix.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := bellatrix.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*bellatrix.LightClientUpdate, error){
				"participants": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(noBits.state, noBits.block, noBits.attestedState, noBits.attested, nil)
				},
				"the state is not": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"the attested state is not": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c.attested, nil)
				},
				"not the parent": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*bellatrix.LightClientUpdate, error) {
					return bellatrix.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "bellatrix: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
