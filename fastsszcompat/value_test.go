package fastsszcompat_test

import (
	"bytes"
	"errors"
	"testing"

	e2capella "github.com/attestantio/go-eth2-client/spec/capella"
	e2deneb "github.com/attestantio/go-eth2-client/spec/deneb"
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/fastsszcompat"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// smallValidators is the size of the synthetic states of these tests:
// enough for pages of validators and balances and a list of several
// levels, small enough for fastssz's trees of them to be quick.
const smallValidators = 40

func denebBlock(t *testing.T) *deneb.SignedBeaconBlock {
	t.Helper()
	blk, err := synth.DenebBlock(deneb.Mainnet, 1)
	if err != nil {
		t.Fatal(err)
	}
	return blk
}

func capellaState(t *testing.T) *capella.BeaconState {
	t.Helper()
	st, err := synth.CapellaState(capella.Mainnet, smallValidators, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// values are views of every kind the tests hash: generated views of a
// block and of states (Gloas's a progressive container), and a list of
// package view.
func values(t *testing.T) map[string]view.View {
	t.Helper()
	fst, err := synth.FuluState(fulu.Mainnet, smallValidators, 1)
	if err != nil {
		t.Fatal(err)
	}
	gst, err := synth.GloasState(gloas.Mainnet, smallValidators, 1)
	if err != nil {
		t.Fatal(err)
	}
	list, err := view.NewBasicList[uint64](schema.Must(schema.NewList(schema.Uint64, 1<<40)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range uint64(37) {
		if err := list.Append(i * 1_000_000_007); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]view.View{
		"deneb.SignedBeaconBlock": denebBlock(t).View(),
		"capella.BeaconState":     capellaState(t).View(),
		"fulu.BeaconState":        fst.View(),
		"gloas.BeaconState":       gst.View(),
		"List[uint64, 2**40]":     list,
		"capella.BeaconState{}":   capella.NewBeaconState(capella.Mainnet).View(),
	}
}

// TestRoots: the root of a wrapped view is the view's, through each of
// fastssz's ways to ask for it.
func TestRoots(t *testing.T) {
	for name, v := range values(t) {
		t.Run(name, func(t *testing.T) {
			want := v.HashTreeRoot()
			w := fastsszcompat.Wrap(v)
			if got, err := w.HashTreeRoot(); err != nil || got != want {
				t.Errorf("HashTreeRoot = %x, %v; want %x", got, err, want)
			}
			if got, err := ssz.HashWithDefaultHasher(w); err != nil || got != want {
				t.Errorf("ssz.HashWithDefaultHasher = %x, %v; want %x", got, err, want)
			}
			n, err := w.GetTree()
			if err != nil {
				t.Fatal(err)
			}
			if got := n.Hash(); !bytes.Equal(got, want[:]) {
				t.Errorf("GetTree().Hash() = %x; want %x", got, want)
			}
			pn, err := ssz.ProofTree(w)
			if err != nil {
				t.Fatal(err)
			}
			if got := pn.Hash(); !bytes.Equal(got, want[:]) {
				t.Errorf("ssz.ProofTree(w).Hash() = %x; want %x", got, want)
			}
		})
	}
}

// checkProof proves path in v with ssztree's ProveBranch (or
// ProveBranchPastLength), proves the generalized index it gives with
// each fastssz tree of trees, and wants the same leaf and branch, which
// fastssz's VerifyProof accepts against v's root.
func checkProof(t *testing.T, v view.View, path string, pastLength bool, trees map[string]*ssz.Node) {
	t.Helper()
	prove := view.ProveBranch
	if pastLength {
		prove = view.ProveBranchPastLength
	}
	g, leaf, branch, err := prove(v, path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	root := v.HashTreeRoot()
	if !tree.VerifyProof(root, g, leaf, branch) {
		t.Fatalf("%s: ssztree's proof does not verify", path)
	}
	for name, n := range trees {
		p, err := n.Prove(int(g))
		if err != nil {
			t.Errorf("%s: %s's Prove(%d): %v", path, name, g, err)
			continue
		}
		if !bytes.Equal(p.Leaf, leaf[:]) {
			t.Errorf("%s: %s's leaf %x; ssztree's %x", path, name, p.Leaf, leaf)
		}
		if len(p.Hashes) != len(branch) {
			t.Errorf("%s: %s's branch has %d hashes; ssztree's %d", path, name, len(p.Hashes), len(branch))
			continue
		}
		for i := range branch {
			if !bytes.Equal(p.Hashes[i], branch[i][:]) {
				t.Errorf("%s: %s's branch[%d] %x; ssztree's %x", path, name, i, p.Hashes[i], branch[i])
			}
		}
		if ok, err := ssz.VerifyProof(root[:], p); err != nil || !ok {
			t.Errorf("%s: %s's proof does not verify: %v", path, name, err)
		}
	}
}

// TestProofsBlock: proofs of a Deneb block from GetTree are ssztree's and
// fastssz's own (go-eth2-client's type, which fastssz generated).
func TestProofsBlock(t *testing.T) {
	blk := denebBlock(t)
	b, err := blk.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	var peer e2deneb.SignedBeaconBlock
	if err := peer.UnmarshalSSZ(b); err != nil {
		t.Fatal(err)
	}
	peerRoot, err := peer.HashTreeRoot()
	if err != nil || peerRoot != blk.HashTreeRoot() {
		t.Fatalf("go-eth2-client's root %x, %v; ssztree's %x", peerRoot, err, blk.HashTreeRoot())
	}
	ours, err := fastsszcompat.Wrap(blk.View()).GetTree()
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := peer.GetTree()
	if err != nil {
		t.Fatal(err)
	}
	trees := map[string]*ssz.Node{"GetTree": ours, "go-eth2-client's GetTree": theirs}
	for _, path := range []string{
		"signature",
		"message.slot",
		"message.state_root",
		"message.body.randao_reveal",
		"message.body.attestations[3].data.target.root",
		"message.body.attestations[99].aggregation_bits",
		"message.body.attestations.__len__",
		"message.body.execution_payload.transactions[0]",
		"message.body.execution_payload.withdrawals[2].amount",
		"message.body.blob_kzg_commitments[5]",
		"message.body.sync_aggregate.sync_committee_bits",
	} {
		checkProof(t, blk.View(), path, false, trees)
	}
}

// TestProofsState: proofs of a Capella state from GetTree are ssztree's
// and fastssz's own, in its lists (validators' pages, balances' packed
// chunks) and vectors.
func TestProofsState(t *testing.T) {
	st := capellaState(t)
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	var peer e2capella.BeaconState
	if err := peer.UnmarshalSSZ(b); err != nil {
		t.Fatal(err)
	}
	ours, err := fastsszcompat.Wrap(st.View()).GetTree()
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := peer.GetTree()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(theirs.Hash(), ours.Hash()) {
		t.Fatalf("go-eth2-client's root %x; ours %x", theirs.Hash(), ours.Hash())
	}
	trees := map[string]*ssz.Node{"GetTree": ours, "go-eth2-client's GetTree": theirs}
	for _, path := range []string{
		"slot",
		"finalized_checkpoint.root",
		"latest_block_header.body_root",
		"block_roots[4095]",
		"randao_mixes[7]",
		"validators[0].pubkey",
		"validators[17].effective_balance",
		"validators[39].withdrawal_credentials",
		"validators.__len__",
		"balances[21]",
		"inactivity_scores[39]",
		"current_sync_committee.aggregate_pubkey",
		"latest_execution_payload_header.block_hash",
	} {
		checkProof(t, st.View(), path, false, trees)
	}
	// Past a list's length, in its zero padding, only GetTree has
	// children to prove through: fastssz's own tree leaves the padding a
	// node without children.
	for _, path := range []string{"validators[40]", "validators[1000]", "balances[1000]"} {
		checkProof(t, st.View(), path, true, map[string]*ssz.Node{"GetTree": ours})
	}
}

// TestProofsZero: in a default state, whose vectors are package tree's
// shared zero subtrees, GetTree proves every position ssztree does.
func TestProofsZero(t *testing.T) {
	st := capella.NewBeaconState(capella.Mainnet)
	n, err := fastsszcompat.Wrap(st.View()).GetTree()
	if err != nil {
		t.Fatal(err)
	}
	trees := map[string]*ssz.Node{"GetTree": n}
	for _, path := range []string{"slot", "block_roots[8191]", "randao_mixes[0]", "slashings[100]", "current_sync_committee.pubkeys[511]", "validators.__len__"} {
		checkProof(t, st.View(), path, false, trees)
	}
}

// signedBlock is a container written as fastssz generates one, whose
// message is any fastssz HashRoot: what code written for fastssz that
// holds a value of ssztree looks like.
type signedBlock struct {
	message   ssz.HashRoot
	signature [96]byte
}

func (s *signedBlock) HashTreeRootWith(hh ssz.HashWalker) error {
	indx := hh.Index()
	if err := s.message.HashTreeRootWith(hh); err != nil {
		return err
	}
	hh.PutBytes(s.signature[:])
	hh.Merkleize(indx)
	return nil
}

// TestParent: a container of fastssz's that holds a wrapped ssztree value
// has the root and the proofs of go-eth2-client's type of the same
// value, and its proof tree reaches into the wrapped value.
func TestParent(t *testing.T) {
	blk := denebBlock(t)
	b, err := blk.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	var peer e2deneb.SignedBeaconBlock
	if err := peer.UnmarshalSSZ(b); err != nil {
		t.Fatal(err)
	}
	want := blk.HashTreeRoot()
	theirs, err := peer.GetTree()
	if err != nil {
		t.Fatal(err)
	}
	for name, msg := range map[string]ssz.HashRoot{
		"wrapped ssztree":  fastsszcompat.Wrap(blk.Message().View()),
		"go-eth2-client's": peer.Message, // the test's own check of signedBlock
	} {
		t.Run(name, func(t *testing.T) {
			s := &signedBlock{message: msg, signature: peer.Signature}
			if got, err := ssz.HashWithDefaultHasher(hashRootOf{s}); err != nil || got != want {
				t.Errorf("root %x, %v; want %x", got, err, want)
			}
			n, err := ssz.ProofTree(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := n.Hash(); !bytes.Equal(got, want[:]) {
				t.Errorf("proof tree's root %x; want %x", got, want)
			}
			for _, path := range []string{"signature", "message.proposer_index", "message.body.attestations[3].data.target.root", "message.body.execution_payload.withdrawals[2].amount"} {
				checkProof(t, blk.View(), path, false, map[string]*ssz.Node{"the container's proof tree": n, "go-eth2-client's GetTree": theirs})
			}
		})
	}
}

// hashRootOf gives a HashRootProof the rest of HashRoot, for
// ssz.HashWithDefaultHasher.
type hashRootOf struct{ ssz.HashRootProof }

func (h hashRootOf) HashTreeRoot() ([32]byte, error) { return ssz.HashWithDefaultHasher(h) }
func (h hashRootOf) GetTree() (*ssz.Node, error)     { return ssz.ProofTree(h) }

// TestHasherList: wrapped values as the elements of a list that fastssz's
// Hasher merkleizes with its length, as fastssz's generated code does for
// a list of containers, give the list's root that ssztree gives.
func TestHasherList(t *testing.T) {
	blk := denebBlock(t)
	atts := blk.Message().Body().Attestations()
	hh := ssz.NewHasher()
	indx := hh.Index()
	for i := range atts.Len() {
		if err := fastsszcompat.Wrap(atts.Get(i).View()).HashTreeRootWith(hh); err != nil {
			t.Fatal(err)
		}
	}
	hh.MerkleizeWithMixin(indx, uint64(atts.Len()), 128)
	got, err := hh.HashRoot()
	if err != nil {
		t.Fatal(err)
	}
	if want := atts.HashTreeRoot(); got != want {
		t.Errorf("root %x; want %x", got, want)
	}
}

// TestMarshal: a wrapped value encodes and decodes through fastssz's
// interfaces as the view does, and decoding replaces the view's value.
func TestMarshal(t *testing.T) {
	blk := denebBlock(t)
	want, err := blk.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	var m ssz.Marshaler = fastsszcompat.Wrap(blk.View())
	if got, err := m.MarshalSSZ(); err != nil || !bytes.Equal(got, want) {
		t.Errorf("MarshalSSZ: %v, or bytes differ", err)
	}
	if got, err := m.MarshalSSZTo([]byte{7}); err != nil || !bytes.Equal(got, append([]byte{7}, want...)) {
		t.Errorf("MarshalSSZTo: %v, or bytes differ", err)
	}
	if m.SizeSSZ() != len(want) {
		t.Errorf("SizeSSZ = %d; want %d", m.SizeSSZ(), len(want))
	}
	into := deneb.NewSignedBeaconBlock(deneb.Mainnet)
	var u ssz.Unmarshaler = fastsszcompat.Wrap(into.View())
	if err := u.UnmarshalSSZ(want); err != nil {
		t.Fatal(err)
	}
	if into.HashTreeRoot() != blk.HashTreeRoot() {
		t.Error("UnmarshalSSZ did not replace the view's value")
	}
	if err := u.UnmarshalSSZ(want[:10]); err == nil {
		t.Error("UnmarshalSSZ of 10 bytes: no error")
	}
}

// TestZeroValue: a Value that wraps no view fails with ErrNoView, never
// panics.
func TestZeroValue(t *testing.T) {
	for _, w := range []*fastsszcompat.Value{new(fastsszcompat.Value), fastsszcompat.Wrap(nil)} {
		if _, err := w.HashTreeRoot(); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("HashTreeRoot: %v", err)
		}
		if err := w.HashTreeRootWith(ssz.NewHasher()); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("HashTreeRootWith: %v", err)
		}
		if _, err := w.GetTree(); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("GetTree: %v", err)
		}
		if _, err := w.MarshalSSZ(); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("MarshalSSZ: %v", err)
		}
		if _, err := w.MarshalSSZTo(nil); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("MarshalSSZTo: %v", err)
		}
		if err := w.UnmarshalSSZ(nil); !errors.Is(err, fastsszcompat.ErrNoView) {
			t.Errorf("UnmarshalSSZ: %v", err)
		}
		if w.SizeSSZ() != 0 || w.View() != nil {
			t.Error("SizeSSZ or View of an empty Value")
		}
	}
}

// TestProofsProgressive: proofs of a Gloas state (a progressive container
// whose lists are progressive: spines of subtrees of 1, 4, 16... leaves)
// from GetTree are ssztree's.
func TestProofsProgressive(t *testing.T) {
	st, err := synth.GloasState(gloas.Mainnet, smallValidators, 1)
	if err != nil {
		t.Fatal(err)
	}
	n, err := fastsszcompat.Wrap(st.View()).GetTree()
	if err != nil {
		t.Fatal(err)
	}
	trees := map[string]*ssz.Node{"GetTree": n}
	for _, path := range []string{
		"slot",
		"finalized_checkpoint.root",
		"validators[0].pubkey",
		"validators[23].effective_balance",
		"validators.__len__",
		"balances[39]",
		"current_epoch_participation[17]",
		"inactivity_scores[3]",
	} {
		checkProof(t, st.View(), path, false, trees)
	}
}

// TestConcurrentReaders: goroutines hashing and converting one wrapped
// value at once, freshly decoded (its tree built and hashed by whichever
// reads first), agree; go test -race checks that they do not race.
func TestConcurrentReaders(t *testing.T) {
	b, err := denebBlock(t).MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	blk, err := deneb.DecodeSignedBeaconBlock(deneb.Mainnet, b)
	if err != nil {
		t.Fatal(err)
	}
	w := fastsszcompat.Wrap(blk.View())
	const readers = 4
	roots := make(chan [32]byte, 2*readers)
	for i := range readers {
		go func() {
			if i%2 == 0 {
				n, err := w.GetTree()
				if err != nil {
					t.Error(err)
				}
				roots <- [32]byte(n.Hash())
			} else {
				r, err := ssz.HashWithDefaultHasher(w)
				if err != nil {
					t.Error(err)
				}
				roots <- r
			}
		}()
	}
	want := denebBlock(t).HashTreeRoot()
	for range readers {
		if got := <-roots; got != want {
			t.Errorf("root %x; want %x", got, want)
		}
	}
}
