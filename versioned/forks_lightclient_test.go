package versioned_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/testutil/samples"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// lcState is what the light-client tests set and read of a state.
type lcState interface {
	untyped
	HashTreeRoot() [32]byte
	Slot() phase0.Slot
	SetSlot(phase0.Slot)
	SetFinalizedCheckpoint(phase0.Checkpoint)
	SetLatestBlockHeader(phase0.BeaconBlockHeader)
	CurrentSyncCommittee() *altair.SyncCommittee
	NextSyncCommittee() *altair.SyncCommittee
}

// lcBlock is what they set and read of a block.
type lcBlock interface {
	comparable
	untyped
	HashTreeRoot() [32]byte
	SetSlot(phase0.Slot)
	ProposerIndex() phase0.ValidatorIndex
	SetParentRoot(phase0.Root)
	SetStateRoot(phase0.Root)
}

// lcUpdate is what they read of an update, of any of the three kinds.
type lcUpdate interface {
	untyped
	SignatureSlot() phase0.Slot
}

// lcIndex is a light-client index of a fork's package, its proof held in
// the light-client containers' field Field, and the specification's value.
type lcIndex struct {
	Field string
	Got   tree.Gindex
	Want  uint64
}

// lcExecution is the proof of a fork's light-client header into the block
// body: the header's field Field is the body's part at Path, which the
// header's execution_branch proves at Gindex.
type lcExecution struct {
	Field, Path string
	Gindex      tree.Gindex
}

// An lcFork is the fork's builders of lightclient_gen.go, the
// constructors of its states and blocks, its indices and, from Capella
// on, its header's execution proof.
type lcFork[S forkSpec, St lcState, B lcBlock, Bo untyped, U, FU, OU lcUpdate] struct {
	specs       []S
	newState    func(S) St
	decodeBlock decoder[S, B]
	bootstrap   func(St, B) (Bo, error)
	update      func(St, B, St, B, B) (U, error)
	finality    func(U) FU
	optimistic  func(U) OU
	indices     []lcIndex
	execution   *lcExecution
}

// lcChain is a finalized block, an attested block and the block after it
// that signs it, with the post states of the last two: what
// CreateLightClientUpdate takes.
type lcChain[St lcState, B lcBlock] struct {
	finalized, attested, block B
	attestedState, state       St
}

// chain returns a chain of random blocks whose attested block is at slot
// attestedSlot and whose signing block is at signatureSlot.
func (f lcFork[S, St, B, Bo, U, FU, OU]) chain(t *testing.T, spec S, attestedSlot, signatureSlot phase0.Slot) lcChain[St, B] {
	t.Helper()
	r := rand.New(rand.NewPCG(uint64(attestedSlot), 7))
	block := func() B {
		b, err := samples.Random(r, spec.Type("BeaconBlock"), 3)
		if err != nil {
			t.Fatal(err)
		}
		v, err := f.decodeBlock(spec, b)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var c lcChain[St, B]
	c.finalized = block()
	c.finalized.SetSlot(8)

	c.attestedState = f.newState(spec)
	c.attestedState.SetSlot(attestedSlot)
	c.attestedState.SetFinalizedCheckpoint(phase0.Checkpoint{Epoch: 1, Root: c.finalized.HashTreeRoot()})
	c.attestedState.CurrentSyncCommittee().SetAggregatePubkey(phase0.BLSPubkey{0xc1})
	c.attestedState.NextSyncCommittee().SetAggregatePubkey(phase0.BLSPubkey{0xa1})
	c.attested = postStateBlock(t, block(), c.attestedState, phase0.Root{0x99})

	c.state = f.newState(spec)
	c.state.SetSlot(signatureSlot)
	c.block = postStateBlock(t, block(), c.state, c.attested.HashTreeRoot())
	return c
}

// postStateBlock makes block one at st's slot whose post state st is:
// st's latest block header is the block's, and the block's state root
// st's.
func postStateBlock[St lcState, B lcBlock](t *testing.T, block B, st St, parent phase0.Root) B {
	block.SetSlot(st.Slot())
	block.SetParentRoot(parent)
	st.SetLatestBlockHeader(phase0.BeaconBlockHeader{
		Slot: st.Slot(), ProposerIndex: block.ProposerIndex(), ParentRoot: parent,
		BodyRoot: at(t, block.Untyped(), "body").HashTreeRoot(),
	})
	block.SetStateRoot(st.HashTreeRoot())
	return block
}

// branch returns the roots of the branch at path of v.
func branch(t *testing.T, v view.View, path string) []phase0.Root {
	t.Helper()
	b, err := at(t, v, path).MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	roots := make([]phase0.Root, len(b)/32)
	for i := range roots {
		roots[i] = phase0.Root(b[32*i:])
	}
	return roots
}

// isZero reports whether v is the default value of its type.
func isZero(v view.View) bool { return v.HashTreeRoot() == v.Type().Default().Root() }

// test checks the fork's indices against the specification's, and, in
// both presets, the light-client data it builds of a chain: every branch
// verifies, with is_valid_merkle_branch at the fork's index, against the
// roots a light client has (the headers' state and body roots), and fails
// to for another leaf; the headers are the blocks'; the finality and
// optimistic updates are made of the update; an update without a
// finalized block has no finality, and one across a sync committee period
// no next sync committee; and the builders' assertions are errors.
func (f lcFork[S, St, B, Bo, U, FU, OU]) test(t *testing.T) {
	index := map[string]tree.Gindex{}
	for _, x := range f.indices {
		if uint64(x.Got) != x.Want {
			t.Errorf("the index of %s is %d, want %d", x.Field, x.Got, x.Want)
		}
		index[x.Field] = x.Got
	}
	verify := func(what string, leaf [32]byte, v view.View, field string, root view.View) {
		t.Helper()
		var r [32]byte = root.HashTreeRoot()
		b := branch(t, v, field)
		if !forkcode.VerifyBranch(leaf, b, index[field], r) {
			t.Errorf("%s: the %s does not verify", what, field)
		}
		leaf[0] ^= 1
		if forkcode.VerifyBranch(leaf, b, index[field], r) {
			t.Errorf("%s: the %s verifies another leaf", what, field)
		}
	}
	for _, spec := range f.specs {
		values := spec.Types().Preset.Values
		c := f.chain(t, spec, 100, 101)

		bo, err := f.bootstrap(c.attestedState, c.attested)
		if err != nil {
			t.Fatal(err)
		}
		b := bo.Untyped()
		if at(t, b, "header.beacon").HashTreeRoot() != c.attested.HashTreeRoot() {
			t.Error("the bootstrap's header is not the block's")
		}
		if at(t, b, "current_sync_committee").HashTreeRoot() != c.attestedState.CurrentSyncCommittee().HashTreeRoot() {
			t.Error("the bootstrap's sync committee is not the state's")
		}
		verify("bootstrap", at(t, b, "current_sync_committee").HashTreeRoot(), b, "current_sync_committee_branch", at(t, b, "header.beacon.state_root"))
		if _, err := f.bootstrap(c.state, c.attested); err == nil {
			t.Error("a bootstrap of a block whose post state is another state: no error")
		}

		up, err := f.update(c.state, c.block, c.attestedState, c.attested, c.finalized)
		if err != nil {
			t.Fatal(err)
		}
		u := up.Untyped()
		stateRoot := at(t, u, "attested_header.beacon.state_root")
		if at(t, u, "next_sync_committee").HashTreeRoot() != c.attestedState.NextSyncCommittee().HashTreeRoot() {
			t.Error("the update's next sync committee is not the attested state's")
		}
		verify("update", at(t, u, "next_sync_committee").HashTreeRoot(), u, "next_sync_committee_branch", stateRoot)
		if at(t, u, "finalized_header.beacon").HashTreeRoot() != c.finalized.HashTreeRoot() {
			t.Error("the update's finalized header is not the finalized block's")
		}
		verify("update", at(t, u, "finalized_header.beacon").HashTreeRoot(), u, "finality_branch", stateRoot)
		if at(t, u, "sync_aggregate").HashTreeRoot() != at(t, c.block.Untyped(), "body.sync_aggregate").HashTreeRoot() {
			t.Error("the update's sync aggregate is not the block's")
		}
		if x := f.execution; x != nil {
			for header, block := range map[string]B{"attested_header": c.attested, "finalized_header": c.finalized} {
				h := at(t, u, header)
				leaf := at(t, h, x.Field).HashTreeRoot()
				if leaf != at(t, block.Untyped(), "body."+x.Path).HashTreeRoot() {
					t.Errorf("the %s's %s is not the block's", header, x.Field)
				}
				index["execution_branch"] = x.Gindex
				verify(header, leaf, h, "execution_branch", at(t, h, "beacon.body_root"))
			}
		}

		fu, ou := f.finality(up).Untyped(), f.optimistic(up).Untyped()
		if up.SignatureSlot() != 101 || f.finality(up).SignatureSlot() != 101 || f.optimistic(up).SignatureSlot() != 101 {
			t.Error("an update's signature slot is not the block's")
		}
		for _, field := range []string{"attested_header", "finalized_header", "finality_branch", "sync_aggregate"} {
			if !sameField(t, fu, u, field) {
				t.Errorf("the finality update's %s is not the update's", field)
			}
		}
		for _, field := range []string{"attested_header", "sync_aggregate"} {
			if !sameField(t, ou, u, field) {
				t.Errorf("the optimistic update's %s is not the update's", field)
			}
		}

		// Without a finalized block, no finality; across a period
		// boundary, no next sync committee.
		var none B
		up, err = f.update(c.state, c.block, c.attestedState, c.attested, none)
		if err != nil || !isZero(at(t, up.Untyped(), "finalized_header")) || !isZero(at(t, up.Untyped(), "finality_branch")) {
			t.Errorf("an update without a finalized block has finality (%v)", err)
		}
		period := phase0.Slot(values["SLOTS_PER_EPOCH"] * values["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"])
		c2 := f.chain(t, spec, period-1, period)
		up, err = f.update(c2.state, c2.block, c2.attestedState, c2.attested, c2.finalized)
		if err != nil || !isZero(at(t, up.Untyped(), "next_sync_committee")) {
			t.Errorf("an update signed in the next period has a next sync committee (%v)", err)
		}

		for what, call := range map[string]func() error{
			"an attested block that is not the block's parent": func() error {
				_, err := f.update(c.state, c.block, c.attestedState, c.finalized, c.finalized)
				return err
			},
			"a finalized block that is not the checkpoint's": func() error {
				_, err := f.update(c.state, c.block, c.attestedState, c.attested, c.attested)
				return err
			},
			"a state that is not the block's post state": func() error {
				_, err := f.update(c.attestedState, c.block, c.attestedState, c.attested, c.finalized)
				return err
			},
		} {
			if err := call(); err == nil {
				t.Errorf("%s: no error", what)
			}
		}
	}
}

// sameField reports whether the field name of a and b has the same root.
func sameField(t *testing.T, a, b view.View, name string) bool {
	t.Helper()
	return at(t, a, name).HashTreeRoot() == at(t, b, name).HashTreeRoot()
}

// TestLightClient runs the light-client checks of every fork from Altair
// on.
func TestLightClient(t *testing.T) {
	stateIndices := func(finalized, current, next tree.Gindex, want ...uint64) []lcIndex {
		return []lcIndex{{"finality_branch", finalized, want[0]}, {"current_sync_committee_branch", current, want[1]}, {"next_sync_committee_branch", next, want[2]}}
	}
	payload := func(g tree.Gindex) *lcExecution { return &lcExecution{"execution", "execution_payload", g} }
	for name, test := range map[string]func(*testing.T){
		"altair": lcFork[*altair.Spec, *altair.BeaconState, *altair.BeaconBlock, *altair.LightClientBootstrap, *altair.LightClientUpdate, *altair.LightClientFinalityUpdate, *altair.LightClientOptimisticUpdate]{
			[]*altair.Spec{altair.Mainnet, altair.Minimal}, altair.NewBeaconState, altair.DecodeBeaconBlock,
			altair.CreateLightClientBootstrap, altair.CreateLightClientUpdate, altair.CreateLightClientFinalityUpdate, altair.CreateLightClientOptimisticUpdate,
			stateIndices(altair.FinalizedRootGindex, altair.CurrentSyncCommitteeGindex, altair.NextSyncCommitteeGindex, 105, 54, 55), nil}.test,
		"bellatrix": lcFork[*bellatrix.Spec, *bellatrix.BeaconState, *bellatrix.BeaconBlock, *bellatrix.LightClientBootstrap, *bellatrix.LightClientUpdate, *bellatrix.LightClientFinalityUpdate, *bellatrix.LightClientOptimisticUpdate]{
			[]*bellatrix.Spec{bellatrix.Mainnet, bellatrix.Minimal}, bellatrix.NewBeaconState, bellatrix.DecodeBeaconBlock,
			bellatrix.CreateLightClientBootstrap, bellatrix.CreateLightClientUpdate, bellatrix.CreateLightClientFinalityUpdate, bellatrix.CreateLightClientOptimisticUpdate,
			stateIndices(bellatrix.FinalizedRootGindex, bellatrix.CurrentSyncCommitteeGindex, bellatrix.NextSyncCommitteeGindex, 105, 54, 55), nil}.test,
		"capella": lcFork[*capella.Spec, *capella.BeaconState, *capella.BeaconBlock, *capella.LightClientBootstrap, *capella.LightClientUpdate, *capella.LightClientFinalityUpdate, *capella.LightClientOptimisticUpdate]{
			[]*capella.Spec{capella.Mainnet, capella.Minimal}, capella.NewBeaconState, capella.DecodeBeaconBlock,
			capella.CreateLightClientBootstrap, capella.CreateLightClientUpdate, capella.CreateLightClientFinalityUpdate, capella.CreateLightClientOptimisticUpdate,
			stateIndices(capella.FinalizedRootGindex, capella.CurrentSyncCommitteeGindex, capella.NextSyncCommitteeGindex, 105, 54, 55), payload(capella.ExecutionPayloadGindex)}.test,
		"deneb": lcFork[*deneb.Spec, *deneb.BeaconState, *deneb.BeaconBlock, *deneb.LightClientBootstrap, *deneb.LightClientUpdate, *deneb.LightClientFinalityUpdate, *deneb.LightClientOptimisticUpdate]{
			[]*deneb.Spec{deneb.Mainnet, deneb.Minimal}, deneb.NewBeaconState, deneb.DecodeBeaconBlock,
			deneb.CreateLightClientBootstrap, deneb.CreateLightClientUpdate, deneb.CreateLightClientFinalityUpdate, deneb.CreateLightClientOptimisticUpdate,
			stateIndices(deneb.FinalizedRootGindex, deneb.CurrentSyncCommitteeGindex, deneb.NextSyncCommitteeGindex, 105, 54, 55), payload(deneb.ExecutionPayloadGindex)}.test,
		"electra": lcFork[*electra.Spec, *electra.BeaconState, *electra.BeaconBlock, *electra.LightClientBootstrap, *electra.LightClientUpdate, *electra.LightClientFinalityUpdate, *electra.LightClientOptimisticUpdate]{
			[]*electra.Spec{electra.Mainnet, electra.Minimal}, electra.NewBeaconState, electra.DecodeBeaconBlock,
			electra.CreateLightClientBootstrap, electra.CreateLightClientUpdate, electra.CreateLightClientFinalityUpdate, electra.CreateLightClientOptimisticUpdate,
			stateIndices(electra.FinalizedRootGindex, electra.CurrentSyncCommitteeGindex, electra.NextSyncCommitteeGindex, 169, 86, 87), payload(electra.ExecutionPayloadGindex)}.test,
		"fulu": lcFork[*fulu.Spec, *fulu.BeaconState, *fulu.BeaconBlock, *fulu.LightClientBootstrap, *fulu.LightClientUpdate, *fulu.LightClientFinalityUpdate, *fulu.LightClientOptimisticUpdate]{
			[]*fulu.Spec{fulu.Mainnet, fulu.Minimal}, fulu.NewBeaconState, fulu.DecodeBeaconBlock,
			fulu.CreateLightClientBootstrap, fulu.CreateLightClientUpdate, fulu.CreateLightClientFinalityUpdate, fulu.CreateLightClientOptimisticUpdate,
			stateIndices(fulu.FinalizedRootGindex, fulu.CurrentSyncCommitteeGindex, fulu.NextSyncCommitteeGindex, 169, 86, 87), payload(electra.ExecutionPayloadGindex)}.test,
		"gloas": lcFork[*gloas.Spec, *gloas.BeaconState, *gloas.BeaconBlock, *gloas.LightClientBootstrap, *gloas.LightClientUpdate, *gloas.LightClientFinalityUpdate, *gloas.LightClientOptimisticUpdate]{
			[]*gloas.Spec{gloas.Mainnet, gloas.Minimal}, gloas.NewBeaconState, gloas.DecodeBeaconBlock,
			gloas.CreateLightClientBootstrap, gloas.CreateLightClientUpdate, gloas.CreateLightClientFinalityUpdate, gloas.CreateLightClientOptimisticUpdate,
			append(stateIndices(gloas.FinalizedRootGindex, gloas.CurrentSyncCommitteeGindex, gloas.NextSyncCommitteeGindex, 735, 2945, 2946), lcIndex{"execution_branch", gloas.ExecutionBlockHashGindex, 2856}),
			&lcExecution{"execution_block_hash", "signed_execution_payload_bid.message.parent_block_hash", gloas.ExecutionBlockHashGindex}}.test,
	} {
		t.Run(name, test)
	}
}

// TestGindexAtSlot checks the indices by slot of the forks that move the
// state's light-client indices (Electra, Gloas), on either side of their
// fork epochs and on networks that have not scheduled them.
func TestGindexAtSlot(t *testing.T) {
	scheduled := func(epochs ...uint64) *forks.Schedule {
		var fs []forks.ScheduledFork
		for i, epoch := range epochs {
			fs = append(fs, forks.ScheduledFork{Name: forks.Name(i), Version: forks.ForkVersion{byte(i), 0, 0, 9}, Epoch: epoch})
		}
		s, err := forks.NewSchedule("devnet", "minimal", fs...)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Electra at epoch 10, Fulu with it, Gloas at 20; a network of phase0
	// and Altair only.
	s, altairOnly := scheduled(0, 0, 0, 0, 0, 10, 10, 20), scheduled(0, 0)
	spe := phase0.Slot(forks.Minimal.Values["SLOTS_PER_EPOCH"])
	type atCase struct {
		s    *forks.Schedule
		slot phase0.Slot
		want [3]tree.Gindex
	}
	before, electraOn, gloasOn := [3]tree.Gindex{105, 54, 55}, [3]tree.Gindex{169, 86, 87}, [3]tree.Gindex{735, 2945, 2946}
	for _, f := range []struct {
		fork  string
		at    [3]func(*forks.Schedule, phase0.Slot) tree.Gindex
		cases []atCase
	}{
		{"electra", [3]func(*forks.Schedule, phase0.Slot) tree.Gindex{electra.FinalizedRootGindexAtSlot, electra.CurrentSyncCommitteeGindexAtSlot, electra.NextSyncCommitteeGindexAtSlot},
			[]atCase{{s, 0, before}, {s, 10*spe - 1, before}, {s, 10 * spe, electraOn}, {s, 1 << 40, electraOn}, {altairOnly, 1 << 40, before}}},
		{"gloas", [3]func(*forks.Schedule, phase0.Slot) tree.Gindex{gloas.FinalizedRootGindexAtSlot, gloas.CurrentSyncCommitteeGindexAtSlot, gloas.NextSyncCommitteeGindexAtSlot},
			[]atCase{{s, 10*spe - 1, before}, {s, 10 * spe, electraOn}, {s, 20*spe - 1, electraOn}, {s, 20 * spe, gloasOn}, {altairOnly, 1 << 40, before}}},
	} {
		for _, tc := range f.cases {
			got := [3]tree.Gindex{f.at[0](tc.s, tc.slot), f.at[1](tc.s, tc.slot), f.at[2](tc.s, tc.slot)}
			if got != tc.want {
				t.Errorf("%s at slot %d of %s: %v, want %v", f.fork, tc.slot, tc.s.Network(), got, tc.want)
			}
		}
	}
}
