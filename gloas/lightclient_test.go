package gloas_test

import (
	"crypto/sha256"
	"math/bits"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// isValidMerkleBranch is the specification's is_valid_merkle_branch
// (specs/phase0/beacon-chain.md) at the generalized index g, whose depth is
// floorlog2(g) and whose index at that depth get_subtree_index(g), as
// is_valid_light_client_header and the sync protocol call it: written
// here from the specification's text, apart from the library's proofs.
func isValidMerkleBranch(leaf [32]byte, branch []gloas.Bytes32, g tree.Gindex, root [32]byte) bool {
	depth := bits.Len64(uint64(g)) - 1
	if depth < 0 || len(branch) != depth {
		return false
	}
	index := uint64(g) % (1 << depth)
	value := leaf
	for i := range depth {
		var pair [64]byte
		if index>>i&1 == 1 {
			copy(pair[:32], branch[i][:])
			copy(pair[32:], value[:])
		} else {
			copy(pair[:32], value[:])
			copy(pair[32:], branch[i][:])
		}
		value = sha256.Sum256(pair[:])
	}
	return value == root
}

// TestLightClientGindices checks the light-client indices of Gloas'
// progressive containers against the constants of
// specs/gloas/light-client/sync-protocol.md and of package forks, and the
// indices by slot on either side of a Gloas fork epoch.
func TestLightClientGindices(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got       tree.Gindex
		want      tree.Gindex
		forks     int
		branchLen int
	}{
		{"finalized root", gloas.FinalizedRootGindex, 735, forks.FinalizedRootIndexGloas, forks.FinalizedRootDepthGloas},
		{"current sync committee", gloas.CurrentSyncCommitteeGindex, 2945, forks.CurrentSyncCommitteeIndexGloas, forks.CurrentSyncCommitteeDepthGloas},
		{"next sync committee", gloas.NextSyncCommitteeGindex, 2946, forks.NextSyncCommitteeIndexGloas, forks.NextSyncCommitteeDepthGloas},
		{"execution block hash", gloas.ExecutionBlockHashGindex, 2856, forks.ExecutionBlockHashIndexGloas, forks.ExecutionBlockHashDepthGloas},
	} {
		if tc.got != tc.want || int(tc.got) != tc.forks || bits.Len64(uint64(tc.got))-1 != tc.branchLen {
			t.Errorf("%s: gindex %d, want %d (forks: %d, depth %d)", tc.name, tc.got, tc.want, tc.forks, tc.branchLen)
		}
	}

	s, err := forks.NewSchedule("devnet", "minimal",
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{1, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameBellatrix, Version: forks.ForkVersion{2, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameCapella, Version: forks.ForkVersion{3, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameDeneb, Version: forks.ForkVersion{4, 0, 0, 9}},
		forks.ScheduledFork{Name: forks.NameElectra, Version: forks.ForkVersion{5, 0, 0, 9}, Epoch: 10},
		forks.ScheduledFork{Name: forks.NameFulu, Version: forks.ForkVersion{6, 0, 0, 9}, Epoch: 10},
		forks.ScheduledFork{Name: forks.NameGloas, Version: forks.ForkVersion{7, 0, 0, 9}, Epoch: 20},
	)
	if err != nil {
		t.Fatal(err)
	}
	spe := gloas.Slot(forks.Minimal.Values["SLOTS_PER_EPOCH"])
	for _, tc := range []struct {
		slot          gloas.Slot
		fin, cur, nxt tree.Gindex
	}{
		{0, 105, 54, 55},
		{10*spe - 1, 105, 54, 55},
		{10 * spe, 169, 86, 87},
		{20*spe - 1, 169, 86, 87},
		{20 * spe, 735, 2945, 2946},
		{1 << 40, 735, 2945, 2946},
	} {
		f, c, n := gloas.FinalizedRootGindexAtSlot(s, tc.slot), gloas.CurrentSyncCommitteeGindexAtSlot(s, tc.slot), gloas.NextSyncCommitteeGindexAtSlot(s, tc.slot)
		if f != tc.fin || c != tc.cur || n != tc.nxt {
			t.Errorf("slot %d: %d, %d, %d, want %d, %d, %d", tc.slot, f, c, n, tc.fin, tc.cur, tc.nxt)
		}
	}
}

// lightClientChain is a finalized block, an attested block and the block
// after it that signs it, with the post states of the last two (synthetic
// Gloas states): what CreateLightClientUpdate takes.
type lightClientChain struct {
	finalized, attested, block *gloas.BeaconBlock
	attestedState, state       *gloas.BeaconState
}

// newLightClientChain returns a chain whose attested block is at slot
// attestedSlot and whose signing block is at signatureSlot.
func newLightClientChain(t *testing.T, spec *gloas.Spec, attestedSlot, signatureSlot gloas.Slot) *lightClientChain {
	t.Helper()
	block := func(seed uint64) *gloas.BeaconBlock {
		b, err := synth.GloasBlock(spec, seed)
		if err != nil {
			t.Fatal(err)
		}
		return b.Message()
	}
	state := func(seed uint64) *gloas.BeaconState {
		st, err := synth.GloasState(spec, 100, seed)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	c := &lightClientChain{finalized: block(1)}
	c.finalized.SetSlot(8)

	c.attestedState = state(2)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(gloas.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attested = postStateBlock(block(3), c.attestedState, gloas.Root{0x99})

	c.state = state(4)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(block(5), c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock makes block one at st's slot whose post state st is: st's
// latest block header is the block's, and the block's state root st's.
func postStateBlock(block *gloas.BeaconBlock, st *gloas.BeaconState, parent gloas.Root) *gloas.BeaconBlock {
	block.SetSlot(st.Slot())
	block.SetParentRoot(parent)
	block.Body().SignedExecutionPayloadBid().Message().SetParentBlockHash(gloas.Hash32{0xb1, byte(st.Slot())})
	st.SetLatestBlockHeader(gloas.BeaconBlockHeader{
		Slot: block.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: block.Body().HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

// checkHeader checks a Gloas light-client header as
// is_valid_light_client_header does at a Gloas slot, and that it is
// block's.
func checkHeader(t *testing.T, what string, h gloas.LightClientHeader, block *gloas.BeaconBlock) {
	t.Helper()
	if h.Beacon.HashTreeRoot() != block.HashTreeRoot() {
		t.Errorf("%s: the header's beacon header is not the block's", what)
	}
	want := block.Body().SignedExecutionPayloadBid().Message().ParentBlockHash()
	if h.ExecutionBlockHash != want {
		t.Errorf("%s: execution block hash %v, want the bid's parent block hash %v", what, h.ExecutionBlockHash, want)
	}
	if !isValidMerkleBranch(h.ExecutionBlockHash, h.ExecutionBranch[:], forks.ExecutionBlockHashIndexGloas, h.Beacon.BodyRoot) {
		t.Errorf("%s: the execution branch does not verify against the body root", what)
	}
	if isValidMerkleBranch(h.ExecutionBlockHash, h.ExecutionBranch[:], forks.ExecutionBlockHashIndexGloas^1, h.Beacon.BodyRoot) {
		t.Errorf("%s: the execution branch verifies at its sibling's index", what)
	}
}

// TestLightClientUpdates builds the light-client data of synthetic Gloas
// states and blocks, and verifies every branch with is_valid_merkle_branch
// at the specification's indices against the roots a light client has:
// the headers' state and body roots.
func TestLightClientUpdates(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Minimal, gloas.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			c := newLightClientChain(t, spec, 100, 101)

			b, err := gloas.CreateLightClientBootstrap(c.attestedState, c.attested)
			if err != nil {
				t.Fatal(err)
			}
			checkHeader(t, "bootstrap", b.Header(), c.attested)
			cur := b.CurrentSyncCommitteeBranch()
			if b.Header().Beacon.StateRoot != c.attestedState.HashTreeRoot() ||
				b.CurrentSyncCommittee().HashTreeRoot() != c.attestedState.CurrentSyncCommittee().HashTreeRoot() ||
				!isValidMerkleBranch(b.CurrentSyncCommittee().HashTreeRoot(), cur[:], forks.CurrentSyncCommitteeIndexGloas, b.Header().Beacon.StateRoot) {
				t.Error("the bootstrap's current sync committee does not verify against its header's state root")
			}
			if _, err := gloas.CreateLightClientBootstrap(c.state, c.attested); err == nil || !strings.HasPrefix(err.Error(), "gloas: ") {
				t.Errorf("a bootstrap of a block whose post state is another state: %v", err)
			}

			u, err := gloas.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, c.finalized)
			if err != nil {
				t.Fatal(err)
			}
			checkHeader(t, "attested header", u.AttestedHeader(), c.attested)
			checkHeader(t, "finalized header", u.FinalizedHeader(), c.finalized)
			stateRoot := u.AttestedHeader().Beacon.StateRoot
			next := u.NextSyncCommitteeBranch()
			if u.NextSyncCommittee().HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() ||
				!isValidMerkleBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], forks.NextSyncCommitteeIndexGloas, stateRoot) {
				t.Error("the update's next sync committee does not verify against its attested header's state root")
			}
			if isValidMerkleBranch(u.NextSyncCommittee().HashTreeRoot(), next[:], forks.CurrentSyncCommitteeIndexGloas, stateRoot) {
				t.Error("the next sync committee's branch verifies at the current one's index")
			}
			finality, finalized := u.FinalityBranch(), u.FinalizedHeader().Beacon
			if !isValidMerkleBranch(finalized.HashTreeRoot(), finality[:], forks.FinalizedRootIndexGloas, stateRoot) {
				t.Error("the update's finalized header does not verify against its attested header's state root")
			}
			if u.SignatureSlot() != 101 || u.SyncAggregate().HashTreeRoot() != c.block.Body().SyncAggregate().HashTreeRoot() {
				t.Error("the update's signature slot or sync aggregate is not the block's")
			}

			fu := gloas.CreateLightClientFinalityUpdate(u)
			if fu.AttestedHeader() != u.AttestedHeader() || fu.FinalizedHeader() != u.FinalizedHeader() || fu.FinalityBranch() != finality ||
				fu.SignatureSlot() != 101 || fu.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the finality update differs from the update")
			}
			ou := gloas.CreateLightClientOptimisticUpdate(u)
			if ou.AttestedHeader() != u.AttestedHeader() || ou.SignatureSlot() != 101 || ou.SyncAggregate().HashTreeRoot() != u.SyncAggregate().HashTreeRoot() {
				t.Error("the optimistic update differs from the update")
			}

			// Without a finalized block, no finality; across a period
			// boundary, no next sync committee.
			u, err = gloas.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, nil)
			if err != nil || u.FinalizedHeader() != (gloas.LightClientHeader{}) || u.FinalityBranch() != ([forks.FinalizedRootDepthGloas]gloas.Bytes32{}) {
				t.Errorf("an update without a finalized block has finality (%v)", err)
			}
			period := gloas.Slot(spec.Preset.Values["SLOTS_PER_EPOCH"] * spec.Preset.Values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
			c2 := newLightClientChain(t, spec, period-1, period)
			u, err = gloas.CreateLightClientUpdate(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
			if err != nil || u.NextSyncCommittee().HashTreeRoot() != gloas.NewSyncCommittee(spec).HashTreeRoot() {
				t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
			}

			orphan := gloas.NewBeaconBlock(spec)
			orphan.SetSlot(8)
			genesis := gloas.NewBeaconBlock(spec)
			// Each case names the error it wants, a part of its message.
			for want, f := range map[string]func() (*gloas.LightClientUpdate, error){
				"the state is not": func() (*gloas.LightClientUpdate, error) {
					return gloas.CreateLightClientUpdate(c.attestedState, c.block, c.attestedState, c.attested, nil)
				},
				"not the parent": func() (*gloas.LightClientUpdate, error) {
					return gloas.CreateLightClientUpdate(c.state, c.block, c2.attestedState, c2.attested, nil)
				},
				"the finalized block is not": func() (*gloas.LightClientUpdate, error) {
					return gloas.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, orphan)
				},
				"genesis slot": func() (*gloas.LightClientUpdate, error) {
					return gloas.CreateLightClientUpdate(c.state, c.block, c.attestedState, c.attested, genesis)
				},
			} {
				if _, err := f(); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "gloas: ") {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}
