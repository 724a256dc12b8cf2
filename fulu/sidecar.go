package fulu

import (
	"fmt"

	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// KZGCommitmentsGindex is the generalized index of the blob commitments
// in a block body: get_generalized_index(BeaconBlockBody,
// 'blob_kzg_commitments') (27: field 11 of at most 16), which a
// DataColumnSidecar's kzg_commitments_inclusion_proof proves
// (specs/fulu/validator.md, get_data_column_sidecars_from_block). Its
// depth is KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH (4), the same in every
// preset.
var KZGCommitmentsGindex = forkcode.Gindex(Mainnet.Type("BeaconBlockBody"), "blob_kzg_commitments")

// BlobCells holds the cells of one extended blob and their KZG proofs,
// CELLS_PER_EXT_BLOB of each, as the specification's
// compute_cells_and_kzg_proofs returns them: an element of the
// cells_and_kzg_proofs that get_data_column_sidecars takes. Each cell has
// the preset's length, BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_CELL.
type BlobCells struct {
	Cells  [][]byte
	Proofs []KZGProof
}

// DataColumnSidecars returns the NUMBER_OF_COLUMNS data column sidecars
// of a block, for spec's preset: the specification's
// get_data_column_sidecars_from_block (specs/fulu/validator.md). blobs
// holds, for each of the block's commitments in order, its blob's cells
// and proofs (their KZG is the caller's); sidecar j holds cell j and proof
// j of every blob, the block's commitments and signed header, and the
// proof of the commitments against the body root, which
// VerifyDataColumnSidecarInclusionProof checks. It returns an error if the
// block is of another preset than spec (wrapping ErrNilSpec if spec is
// nil), if blobs does not have one element
// per commitment, or if an element does not have CELLS_PER_EXT_BLOB cells
// and proofs, or a cell the preset's length.
func DataColumnSidecars(spec *Spec, signed *SignedBeaconBlock, blobs []BlobCells) ([]*DataColumnSidecar, error) {
	if spec == nil {
		return nil, fmt.Errorf("fulu: DataColumnSidecars: %w", ErrNilSpec)
	}
	if signed.Spec().Preset != spec.Preset {
		return nil, fmt.Errorf("fulu: a block of preset %s for sidecars of preset %s", signed.Spec().Preset.Name, spec.Preset.Name)
	}
	block := signed.Message()
	body := block.Body()
	commitments := body.BlobKZGCommitments()
	if len(blobs) != commitments.Len() {
		return nil, fmt.Errorf("fulu: cells of %d blobs for a block of %d commitments", len(blobs), commitments.Len())
	}
	columns := int(spec.Preset.Values["NUMBER_OF_COLUMNS"])
	cellsPerBlob := int(spec.Preset.Values["CELLS_PER_EXT_BLOB"])
	columnType := spec.Container("DataColumnSidecar").Field(1).Type.(*schema.List)
	cellSize := columnType.Elem().FixedSize()
	for i, b := range blobs {
		if len(b.Cells) != cellsPerBlob || len(b.Proofs) != cellsPerBlob {
			return nil, fmt.Errorf("fulu: blob %d has %d cells and %d proofs, want CELLS_PER_EXT_BLOB (%d)", i, len(b.Cells), len(b.Proofs), cellsPerBlob)
		}
		for j, c := range b.Cells {
			if len(c) != cellSize {
				return nil, fmt.Errorf("fulu: cell %d of blob %d has %d bytes, want %d", j, i, len(c), cellSize)
			}
		}
	}
	if columns > cellsPerBlob {
		return nil, fmt.Errorf("fulu: preset %s has NUMBER_OF_COLUMNS %d above CELLS_PER_EXT_BLOB %d", spec.Preset.Name, columns, cellsPerBlob)
	}

	_, branch, err := tree.Prove(body.View().Node(), KZGCommitmentsGindex)
	if err != nil {
		return nil, err
	}
	proof := make([]Bytes32, len(branch))
	for i, r := range branch {
		proof[i] = r
	}
	kzgCommitments := make([]KZGCommitment, 0, len(blobs))
	for _, c := range commitments.All() {
		kzgCommitments = append(kzgCommitments, c)
	}
	header := SignedBeaconBlockHeaderOf(signed)
	sidecars := make([]*DataColumnSidecar, columns)
	column := make([]byte, 0, len(blobs)*cellSize)
	kzgProofs := make([]KZGProof, len(blobs))
	for j := range sidecars {
		sc := NewDataColumnSidecar(spec)
		sc.SetIndex(ColumnIndex(j))
		// The column is set from its serialization, the cells one after
		// the other, rather than through the Column handle, which is a
		// *view.CompactList only for cells of at most 4 KiB, as in the
		// mainnet and minimal presets.
		column = column[:0]
		for i, b := range blobs {
			column = append(column, b.Cells[j]...)
			kzgProofs[i] = b.Proofs[j]
		}
		n, err := columnType.Decode(column)
		if err != nil {
			return nil, err
		}
		v, err := view.Of(columnType, n)
		if err != nil {
			return nil, err
		}
		if err := sc.View().Set(1, v); err != nil {
			return nil, err
		}
		if err := sc.KZGCommitments().SetAll(kzgCommitments); err != nil {
			return nil, err
		}
		if err := sc.KZGProofs().SetAll(kzgProofs); err != nil {
			return nil, err
		}
		sc.SetSignedBlockHeader(header)
		if err := sc.KZGCommitmentsInclusionProof().SetAll(proof); err != nil {
			return nil, err
		}
		sidecars[j] = sc
	}
	return sidecars, nil
}

// VerifyDataColumnSidecarInclusionProof reports whether sc's
// kzg_commitments_inclusion_proof proves its kzg_commitments against the
// body root of its block header: the specification's
// verify_data_column_sidecar_inclusion_proof (specs/fulu/p2p-interface.md).
func VerifyDataColumnSidecarInclusionProof(sc *DataColumnSidecar) bool {
	proof := sc.KZGCommitmentsInclusionProof()
	branch := make([]Bytes32, proof.Len())
	for i := range branch {
		branch[i] = proof.Get(i)
	}
	depth := int(sc.Spec().Preset.Values["KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"])
	return forkcode.VerifyMerkleBranch(sc.KZGCommitments().HashTreeRoot(), branch, depth, KZGCommitmentsGindex.Index(), sc.SignedBlockHeader().Message.BodyRoot)
}
