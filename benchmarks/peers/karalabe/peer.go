package karalabe

import (
	"github.com/karalabe/ssz"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers/karalabe/types"
)

// Peers returns karalabe/ssz as two benchmark peers: sequential and
// concurrent hashing.
func Peers() []harness.Peer {
	var peers []harness.Peer
	for _, c := range []struct {
		name, how string
		hash      hashFn
	}{
		{"karalabe-seq", "ssz.HashSequential", ssz.HashSequential},
		{"karalabe-conc", "ssz.HashConcurrent", ssz.HashConcurrent},
	} {
		list := harness.NewMicro[*types.ByteListBox](byteListBox{c.hash})
		list.Input = boxed
		list.Note = "karalabe/ssz encodes containers only: it decodes a container of the one list (the same bytes after a 4-byte offset); the root is the list's."
		peers = append(peers, harness.Peer{
			Name:  c.name,
			Title: "karalabe/ssz v0.2.0 (types from its consensus-spec tests); " + c.how,
			State: harness.NewState[*types.BeaconStateCapella](state{c.hash}),
			Micro: map[string]*harness.Micro{
				harness.CaseCheckpoint: harness.NewMicro[*types.Checkpoint](codec[types.Checkpoint, *types.Checkpoint]{c.hash}),
				harness.CaseByteList:   list,
				harness.CaseBlock:      harness.NewMicro[*types.SignedBeaconBlockCapella](codec[types.SignedBeaconBlockCapella, *types.SignedBeaconBlockCapella]{c.hash}),
			},
			Notes: map[string]string{
				harness.RowCopy:    "no copy in karalabe/ssz: encode + decode of the current state.",
				harness.CaseVector: "not expressible: karalabe/ssz v0.2.0 codes fixed uint64 arrays of 8,192 elements only.",
			},
		})
	}
	return peers
}
