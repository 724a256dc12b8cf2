package gloas_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestCompactProofReadsBack proves ranges and whole subtrees of a Gloas
// state, across its progressive spines, and reads the proven parts back
// through the typed views of the partial tree the proof rebuilds.
func TestCompactProofReadsBack(t *testing.T) {
	st, err := synth.GloasState(gloas.Minimal, 100, 7)
	if err != nil {
		t.Fatal(err)
	}
	root := st.HashTreeRoot()
	p, err := view.ProveCompact(st.View(), 1000,
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
	v, err := view.Of(st.View().Type(), n)
	if err != nil {
		t.Fatal(err)
	}
	part := gloas.WrapBeaconState(gloas.Minimal, v.(*view.ProgressiveContainer))
	if part.Slot() != st.Slot() || part.FinalizedCheckpoint() != st.FinalizedCheckpoint() {
		t.Errorf("slot or finalized checkpoint differ: %v %v, want %v %v", part.Slot(), part.FinalizedCheckpoint(), st.Slot(), st.FinalizedCheckpoint())
	}
	// The lists' views read elements by pages, which the proof leaves
	// incomplete: the proven elements read back through view.At.
	for _, path := range []string{"validators[12]", "finalized_checkpoint"} {
		got, err := view.At(part.View(), path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := view.At(st.View(), path)
		if err != nil {
			t.Fatal(err)
		}
		gb, err1 := got.MarshalSSZ()
		wb, err2 := want.MarshalSSZ()
		if err1 != nil || err2 != nil || !bytes.Equal(gb, wb) {
			t.Errorf("%s reads back as %x (%v), want %x (%v)", path, gb, err1, wb, err2)
		}
	}
	for i := 40; i < 50; i++ {
		g, err := schema.Gindex(st.View().Type(), fmt.Sprintf("validators[%d].effective_balance", i))
		if err != nil {
			t.Fatal(err)
		}
		c, err := tree.GetGindex(n, g)
		if err != nil {
			t.Fatal(err)
		}
		if r := c.Root(); binary.LittleEndian.Uint64(r[:8]) != uint64(st.Validators().Get(i).EffectiveBalance) {
			t.Errorf("validator %d's effective balance does not read back: %v", i, err)
		}
	}
	for i := 0; i < 10; i++ {
		g, err := schema.Gindex(st.View().Type(), fmt.Sprintf("balances[%d]", i))
		if err != nil {
			t.Fatal(err)
		}
		c, err := tree.GetGindex(n, g)
		if err != nil {
			t.Fatal(err)
		}
		if r := c.Root(); binary.LittleEndian.Uint64(r[i%4*8:]) != uint64(st.Balances().Get(i)) {
			t.Errorf("balance %d does not read back: %v", i, err)
		}
	}
	// A progressive list's view reads its whole spine at once: the length
	// reads back by its index.
	g, err := schema.Gindex(st.View().Type(), "balances.__len__")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := tree.GetGindex(n, g); err != nil || c.Root() != tree.NewLeafUint64(uint64(st.Balances().Len())).Root() {
		t.Errorf("the balances' length does not read back: %v", err)
	}
	// The same descriptor proves the state after a change, and the proof
	// no longer verifies against the old root.
	st.Balances().Set(3, st.Balances().Get(3)+1)
	p2, err := view.ProveDescriptor(st.View(), p.Descriptor)
	if err != nil {
		t.Fatal(err)
	}
	if p2.Verify(root) || !p2.Verify(st.HashTreeRoot()) {
		t.Error("the proof of the changed state verifies against the old root, or not against its own")
	}
	if _, err := view.ProveCompact(st.View(), 50, "validators"); !errors.Is(err, schema.ErrPath) {
		t.Errorf("900 leaves with max 50: %v, want ErrPath", err)
	}
	if _, err := view.ProveCompact(st.View(), 50, "balances[99:101]"); !errors.Is(err, schema.ErrPastLength) {
		t.Errorf("a range past the length: %v, want ErrPastLength", err)
	}
	if _, err := view.ProveDescriptor(st.View(), []byte{0x40}); !errors.Is(err, tree.ErrProof) {
		t.Errorf("an invalid descriptor: %v, want ErrProof", err)
	}
}

// TestProveAnchored proves state fields against the root of the block that
// committed to the state, and a field of the block's execution against
// the same root; any changed byte fails.
func TestProveAnchored(t *testing.T) {
	st, err := synth.GloasState(gloas.Minimal, 64, 5)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := synth.GloasBlock(gloas.Minimal, 3)
	if err != nil {
		t.Fatal(err)
	}
	block := signed.Message()
	if g, err := schema.Gindex(block.View().Type(), "state_root"); err != nil || g != 11 {
		t.Errorf("state_root of the block at %d, %v; want 11", g, err)
	}
	if _, _, err := view.ProveAnchored(block.View(), st.View(), 100, "slot"); err == nil {
		t.Fatal("a state that is not the block's post state anchors at its root")
	}
	block.SetStateRoot(gloas.Root(st.HashTreeRoot()))
	blockRoot := block.HashTreeRoot()
	p, gs, err := view.ProveAnchored(block.View(), st.View(), 1000, "balances[0:8]", "validators[5].effective_balance", "finalized_checkpoint.root")
	if err != nil {
		t.Fatal(err)
	}
	if !p.VerifyIndices(blockRoot, gs) {
		t.Fatal("the anchored proof does not verify against the block root")
	}
	want, err := view.AnchoredGindex(block.View().Type(), st.View().Type(), "finalized_checkpoint.root")
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
	g, leaf, branch, err := view.ProveBranchAnchored(block.View(), st.View(), "validators[5].effective_balance")
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
	ep, err := view.ProveCompact(block.View(), 100, "body.signed_execution_payload_bid.message.block_hash")
	if err != nil || !ep.Verify(blockRoot) {
		t.Fatalf("execution proof against the block root: %v", err)
	}
}
