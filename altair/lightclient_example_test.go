package altair_test

import (
	"fmt"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/tree"
)

// A full node serves the LightClientBootstrap of a block and its post
// state: the block's header, the state's current sync committee, and its
// branch against the header's state root.
func ExampleCreateLightClientBootstrap() {
	spec := altair.Minimal
	st := altair.NewBeaconState(spec)
	st.SetSlot(64)
	st.CurrentSyncCommittee().SetAggregatePubkey(altair.BLSPubkey{0xc1})
	block := altair.NewBeaconBlock(spec)
	block.SetSlot(64)
	st.SetLatestBlockHeader(altair.BeaconBlockHeader{Slot: 64, BodyRoot: block.Body().HashTreeRoot()})
	block.SetStateRoot(st.HashTreeRoot())

	b, err := altair.CreateLightClientBootstrap(st, block)
	if err != nil {
		panic(err)
	}
	branch := b.CurrentSyncCommitteeBranch()
	siblings := make([][32]byte, len(branch))
	for i, r := range branch {
		siblings[i] = r
	}
	header := b.Header()
	fmt.Println(altair.CurrentSyncCommitteeGindex, len(branch))
	fmt.Println(tree.VerifyProof(header.Beacon.StateRoot, altair.CurrentSyncCommitteeGindex, b.CurrentSyncCommittee().HashTreeRoot(), siblings))

	// A state that is not the block's post state is an error.
	st.SetSlot(65)
	_, err = altair.CreateLightClientBootstrap(st, block)
	fmt.Println(err)
	// Output:
	// 54 5
	// true
	// altair: state at slot 65 has a latest block header of slot 64
}
