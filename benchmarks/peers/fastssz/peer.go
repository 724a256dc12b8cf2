package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// Peers returns fastssz as a benchmark peer.
func Peers() []harness.Peer {
	h := newHasher()
	return []harness.Peer{{
		Name:  "fastssz",
		Title: "ferranbt/fastssz v0.1.4 via attestantio/go-eth2-client v0.27.0 spec/capella; gohashtree hasher",
		State: harness.NewState[*capella.BeaconState](state{h}),
		Micro: map[string]*harness.Micro{
			harness.CaseCheckpoint: harness.NewMicro[phase0.Checkpoint](checkpoint{h}),
			harness.CaseByteList:   harness.NewMicro[*transaction](byteList{h}),
			harness.CaseVector:     harness.NewMicro[*uint64Vector](vector{h}),
			harness.CaseBlock:      harness.NewMicro[*capella.SignedBeaconBlock](block{h}),
		},
		Notes: map[string]string{
			harness.RowCopy:      "no copy in go-eth2-client: encode + decode of the current state.",
			harness.CaseByteList: "fastssz generates containers only: a `[]byte` type with the methods its generator writes for a transaction field.",
			harness.CaseVector:   "a `[]uint64` type with the methods fastssz's generator writes for a `ssz-size` uint64 field.",
		},
	}}
}
