package versioned_test

import (
	"fmt"
	"net/http"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/sszjson"
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

// A server answers GET /eth/v2/beacon/blocks/{block_id} in JSON: the
// version is the block's fork, the other members the caller's; a member
// added by a newer beacon node (dependent_root) is skipped when read.
func ExampleMarshalSignedBlockEnvelope() {
	block := deneb.NewSignedBeaconBlock(deneb.Minimal)
	block.Message().SetSlot(42)
	ssz, err := block.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	b, err := versioned.DecodeSignedBlock(forks.NameDeneb, forks.Minimal, ssz)
	if err != nil {
		panic(err)
	}
	optimistic, finalized := false, true
	response, err := versioned.MarshalSignedBlockEnvelope(b, sszjson.Envelope{ExecutionOptimistic: &optimistic, Finalized: &finalized})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.73s...\n", response)

	newer := append([]byte(`{"dependent_root":"0x00",`), response[1:]...)
	back, env, err := versioned.UnmarshalSignedBlockEnvelope(forks.Minimal, newer)
	if err != nil {
		panic(err)
	}
	fmt.Println(env.Version, "block at slot", back.Message().Slot(), "same root:", back.HashTreeRoot() == b.HashTreeRoot())
	// Output:
	// {"version":"deneb","execution_optimistic":false,"finalized":true,"data":{...
	// deneb block at slot 42 same root: true
}

// A beacon node's SSZ response names its fork in the Eth-Consensus-Version
// header.
func ExampleDecodeState() {
	st := electra.NewBeaconState(electra.Mainnet)
	st.SetSlot(11_649_030)
	body, err := st.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	header := http.Header{"Eth-Consensus-Version": {"electra"}}

	fork, err := forks.ParseName(header.Get("Eth-Consensus-Version"))
	if err != nil {
		panic(err)
	}
	s, err := versioned.DecodeState(fork, forks.Mainnet, body)
	if err != nil {
		panic(err)
	}
	g, _ := s.Gindex("finalized_checkpoint.root")
	fmt.Println(s.ForkName(), s.Slot(), g, s.ForkName() >= forks.NameElectra)

	// The same bytes given the wrong fork name.
	_, err = versioned.DecodeState(forks.NameDeneb, forks.Mainnet, body)
	fmt.Println(err != nil)
	// Output:
	// electra 11649030 169 true
	// true
}

// A devnet's schedule, from its config.yaml, names the fork and preset of
// its states.
func ExampleReadState_config() {
	config := []byte(`CONFIG_NAME: devnet-7
PRESET_BASE: minimal
GENESIS_FORK_VERSION: 0x10000070
ALTAIR_FORK_VERSION: 0x20000070
ALTAIR_FORK_EPOCH: 0
BELLATRIX_FORK_VERSION: 0x30000070
BELLATRIX_FORK_EPOCH: 0
CAPELLA_FORK_VERSION: 0x40000070
CAPELLA_FORK_EPOCH: 0
DENEB_FORK_VERSION: 0x50000070
DENEB_FORK_EPOCH: 5
`)
	schedule, err := forks.ParseConfig(config)
	if err != nil {
		panic(err)
	}
	st := deneb.NewBeaconState(deneb.Minimal)
	st.SetSlot(41)
	st.SetFork(deneb.Fork{CurrentVersion: deneb.Version{0x50, 0x00, 0x00, 0x70}})
	b, _ := st.MarshalSSZ()

	s, found, err := versioned.ReadState(b, schedule)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ForkName(), found.Schedule, schedule.AtSlot(uint64(s.Slot())))
	// Output:
	// deneb devnet-7 (minimal preset) deneb
}
