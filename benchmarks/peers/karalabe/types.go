package karalabe

import (
	"github.com/karalabe/ssz"
	spec "github.com/karalabe/ssz/tests/testtypes/consensus-spec-tests"

	"github.com/ssztree/ssztree/benchmarks/workload"
)

// The types below are the ones the benchmarks need that karalabe/ssz's
// consensus-spec test types lack; their methods declare the spec's fields
// in order, as ssz.Object requires.

// body is a fork's BeaconBlockBody of the consensus-spec test types, B,
// as a *B.
type body[B any] interface {
	ssz.DynamicObject
	*B
}

// beaconBlock is a BeaconBlock of the fork of its body, PB.
type beaconBlock[B any, PB body[B]] struct {
	Slot          uint64
	ProposerIndex uint64
	ParentRoot    [32]byte
	StateRoot     [32]byte
	Body          PB
}

// SizeSSZ returns the size of the fixed part if fixed, else the whole size.
func (b *beaconBlock[B, PB]) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	size := uint32(8 + 8 + 32 + 32 + 4)
	if !fixed {
		size += ssz.SizeDynamicObject(siz, b.Body)
	}
	return size
}

// DefineSSZ declares the fields, then the content of the variable one.
func (b *beaconBlock[B, PB]) DefineSSZ(c *ssz.Codec) {
	ssz.DefineUint64(c, &b.Slot)
	ssz.DefineUint64(c, &b.ProposerIndex)
	ssz.DefineStaticBytes(c, &b.ParentRoot)
	ssz.DefineStaticBytes(c, &b.StateRoot)
	ssz.DefineDynamicObjectOffset(c, &b.Body)
	ssz.DefineDynamicObjectContent(c, &b.Body)
}

// signedBeaconBlock is a SignedBeaconBlock of the fork of its body, PB.
type signedBeaconBlock[B any, PB body[B]] struct {
	Message   *beaconBlock[B, PB]
	Signature [96]byte
}

// signedBeaconBlockDeneb is the Deneb SignedBeaconBlock.
type signedBeaconBlockDeneb = signedBeaconBlock[spec.BeaconBlockBodyDeneb, *spec.BeaconBlockBodyDeneb]

// SizeSSZ returns the size of the fixed part if fixed, else the whole size.
func (s *signedBeaconBlock[B, PB]) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	size := uint32(4 + 96)
	if !fixed {
		size += ssz.SizeDynamicObject(siz, s.Message)
	}
	return size
}

// DefineSSZ declares the fields, then the content of the variable one.
func (s *signedBeaconBlock[B, PB]) DefineSSZ(c *ssz.Codec) {
	ssz.DefineDynamicObjectOffset(c, &s.Message)
	ssz.DefineStaticBytes(c, &s.Signature)
	ssz.DefineDynamicObjectContent(c, &s.Message)
}

// byteListBox is a container of one List[uint8, 2^30]: karalabe/ssz encodes
// containers only, so this is how it holds a bare byte list. Its root is the
// list's root (a container of one field merkleizes that field's root alone);
// its encoding is the list's after a 4-byte offset.
type byteListBox struct {
	Data []byte
}

// SizeSSZ returns the size of the fixed part if fixed, else the whole size.
func (b *byteListBox) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	size := uint32(4)
	if !fixed {
		size += ssz.SizeDynamicBytes(siz, b.Data)
	}
	return size
}

// DefineSSZ declares the list's offset, then its content.
func (b *byteListBox) DefineSSZ(c *ssz.Codec) {
	ssz.DefineDynamicBytesOffset(c, &b.Data, workload.ByteListLimit)
	ssz.DefineDynamicBytesContent(c, &b.Data, workload.ByteListLimit)
}
