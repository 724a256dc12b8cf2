package zrnt

import (
	"maps"

	"github.com/protolambda/zrnt/eth2/beacon/common"
	"github.com/protolambda/zrnt/eth2/beacon/electra"
	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// Peers returns zrnt/ztyp as a benchmark peer, with every micro case
// zrnt has (of the gossip objects, the two attestations).
func Peers() []harness.Peer {
	peers := []harness.Peer{{
		Name:       "zrnt",
		Fork:       harness.ForkElectra,
		Title:      "protolambda/ztyp v0.2.2 via protolambda/zrnt v0.34.1 eth2/beacon/electra; tree-backed state views, tree.GetHashFn",
		State:      harness.NewState[*electra.BeaconStateView](state{}),
		Scoreboard: scoreboard(),
		Micro: map[string]*harness.Micro{
			harness.CaseCheckpoint: harness.NewMicro[common.Checkpoint](checkpoint{}),
			harness.CaseByteList:   harness.NewMicro[common.Transaction](byteList{}),
			harness.CaseVector:     harness.NewMicro[*view.BasicVectorView](vector{}),
			harness.CaseBlock:      harness.NewMicro[*electra.SignedBeaconBlock](block{}),
		},
		Notes: map[string]string{
			harness.RowBalanceAll:  "`AllBalances`, then `SetBalances` (zrnt's bulk replacement of the list).",
			harness.CaseCheckpoint: "zrnt's flat `common.Checkpoint`, through a `codec.DecodingReader`.",
			harness.CaseByteList:   "zrnt's flat `common.Transaction`.",
			harness.CaseVector:     "a ztyp view: `view.BasicVectorType(view.Uint64Type, 131072)`.",
			harness.CaseBlock:      "zrnt's flat `electra.SignedBeaconBlock` (zrnt keeps blocks as Go structs).",
			harness.CaseAggregate:  "zrnt's flat `electra.SignedAggregateAndProof`.",
		},
	}}
	maps.Copy(peers[0].Micro, gossipMicro())
	return peers
}
