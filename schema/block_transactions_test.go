//go:build !ssztree_nofork

package schema_test

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// heldBlocks keeps the trees of TestDecodedBlockTransactions while the live
// heap is measured.
var heldBlocks []*tree.Node

// blockWithTransactions returns a Fulu block of synth whose transactions
// are txs, each appended as a list of its own (built one by one, not by
// the bulk decode of a list of lists), and its serialization.
func blockWithTransactions(t *testing.T, txs [][]byte) (*fulu.SignedBeaconBlock, []byte) {
	t.Helper()
	b := must(synth.FuluBlock(fulu.Mainnet, 3))
	list := b.Message().Body().ExecutionPayload().Transactions()
	if err := list.UnmarshalSSZ(nil); err != nil {
		t.Fatal(err)
	}
	elem := list.Type().(*schema.List).Elem().(*schema.List)
	for _, tx := range txs {
		l := must(view.NewBasicList[uint8](elem))
		if err := l.SetBytes(tx); err != nil {
			t.Fatal(err)
		}
		if err := list.Append(l); err != nil {
			t.Fatal(err)
		}
	}
	return b, must(b.MarshalSSZ())
}

// TestDecodedBlockTransactions decodes a block of 1,000 transactions of a
// few hundred bytes (some empty, some of a page, some of several), which
// the decoder builds in shared slabs, and checks each transaction's bytes
// and root against the same block built one transaction at a time, then
// writes into transactions of the decoded block (a byte, an appended
// byte, a transaction replaced) as into the other, and compares what
// tree.Memory counts of the decoded tree with the heap's growth.
func TestDecodedBlockTransactions(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	txs := make([][]byte, 1000)
	for i := range txs {
		n := 150 + r.IntN(301)
		switch i % 97 {
		case 5:
			n = 0
		case 6:
			n = 4096 // a whole page
		case 7:
			n = 4096 + 1 + r.IntN(9000)
		}
		txs[i] = make([]byte, n)
		for j := range txs[i] {
			txs[i][j] = byte(r.Uint32())
		}
	}
	ref, data := blockWithTransactions(t, txs)
	got := must(fulu.DecodeSignedBeaconBlock(fulu.Mainnet, data))
	if got.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatalf("decoded block root %x, want %x", got.HashTreeRoot(), ref.HashTreeRoot())
	}
	gl := got.Message().Body().ExecutionPayload().Transactions()
	rl := ref.Message().Body().ExecutionPayload().Transactions()
	if gl.Len() != len(txs) {
		t.Fatalf("%d transactions, want %d", gl.Len(), len(txs))
	}
	for i, tx := range txs {
		g := gl.Get(i)
		if b := must(g.MarshalSSZ()); !bytes.Equal(b, tx) {
			t.Fatalf("transaction %d: %d bytes differ from the %d written", i, len(b), len(tx))
		}
		if g.HashTreeRoot() != rl.Get(i).HashTreeRoot() {
			t.Fatalf("transaction %d of %d bytes: root %x, want %x", i, len(tx), g.HashTreeRoot(), rl.Get(i).HashTreeRoot())
		}
	}

	// Writes: the same in both blocks, through handles on the
	// transactions; each copies its page, the slab's others keep theirs.
	before := must(got.MarshalSSZ())
	for _, l := range []*view.ListOf[*view.ByteList]{gl, rl} {
		l.Get(0).Set(0, 0xaa)
		l.Get(62).Set(10, 0xbb) // the end of the first slab or near it
		if err := l.Get(300).Append(0xcc); err != nil {
			t.Fatal(err)
		}
		four := l.Get(301)
		for four.Len() < 4097 { // past one page
			if err := four.Append(byte(four.Len())); err != nil {
				t.Fatal(err)
			}
		}
		if err := l.Get(999).SetBytes([]byte{1, 2, 3}); err != nil {
			t.Fatal(err)
		}
	}
	if got.HashTreeRoot() != ref.HashTreeRoot() {
		t.Fatalf("after writes, root %x, want %x", got.HashTreeRoot(), ref.HashTreeRoot())
	}
	after := must(got.MarshalSSZ())
	if !bytes.Equal(after, must(ref.MarshalSSZ())) {
		t.Fatal("after writes, the encodings differ")
	}
	if bytes.Equal(after, before) {
		t.Fatal("the writes changed nothing")
	}
	for _, i := range []int{1, 61, 63, 299, 302, 998} {
		if b := must(gl.Get(i).MarshalSSZ()); !bytes.Equal(b, txs[i]) {
			t.Fatalf("transaction %d changed by a neighbour's write", i)
		}
	}

	if testing.Short() {
		return
	}
	typ := got.Message().Body().ExecutionPayload().Transactions().Type()
	part := must(rl.MarshalSSZ())
	start := liveHeap()
	heldBlocks = []*tree.Node{must(typ.Decode(part))}
	grown := liveHeap() - start
	var m tree.Memory
	within(t, "the decoded transactions", m.Add(heldBlocks[0]), grown)
	heldBlocks = nil
	runtime.KeepAlive(part)
}
