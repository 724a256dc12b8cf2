package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/workload"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// checkpoint is the Checkpoint micro case: a plain Go struct.
type checkpoint struct{}

func (checkpoint) Decode(b []byte) (capella.Checkpoint, error) {
	var c capella.Checkpoint
	err := c.UnmarshalSSZ(b)
	return c, err
}

func (checkpoint) Encode(c capella.Checkpoint, dst []byte) ([]byte, error) {
	return c.MarshalSSZTo(dst)
}

func (checkpoint) Root(c capella.Checkpoint) ([32]byte, error) { return c.HashTreeRoot(), nil }

// byteListType is List[uint8, MAX_BYTES_PER_TRANSACTION].
var byteListType = schema.Must(schema.NewByteList(workload.ByteListLimit))

// byteList is the 1 MiB List[uint8] micro case.
type byteList struct{}

func (byteList) Decode(b []byte) (*view.ByteList, error) {
	return view.DecodeBasicList[uint8](byteListType, b)
}

func (byteList) Encode(l *view.ByteList, dst []byte) ([]byte, error) { return l.MarshalSSZTo(dst) }

func (byteList) Root(l *view.ByteList) ([32]byte, error) { return l.HashTreeRoot(), nil }

// vectorType is Vector[uint64, 131072].
var vectorType = schema.Must(schema.NewVector(schema.Uint64, workload.VectorLength))

// vector is the Vector[uint64, 131072] micro case.
type vector struct{}

func (vector) Decode(b []byte) (*view.Uint64Vector, error) {
	return view.DecodeBasicVector[uint64](vectorType, b)
}

func (vector) Encode(v *view.Uint64Vector, dst []byte) ([]byte, error) { return v.MarshalSSZTo(dst) }

func (vector) Root(v *view.Uint64Vector) ([32]byte, error) { return v.HashTreeRoot(), nil }

// block is the SignedBeaconBlock micro case.
type block struct{}

func (block) Decode(b []byte) (*capella.SignedBeaconBlock, error) {
	return capella.DecodeSignedBeaconBlock(capella.Mainnet, b)
}

func (block) Encode(s *capella.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return s.MarshalSSZTo(dst)
}

func (block) Root(s *capella.SignedBeaconBlock) ([32]byte, error) { return s.HashTreeRoot(), nil }
