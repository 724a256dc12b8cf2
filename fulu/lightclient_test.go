package fulu_test

import (
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/tree"
)

// TestLightClientBranches checks the light-client indices against the
// specification's constants, and each branch against the root of the
// value it proves a part of, in both presets.
func TestLightClientBranches(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  tree.Gindex
		want tree.Gindex
	}{
		{"finalized root", fulu.FinalizedRootGindex, 169},
		{"current sync committee", fulu.CurrentSyncCommitteeGindex, 86},
		{"next sync committee", fulu.NextSyncCommitteeGindex, 87},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
		st := fulu.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = fulu.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := fulu.FinalityBranch(st)
		if err != nil || !verify(root, fulu.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := fulu.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, fulu.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := fulu.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, fulu.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, fulu.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []fulu.Bytes32) bool {
	b := make([][32]byte, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return tree.VerifyProof(root, g, leaf, b)
}

// chain is a finalized block, an attested block and the block after it
// that signs it, with the post states of the last two: what
// CreateLightClientUpdate takes.
type chain struct {
	finalized, attested, block *fulu.BeaconBlock
	attestedState, state       *fulu.BeaconState
}

// newChain returns a chain whose attested block is at slot attestedSlot
// and whose signing block is at signatureSlot.
func newChain(spec *fulu.Spec, attestedSlot, signatureSlot fulu.Slot) *chain {
	c := &chain{}
	c.finalized = fulu.NewBeaconBlock(spec)
	c.finalized.SetSlot(8)
	c.finalized.SetProposerIndex(3)
	c.finalized.Body().SetGraffiti(fulu.Bytes32{'f'})
	c.finalized.Body().ExecutionPayload().SetBlockNumber(99)
	c.finalized.Body().ExecutionPayload().SetBlobGasUsed(131072)

	c.attestedState = fulu.NewBeaconState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(fulu.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(fulu.BLSPubkey{0xa1})
	c.attested = postStateBlock(spec, c.attestedState, fulu.Root{0x99})

	c.state = fulu.NewBeaconState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(spec, c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock returns a block at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(spec *fulu.Spec, st *fulu.BeaconState, parent fulu.Root) *fulu.BeaconBlock {
	block := fulu.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(parent)
	block.Body().ExecutionPayload().SetBlockNumber(99)
	block.Body().ExecutionPayload().SetBlobGasUsed(131072)
	bits := block.Body().SyncAggregate().SyncCommitteeBits()
	for i := 0; i < 5; i++ {
		bits.Set(i*3, true)
	}
	block.Body().SyncAggregate().SetSyncCommitteeSignature(fulu.BLSSignature{0x5})
	st.SetLatestBlockHeader(fulu.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

func TestLightClientUpdates(t *testing.T) {
	for _, spec := range []*fulu.Spec{fulu.Minimal, fulu.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newChain(spec, 100, 101)
			root := c.attestedState.HashTreeRoot()

			fin, err := fulu.FinalityBranch(c.attestedState)
			if err != nil || !forkcode.VerifyBranch(c.attestedState.FinalizedCheckpoint().Root, fin[:], fulu.FinalizedRootGindex, root) {
				t.Fatalf("FinalityBranch does not verify (%v)", err)
			}

			b, err := fulu.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			if h := b.Header().Beacon(); h.HashTreeRoot() != c.attested.HashTreeRoot() {
				t.Error("the bootstrap's header is not the block's")
			}
			cur := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], fulu.CurrentSyncCommitteeGindex, b.Header().Beacon().StateRoot) {
				t.Error("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := fulu.CreateLightClientBootstrap(c.state, c.attested); err == nil {
				t.Error("a bootstrap of a block whose post state is another state: no error")
			}

			u, err := fulu.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			stateRoot := u.AttestedHeader().Beacon().StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!forkcode.VerifyBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], fulu.NextSyncCommitteeGindex, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader().Beacon()
			if finalized.HashTreeRoot() != c.finalized.HashTreeRoot() ||
				!forkcode.VerifyBranch(finalized.HashTreeRoot(), finality[:], fulu.FinalizedRootGindex, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			// Capella's headers hold the execution payload's header and
			// its proof against the body root.
			for _, h := range []*fulu.LightClientHeader{u.AttestedHeader(), u.FinalizedHeader()} {
				eb := h.ExecutionBranch()
				if h.Execution().BlockNumber() != 99 || h.Execution().BlobGasUsed() != 131072 || !forkcode.VerifyBranch(h.Execution().HashTreeRoot(), eb[:], electra.ExecutionPayloadGindex, h.Beacon().BodyRoot) {
					t.Error("a header's execution branch does not verify against its body root")
				}
			}

			fu := fulu.CreateLightClientFinalityUpdate(u)
			fb := fu.FinalityBranch()
			if fu.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || fu.FinalizedHeader().HashTreeRoot() != u.FinalizedHeader().HashTreeRoot() || fb != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := fulu.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || ou.SignatureSlot() != 101 {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = fulu.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader().HashTreeRoot() != fulu.NewLightClientHeader(spec).HashTreeRoot() || u.FinalityBranch() != ([forks.FinalizedRootDepthElectra]fulu.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := fulu.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newChain(spec, period-1, period)
			u, err = fulu.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != fulu.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			// What the specification asserts against.
			noBits := newChain(spec, 100, 101)
			for i := 0; i < 15; i++ {
				noBits.block.Body().SyncAggregate().SyncCommitteeBits().Set(i, false)
			}
			noBits.state.SetLatestBlockHeader(fulu.BeaconBlockHeader{
				Slot: 101, ProposerIndex: 17, ParentRoot: noBits.attested.HashTreeRoot(), BodyRoot: noBits.block.Body().HashTreeRoot(),
			})
			noBits.block.SetStateRoot(noBits.state.HashTreeRoot())
			orphan := fulu.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := fulu.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*fulu.LightClientUpdate, error){
				"participants": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(noBits.state, noBits.block, noBits.attestedState, noBits.attested, nil)
				},
				"the state is not": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"the attested state is not": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c.attested, nil)
				},
				"not the parent": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*fulu.LightClientUpdate, error) {
					return fulu.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "fulu: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
