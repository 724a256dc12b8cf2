package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// scoreboardBlock is the scoreboard's block: go-eth2-client's Deneb
// SignedBeaconBlock, whose root is its message's, as the suite checks it.
type scoreboardBlock struct{ h *hasher }

func (scoreboardBlock) Decode(b []byte) (*deneb.SignedBeaconBlock, error) {
	s := new(deneb.SignedBeaconBlock)
	return s, s.UnmarshalSSZ(b)
}

func (scoreboardBlock) Encode(s *deneb.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (p scoreboardBlock) Root(s *deneb.SignedBeaconBlock) ([32]byte, error) {
	return p.h.root(s.Message)
}

// scoreboardState is the scoreboard's state: go-eth2-client's Deneb
// BeaconState.
type scoreboardState struct{ h *hasher }

func (scoreboardState) Decode(b []byte) (*deneb.BeaconState, error) {
	s := new(deneb.BeaconState)
	return s, s.UnmarshalSSZ(b)
}

func (scoreboardState) Encode(s *deneb.BeaconState, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (p scoreboardState) Root(s *deneb.BeaconState) ([32]byte, error) { return p.h.root(s) }

// scoreboard is fastssz's scoreboard, through go-eth2-client v0.27.0
// spec/deneb and the peer's hasher.
func scoreboard(h *hasher) *harness.Scoreboard {
	return harness.NewScoreboard[*deneb.SignedBeaconBlock, *deneb.BeaconState](
		"ferranbt/fastssz v0.1.4 via attestantio/go-eth2-client v0.27.0 spec/deneb; gohashtree hasher",
		scoreboardBlock{h}, scoreboardState{h})
}
