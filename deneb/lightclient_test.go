package deneb_test

import (
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/deneb"
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
		{"finalized root", deneb.FinalizedRootGindex, 105},
		{"current sync committee", deneb.CurrentSyncCommitteeGindex, 54},
		{"next sync committee", deneb.NextSyncCommitteeGindex, 55},
		{"execution payload", deneb.ExecutionPayloadGindex, 25},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*deneb.Spec{deneb.Mainnet, deneb.Minimal} {
		st := deneb.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = deneb.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := deneb.FinalityBranch(st)
		if err != nil || !verify(root, deneb.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := deneb.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, deneb.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := deneb.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, deneb.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, deneb.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}

		body := deneb.NewBeaconBlockBody(spec)
		body.ExecutionPayload().SetBlockNumber(99)
		exec, err := deneb.ExecutionBranch(body)
		if err != nil || !verify(body.HashTreeRoot(), deneb.ExecutionPayloadGindex, body.ExecutionPayload().HashTreeRoot(), exec[:]) {
			t.Errorf("%s: ExecutionBranch does not verify (%v)", spec.Preset.Name, err)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []deneb.Bytes32) bool {
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
	finalized, attested, block *deneb.BeaconBlock
	attestedState, state       *deneb.BeaconState
}

// newChain returns a chain whose attested block is at slot attestedSlot
// and whose signing block is at signatureSlot.
func newChain(spec *deneb.Spec, attestedSlot, signatureSlot deneb.Slot) *chain {
	c := &chain{}
	c.finalized = deneb.NewBeaconBlock(spec)
	c.finalized.SetSlot(8)
	c.finalized.SetProposerIndex(3)
	c.finalized.Body().SetGraffiti(deneb.Bytes32{'f'})
	c.finalized.Body().ExecutionPayload().SetBlockNumber(99)
	c.finalized.Body().ExecutionPayload().SetBlobGasUsed(131072)

	c.attestedState = deneb.NewBeaconState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(deneb.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xa1})
	c.attested = postStateBlock(spec, c.attestedState, deneb.Root{0x99})

	c.state = deneb.NewBeaconState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(spec, c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock returns a block at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(spec *deneb.Spec, st *deneb.BeaconState, parent deneb.Root) *deneb.BeaconBlock {
	block := deneb.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(parent)
	block.Body().ExecutionPayload().SetBlockNumber(99)
	block.Body().ExecutionPayload().SetBlobGasUsed(131072)
	bits := block.Body().SyncAggregate().SyncCommitteeBits()
	for i := 0; i < 5; i++ {
		bits.Set(i*3, true)
	}
	block.Body().SyncAggregate().SetSyncCommitteeSignature(deneb.BLSSignature{0x5})
	st.SetLatestBlockHeader(deneb.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

func TestLightClientUpdates(t *testing.T) {
	for _, spec := range []*deneb.Spec{deneb.Minimal, deneb.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newChain(spec, 100, 101)
			root := c.attestedState.HashTreeRoot()

			fin, err := deneb.FinalityBranch(c.attestedState)
			if err != nil || !forkcode.VerifyBranch(c.attestedState.FinalizedCheckpoint().Root, fin[:], deneb.FinalizedRootGindex, root) {
				t.Fatalf("FinalityBranch does not verify (%v)", err)
			}

			b, err := deneb.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			if h := b.Header().Beacon(); h.HashTreeRoot() != c.attested.HashTreeRoot() {
				t.Error("the bootstrap's header is not the block's")
			}
			cur := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], deneb.CurrentSyncCommitteeGindex, b.Header().Beacon().StateRoot) {
				t.Error("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := deneb.CreateLightClientBootstrap(c.state, c.attested); err == nil {
				t.Error("a bootstrap of a block whose post state is another state: no error")
			}

			u, err := deneb.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			stateRoot := u.AttestedHeader().Beacon().StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!forkcode.VerifyBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], deneb.NextSyncCommitteeGindex, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader().Beacon()
			if finalized.HashTreeRoot() != c.finalized.HashTreeRoot() ||
				!forkcode.VerifyBranch(finalized.HashTreeRoot(), finality[:], deneb.FinalizedRootGindex, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			// Capella's headers hold the execution payload's header and
			// its proof against the body root.
			for _, h := range []*deneb.LightClientHeader{u.AttestedHeader(), u.FinalizedHeader()} {
				eb := h.ExecutionBranch()
				if h.Execution().BlockNumber() != 99 || h.Execution().BlobGasUsed() != 131072 || !forkcode.VerifyBranch(h.Execution().HashTreeRoot(), eb[:], deneb.ExecutionPayloadGindex, h.Beacon().BodyRoot) {
					t.Error("a header's execution branch does not verify against its body root")
				}
			}

			fu := deneb.CreateLightClientFinalityUpdate(u)
			fb := fu.FinalityBranch()
			if fu.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || fu.FinalizedHeader().HashTreeRoot() != u.FinalizedHeader().HashTreeRoot() || fb != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := deneb.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || ou.SignatureSlot() != 101 {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = deneb.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader().HashTreeRoot() != deneb.NewLightClientHeader(spec).HashTreeRoot() || u.FinalityBranch() != ([forks.FinalizedRootDepth]deneb.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := deneb.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newChain(spec, period-1, period)
			u, err = deneb.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != deneb.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			// What the specification asserts against.
			noBits := newChain(spec, 100, 101)
			for i := 0; i < 15; i++ {
				noBits.block.Body().SyncAggregate().SyncCommitteeBits().Set(i, false)
			}
			noBits.state.SetLatestBlockHeader(deneb.BeaconBlockHeader{
				Slot: 101, ProposerIndex: 17, ParentRoot: noBits.attested.HashTreeRoot(), BodyRoot: noBits.block.Body().HashTreeRoot(),
			})
			noBits.block.SetStateRoot(noBits.state.HashTreeRoot())
			orphan := deneb.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := deneb.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*deneb.LightClientUpdate, error){
				"participants": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(noBits.state, noBits.block, noBits.attestedState, noBits.attested, nil)
				},
				"the state is not": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"the attested state is not": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c.attested, nil)
				},
				"not the parent": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*deneb.LightClientUpdate, error) {
					return deneb.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "deneb: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
