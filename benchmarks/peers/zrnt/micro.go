package zrnt

import (
	"github.com/protolambda/zrnt/eth2/beacon/common"
	"github.com/protolambda/zrnt/eth2/beacon/electra"
	"github.com/protolambda/ztyp/codec"
	"github.com/protolambda/ztyp/tree"
	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// checkpoint is the Checkpoint micro case: zrnt's flat struct.
type checkpoint struct{}

func (checkpoint) Decode(b []byte) (common.Checkpoint, error) {
	var c common.Checkpoint
	err := c.Deserialize(reader(b))
	return c, err
}

func (checkpoint) Encode(c common.Checkpoint, dst []byte) ([]byte, error) {
	return serialize(dst, c.ByteLength(), c.Serialize)
}

func (checkpoint) Root(c common.Checkpoint) ([32]byte, error) {
	return c.HashTreeRoot(tree.GetHashFn()), nil
}

// byteList is the 1 MiB List[uint8] micro case: zrnt's Transaction.
type byteList struct{}

func (byteList) Decode(b []byte) (common.Transaction, error) {
	var t common.Transaction
	err := t.Deserialize(spec, reader(b))
	return t, err
}

func (byteList) Encode(t common.Transaction, dst []byte) ([]byte, error) {
	return serialize(dst, t.ByteLength(spec), func(w *codec.EncodingWriter) error { return t.Serialize(spec, w) })
}

func (byteList) Root(t common.Transaction) ([32]byte, error) {
	return t.HashTreeRoot(spec, tree.GetHashFn()), nil
}

// vectorType is Vector[uint64, 131072] as a ztyp type.
var vectorType = view.BasicVectorType(view.Uint64Type, workload.VectorLength)

// vector is the Vector[uint64, 131072] micro case: a ztyp view.
type vector struct{}

func (vector) Decode(b []byte) (*view.BasicVectorView, error) {
	return view.AsBasicVector(vectorType.Deserialize(reader(b)))
}

func (vector) Encode(v *view.BasicVectorView, dst []byte) ([]byte, error) {
	size, err := v.ValueByteLength()
	if err != nil {
		return nil, err
	}
	return serialize(dst, size, v.Serialize)
}

func (vector) Root(v *view.BasicVectorView) ([32]byte, error) {
	return v.HashTreeRoot(tree.GetHashFn()), nil
}

// block is the SignedBeaconBlock micro case: zrnt's flat struct.
type block struct{}

func (block) Decode(b []byte) (*electra.SignedBeaconBlock, error) {
	s := new(electra.SignedBeaconBlock)
	return s, s.Deserialize(spec, reader(b))
}

func (block) Encode(s *electra.SignedBeaconBlock, dst []byte) ([]byte, error) {
	return serialize(dst, s.ByteLength(spec), func(w *codec.EncodingWriter) error { return s.Serialize(spec, w) })
}

func (block) Root(s *electra.SignedBeaconBlock) ([32]byte, error) {
	return s.HashTreeRoot(spec, tree.GetHashFn()), nil
}
