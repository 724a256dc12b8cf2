package gloas_test

import (
	"testing"

	"github.com/holiman/uint256"
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
