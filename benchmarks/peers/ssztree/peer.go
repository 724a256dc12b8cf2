package ssztree

import (
	"maps"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// notes are the notes of every ssztree peer.
var notes = map[string]string{
	harness.RowBalanceAll:  "`Balances().Update` (one pass over the list).",
	harness.RowEpoch:       "participation rotated by moving the current list's tree into the previous field (`view.Of` over its node, `Container.Set`) and a zero list made from bytes; the pending lists' fronts dropped with `DropFirst` (the rest's bytes copied once, the tree built from them); the inactivity scores and effective balances each in one `UpdateAt` (one pass over the touched pages).",
	harness.RowSlot:        "the participation flags, the rewarded balances and the withdrawn ones each in one `UpdateAt` (one pass over the touched pages).",
	harness.RowBalance1000: "the 1,000 balances in one `UpdateAt` (one pass over the touched pages; a single balance is a `Get` and a `Set`).",
	harness.CaseProof:      "`tree.Prove` and `tree.ProveMulti` on `st.View().Node()`, by generalized index (`view.Prove` takes paths and adds their parsing); the proof tree is the state's own, its first root included.",
}

// Peers returns ssztree as a benchmark peer of each fork the suite
// measures: Fulu, with the proofs and every micro case (the gossip objects
// included), then Electra and
// Deneb, with their blocks, and Gloas, with the proofs and its block.
func Peers() []harness.Peer {
	decodeFulu := func(b []byte) (*fulu.BeaconState, error) { return fulu.DecodeBeaconState(fulu.Mainnet, b) }
	decodeGloas := func(b []byte) (*gloas.BeaconState, error) { return gloas.DecodeBeaconState(gloas.Mainnet, b) }
	peers := []harness.Peer{
		{
			Name:   "ssztree",
			Fork:   harness.ForkFulu,
			Title:  "ssztree (this repository): tree-backed views, fulu package",
			State:  harness.NewState[*fulu.BeaconState](fuluState{boundedState[*fulu.BeaconState]{decodeFulu}}),
			Proof:  harness.NewProof[*fulu.BeaconState, *tree.Node](harness.ForkFulu, &prover[*fulu.BeaconState]{decode: decodeFulu}),
			States: states{},
			Micro: map[string]*harness.Micro{
				harness.CaseCheckpoint: harness.NewMicro[fulu.Checkpoint](checkpoint{}),
				harness.CaseByteList:   harness.NewMicro[*view.ByteList](byteList{}),
				harness.CaseVector:     harness.NewMicro[*view.Uint64Vector](vector{}),
				harness.CaseBlock: harness.NewMicro[*fulu.SignedBeaconBlock](block[*fulu.SignedBeaconBlock]{func(b []byte) (*fulu.SignedBeaconBlock, error) {
					return fulu.DecodeSignedBeaconBlock(fulu.Mainnet, b)
				}}),
			},
			Notes: notes,
		},
		{
			Name:  "ssztree",
			Fork:  harness.ForkElectra,
			Title: "ssztree (this repository): tree-backed views, electra package",
			State: harness.NewState[*electra.BeaconState](boundedState[*electra.BeaconState]{func(b []byte) (*electra.BeaconState, error) {
				return electra.DecodeBeaconState(electra.Mainnet, b)
			}}),
			Micro: map[string]*harness.Micro{
				harness.CaseBlock: harness.NewMicro[*electra.SignedBeaconBlock](block[*electra.SignedBeaconBlock]{func(b []byte) (*electra.SignedBeaconBlock, error) {
					return electra.DecodeSignedBeaconBlock(electra.Mainnet, b)
				}}),
			},
			Notes: notes,
		},
		{
			Name:  "ssztree",
			Fork:  harness.ForkDeneb,
			Title: "ssztree (this repository): tree-backed views, deneb package",
			State: harness.NewState[*deneb.BeaconState](boundedState[*deneb.BeaconState]{func(b []byte) (*deneb.BeaconState, error) {
				return deneb.DecodeBeaconState(deneb.Mainnet, b)
			}}),
			Scoreboard: scoreboard(),
			Micro: map[string]*harness.Micro{
				harness.CaseBlock: harness.NewMicro[*deneb.SignedBeaconBlock](block[*deneb.SignedBeaconBlock]{func(b []byte) (*deneb.SignedBeaconBlock, error) {
					return deneb.DecodeSignedBeaconBlock(deneb.Mainnet, b)
				}}),
			},
			Notes: notes,
		},
		{
			Name:  "ssztree",
			Fork:  harness.ForkGloas,
			Title: "ssztree (this repository): tree-backed views, gloas package (progressive containers and lists)",
			State: harness.NewState[*gloas.BeaconState](gloasState{progressiveState[*gloas.BeaconState]{decodeGloas}}),
			Proof: harness.NewProof[*gloas.BeaconState, *tree.Node](harness.ForkGloas, &prover[*gloas.BeaconState]{decode: decodeGloas}),
			Micro: map[string]*harness.Micro{
				harness.CaseBlock: harness.NewMicro[*gloas.SignedBeaconBlock](block[*gloas.SignedBeaconBlock]{func(b []byte) (*gloas.SignedBeaconBlock, error) {
					return gloas.DecodeSignedBeaconBlock(gloas.Mainnet, b)
				}}),
			},
			Notes: notes,
		},
	}
	maps.Copy(peers[0].Micro, gossipMicro())
	return peers
}
