package deneb_test

import (
	"fmt"

	"github.com/ssztree/ssztree/deneb"
)

// A validator that takes its payload from a builder signs the blinded
// block, which has the block's root; with the payload the builder reveals,
// the signed block is put back together.
func ExampleBlindSigned() {
	signed := deneb.NewSignedBeaconBlock(deneb.Mainnet)
	signed.Message().SetSlot(8_000_000)
	payload := signed.Message().Body().ExecutionPayload()
	payload.SetBlockNumber(21_000_000)

	blinded, err := deneb.BlindSigned(signed)
	if err != nil {
		panic(err)
	}
	fmt.Println("same root:", blinded.HashTreeRoot() == signed.HashTreeRoot())
	fmt.Println("header's block number:", blinded.Message().Body().ExecutionPayloadHeader().BlockNumber())

	full, err := deneb.UnblindSigned(blinded, payload)
	if err != nil {
		panic(err)
	}
	fmt.Println("unblinded root:", full.HashTreeRoot() == signed.HashTreeRoot())

	other := payload.Copy()
	other.SetBlockNumber(21_000_001)
	_, err = deneb.UnblindSigned(blinded, other)
	fmt.Println("another payload:", err != nil)
	// Output:
	// same root: true
	// header's block number: 21000000
	// unblinded root: true
	// another payload: true
}

// A block's header, as a state's latest_block_header and a blob sidecar's
// signed_block_header hold it, has the block's root.
func ExampleBeaconBlockHeaderOf() {
	block := deneb.NewBeaconBlock(deneb.Mainnet)
	block.SetSlot(8_000_000)
	block.SetProposerIndex(42)
	h := deneb.BeaconBlockHeaderOf(block)
	fmt.Println(h.Slot, h.ProposerIndex, h.HashTreeRoot() == block.HashTreeRoot())
	// Output: 8000000 42 true
}
