package rollup

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/OffchainLabs/go-bitfield"
	"github.com/holiman/uint256"
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The tests check the views sszgen generated for the types of this
// package against dynamic-ssz on the same Go structs, in its reflection
// mode (the types have no SSZ methods of their own): the same bytes give
// the same root, the views encode them back unchanged, and values written
// through the views decode into the structs with the root the views give.

// peer is dynamic-ssz with the spec values the views were generated with.
func peer() *dynssz.DynSsz {
	specs := map[string]any{}
	for k, v := range SpecValues {
		specs[k] = v
	}
	return dynssz.NewDynSsz(specs)
}

// agree checks that st's encoding and root by dynamic-ssz are the view's
// (decoded from that encoding), and returns the view.
func agree(t *testing.T, ds *dynssz.DynSsz, st *RollupState) *RollupStateView {
	t.Helper()
	b, err := ds.MarshalSSZ(st)
	if err != nil {
		t.Fatalf("dynamic-ssz: MarshalSSZ: %v", err)
	}
	want, err := ds.HashTreeRoot(st)
	if err != nil {
		t.Fatalf("dynamic-ssz: HashTreeRoot: %v", err)
	}
	v, err := DecodeRollupStateView(b)
	if err != nil {
		t.Fatalf("DecodeRollupStateView of dynamic-ssz's encoding: %v", err)
	}
	if got := v.HashTreeRoot(); got != want {
		t.Fatalf("root %x, dynamic-ssz's %x", got, want)
	}
	out, err := v.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, b) {
		t.Fatalf("the view encodes %d bytes that differ from dynamic-ssz's %d", len(out), len(b))
	}
	if n := v.SizeSSZ(); n != len(b) {
		t.Fatalf("SizeSSZ %d, want %d", n, len(b))
	}
	// Streaming and JSON give the same value.
	r, err := ReadRollupStateView(bytes.NewReader(b), int64(len(b)))
	if err != nil || r.HashTreeRoot() != want {
		t.Fatalf("ReadRollupStateView: %v", err)
	}
	var w bytes.Buffer
	if n, err := v.WriteTo(&w); err != nil || n != int64(len(b)) || !bytes.Equal(w.Bytes(), b) {
		t.Fatalf("WriteTo: %d bytes, %v", n, err)
	}
	js, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON RollupStateView
	if err := fromJSON.UnmarshalJSON(js); err != nil || fromJSON.HashTreeRoot() != want {
		t.Fatalf("UnmarshalJSON of MarshalJSON: %v", err)
	}

	// The typed lists read the structs' values back.
	for i, a := range st.Accounts {
		got := Account(v.Accounts().Get(i))
		if got.Address != a.Address || got.Balance != a.Balance || got.Nonce != a.Nonce || got.Frozen != a.Frozen ||
			!got.Stake.Eq(orZero(a.Stake)) {
			t.Fatalf("account %d reads %+v, want %+v", i, got, a)
		}
	}
	for i, r := range st.RecentRoots {
		if [32]byte(v.RecentRoots().Get(i)) != r {
			t.Fatalf("recent root %d differs", i)
		}
	}
	if v.ChainID() != st.ChainID || !v.Supply().Eq(orZero(st.Supply)) || v.LatestHeader().StateRoot() != st.LatestHeader.StateRoot ||
		v.Withdrawals().Len() != len(st.Withdrawals) || v.Operators().Len() != int(st.Operators.Len()) {
		t.Fatal("the view's accessors read other values than the struct's")
	}
	for i, batch := range st.Batches {
		bb, err := ds.MarshalSSZ(batch)
		if err != nil {
			t.Fatal(err)
		}
		bv, err := DecodeBatchView(bb)
		if err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
		want, _ := ds.HashTreeRoot(batch)
		if bv.HashTreeRoot() != want || v.Batches().Get(i).HashTreeRoot() != want {
			t.Fatalf("batch %d: roots differ from dynamic-ssz's", i)
		}
	}
	return v
}

// defaultState is the default value of RollupState, as a struct: a
// compatible union has no default in EIP-8016, and the view's is its
// first option's default value (a Transfer), which dynamic-ssz needs
// spelled out.
func defaultState() *RollupState {
	return &RollupState{Supply: new(uint256.Int), Pending: Operation{Variant: 1, Data: Transfer{}}}
}

func TestDefault(t *testing.T) {
	ds := peer()
	agree(t, ds, defaultState())
	want, _ := ds.HashTreeRoot(defaultState())
	var zero RollupStateView
	if zero.HashTreeRoot() != want || NewRollupStateView().HashTreeRoot() != want {
		t.Fatal("the zero value and NewRollupStateView are not the default value")
	}
}

func TestRandom(t *testing.T) {
	ds := peer()
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 1))
		agree(t, ds, randomState(r, int(seed%4)))
	}
}

// TestEdges checks values at the types' bounds: every list at its limit,
// the largest numbers, bitlists full and empty, both options of the union.
func TestEdges(t *testing.T) {
	ds := peer()
	r := rand.New(rand.NewPCG(7, 7))
	full := &RollupState{
		ChainID:      ^uint64(0),
		Supply:       new(uint256.Int).SetAllOne(),
		LatestHeader: BatchHeader{Number: ^uint64(0), Timestamp: ^uint64(0)},
		Operators:    fullBitlist(256),
		Pending:      Operation{Variant: 2, Data: Deposit{Amount: ^uint64(0), L1Block: 1}},
	}
	for range SpecValues["MAX_ACCOUNTS"] {
		full.Accounts = append(full.Accounts, randomAccount(r))
	}
	for range 64 {
		full.RecentRoots = append(full.RecentRoots, [32]byte{0xff})
	}
	for range 16 {
		b := randomBatch(r, 2)
		for len(b.Operations) < int(SpecValues["MAX_OPERATIONS"]) {
			b.Operations = append(b.Operations, randomOperation(r))
		}
		b.Signers = fullBitlist(128)
		full.Batches = append(full.Batches, b)
	}
	full.Batches[0].Data = make([]byte, 65536)
	full.Withdrawals = make([]uint64, 3000) // past several subtrees of the progressive list
	agree(t, ds, full)

	empty := defaultState()
	empty.Operators = bitfield.NewBitlist(0)
	empty.Batches = []*Batch{{Signers: bitfield.NewBitlist(0), Signature: make([]byte, 96)}}
	agree(t, ds, empty)
}

// TestWrites writes a state through the view's setters and handles, and
// checks that dynamic-ssz decodes its encoding to a struct of the same
// root, and that proofs of its fields verify against that root.
func TestWrites(t *testing.T) {
	ds := peer()
	v := NewRollupStateView()
	v.SetChainID(10)
	v.SetSupply(uint256.NewInt(1_000_000))
	v.LatestHeader().SetNumber(3)
	v.LatestHeader().SetStateRoot([32]byte{1, 2, 3})
	for i := range 20 {
		a := Account{Address: Address{byte(i)}, Balance: uint64(i) * 1000, Frozen: i%2 == 1}
		if i == 7 {
			a.Stake = uint256.NewInt(77)
		}
		if err := v.Accounts().Append(AccountValue(a)); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.RecentRoots().Append(Bytes32Value{5}); err != nil {
		t.Fatal(err)
	}
	if err := v.Withdrawals().Append(55); err != nil {
		t.Fatal(err)
	}
	if err := v.Operators().Append(true); err != nil {
		t.Fatal(err)
	}
	d := NewDepositView()
	d.SetAmount(32)
	d.SetRecipient(Address{9})
	v.SetPendingDeposit(d)
	batch := NewBatchView()
	batch.Header().SetNumber(3)
	batch.SetSignature([96]byte{0xaa})
	if err := batch.Data().Append(0x42); err != nil {
		t.Fatal(err)
	}
	if err := v.Batches().Append(batch); err != nil {
		t.Fatal(err)
	}
	snap := v.Copy()
	v.Accounts().Set(1, AccountValue{}) // only v changes

	for _, x := range []*RollupStateView{v, snap} {
		b, err := x.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		var st RollupState
		if err := ds.UnmarshalSSZ(&st, b); err != nil {
			t.Fatalf("dynamic-ssz: UnmarshalSSZ of the view's encoding: %v", err)
		}
		if want, _ := ds.HashTreeRoot(&st); want != x.HashTreeRoot() {
			t.Fatalf("root %x, dynamic-ssz's of the decoded struct %x", x.HashTreeRoot(), want)
		}
		agree(t, ds, &st)
	}
	var st RollupState
	b, _ := snap.MarshalSSZ()
	if err := ds.UnmarshalSSZ(&st, b); err != nil {
		t.Fatal(err)
	}
	if st.ChainID != 10 || st.Supply.Uint64() != 1_000_000 || st.Accounts[1].Balance != 1000 || st.Pending.Variant != 2 ||
		st.Pending.Data.(Deposit).Amount != 32 || st.Batches[0].Data[0] != 0x42 || st.Accounts[2].Address != (Address{2}) ||
		!st.Accounts[1].Frozen || st.Accounts[7].Stake.Uint64() != 77 || st.RecentRoots[0] != [32]byte{5} {
		t.Fatalf("dynamic-ssz decodes another value: %+v", st)
	}
	if snap.HashTreeRoot() == v.HashTreeRoot() || v.Accounts().Get(1).Balance != 0 || snap.Accounts().Get(1).Balance != 1000 {
		t.Fatal("a change to v reached its copy, or did not reach v")
	}

	root := v.HashTreeRoot()
	for _, path := range []string{"latest_header.state_root", "accounts[3].balance", "withdrawals[0]", "batches[0].header.number", "chain_id"} {
		g, leaf, branch, err := v.ProveBranch(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !tree.VerifyProof(root, g, leaf, branch) {
			t.Fatalf("%s: the proof does not verify", path)
		}
	}
	mp, err := v.Prove("supply", "accounts[19].address", "pending")
	if err != nil || !mp.Verify(root) {
		t.Fatalf("multiproof: %v", err)
	}

	// The union's typed accessors: the option it holds, a handle that
	// writes through.
	p, ok := v.PendingDeposit()
	if !ok || p.Amount() != 32 || p.Recipient() != (Address{9}) || v.Pending().Selector() != 2 {
		t.Fatalf("PendingDeposit: %v", ok)
	}
	if _, ok := v.PendingTransfer(); ok {
		t.Fatal("PendingTransfer of a deposit")
	}
	p.SetAmount(33)
	if q, _ := v.PendingDeposit(); q.Amount() != 33 || v.HashTreeRoot() == root {
		t.Fatal("a write to the option's handle does not reach the state")
	}
	v.SetPendingTransfer(NewTransferView())
	if tr, ok := v.PendingTransfer(); !ok || tr.Amount() != 0 {
		t.Fatal("SetPendingTransfer")
	}
}

// TestBadInput checks that bytes which are no RollupState are errors, for
// the view and for dynamic-ssz alike, and that UnmarshalSSZ leaves a view
// unchanged on error.
func TestBadInput(t *testing.T) {
	ds := peer()
	r := rand.New(rand.NewPCG(3, 3))
	st := randomState(r, 1)
	st.Pending = Operation{Variant: 2, Data: Deposit{Amount: 5}}
	good, err := ds.MarshalSSZ(st)
	if err != nil {
		t.Fatal(err)
	}
	v, err := DecodeRollupStateView(good)
	if err != nil {
		t.Fatal(err)
	}
	root := v.HashTreeRoot()
	// The fixed part: chain_id 8, supply 32, latest_header 80, then the
	// offsets of accounts, withdrawals, recent_roots, operators and pending
	// (4 bytes each), and batches.
	const pendingOffset = 8 + 32 + 80 + 4*4
	pending := binary.LittleEndian.Uint32(good[pendingOffset:])

	bad := map[string][]byte{
		"empty":            {},
		"selector 0":       set(good, int(pending), 0),
		"selector 3":       set(good, int(pending), 3),
		"offset past end":  set(good, pendingOffset+3, 0x7f),
		"offset backwards": set(good, pendingOffset, 0),
	}
	// Cut inside the fixed part (144 bytes). A cut at the end is no error
	// where it shortens the last batch's data.
	for _, n := range []int{1, 8, 100, 143} {
		bad["cut at "+strconv.Itoa(n)] = good[:n]
	}
	// A bitlist whose last byte has no delimiter bit: operators ends where
	// pending starts.
	bad["bitlist without delimiter"] = set(good, int(pending)-1, 0)
	for name, b := range bad {
		if _, err := DecodeRollupStateView(b); err == nil {
			t.Errorf("%s: DecodeRollupStateView returned no error", name)
		}
		if err := v.UnmarshalSSZ(b); err == nil {
			t.Errorf("%s: UnmarshalSSZ returned no error", name)
		}
		if v.HashTreeRoot() != root {
			t.Fatalf("%s: UnmarshalSSZ changed the view on error", name)
		}
		var st RollupState
		if err := ds.UnmarshalSSZ(&st, b); err == nil {
			t.Errorf("%s: dynamic-ssz accepts what the view rejects", name)
		}
	}

	// A fixed-size container's bytes of another size. (A byte more at the
	// end of a state is no error: it lengthens the last batch's data.)
	acct, _ := ds.MarshalSSZ(randomAccount(r))
	for _, b := range [][]byte{acct[:len(acct)-1], append(acct, 0)} {
		if _, err := DecodeAccountView(b); err == nil {
			t.Errorf("DecodeAccountView of %d bytes (want %d) returned no error", len(b), len(acct))
		}
	}

	var a AccountValue
	if err := a.UnmarshalSSZ(acct[:10]); !errors.Is(err, schema.ErrSize) {
		t.Errorf("AccountValue.UnmarshalSSZ of 10 bytes: %v, want schema.ErrSize", err)
	}
	if _, err := WrapRollupStateView(nil); !errors.Is(err, view.ErrWrongType) {
		t.Errorf("WrapRollupStateView(nil): %v", err)
	}
	bv := NewBatchView()
	if _, err := WrapBatchHeaderView(bv.View()); !errors.Is(err, view.ErrWrongType) {
		t.Errorf("WrapBatchHeaderView of a batch: %v", err)
	}

	// A list past its limit: dynamic-ssz with a larger limit writes it.
	big := defaultState()
	big.Accounts = make([]Account, SpecValues["MAX_ACCOUNTS"]+1)
	b, err := dynssz.NewDynSsz(map[string]any{"MAX_ACCOUNTS": uint64(8192), "MAX_OPERATIONS": SpecValues["MAX_OPERATIONS"]}).MarshalSSZ(big)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeRollupStateView(b); err == nil {
		t.Error("a list of accounts past its limit decodes")
	}
}

// orZero returns x, or 0 if x is nil (as dynamic-ssz reads a nil
// *uint256.Int).
func orZero(x *uint256.Int) *uint256.Int {
	if x == nil {
		return new(uint256.Int)
	}
	return x
}

// set returns a copy of b with byte i set to x.
func set(b []byte, i int, x byte) []byte {
	c := append([]byte(nil), b...)
	c[i] = x
	return c
}

// randomState returns a random RollupState; size scales its lists (0:
// empty ones).
func randomState(r *rand.Rand, size int) *RollupState {
	st := &RollupState{
		ChainID:      r.Uint64(),
		Supply:       new(uint256.Int).SetBytes(randomBytes(r, r.IntN(33))),
		LatestHeader: randomHeader(r),
		Operators:    randomBitlist(r, 256),
		Pending:      randomOperation(r),
	}
	for range r.IntN(40*size + 1) {
		st.Accounts = append(st.Accounts, randomAccount(r))
	}
	for range r.IntN(100*size + 1) {
		st.Withdrawals = append(st.Withdrawals, r.Uint64())
	}
	for range r.IntN(min(64, 10*size+1)) {
		st.RecentRoots = append(st.RecentRoots, [32]byte(randomBytes(r, 32)))
	}
	for range r.IntN(min(16, 2*size+1)) {
		st.Batches = append(st.Batches, randomBatch(r, size))
	}
	return st
}

func randomAccount(r *rand.Rand) Account {
	a := Account{Address: Address(randomBytes(r, 20)), Balance: r.Uint64(), Nonce: r.Uint64N(1000), Frozen: r.IntN(2) == 0}
	if r.IntN(3) > 0 {
		a.Stake = new(uint256.Int).SetBytes(randomBytes(r, r.IntN(33)))
	}
	return a
}

func randomHeader(r *rand.Rand) BatchHeader {
	return BatchHeader{Number: r.Uint64(), ParentRoot: [32]byte(randomBytes(r, 32)), StateRoot: [32]byte(randomBytes(r, 32)), Timestamp: r.Uint64()}
}

func randomOperation(r *rand.Rand) Operation {
	if r.IntN(2) == 0 {
		return Operation{Variant: 1, Data: Transfer{From: r.Uint32(), To: r.Uint32(), Amount: r.Uint64()}}
	}
	return Operation{Variant: 2, Data: Deposit{Amount: r.Uint64(), Recipient: Address(randomBytes(r, 20)), L1Block: r.Uint64()}}
}

func randomBatch(r *rand.Rand, size int) *Batch {
	b := &Batch{Header: randomHeader(r), Signers: randomBitlist(r, 128), Signature: randomBytes(r, 96), Data: randomBytes(r, r.IntN(200*size+1))}
	for range r.IntN(int(SpecValues["MAX_OPERATIONS"]) + 1) {
		b.Operations = append(b.Operations, randomOperation(r))
	}
	return b
}

// randomBitlist returns a bitlist of a random length up to limit with
// random bits.
func randomBitlist(r *rand.Rand, limit int) bitfield.Bitlist {
	n := r.IntN(limit + 1)
	bl := bitfield.NewBitlist(uint64(n))
	for i := range n {
		bl.SetBitAt(uint64(i), r.IntN(2) == 0)
	}
	return bl
}

// fullBitlist returns a bitlist of n bits, all set.
func fullBitlist(n int) bitfield.Bitlist {
	bl := bitfield.NewBitlist(uint64(n))
	for i := range n {
		bl.SetBitAt(uint64(i), true)
	}
	return bl
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestMutations flips a few bits of valid encodings: the view and
// dynamic-ssz accept and reject the same bytes, and where they accept them
// they agree on the root and the view encodes the bytes back.
func TestMutations(t *testing.T) {
	ds := peer()
	accepted, rejected := 0, 0
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 9))
		good, err := ds.MarshalSSZ(randomState(r, 1))
		if err != nil {
			t.Fatal(err)
		}
		b := append([]byte(nil), good...)
		for range 1 + r.IntN(3) {
			b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
		}
		v, err := DecodeRollupStateView(b)
		var st RollupState
		peerErr := ds.UnmarshalSSZ(&st, b)
		if (err == nil) != (peerErr == nil) {
			t.Fatalf("seed %d: the view says %v, dynamic-ssz %v", seed, err, peerErr)
		}
		if err != nil {
			rejected++
			continue
		}
		accepted++
		want, err := ds.HashTreeRoot(&st)
		if err != nil {
			t.Fatalf("seed %d: dynamic-ssz: %v", seed, err)
		}
		if v.HashTreeRoot() != want {
			t.Fatalf("seed %d: root %x, dynamic-ssz's %x", seed, v.HashTreeRoot(), want)
		}
		if out, _ := v.MarshalSSZ(); !bytes.Equal(out, b) {
			t.Fatalf("seed %d: the view encodes other bytes", seed)
		}
	}
	if accepted == 0 || rejected == 0 {
		t.Fatalf("%d mutations accepted, %d rejected: the test checks one side only", accepted, rejected)
	}
}
