package ssztree

import (
	"github.com/ssztree/ssztree/benchmarks/workload"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// checkpoint is the Checkpoint micro case: a plain Go struct.
type checkpoint struct{}

func (checkpoint) Decode(b []byte) (fulu.Checkpoint, error) {
	var c fulu.Checkpoint
	err := c.UnmarshalSSZ(b)
	return c, err
}

func (checkpoint) Encode(c fulu.Checkpoint, dst []byte) ([]byte, error) {
	return c.MarshalSSZTo(dst)
}

func (checkpoint) Root(c fulu.Checkpoint) ([32]byte, error) { return c.HashTreeRoot(), nil }

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

// signedBlock is what the block micro case uses of a fork's
// *SignedBeaconBlock.
type signedBlock interface {
	MarshalSSZTo(dst []byte) ([]byte, error)
	HashTreeRoot() [32]byte
}

// block is the SignedBeaconBlock micro case of a fork, or another
// tree-backed object (the gossip cases): B, decoded by decode.
type block[B signedBlock] struct {
	decode func(b []byte) (B, error)
}

func (c block[B]) Decode(b []byte) (B, error) { return c.decode(b) }

func (block[B]) Encode(s B, dst []byte) ([]byte, error) { return s.MarshalSSZTo(dst) }

func (block[B]) Root(s B) ([32]byte, error) { return s.HashTreeRoot(), nil }
