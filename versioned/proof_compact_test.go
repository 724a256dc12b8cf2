package versioned_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// A proofFork is what the compact proof tests take of one fork: a state of
// n validators, its typed view of a partial tree, and a block with a
// setter of its state_root and the path of a field of its execution.
type proofFork struct {
	name  string
	state func(t *testing.T, n int) *versioned.State
	// partial returns the fork's typed view of v, the state's partial
	// tree, as what every fork's state reads.
	partial func(v view.View) partialState
	// block returns a block's untyped view and a setter of its state_root.
	block func(t *testing.T) (view.View, func([32]byte))
	// execution is a path of the block's execution (Gloas: of the bid).
	execution string
}

// proofForks are a bounded state (Capella) and a progressive one (Gloas,
// whose lists are read across their spines).
var proofForks = []proofFork{
	{
		name: "capella",
		state: func(t *testing.T, n int) *versioned.State {
			st, err := synth.CapellaState(capella.Minimal, n, 7)
			return readState(t, st, err)
		},
		partial: func(v view.View) partialState {
			return partialOf(capella.WrapBeaconState(capella.Minimal, v.(*view.Container)))
		},
		block: func(t *testing.T) (view.View, func([32]byte)) {
			signed, err := synth.CapellaBlock(capella.Minimal, 3)
			if err != nil {
				t.Fatal(err)
			}
			b := signed.Message()
			return b.Untyped(), func(r [32]byte) { b.SetStateRoot(capella.Root(r)) }
		},
		execution: "body.execution_payload.block_hash",
	},
	{
		name: "gloas",
		state: func(t *testing.T, n int) *versioned.State {
			st, err := synth.GloasState(gloas.Minimal, n, 7)
			return readState(t, st, err)
		},
		partial: func(v view.View) partialState {
			return partialOf(gloas.WrapBeaconState(gloas.Minimal, v.(*view.ProgressiveContainer)))
		},
		block: func(t *testing.T) (view.View, func([32]byte)) {
			signed, err := synth.GloasBlock(gloas.Minimal, 3)
			if err != nil {
				t.Fatal(err)
			}
			b := signed.Message()
			return b.Untyped(), func(r [32]byte) { b.SetStateRoot(gloas.Root(r)) }
		},
		execution: "body.signed_execution_payload_bid.message.block_hash",
	},
}

// partialState reads a fork's typed state over a partial tree, whose
// lists are the fork's (bounded or progressive).
type partialState struct {
	slot       func() phase0.Slot
	finalized  func() phase0.Checkpoint
	validators func() int
	validator  func(i int) phase0.Validator
	balances   func() int
	balance    func(i int) phase0.Gwei
	setBalance func(i int, b phase0.Gwei)
}

// partialOf returns the partialState of a fork's typed state st.
func partialOf[S interface {
	Slot() phase0.Slot
	FinalizedCheckpoint() phase0.Checkpoint
	Validators() VL
	Balances() BL
}, VL interface {
	Len() int
	Get(int) phase0.Validator
}, BL interface {
	Len() int
	Get(int) phase0.Gwei
	Set(int, phase0.Gwei)
}](st S) partialState {
	return partialState{
		slot:       st.Slot,
		finalized:  st.FinalizedCheckpoint,
		validators: func() int { return st.Validators().Len() },
		validator:  func(i int) phase0.Validator { return st.Validators().Get(i) },
		balances:   func() int { return st.Balances().Len() },
		balance:    func(i int) phase0.Gwei { return st.Balances().Get(i) },
		setBalance: func(i int, b phase0.Gwei) { st.Balances().Set(i, b) },
	}
}

// readState returns the versioned state of a fork package's state st.
func readState(t *testing.T, st interface{ MarshalSSZ() ([]byte, error) }, err error) *versioned.State {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	vs, _, err := versioned.ReadState(b)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestCompactProofReadsBack proves ranges and whole subtrees of a state of
// each fork of proofForks and reads the proven parts back from the partial
// tree the proof rebuilds: through the fork's typed view, view.At and the
// leaves' chunks. The same descriptor then proves the changed state; bad
// requests are errors.
func TestCompactProofReadsBack(t *testing.T) {
	for _, f := range proofForks {
		t.Run(f.name, func(t *testing.T) {
			st := f.state(t, 100)
			sv := st.Untyped()
			root := st.HashTreeRoot()
			p, err := view.ProveCompact(sv, 1000,
				"validators[12]", "validators[40:50].effective_balance", "balances[0:10]", "finalized_checkpoint", "slot", "balances.__len__")
			if err != nil {
				t.Fatal(err)
			}
			if !p.Verify(root) {
				t.Fatal("the proof does not verify")
			}
			n, err := p.Node()
			if err != nil || n.Root() != root {
				t.Fatalf("partial tree: %v, root %x, want %x", err, n.Root(), root)
			}
			v, err := view.Of(sv.Type(), n)
			if err != nil {
				t.Fatal(err)
			}
			// The typed view reads what the proof holds: the proven
			// fields, lists' lengths and elements (whole validators where
			// one of their fields was asked for, as a typed view reads
			// them whole), and reading what it does not hold panics with
			// view.ErrAbsent.
			part := f.partial(v)
			if slot, cp := part.slot(), part.finalized(); slot != st.Slot() || cp != st.FinalizedCheckpoint() {
				t.Errorf("slot or finalized checkpoint differ: %v %v, want %v %v", slot, cp, st.Slot(), st.FinalizedCheckpoint())
			}
			if part.balances() != st.Balances().Len() || part.validators() != st.Validators().Len() {
				t.Errorf("the lengths read %d and %d, want %d and %d", part.balances(), part.validators(), st.Balances().Len(), st.Validators().Len())
			}
			for _, i := range []int{12, 40, 45, 49} {
				if got, want := part.validator(i), st.Validators().Get(i); got != want {
					t.Errorf("validator %d reads %+v, want %+v", i, got, want)
				}
			}
			for i := range 10 {
				if got, want := part.balance(i), st.Balances().Get(i); got != want {
					t.Errorf("balance %d reads %d, want %d", i, got, want)
				}
			}
			absent := func(what string, read func()) {
				t.Helper()
				defer func() {
					err, _ := recover().(error)
					if !errors.Is(err, view.ErrAbsent) {
						t.Errorf("%s: recovered %v, want a panic with view.ErrAbsent", what, err)
					}
				}()
				read()
			}
			absent("validator 13", func() { part.validator(13) })
			absent("validator 80", func() { part.validator(80) })
			absent("validator 99", func() { part.validator(99) })
			absent("balance 60", func() { part.balance(60) })
			absent("a write of balance 5", func() { st := f.partial(v); st.setBalance(5, 1) })
			if _, err := view.At(v, "validators[99]"); !errors.Is(err, view.ErrAbsent) {
				t.Errorf("view.At of an unproven validator: %v, want view.ErrAbsent", err)
			}
			// view.At reads a proven part as a value of its own.
			for _, path := range []string{"validators[12]", "finalized_checkpoint"} {
				got, err := view.At(v, path)
				if err != nil {
					t.Fatal(err)
				}
				want, err := view.At(sv, path)
				if err != nil {
					t.Fatal(err)
				}
				gb, err1 := got.MarshalSSZ()
				wb, err2 := want.MarshalSSZ()
				if err1 != nil || err2 != nil || !bytes.Equal(gb, wb) {
					t.Errorf("%s reads back as %x (%v), want %x (%v)", path, gb, err1, wb, err2)
				}
			}
			chunk := func(path string) [32]byte {
				t.Helper()
				g, err := schema.Gindex(sv.Type(), path)
				if err != nil {
					t.Fatal(err)
				}
				c, err := tree.GetGindex(n, g)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				return c.Root()
			}
			for i := 40; i < 50; i++ {
				if r := chunk(fmt.Sprintf("validators[%d].effective_balance", i)); binary.LittleEndian.Uint64(r[:8]) != uint64(st.Validators().Get(i).EffectiveBalance) {
					t.Errorf("validator %d's effective balance does not read back", i)
				}
			}
			for i := 0; i < 10; i++ {
				if r := chunk(fmt.Sprintf("balances[%d]", i)); binary.LittleEndian.Uint64(r[i%4*8:]) != uint64(st.Balances().Get(i)) {
					t.Errorf("balance %d does not read back", i)
				}
			}
			if chunk("balances.__len__") != tree.NewLeafUint64(uint64(st.Balances().Len())).Root() {
				t.Error("the balances' length does not read back")
			}
			// The same descriptor proves the state after a change, and the
			// proof no longer verifies against the old root.
			st.Balances().Set(3, st.Balances().Get(3)+1)
			p2, err := view.ProveDescriptor(st.Untyped(), p.Descriptor)
			if err != nil {
				t.Fatal(err)
			}
			if p2.Verify(root) || !p2.Verify(st.HashTreeRoot()) {
				t.Error("the proof of the changed state verifies against the old root, or not against its own")
			}
			if _, err := view.ProveCompact(sv, 50, "validators"); !errors.Is(err, schema.ErrPath) {
				t.Errorf("900 leaves with max 50: %v, want ErrPath", err)
			}
			if _, err := view.ProveCompact(sv, 50, "balances[99:101]"); !errors.Is(err, schema.ErrPastLength) {
				t.Errorf("a range past the length: %v, want ErrPastLength", err)
			}
			if _, err := view.ProveDescriptor(sv, []byte{0x40}); !errors.Is(err, tree.ErrProof) {
				t.Errorf("an invalid descriptor: %v, want ErrProof", err)
			}
		})
	}
}

// TestProveAnchored proves state fields against the root of the block that
// committed to the state, and a field of the block's execution against the
// same root, in each fork of proofForks; any changed byte fails.
func TestProveAnchored(t *testing.T) {
	for _, f := range proofForks {
		t.Run(f.name, func(t *testing.T) {
			st := f.state(t, 64)
			sv := st.Untyped()
			block, setStateRoot := f.block(t)
			if g, err := schema.Gindex(block.Type(), "state_root"); err != nil || g != 11 {
				t.Errorf("state_root of the block at %d, %v; want 11", g, err)
			}
			if _, _, err := view.ProveAnchored(block, sv, 100, "slot"); err == nil {
				t.Fatal("a state that is not the block's post state anchors at its root")
			}
			setStateRoot(st.HashTreeRoot())
			blockRoot := block.HashTreeRoot()
			p, gs, err := view.ProveAnchored(block, sv, 1000, "balances[0:8]", "validators[5].effective_balance", "finalized_checkpoint.root")
			if err != nil {
				t.Fatal(err)
			}
			if !p.VerifyIndices(blockRoot, gs) {
				t.Fatal("the anchored proof does not verify against the block root")
			}
			want, err := view.AnchoredGindex(block.Type(), sv.Type(), "finalized_checkpoint.root")
			if err != nil || !slices.Contains(gs, want) {
				t.Errorf("AnchoredGindex = %d, %v; not among the proven %v", want, err, gs)
			}
			b, err := p.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(b); i += 1 + len(b)/97 {
				c := bytes.Clone(b)
				c[i] ^= 0x10
				q, err := tree.UnmarshalProof(c)
				if err != nil {
					continue
				}
				if q.(*tree.CompactMultiproof).VerifyIndices(blockRoot, gs) {
					t.Fatalf("a proof with byte %d changed verifies", i)
				}
			}
			g, leaf, branch, err := view.ProveBranchAnchored(block, sv, "validators[5].effective_balance")
			if err != nil || !tree.VerifyProof(blockRoot, g, leaf, branch) {
				t.Fatalf("single anchored proof: %v", err)
			}
			if binary.LittleEndian.Uint64(leaf[:8]) != uint64(st.Validators().Get(5).EffectiveBalance) {
				t.Error("the single anchored proof's leaf is not the effective balance")
			}
			leaf[0] ^= 1
			if tree.VerifyProof(blockRoot, g, leaf, branch) {
				t.Error("a changed leaf verifies")
			}
			ep, err := view.ProveCompact(block, 100, f.execution)
			if err != nil || !ep.Verify(blockRoot) {
				t.Fatalf("execution proof against the block root: %v", err)
			}
		})
	}
}
