package electra

import (
	"fmt"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// BlobKZGCommitmentGindex returns the generalized index, in an Electra
// block body of spec's preset, of the commitment at index of
// blob_kzg_commitments: get_generalized_index(BeaconBlockBody,
// 'blob_kzg_commitments', index). Electra's body adds execution_requests
// after the commitments and keeps at most 16 fields, so the index is
// Deneb's, of depth KZG_COMMITMENT_INCLUSION_PROOF_DEPTH (17). It returns
// an error if index is not below MAX_BLOB_COMMITMENTS_PER_BLOCK, or
// wrapping ErrNilSpec if spec is nil.
func BlobKZGCommitmentGindex(spec *Spec, index uint64) (tree.Gindex, error) {
	if spec == nil {
		return 0, fmt.Errorf("electra: BlobKZGCommitmentGindex: %w", ErrNilSpec)
	}
	return schema.Gindex(spec.Type("BeaconBlockBody"), fmt.Sprintf("blob_kzg_commitments[%d]", index))
}

// BlobSidecars returns the sidecars of the blobs of an Electra block: the
// specification's get_blob_sidecars (specs/deneb/validator.md, which
// Electra keeps), as deneb.BlobSidecars makes them of a Deneb block. It
// returns an error if there are more blobs than commitments, if blobs and
// kzgProofs differ in length, or if a blob has another length than the
// preset's.
func BlobSidecars(signed *SignedBeaconBlock, blobs [][]byte, kzgProofs []KZGProof) ([]*BlobSidecar, error) {
	block := signed.Message()
	body := block.Body()
	commitments := body.BlobKZGCommitments()
	if len(blobs) > commitments.Len() || len(kzgProofs) != len(blobs) {
		return nil, fmt.Errorf("electra: %d blobs and %d proofs for a block of %d commitments", len(blobs), len(kzgProofs), commitments.Len())
	}
	header := SignedBeaconBlockHeaderOf(signed)
	spec := signed.Spec()
	sidecars := make([]*BlobSidecar, len(blobs))
	for i, blob := range blobs {
		sc := NewBlobSidecar(spec)
		sc.SetIndex(BlobIndex(i))
		if err := sc.Blob().SetBytes(blob); err != nil {
			return nil, fmt.Errorf("electra: blob %d: %w", i, err)
		}
		sc.SetKZGCommitment(commitments.Get(i))
		sc.SetKZGProof(kzgProofs[i])
		sc.SetSignedBlockHeader(header)
		g, err := BlobKZGCommitmentGindex(spec, uint64(i))
		if err != nil {
			return nil, err
		}
		_, branch, err := tree.Prove(body.View().Node(), g)
		if err != nil {
			return nil, err
		}
		proof := make([]Bytes32, len(branch))
		for j, r := range branch {
			proof[j] = r
		}
		if err := sc.KZGCommitmentInclusionProof().SetAll(proof); err != nil {
			return nil, err
		}
		sidecars[i] = sc
	}
	return sidecars, nil
}

// VerifyBlobSidecarInclusionProof reports whether sc's inclusion proof
// proves its commitment against the body root of its block header: the
// specification's verify_blob_sidecar_inclusion_proof
// (specs/deneb/p2p-interface.md), for an Electra block. Electra's
// BlobSidecar is Deneb's, and the commitments have the same generalized
// indices in both bodies (see BlobKZGCommitmentGindex), so this is
// deneb.VerifyBlobSidecarInclusionProof.
func VerifyBlobSidecarInclusionProof(sc *BlobSidecar) bool {
	return deneb.VerifyBlobSidecarInclusionProof(sc)
}
