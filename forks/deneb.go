package forks

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// Deneb holds the containers that Deneb adds or changes, on top of those
// it takes unchanged from Capella (its Parent): the execution payload
// containers with the blob gas fields and the block body with the blob
// commitments (specs/deneb/beacon-chain.md), the blob sidecar containers
// (specs/deneb/p2p-interface.md), and the containers that refer to those
// and are redefined for that: the blocks, BeaconState and the light-client
// containers (specs/deneb/light-client/sync-protocol.md, which keeps their
// fields); and the blinded blocks of its body (see blinded).
var Deneb = &def.Fork{
	Name:   "deneb",
	Parent: Capella,
	Containers: withBlinded(concat(
		[]*def.Container{
			extend(Capella, "ExecutionPayload", denebBlobGasFields...),
			extend(Capella, "ExecutionPayloadHeader", denebBlobGasFields...),
			extend(Capella, "BeaconBlockBody",
				field("blob_kzg_commitments", def.List(KZGCommitment, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
			),
		},
		redefine(Capella, "BeaconBlock", "SignedBeaconBlock", "BeaconState"),
		denebBlobContainers,
		redefine(Capella, "LightClientHeader", "LightClientBootstrap", "LightClientUpdate",
			"LightClientFinalityUpdate", "LightClientOptimisticUpdate"),
	)),
}

// The custom types of Deneb: specs/deneb/beacon-chain.md and
// specs/deneb/polynomial-commitments.md ("Custom types").
var (
	VersionedHash = def.Alias("VersionedHash", Bytes32)
	BlobIndex     = def.Alias("BlobIndex", def.Basic(schema.Uint64))
	KZGCommitment = def.Alias("KZGCommitment", Bytes48)
	KZGProof      = def.Alias("KZGProof", Bytes48)
	// Blob is ByteVector[BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_BLOB].
	Blob = def.Alias("Blob", def.ByteVector(def.P("FIELD_ELEMENTS_PER_BLOB").Times(BytesPerFieldElement)))
)

// BytesPerFieldElement is BYTES_PER_FIELD_ELEMENT, the bytes of a BLS
// scalar field element (specs/deneb/polynomial-commitments.md,
// "Constants"), which sizes blobs and cells.
const BytesPerFieldElement = 32

// denebBlobGasFields are the fields that Deneb adds to ExecutionPayload and
// ExecutionPayloadHeader (EIP-4844).
var denebBlobGasFields = []def.Field{
	field("blob_gas_used", Uint64),
	field("excess_blob_gas", Uint64),
}

// denebBlobContainers are the containers of specs/deneb/p2p-interface.md.
var denebBlobContainers = []*def.Container{
	container("BlobSidecar",
		field("index", BlobIndex), // of the blob in the block
		field("blob", Blob),
		field("kzg_commitment", KZGCommitment),
		field("kzg_proof", KZGProof),
		field("signed_block_header", ref("SignedBeaconBlockHeader")),
		// The proof of kzg_commitment against the block's body root.
		field("kzg_commitment_inclusion_proof", def.Vector(Bytes32, def.P("KZG_COMMITMENT_INCLUSION_PROOF_DEPTH"))),
	),
	container("BlobIdentifier",
		field("block_root", Root),
		field("index", BlobIndex),
	),
}
