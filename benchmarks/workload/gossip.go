package workload

import (
	"encoding/binary"
	"math/rand/v2"
)

// Sizes of the gossip objects, from the mainnet preset of Fulu
// (consensus-specs v1.6.1, presets/mainnet and specs/*/p2p-interface.md).
const (
	// CommitteeSize is the number of validators of an aggregate's
	// committee: 1,000,000 active validators over 32 slots of 64 committees.
	CommitteeSize = 1_000_000 / 32 / 64
	// SidecarBlobs is the number of blobs of the block a
	// DataColumnSidecar is of (MAX_BLOBS_PER_BLOCK_ELECTRA, as in the
	// block of Block).
	SidecarBlobs = 9

	blobSize       = 4096 * 32 // FIELD_ELEMENTS_PER_BLOB × BYTES_PER_FIELD_ELEMENT
	cellSize       = 64 * 32   // FIELD_ELEMENTS_PER_CELL × BYTES_PER_FIELD_ELEMENT
	signatureSize  = 96
	headerSize     = 8 + 8 + 32 + 32 + 32 + signatureSize // SignedBeaconBlockHeader
	attDataSize    = 8 + 8 + 32 + 2*(8+32)                // AttestationData
	blobProofDepth = 17                                   // KZG_COMMITMENT_INCLUSION_PROOF_DEPTH
	columnDepth    = 4                                    // KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH
)

// SingleAttestation returns the serialization of an Electra
// SingleAttestation (the attestation a validator gossips on its subnet):
// every field random.
func SingleAttestation() []byte {
	return fill(rng(10), make([]byte, 8+8+attDataSize+signatureSize))
}

// SignedAggregateAndProof returns the serialization of an Electra
// SignedAggregateAndProof: the aggregate of one committee of
// CommitteeSize validators, 90 % of whose bits are set, its committee_bits
// naming one committee, the other fields random.
func SignedAggregateAndProof() []byte {
	r := rng(11)
	// SignedAggregateAndProof: offset of message, signature; then
	// AggregateAndProof: aggregator_index, offset of aggregate,
	// selection_proof; then Attestation: offset of aggregation_bits, data,
	// signature, committee_bits (Bitvector[64]); then the bits.
	const outer = 4 + signatureSize
	const inner = 8 + 4 + signatureSize
	const att = 4 + attDataSize + signatureSize + 8
	bits := bitlist(r, CommitteeSize, 90)
	b := make([]byte, outer+inner+att+len(bits))
	fill(r, b)
	binary.LittleEndian.PutUint32(b, outer)
	binary.LittleEndian.PutUint32(b[outer+8:], inner)
	a := b[outer+inner:]
	binary.LittleEndian.PutUint32(a, att)
	committees := a[4+attDataSize+signatureSize : att]
	clear(committees)
	binary.LittleEndian.PutUint64(committees, 1<<r.IntN(64))
	copy(a[att:], bits)
	return b
}

// bitlist returns the serialization of a bitlist of n bits of which about
// percent are set.
func bitlist(r *rand.Rand, n, percent int) []byte {
	b := make([]byte, n/8+1)
	for i := range n {
		if r.IntN(100) < percent {
			b[i/8] |= 1 << (i % 8)
		}
	}
	b[n/8] |= 1 << (n % 8) // the delimiter
	return b
}

// BlobSidecar returns the serialization of a Deneb BlobSidecar (unchanged
// in Fulu's gossip of blobs to clients that still take them): a full blob
// of 128 KiB, every field random.
func BlobSidecar() []byte {
	return fill(rng(12), make([]byte, 8+blobSize+48+48+headerSize+32*blobProofDepth))
}

// DataColumnSidecar returns the serialization of a Fulu DataColumnSidecar
// of a block of SidecarBlobs blobs: one cell, commitment and proof per
// blob, every field random.
func DataColumnSidecar() []byte {
	r := rng(13)
	const fixed = 8 + 3*4 + headerSize + 32*columnDepth
	const cells = SidecarBlobs * cellSize
	const commitments = SidecarBlobs * 48
	b := fill(r, make([]byte, fixed+cells+2*commitments))
	binary.LittleEndian.PutUint32(b[8:], fixed)
	binary.LittleEndian.PutUint32(b[12:], fixed+cells)
	binary.LittleEndian.PutUint32(b[16:], fixed+cells+commitments)
	return b
}
