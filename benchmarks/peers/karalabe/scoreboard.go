package karalabe

import (
	spec "github.com/karalabe/ssz/tests/testtypes/consensus-spec-tests"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// scoreboardBlock is the scoreboard's block: the Deneb SignedBeaconBlock of
// types.go, whose root is its message's, as the suite checks it.
type scoreboardBlock struct {
	codec[signedBeaconBlockDeneb, *signedBeaconBlockDeneb]
}

func (b scoreboardBlock) Root(s *signedBeaconBlockDeneb) ([32]byte, error) {
	return b.hash(s.Message), nil
}

// scoreboard is karalabe/ssz's scoreboard, hashed with hash (the suite
// hashes with ssz.HashSequential).
func scoreboard(hash hashFn, how string) *harness.Scoreboard {
	return harness.NewScoreboard[*signedBeaconBlockDeneb, *spec.BeaconStateDeneb](
		"karalabe/ssz v0.3.0, its consensus-spec test types (Deneb) and the block of types.go; "+how,
		scoreboardBlock{codec[signedBeaconBlockDeneb, *signedBeaconBlockDeneb]{hash}},
		codec[spec.BeaconStateDeneb, *spec.BeaconStateDeneb]{hash})
}
