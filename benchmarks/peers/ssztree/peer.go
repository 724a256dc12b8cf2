package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/view"
)

// Peers returns ssztree as a benchmark peer.
func Peers() []harness.Peer {
	return []harness.Peer{{
		Name:  "ssztree",
		Title: "ssztree (this repository): tree-backed views, capella package",
		State: harness.NewState[*capella.BeaconState](state{}),
		Micro: map[string]*harness.Micro{
			harness.CaseCheckpoint: harness.NewMicro[capella.Checkpoint](checkpoint{}),
			harness.CaseByteList:   harness.NewMicro[*view.ByteList](byteList{}),
			harness.CaseVector:     harness.NewMicro[*view.Uint64Vector](vector{}),
			harness.CaseBlock:      harness.NewMicro[*capella.SignedBeaconBlock](block{}),
		},
		Notes: map[string]string{
			harness.RowBalanceAll: "`Balances().Update` (one pass over the list).",
		},
	}}
}
