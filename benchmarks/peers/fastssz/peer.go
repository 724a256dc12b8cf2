package fastssz

import (
	"maps"

	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// notes are the notes of both fastssz peers.
var notes = map[string]string{
	harness.RowEpoch:          "plain slices: participation swapped and a zero slice made, the pending lists re-sliced past their fronts, every balance in a loop; then a full root.",
	harness.RowCopy:           "no copy in go-eth2-client: encode + decode of the current state.",
	harness.CaseProof:         "`GetTree` (`ssz.ProofTree`) builds a tree of one node per chunk, the padding of each list one zero node; its `Hash` hashes it once; then `Node.Prove` and `Node.ProveMulti`. The tree is separate from the value: a change to the state needs a new tree.",
	harness.CaseByteList:      "fastssz generates containers only: a `[]byte` type with the methods its generator writes for a transaction field.",
	harness.CaseVector:        "a `[]uint64` type with the methods fastssz's generator writes for a `ssz-size` uint64 field.",
	harness.CaseColumnSidecar: "go-eth2-client v0.27.0 has no `DataColumnSidecar`.",
}

// Peers returns fastssz as a benchmark peer of Fulu, with the proofs and
// every micro case (the gossip objects but DataColumnSidecar), and of Electra, with its block.
func Peers() []harness.Peer {
	h := newHasher()
	fuluLists := func(s *fulu.BeaconState) lists {
		return lists{&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation, &s.InactivityScores}
	}
	electraLists := func(s *electra.BeaconState) lists {
		return lists{&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation, &s.InactivityScores}
	}
	peers := []harness.Peer{
		{
			Name:       "fastssz",
			Fork:       harness.ForkFulu,
			Title:      "ferranbt/fastssz v0.1.4 via attestantio/go-eth2-client v0.27.0 spec/fulu (blocks: spec/electra); gohashtree hasher",
			State:      harness.NewState[*fulu.BeaconState](fuluState{state[fulu.BeaconState, *fulu.BeaconState]{h, fuluLists}}),
			Proof:      harness.NewProof[*fulu.BeaconState, *ssz.Node](harness.ForkFulu, &prover{}),
			Scoreboard: scoreboard(h),
			Micro: map[string]*harness.Micro{
				harness.CaseCheckpoint: harness.NewMicro[phase0.Checkpoint](checkpoint{h}),
				harness.CaseByteList:   harness.NewMicro[*transaction](byteList{h}),
				harness.CaseVector:     harness.NewMicro[*uint64Vector](vector{h}),
				harness.CaseBlock:      harness.NewMicro[*electra.SignedBeaconBlock](block{h}),
			},
			Notes: notes,
		},
		{
			Name:  "fastssz",
			Fork:  harness.ForkElectra,
			Title: "ferranbt/fastssz v0.1.4 via attestantio/go-eth2-client v0.27.0 spec/electra; gohashtree hasher",
			State: harness.NewState[*electra.BeaconState](state[electra.BeaconState, *electra.BeaconState]{h, electraLists}),
			Micro: map[string]*harness.Micro{
				harness.CaseBlock: harness.NewMicro[*electra.SignedBeaconBlock](block{h}),
			},
			Notes: notes,
		},
	}
	maps.Copy(peers[0].Micro, gossipMicro(h))
	return peers
}
