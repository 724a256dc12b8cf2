package karalabe

import (
	"github.com/karalabe/ssz"
	spec "github.com/karalabe/ssz/tests/testtypes/consensus-spec-tests"

	"github.com/ssztree/ssztree/benchmarks/harness"
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
		list := harness.NewMicro[*byteListBox](byteListCodec{c.hash})
		list.Input = boxed
		list.Note = "karalabe/ssz encodes containers only: it decodes a container of the one list (the same bytes after a 4-byte offset); the root is the list's."
		peers = append(peers, harness.Peer{
			Name:  c.name,
			Fork:  harness.ForkDeneb,
			Title: "karalabe/ssz v0.3.0, its consensus-spec test types (Deneb); " + c.how,
			State: harness.NewState[*spec.BeaconStateDeneb](state{c.hash}),
			Micro: map[string]*harness.Micro{
				harness.CaseCheckpoint: harness.NewMicro[*spec.Checkpoint](codec[spec.Checkpoint, *spec.Checkpoint]{c.hash}),
				harness.CaseByteList:   list,
				harness.CaseBlock:      harness.NewMicro[*signedBeaconBlockDeneb](codec[signedBeaconBlockDeneb, *signedBeaconBlockDeneb]{c.hash}),
			},
			Notes: map[string]string{
				harness.RowCopy:    "no copy in karalabe/ssz: encode + decode of the current state.",
				harness.CaseVector: "not expressible: karalabe/ssz v0.3.0 codes fixed uint64 arrays of 8,192 elements only.",
			},
		})
	}
	// The scoreboard runs on one core, where the suite hashes sequentially.
	peers[0].Scoreboard = scoreboard(ssz.HashSequential, "ssz.HashSequential")
	return peers
}
