package electra_test

import (
	"github.com/ssztree/ssztree/forks/forkcode"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
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
		{"finalized root", electra.FinalizedRootGindex, 169},
		{"current sync committee", electra.CurrentSyncCommitteeGindex, 86},
		{"next sync committee", electra.NextSyncCommitteeGindex, 87},
		{"execution payload", electra.ExecutionPayloadGindex, 25},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: gindex %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	for _, spec := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
		st := electra.NewBeaconState(spec)
		st.SetSlot(12345)
		cp := st.FinalizedCheckpoint()
		cp.Root = electra.Root{0xf1}
		st.SetFinalizedCheckpoint(cp)
		st.CurrentSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xc1})
		st.NextSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xa1})
		root := st.HashTreeRoot()

		fin, err := electra.FinalityBranch(st)
		if err != nil || !verify(root, electra.FinalizedRootGindex, cp.Root, fin[:]) {
			t.Errorf("%s: FinalityBranch %v does not verify (%v)", spec.Preset.Name, fin, err)
		}
		cur, err := electra.CurrentSyncCommitteeBranch(st)
		if err != nil || !verify(root, electra.CurrentSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), cur[:]) {
			t.Errorf("%s: CurrentSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		next, err := electra.NextSyncCommitteeBranch(st)
		if err != nil || !verify(root, electra.NextSyncCommitteeGindex, st.NextSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: NextSyncCommitteeBranch does not verify (%v)", spec.Preset.Name, err)
		}
		if verify(root, electra.NextSyncCommitteeGindex, st.CurrentSyncCommittee().HashTreeRoot(), next[:]) {
			t.Errorf("%s: the branch of the next sync committee verifies the current one", spec.Preset.Name)
		}

		body := electra.NewBeaconBlockBody(spec)
		body.ExecutionPayload().SetBlockNumber(99)
		exec, err := electra.ExecutionBranch(body)
		if err != nil || !verify(body.HashTreeRoot(), electra.ExecutionPayloadGindex, body.ExecutionPayload().HashTreeRoot(), exec[:]) {
			t.Errorf("%s: ExecutionBranch does not verify (%v)", spec.Preset.Name, err)
		}
	}
}

func verify(root [32]byte, g tree.Gindex, leaf [32]byte, branch []electra.Bytes32) bool {
	b := make([][32]byte, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return tree.VerifyProof(root, g, leaf, b)
}

// TestGindexAtSlot checks the indices by slot on mainnet's schedule, on
// either side of its Electra fork epoch, and on a schedule without
// Electra.
func TestGindexAtSlot(t *testing.T) {
	epoch, _ := forks.MainnetSchedule.Epoch(forks.NameElectra)
	first := electra.Slot(epoch * 32)
	noElectra, err := forks.NewSchedule("devnet", "minimal",
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{1, 0, 0, 9}},
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s                   *forks.Schedule
		slot                electra.Slot
		finalized, cur, nxt tree.Gindex
	}{
		{forks.MainnetSchedule, first - 1, 105, 54, 55},
		{forks.MainnetSchedule, first, 169, 86, 87},
		{forks.MainnetSchedule, first + 32*1000, 169, 86, 87},
		{forks.MainnetSchedule, 0, 105, 54, 55},
		{noElectra, 1 << 40, 105, 54, 55},
	} {
		f, c, n := electra.FinalizedRootGindexAtSlot(tc.s, tc.slot), electra.CurrentSyncCommitteeGindexAtSlot(tc.s, tc.slot), electra.NextSyncCommitteeGindexAtSlot(tc.s, tc.slot)
		if f != tc.finalized || c != tc.cur || n != tc.nxt {
			t.Errorf("%s at slot %d: %d, %d, %d, want %d, %d, %d", tc.s.Network(), tc.slot, f, c, n, tc.finalized, tc.cur, tc.nxt)
		}
	}
}

// TestNormalizedBranches normalizes the branches of a Deneb state, as an
// Electra light client does with Deneb's data, and checks them at the
// indices of a Deneb slot and Electra's own branches at those of an
// Electra slot, as is_valid_normalized_merkle_branch reads them.
func TestNormalizedBranches(t *testing.T) {
	epoch, _ := forks.MainnetSchedule.Epoch(forks.NameElectra)
	denebSlot, electraSlot := electra.Slot(epoch*32-5), electra.Slot(epoch*32+5)
	s := forks.MainnetSchedule

	old := deneb.NewBeaconState(deneb.Mainnet)
	old.SetSlot(denebSlot)
	old.SetFinalizedCheckpoint(deneb.Checkpoint{Epoch: 3, Root: deneb.Root{0xf1}})
	old.CurrentSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xc1})
	old.NextSyncCommittee().SetAggregatePubkey(deneb.BLSPubkey{0xa1})
	root := old.HashTreeRoot()
	fin, err := deneb.FinalityBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := deneb.CurrentSyncCommitteeBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	next, err := deneb.NextSyncCommitteeBranch(old)
	if err != nil {
		t.Fatal(err)
	}
	nf, nc, nn := electra.NormalizeFinalityBranch(fin), electra.NormalizeCurrentSyncCommitteeBranch(cur), electra.NormalizeNextSyncCommitteeBranch(next)
	if nf[0] != (electra.Bytes32{}) || [6]electra.Bytes32(nf[1:]) != fin || nc[0] != (electra.Bytes32{}) || nn[0] != (electra.Bytes32{}) {
		t.Fatal("a normalized branch is not the branch after a zero root")
	}
	for _, tc := range []struct {
		name   string
		leaf   [32]byte
		branch []electra.Bytes32
		g      tree.Gindex
	}{
		{"finality", old.FinalizedCheckpoint().Root, nf[:], electra.FinalizedRootGindexAtSlot(s, denebSlot)},
		{"current sync committee", old.CurrentSyncCommittee().HashTreeRoot(), nc[:], electra.CurrentSyncCommitteeGindexAtSlot(s, denebSlot)},
		{"next sync committee", old.NextSyncCommittee().HashTreeRoot(), nn[:], electra.NextSyncCommitteeGindexAtSlot(s, denebSlot)},
	} {
		if !electra.VerifyNormalizedBranch(tc.leaf, tc.branch, tc.g, root) {
			t.Errorf("%s: the normalized Deneb branch does not verify at the Deneb slot's index", tc.name)
		}
		if electra.VerifyNormalizedBranch(tc.leaf, tc.branch, tc.g^1, root) {
			t.Errorf("%s: the normalized Deneb branch verifies at its sibling's index", tc.name)
		}
	}

	st := electra.NewBeaconState(electra.Mainnet)
	st.SetSlot(electraSlot)
	st.SetFinalizedCheckpoint(electra.Checkpoint{Epoch: 4, Root: electra.Root{0xf2}})
	ef, err := electra.FinalityBranch(st)
	if err != nil {
		t.Fatal(err)
	}
	g := electra.FinalizedRootGindexAtSlot(s, electraSlot)
	if !electra.VerifyNormalizedBranch(st.FinalizedCheckpoint().Root, ef[:], g, st.HashTreeRoot()) {
		t.Error("an Electra finality branch does not verify at the Electra slot's index")
	}
	if electra.VerifyNormalizedBranch(st.FinalizedCheckpoint().Root, ef[:], electra.FinalizedRootGindexAtSlot(s, denebSlot), st.HashTreeRoot()) {
		t.Error("an Electra finality branch verifies at the Deneb slot's index")
	}
}

// chain is a finalized block, an attested block and the block after it
// that signs it, with the post states of the last two: what
// CreateLightClientUpdate takes.
type chain struct {
	finalized, attested, block *electra.BeaconBlock
	attestedState, state       *electra.BeaconState
}

// newChain returns a chain whose attested block is at slot attestedSlot
// and whose signing block is at signatureSlot.
func newChain(spec *electra.Spec, attestedSlot, signatureSlot electra.Slot) *chain {
	c := &chain{}
	c.finalized = electra.NewBeaconBlock(spec)
	c.finalized.SetSlot(8)
	c.finalized.SetProposerIndex(3)
	c.finalized.Body().SetGraffiti(electra.Bytes32{'f'})
	c.finalized.Body().ExecutionPayload().SetBlockNumber(99)
	c.finalized.Body().ExecutionPayload().SetBlobGasUsed(131072)

	c.attestedState = electra.NewBeaconState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(electra.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(electra.BLSPubkey{0xa1})
	c.attested = postStateBlock(spec, c.attestedState, electra.Root{0x99})

	c.state = electra.NewBeaconState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(spec, c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock returns a block at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(spec *electra.Spec, st *electra.BeaconState, parent electra.Root) *electra.BeaconBlock {
	block := electra.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(parent)
	block.Body().ExecutionPayload().SetBlockNumber(99)
	block.Body().ExecutionPayload().SetBlobGasUsed(131072)
	bits := block.Body().SyncAggregate().SyncCommitteeBits()
	for i := 0; i < 5; i++ {
		bits.Set(i*3, true)
	}
	block.Body().SyncAggregate().SetSyncCommitteeSignature(electra.BLSSignature{0x5})
	st.SetLatestBlockHeader(electra.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

func TestLightClientUpdates(t *testing.T) {
	for _, spec := range []*electra.Spec{electra.Minimal, electra.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newChain(spec, 100, 101)
			root := c.attestedState.HashTreeRoot()

			fin, err := electra.FinalityBranch(c.attestedState)
			if err != nil || !forkcode.VerifyBranch(c.attestedState.FinalizedCheckpoint().Root, fin[:], electra.FinalizedRootGindex, root) {
				t.Fatalf("FinalityBranch does not verify (%v)", err)
			}

			b, err := electra.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			if h := b.Header().Beacon(); h.HashTreeRoot() != c.attested.HashTreeRoot() {
				t.Error("the bootstrap's header is not the block's")
			}
			cur := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], electra.CurrentSyncCommitteeGindex, b.Header().Beacon().StateRoot) {
				t.Error("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := electra.CreateLightClientBootstrap(c.state, c.attested); err == nil {
				t.Error("a bootstrap of a block whose post state is another state: no error")
			}

			u, err := electra.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			stateRoot := u.AttestedHeader().Beacon().StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!forkcode.VerifyBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], electra.NextSyncCommitteeGindex, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader().Beacon()
			if finalized.HashTreeRoot() != c.finalized.HashTreeRoot() ||
				!forkcode.VerifyBranch(finalized.HashTreeRoot(), finality[:], electra.FinalizedRootGindex, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			// Capella's headers hold the execution payload's header and
			// its proof against the body root.
			for _, h := range []*electra.LightClientHeader{u.AttestedHeader(), u.FinalizedHeader()} {
				eb := h.ExecutionBranch()
				if h.Execution().BlockNumber() != 99 || h.Execution().BlobGasUsed() != 131072 || !forkcode.VerifyBranch(h.Execution().HashTreeRoot(), eb[:], electra.ExecutionPayloadGindex, h.Beacon().BodyRoot) {
					t.Error("a header's execution branch does not verify against its body root")
				}
			}

			fu := electra.CreateLightClientFinalityUpdate(u)
			fb := fu.FinalityBranch()
			if fu.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || fu.FinalizedHeader().HashTreeRoot() != u.FinalizedHeader().HashTreeRoot() || fb != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := electra.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || ou.SignatureSlot() != 101 {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = electra.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader().HashTreeRoot() != electra.NewLightClientHeader(spec).HashTreeRoot() || u.FinalityBranch() != ([forks.FinalizedRootDepthElectra]electra.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := electra.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newChain(spec, period-1, period)
			u, err = electra.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != electra.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			// What the specification asserts against.
			noBits := newChain(spec, 100, 101)
			for i := 0; i < 15; i++ {
				noBits.block.Body().SyncAggregate().SyncCommitteeBits().Set(i, false)
			}
			noBits.state.SetLatestBlockHeader(electra.BeaconBlockHeader{
				Slot: 101, ProposerIndex: 17, ParentRoot: noBits.attested.HashTreeRoot(), BodyRoot: noBits.block.Body().HashTreeRoot(),
			})
			noBits.block.SetStateRoot(noBits.state.HashTreeRoot())
			orphan := electra.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := electra.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*electra.LightClientUpdate, error){
				"participants": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(noBits.state, noBits.block, noBits.attestedState, noBits.attested, nil)
				},
				"the state is not": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"the attested state is not": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c.attested, nil)
				},
				"not the parent": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*electra.LightClientUpdate, error) {
					return electra.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "electra: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
