package gloas_test

import (
	"testing"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
)

// TestGettersAllocateNothing reads fields of fixed-size types (a root, a
// signature, a uint256, a container held by value) from containers and
// progressive containers, each after a write and a root, and checks that
// the value read stays on the caller's stack: a getter that let its array
// escape would allocate once per call.
func TestGettersAllocateNothing(t *testing.T) {
	spec := gloas.Mainnet
	data := gloas.AttestationData{Slot: 7, Index: 1, BeaconBlockRoot: gloas.Root{1}}
	data.Target.Epoch = 3

	pending := gloas.NewPendingAttestation(spec) // a container
	pending.SetData(data)
	pending.HashTreeRoot()
	attestation := gloas.NewAttestation(spec) // a progressive container
	attestation.SetData(data)
	attestation.SetSignature(gloas.BLSSignature{2})
	attestation.HashTreeRoot()
	header := gloas.NewExecutionPayloadHeader(spec)
	header.SetBaseFeePerGas(*uint256.NewInt(9))
	header.SetParentHash(gloas.Hash32{3})
	header.HashTreeRoot()
	payload := gloas.NewExecutionPayload(spec)
	payload.SetBaseFeePerGas(*uint256.NewInt(10))
	payload.HashTreeRoot()

	for name, read := range map[string]func() bool{
		"PendingAttestation.Data":           func() bool { return pending.Data() == data },
		"Attestation.Data":                  func() bool { return attestation.Data() == data },
		"Attestation.Signature":             func() bool { return attestation.Signature() == gloas.BLSSignature{2} },
		"ExecutionPayloadHeader.BaseFee":    func() bool { b := header.BaseFeePerGas(); return b.Uint64() == 9 },
		"ExecutionPayloadHeader.ParentHash": func() bool { return header.ParentHash() == gloas.Hash32{3} },
		"ExecutionPayload.BaseFee":          func() bool { b := payload.BaseFeePerGas(); return b.Uint64() == 10 },
	} {
		if !read() {
			t.Fatalf("%s: not the value written", name)
		}
		if n := testing.AllocsPerRun(100, func() { read() }); n != 0 {
			t.Errorf("%s: %v allocations per read, want 0", name, n)
		}
	}
}

// TestValueElementsAllocateNothing reads and writes elements of value
// lists and vectors of generated types (a Fulu state's validators, a Gloas
// state's progressive validators and block roots) and checks that a Get
// allocates nothing, nor a Set to a page already written: the generated
// types decode and encode by value (view.ValueCodec), so the value stays
// on the caller's stack.
func TestValueElementsAllocateNothing(t *testing.T) {
	fuluState := fulu.NewBeaconState(fulu.Minimal)
	gloasState := gloas.NewBeaconState(gloas.Minimal)
	for range 64 {
		v := fulu.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 40}
		if err := fuluState.Validators().Append(v); err != nil {
			t.Fatal(err)
		}
		if err := gloasState.Validators().Append(v); err != nil {
			t.Fatal(err)
		}
	}
	fuluState.HashTreeRoot()
	gloasState.HashTreeRoot()
	fv, gv, roots := fuluState.Validators(), gloasState.Validators(), gloasState.BlockRoots()
	k := gloas.Gwei(0)
	for name, op := range map[string]func(){
		"fulu Validators.Get":  func() { k += fv.Get(5).EffectiveBalance },
		"gloas Validators.Get": func() { k += gv.Get(5).EffectiveBalance },
		"gloas BlockRoots.Get": func() { k += gloas.Gwei(roots.Get(3)[0]) },
		"fulu Validators.Set": func() {
			v := fv.Get(6)
			v.EffectiveBalance++
			fv.Set(6, v)
		},
		"gloas Validators.Set": func() {
			v := gv.Get(6)
			v.EffectiveBalance++
			gv.Set(6, v)
		},
		"gloas BlockRoots.Set": func() { roots.Set(3, gloas.Root{byte(k)}) },
	} {
		op() // the first write to a page copies it
		if n := testing.AllocsPerRun(100, op); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	if got := fv.Get(6).EffectiveBalance; got != 32e9+102 {
		t.Fatalf("fulu validator 6: effective balance %d after 102 Sets (AllocsPerRun runs once more), want %d", got, uint64(32e9+102))
	}
	if fuluState.HashTreeRoot() == (fulu.NewBeaconState(fulu.Minimal)).HashTreeRoot() {
		t.Fatal("the state's root did not change")
	}
}

// copies keeps the copies of TestCopyAllocatesOnce on the heap, as a
// node's snapshots are.
var copies []any

// TestCopyAllocatesOnce copies generated types over a container (a Fulu
// state) and over a progressive container (a Gloas state), each after a
// write and a root, keeping every copy, and checks that a copy is two
// allocations: the copy and its view allocated together, and the handle
// of the weak pointer by which the state's other versions know whether the
// copy is alive (view's versions). It also checks that the copies are
// independent of each other and of the original.
func TestCopyAllocatesOnce(t *testing.T) {
	fuluState := fulu.NewBeaconState(fulu.Minimal)
	fuluState.SetSlot(5)
	fuluState.HashTreeRoot()
	gloasState := gloas.NewBeaconState(gloas.Minimal)
	gloasState.SetSlot(6)
	gloasState.HashTreeRoot()
	for name, c := range map[string]func() any{
		"fulu.BeaconState":  func() any { return fuluState.Copy() },
		"gloas.BeaconState": func() any { return gloasState.Copy() },
	} {
		copies = copies[:0]
		if n := testing.AllocsPerRun(100, func() { copies = append(copies, c()) }); n > 2 {
			t.Errorf("%s: %v allocations per copy, want 2", name, n)
		}
	}
	a, b := fuluState.Copy(), fuluState.Copy()
	a.SetSlot(7)
	if a.Slot() != 7 || b.Slot() != 5 || fuluState.Slot() != 5 || a.HashTreeRoot() == b.HashTreeRoot() || b.HashTreeRoot() != fuluState.HashTreeRoot() {
		t.Errorf("fulu copies not independent: slots %d, %d and %d", a.Slot(), b.Slot(), fuluState.Slot())
	}
	g := gloasState.Copy()
	g.SetSlot(8)
	if g.Slot() != 8 || gloasState.Slot() != 6 || g.HashTreeRoot() == gloasState.HashTreeRoot() {
		t.Errorf("gloas copy not independent: slots %d and %d", g.Slot(), gloasState.Slot())
	}
	var zero fulu.BeaconState
	if z := zero.Copy(); z.Slot() != 0 || z.HashTreeRoot() != fulu.NewBeaconState(fulu.Mainnet).HashTreeRoot() {
		t.Errorf("a copy of a zero state is not the default")
	}
}
