package versioned_test

import (
	"fmt"

	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/versioned"
)

// A state of a fork the reader does not know beforehand: its bytes name
// its fork, network and preset, and the common methods read it.
func ExampleReadState() {
	st := fulu.NewBeaconState(fulu.Mainnet)
	st.SetSlot(13_200_000)
	st.SetFork(fulu.Fork{PreviousVersion: fulu.Version{0x05}, CurrentVersion: fulu.Version{0x06}, Epoch: 411392})
	st.SetFinalizedCheckpoint(fulu.Checkpoint{Epoch: 412498})
	if err := st.Validators().Append(fulu.Validator{EffectiveBalance: 32_000_000_000}); err != nil {
		panic(err)
	}
	b, err := st.MarshalSSZ()
	if err != nil {
		panic(err)
	}

	s, found, err := versioned.ReadState(b)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ForkName(), "state of", found.Schedule, "by version", found.Version)
	fmt.Println("slot", s.Slot(), "validators", s.Validators().Len(), "finalized epoch", s.FinalizedCheckpoint().Epoch)
	g, _ := s.Gindex("finalized_checkpoint.root")
	fmt.Println("finalized_checkpoint.root at", g)
	if f, ok := s.Fulu(); ok {
		fmt.Println("proposer lookahead:", f.ProposerLookahead().Len(), "slots")
	}
	// Output:
	// fulu state of mainnet (mainnet preset) by version 0x06000000
	// slot 13200000 validators 1 finalized epoch 412498
	// finalized_checkpoint.root at 169
	// proposer lookahead: 64 slots
}

// A beacon node's JSON response carries the fork in its version member.
func ExampleUnmarshalSignedBlockEnvelope() {
	block := electra.NewSignedBeaconBlock(electra.Mainnet)
	block.Message().SetSlot(11_649_024)
	data, err := block.MarshalJSON()
	if err != nil {
		panic(err)
	}
	response := `{"version":"electra","execution_optimistic":false,"finalized":true,"data":` + string(data) + `}`

	b, env, err := versioned.UnmarshalSignedBlockEnvelope(forks.Mainnet, []byte(response))
	if err != nil {
		panic(err)
	}
	m := b.Message()
	fmt.Println(b.ForkName(), "block at slot", m.Slot(), "finalized:", *env.Finalized)
	h := m.Header()
	fmt.Println("header root is the block root:", h.HashTreeRoot() == block.Message().HashTreeRoot())
	// Output:
	// electra block at slot 11649024 finalized: true
	// header root is the block root: true
}
