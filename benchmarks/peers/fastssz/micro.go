package fastssz

import (
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/phase0"
)

// checkpoint is the Checkpoint micro case.
type checkpoint struct{ h *hasher }

func (checkpoint) Decode(b []byte) (phase0.Checkpoint, error) {
	var c phase0.Checkpoint
	err := c.UnmarshalSSZ(b)
	return c, err
}

func (checkpoint) Encode(c phase0.Checkpoint, dst []byte) ([]byte, error) { return c.MarshalSSZTo(dst) }

func (p checkpoint) Root(c phase0.Checkpoint) ([32]byte, error) { return p.h.root(&c) }

// byteList is the 1 MiB List[uint8] micro case, as a transaction.
type byteList struct{ h *hasher }

func (byteList) Decode(b []byte) (*transaction, error) {
	t := new(transaction)
	return t, t.UnmarshalSSZ(b)
}

func (byteList) Encode(t *transaction, dst []byte) ([]byte, error) { return t.MarshalSSZTo(dst) }

func (p byteList) Root(t *transaction) ([32]byte, error) { return p.h.root(t) }

// vector is the Vector[uint64, 131072] micro case.
type vector struct{ h *hasher }

func (vector) Decode(b []byte) (*uint64Vector, error) {
	v := new(uint64Vector)
	return v, v.UnmarshalSSZ(b)
}

func (vector) Encode(v *uint64Vector, dst []byte) ([]byte, error) { return v.MarshalSSZTo(dst) }

func (p vector) Root(v *uint64Vector) ([32]byte, error) { return p.h.root(v) }

// block is the SignedBeaconBlock micro case: a Fulu block, whose types
// are Electra's (Fulu changed no block type).
type block struct{ h *hasher }

func (block) Decode(b []byte) (*electra.SignedBeaconBlock, error) {
	s := new(electra.SignedBeaconBlock)
	return s, s.UnmarshalSSZ(b)
}

func (block) Encode(s *electra.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (p block) Root(s *electra.SignedBeaconBlock) ([32]byte, error) { return p.h.root(s) }
