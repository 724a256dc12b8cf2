package forks

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// Fulu holds the containers that Fulu adds or changes, on top of those it
// takes unchanged from Electra (its Parent): BeaconState with the proposer
// lookahead (specs/fulu/beacon-chain.md), the data column containers of
// PeerDAS (specs/fulu/das-core.md) and DataColumnsByRootIdentifier
// (specs/fulu/p2p-interface.md). Its blocks and blinded blocks are
// Electra's. BeaconState keeps fewer than 64 fields,
// so the light-client containers, which refer to none of these, are
// Electra's.
var Fulu = &def.Fork{
	Name:   "fulu",
	Parent: Electra,
	Containers: []*def.Container{
		extend(Electra, "BeaconState",
			// Vector[ValidatorIndex, (MIN_SEED_LOOKAHEAD + 1) * SLOTS_PER_EPOCH]
			// (EIP-7917): the proposers of the current epoch and the
			// MIN_SEED_LOOKAHEAD epochs after it.
			field("proposer_lookahead", def.Vector(ValidatorIndex, def.P("PROPOSER_LOOKAHEAD_SLOTS"))),
		),
		container("DataColumnSidecar",
			field("index", ColumnIndex),
			// The cells of the column, one per blob of the block.
			field("column", def.List(Cell, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
			field("kzg_commitments", def.List(KZGCommitment, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
			field("kzg_proofs", def.List(KZGProof, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
			field("signed_block_header", ref("SignedBeaconBlockHeader")),
			// The proof of the root of kzg_commitments against the block's
			// body root.
			field("kzg_commitments_inclusion_proof", def.Vector(Bytes32, def.P("KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"))),
		),
		container("MatrixEntry",
			field("cell", Cell),
			field("kzg_proof", KZGProof),
			field("column_index", ColumnIndex),
			field("row_index", RowIndex),
		),
		container("DataColumnsByRootIdentifier",
			field("block_root", Root),
			field("columns", def.List(ColumnIndex, def.P("NUMBER_OF_COLUMNS"))),
		),
	},
}

// The custom types of Fulu that its containers use: specs/fulu/das-core.md
// and specs/fulu/polynomial-commitments-sampling.md ("Custom types").
var (
	RowIndex    = def.Alias("RowIndex", def.Basic(schema.Uint64))
	ColumnIndex = def.Alias("ColumnIndex", def.Basic(schema.Uint64))
	// Cell is ByteVector[BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_CELL].
	Cell = def.Alias("Cell", def.ByteVector(def.P("FIELD_ELEMENTS_PER_CELL").Times(BytesPerFieldElement)))
)
