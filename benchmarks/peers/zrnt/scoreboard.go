package zrnt

import (
	"github.com/protolambda/zrnt/eth2/beacon/deneb"
	"github.com/protolambda/ztyp/codec"
	"github.com/protolambda/ztyp/tree"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// scoreboardBlock is the scoreboard's block: zrnt's flat Deneb
// SignedBeaconBlock, whose root is its message's, as the suite checks it.
type scoreboardBlock struct{}

func (scoreboardBlock) Decode(b []byte) (*deneb.SignedBeaconBlock, error) {
	s := new(deneb.SignedBeaconBlock)
	return s, s.Deserialize(spec, reader(b))
}

func (scoreboardBlock) Encode(s *deneb.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return serialize(dst, s.ByteLength(spec), func(w *codec.EncodingWriter) error { return s.Serialize(spec, w) })
}

func (scoreboardBlock) Root(s *deneb.SignedBeaconBlock) ([32]byte, error) {
	return s.Message.HashTreeRoot(spec, tree.GetHashFn()), nil
}

// scoreboardState is the scoreboard's state: zrnt's flat Deneb BeaconState
// (a Go struct, not the tree-backed view of the state tables), as the
// suite decodes it.
type scoreboardState struct{}

func (scoreboardState) Decode(b []byte) (*deneb.BeaconState, error) {
	s := new(deneb.BeaconState)
	return s, s.Deserialize(spec, reader(b))
}

func (scoreboardState) Encode(s *deneb.BeaconState, dst []byte) ([]byte, error) {
	return serialize(dst, s.ByteLength(spec), func(w *codec.EncodingWriter) error { return s.Serialize(spec, w) })
}

func (scoreboardState) Root(s *deneb.BeaconState) ([32]byte, error) {
	return s.HashTreeRoot(spec, tree.GetHashFn()), nil
}

// scoreboard is ztyp's scoreboard, through zrnt's Deneb types.
func scoreboard() *harness.Scoreboard {
	return harness.NewScoreboard[*deneb.SignedBeaconBlock, *deneb.BeaconState](
		"protolambda/ztyp v0.2.2 via protolambda/zrnt v0.34.1 eth2/beacon/deneb: its flat block and state structs, tree.GetHashFn",
		scoreboardBlock{}, scoreboardState{})
}
