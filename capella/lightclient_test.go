package capella_test

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestLightClientGindices checks the indices derived from the schema against
// the specification's constants, in both presets.
func TestLightClientGindices(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got       tree.Gindex
		spec      tree.Gindex // the specification's constant
		forks     int         // package forks' constant
		depth     int
		container string
		path      string
	}{
		{"FINALIZED_ROOT_GINDEX", capella.FinalizedRootGindex, 105, forks.FinalizedRootIndex, forks.FinalizedRootDepth, "BeaconState", "finalized_checkpoint.root"},
		{"CURRENT_SYNC_COMMITTEE_GINDEX", capella.CurrentSyncCommitteeGindex, 54, forks.CurrentSyncCommitteeIndex, forks.CurrentSyncCommitteeDepth, "BeaconState", "current_sync_committee"},
		{"NEXT_SYNC_COMMITTEE_GINDEX", capella.NextSyncCommitteeGindex, 55, forks.NextSyncCommitteeIndex, forks.NextSyncCommitteeDepth, "BeaconState", "next_sync_committee"},
		{"EXECUTION_PAYLOAD_GINDEX", capella.ExecutionPayloadGindex, 25, forks.ExecutionPayloadIndex, forks.ExecutionPayloadDepth, "BeaconBlockBody", "execution_payload"},
	} {
		if tc.got != tc.spec || int(tc.got) != tc.forks || tc.got.Depth() != tc.depth {
			t.Errorf("%s: %d (depth %d), want %d (depth %d)", tc.name, tc.got, tc.got.Depth(), tc.spec, tc.depth)
		}
		for _, spec := range []*capella.Spec{capella.Mainnet, capella.Minimal} {
			if g, err := schema.Gindex(spec.Type(tc.container), tc.path); err != nil || g != tc.spec {
				t.Errorf("%s in %s: %d, %v", tc.name, spec.Preset.Name, g, err)
			}
		}
	}
}

func subtreeIndex(g tree.Gindex) uint64 { return g.Index() }

// lightClientState returns a small synthetic state whose latest block header
// is at its slot, and a block whose post state it is.
func lightClientState(t *testing.T, spec *capella.Spec) (*capella.BeaconState, *capella.BeaconBlock) {
	t.Helper()
	st, err := synth.CapellaState(spec, 2000, 7)
	if err != nil {
		t.Fatal(err)
	}
	block := capella.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(capella.Root{1, 2, 3})
	body := block.Body()
	body.SetGraffiti(capella.Bytes32{'l', 'c'})
	payload := body.ExecutionPayload()
	payload.SetBlockNumber(12_345_678)
	payload.SetBlockHash(capella.Hash32{0xbb})
	payload.SetTimestamp(1_700_000_000)
	txs := payload.Transactions()
	txType := txs.Type().(*schema.List).Elem().(*schema.List)
	for i := 0; i < 3; i++ {
		tx, err := view.NewBasicList[uint8](txType)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 100+i; j++ {
			if err := tx.Append(uint8(i + j)); err != nil {
				t.Fatal(err)
			}
		}
		if err := txs.Append(tx); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 4; i++ {
		if err := payload.Withdrawals().Append(capella.Withdrawal{Index: capella.WithdrawalIndex(i), ValidatorIndex: 9, Amount: 1000}); err != nil {
			t.Fatal(err)
		}
	}
	header := capella.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: block.ParentRoot(),
		BodyRoot: block.Body().HashTreeRoot(),
	}
	st.SetLatestBlockHeader(header)
	block.SetStateRoot(st.HashTreeRoot())
	return st, block
}

func TestLightClientBranches(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Minimal, capella.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			st, block := lightClientState(t, spec)
			root := st.HashTreeRoot()

			cur, err := capella.CurrentSyncCommitteeBranch(st)
			if err != nil {
				t.Fatal(err)
			}
			if !forkcode.VerifyMerkleBranch(st.CurrentSyncCommittee().HashTreeRoot(), cur[:], forks.CurrentSyncCommitteeDepth, subtreeIndex(capella.CurrentSyncCommitteeGindex), root) {
				t.Fatal("current sync committee branch does not verify")
			}
			next, err := capella.NextSyncCommitteeBranch(st)
			if err != nil {
				t.Fatal(err)
			}
			if !forkcode.VerifyMerkleBranch(st.NextSyncCommittee().HashTreeRoot(), next[:], forks.NextSyncCommitteeDepth, subtreeIndex(capella.NextSyncCommitteeGindex), root) {
				t.Fatal("next sync committee branch does not verify")
			}
			if forkcode.VerifyMerkleBranch(st.CurrentSyncCommittee().HashTreeRoot(), next[:], forks.NextSyncCommitteeDepth, subtreeIndex(capella.NextSyncCommitteeGindex), root) {
				t.Fatal("the current committee verifies as the next one")
			}
			fin, err := capella.FinalityBranch(st)
			if err != nil {
				t.Fatal(err)
			}
			finalized := st.FinalizedCheckpoint().Root
			if !forkcode.VerifyMerkleBranch(finalized, fin[:], forks.FinalizedRootDepth, subtreeIndex(capella.FinalizedRootGindex), root) {
				t.Fatal("finality branch does not verify")
			}
			finalized[0] ^= 1
			if forkcode.VerifyMerkleBranch(finalized, fin[:], forks.FinalizedRootDepth, subtreeIndex(capella.FinalizedRootGindex), root) {
				t.Fatal("finality branch verifies another root")
			}

			body := block.Body()
			exec, err := capella.ExecutionBranch(body)
			if err != nil {
				t.Fatal(err)
			}
			payload := body.ExecutionPayload()
			if !forkcode.VerifyMerkleBranch(payload.HashTreeRoot(), exec[:], forks.ExecutionPayloadDepth, subtreeIndex(capella.ExecutionPayloadGindex), body.HashTreeRoot()) {
				t.Fatal("execution branch does not verify")
			}

			// The light-client header of the block: the execution header has
			// the payload's root, and its branch proves it against the
			// body root, as is_valid_light_client_header checks.
			h, err := capella.BlockToLightClientHeader(block)
			if err != nil {
				t.Fatal(err)
			}
			eh := h.Execution()
			if eh.HashTreeRoot() != payload.HashTreeRoot() {
				t.Fatal("the execution header's root is not the payload's")
			}
			if eh.BlockNumber() != 12_345_678 || eh.BlockHash() != (capella.Hash32{0xbb}) ||
				eh.TransactionsRoot() != capella.Root(payload.Transactions().HashTreeRoot()) ||
				eh.WithdrawalsRoot() != capella.Root(payload.Withdrawals().HashTreeRoot()) {
				t.Fatal("the execution header's fields are not the payload's")
			}
			beacon := h.Beacon()
			branch := h.ExecutionBranch()
			if !forkcode.VerifyMerkleBranch(eh.HashTreeRoot(), branch[:], forks.ExecutionPayloadDepth, subtreeIndex(capella.ExecutionPayloadGindex), beacon.BodyRoot) {
				t.Fatal("the header's execution branch does not verify against its body root")
			}
			if beacon.HashTreeRoot() != block.HashTreeRoot() {
				t.Fatal("the header's beacon header is not the block's")
			}

			// A bootstrap: its branch proves its committee against the
			// header's state root.
			b, err := capella.CreateLightClientBootstrap(st, block)
			if err != nil {
				t.Fatal(err)
			}
			bb := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyMerkleBranch(b.CurrentSyncCommittee().HashTreeRoot(), bb[:], forks.CurrentSyncCommitteeDepth,
				subtreeIndex(capella.CurrentSyncCommitteeGindex), b.Header().Beacon().StateRoot) {
				t.Fatal("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := capella.CreateLightClientBootstrap(st, capella.NewBeaconBlock(spec)); err == nil {
				t.Fatal("a bootstrap of a block whose post state is not the state")
			}
			data, err := b.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			back, err := capella.DecodeLightClientBootstrap(spec, data)
			if err != nil || back.HashTreeRoot() != b.HashTreeRoot() {
				t.Fatalf("the bootstrap does not round-trip: %v", err)
			}
		})
	}
}

// TestProveState proves parts of a state by path, validators and balances
// in pages included, and checks them against its root.
func TestProveState(t *testing.T) {
	st, err := synth.CapellaState(capella.Minimal, 3000, 3)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{
		"finalized_checkpoint.root", "current_sync_committee", "next_sync_committee.aggregate_pubkey",
		"validators[12].effective_balance", "validators[2999].pubkey", "validators.__len__",
		"balances[1000]", "balances.__len__", "inactivity_scores[5]", "block_roots[7]",
		"latest_execution_payload_header.block_hash", "historical_summaries.__len__",
	}
	root := st.HashTreeRoot()
	mp, err := view.Prove(st.View(), paths...)
	if err != nil {
		t.Fatal(err)
	}
	if !mp.Verify(root) {
		t.Fatal("the multiproof does not verify")
	}
	for i, p := range paths {
		g, leaf, branch, err := view.ProveBranch(st.View(), p)
		if err != nil {
			t.Fatal(err)
		}
		if leaf != mp.Leaves[i] || !tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: the single proof does not verify, or has another leaf", p)
		}
	}
	v := st.Validators().Get(12)
	var eb [32]byte
	eb[0], eb[1], eb[2], eb[3], eb[4] = byte(v.EffectiveBalance), byte(v.EffectiveBalance>>8), byte(v.EffectiveBalance>>16), byte(v.EffectiveBalance>>24), byte(v.EffectiveBalance>>32)
	if mp.Leaves[3] != eb {
		t.Fatal("the leaf of validators[12].effective_balance is not its balance")
	}
}

// chain is a finalized block, an attested block and the block after it
// that signs it, with the post states of the last two: what
// CreateLightClientUpdate takes.
type chain struct {
	finalized, attested, block *capella.BeaconBlock
	attestedState, state       *capella.BeaconState
}

// newChain returns a chain whose attested block is at slot attestedSlot
// and whose signing block is at signatureSlot.
func newChain(spec *capella.Spec, attestedSlot, signatureSlot capella.Slot) *chain {
	c := &chain{}
	c.finalized = capella.NewBeaconBlock(spec)
	c.finalized.SetSlot(8)
	c.finalized.SetProposerIndex(3)
	c.finalized.Body().SetGraffiti(capella.Bytes32{'f'})
	c.finalized.Body().ExecutionPayload().SetBlockNumber(99)

	c.attestedState = capella.NewBeaconState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(capella.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(capella.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(capella.BLSPubkey{0xa1})
	c.attested = postStateBlock(spec, c.attestedState, capella.Root{0x99})

	c.state = capella.NewBeaconState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(spec, c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock returns a block at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(spec *capella.Spec, st *capella.BeaconState, parent capella.Root) *capella.BeaconBlock {
	block := capella.NewBeaconBlock(spec)
	block.SetSlot(st.Slot())
	block.SetProposerIndex(17)
	block.SetParentRoot(parent)
	block.Body().ExecutionPayload().SetBlockNumber(99)
	bits := block.Body().SyncAggregate().SyncCommitteeBits()
	for i := 0; i < 5; i++ {
		bits.Set(i*3, true)
	}
	block.Body().SyncAggregate().SetSyncCommitteeSignature(capella.BLSSignature{0x5})
	st.SetLatestBlockHeader(capella.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

func TestLightClientUpdates(t *testing.T) {
	for _, spec := range []*capella.Spec{capella.Minimal, capella.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newChain(spec, 100, 101)
			root := c.attestedState.HashTreeRoot()

			fin, err := capella.FinalityBranch(c.attestedState)
			if err != nil || !forkcode.VerifyBranch(c.attestedState.FinalizedCheckpoint().Root, fin[:], capella.FinalizedRootGindex, root) {
				t.Fatalf("FinalityBranch does not verify (%v)", err)
			}

			b, err := capella.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			if h := b.Header().Beacon(); h.HashTreeRoot() != c.attested.HashTreeRoot() {
				t.Error("the bootstrap's header is not the block's")
			}
			cur := b.CurrentSyncCommitteeBranch()
			if !forkcode.VerifyBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], capella.CurrentSyncCommitteeGindex, b.Header().Beacon().StateRoot) {
				t.Error("the bootstrap's branch does not verify against its header's state root")
			}
			if _, err := capella.CreateLightClientBootstrap(c.state, c.attested); err == nil {
				t.Error("a bootstrap of a block whose post state is another state: no error")
			}

			u, err := capella.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			stateRoot := u.AttestedHeader().Beacon().StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!forkcode.VerifyBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], capella.NextSyncCommitteeGindex, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader().Beacon()
			if finalized.HashTreeRoot() != c.finalized.HashTreeRoot() ||
				!forkcode.VerifyBranch(finalized.HashTreeRoot(), finality[:], capella.FinalizedRootGindex, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			// Capella's headers hold the execution payload's header and
			// its proof against the body root.
			for _, h := range []*capella.LightClientHeader{u.AttestedHeader(), u.FinalizedHeader()} {
				eb := h.ExecutionBranch()
				if h.Execution().BlockNumber() != 99 || !forkcode.VerifyBranch(h.Execution().HashTreeRoot(), eb[:], capella.ExecutionPayloadGindex, h.Beacon().BodyRoot) {
					t.Error("a header's execution branch does not verify against its body root")
				}
			}

			fu := capella.CreateLightClientFinalityUpdate(u)
			fb := fu.FinalityBranch()
			if fu.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || fu.FinalizedHeader().HashTreeRoot() != u.FinalizedHeader().HashTreeRoot() || fb != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := capella.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader().HashTreeRoot() != u.AttestedHeader().HashTreeRoot() || ou.SignatureSlot() != 101 {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = capella.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader().HashTreeRoot() != capella.NewLightClientHeader(spec).HashTreeRoot() || u.FinalityBranch() != ([forks.FinalizedRootDepth]capella.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := capella.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newChain(spec, period-1, period)
			u, err = capella.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != capella.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			// What the specification asserts against.
			noBits := newChain(spec, 100, 101)
			for i := 0; i < 15; i++ {
				noBits.block.Body().SyncAggregate().SyncCommitteeBits().Set(i, false)
			}
			noBits.state.SetLatestBlockHeader(capella.BeaconBlockHeader{
				Slot: 101, ProposerIndex: 17, ParentRoot: noBits.attested.HashTreeRoot(), BodyRoot: noBits.block.Body().HashTreeRoot(),
			})
			noBits.block.SetStateRoot(noBits.state.HashTreeRoot())
			orphan := capella.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := capella.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*capella.LightClientUpdate, error){
				"participants": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(noBits.state, noBits.block, noBits.attestedState, noBits.attested, nil)
				},
				"the state is not": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"the attested state is not": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c.attested, nil)
				},
				"not the parent": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*capella.LightClientUpdate, error) {
					return capella.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "capella: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
