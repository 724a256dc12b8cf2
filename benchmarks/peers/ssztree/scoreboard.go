package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/deneb"
)

// scoreboardBlock is the scoreboard's block: a Deneb SignedBeaconBlock,
// whose root is its message's, as the suite checks it.
type scoreboardBlock struct{}

func (scoreboardBlock) Decode(b []byte) (*deneb.SignedBeaconBlock, error) {
	return deneb.DecodeSignedBeaconBlock(deneb.Mainnet, b)
}

func (scoreboardBlock) Encode(s *deneb.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (scoreboardBlock) Root(s *deneb.SignedBeaconBlock) ([32]byte, error) {
	return s.Message().HashTreeRoot(), nil
}

// scoreboardState is the scoreboard's state: a Deneb BeaconState.
type scoreboardState struct{}

func (scoreboardState) Decode(b []byte) (*deneb.BeaconState, error) {
	return deneb.DecodeBeaconState(deneb.Mainnet, b)
}

func (scoreboardState) Encode(s *deneb.BeaconState, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (scoreboardState) Root(s *deneb.BeaconState) ([32]byte, error) { return s.HashTreeRoot(), nil }

// scoreboard is ssztree's scoreboard, through the deneb package.
func scoreboard() *harness.Scoreboard {
	return harness.NewScoreboard[*deneb.SignedBeaconBlock, *deneb.BeaconState](
		"ssztree (this repository): tree-backed views, deneb package",
		scoreboardBlock{}, scoreboardState{})
}
