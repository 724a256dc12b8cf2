package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// Peers returns ssztree as a benchmark peer.
func Peers() []harness.Peer {
	return []harness.Peer{{
		Name:  "ssztree",
		Title: "ssztree (this repository): tree-backed views, capella package",
		State: harness.NewState[*capella.BeaconState](state{}),
		Proof: harness.NewProof[*capella.BeaconState, *tree.Node](&prover{}),
		Micro: map[string]*harness.Micro{
			harness.CaseCheckpoint: harness.NewMicro[capella.Checkpoint](checkpoint{}),
			harness.CaseByteList:   harness.NewMicro[*view.ByteList](byteList{}),
			harness.CaseVector:     harness.NewMicro[*view.Uint64Vector](vector{}),
			harness.CaseBlock:      harness.NewMicro[*capella.SignedBeaconBlock](block{}),
		},
		Notes: map[string]string{
			harness.RowBalanceAll: "`Balances().Update` (one pass over the list).",
			harness.CaseProof:     "`tree.Prove` and `tree.ProveMulti` on `st.View().Node()`, by generalized index (`view.Prove` takes paths and adds their parsing); the proof tree is the state's own, its first root included.",
		},
	}}
}
