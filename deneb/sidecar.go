package deneb

import (
	"crypto/sha256"
	"fmt"

	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// BlobKZGCommitmentGindex returns the generalized index, in a block body of
// spec's preset, of the commitment at index of blob_kzg_commitments:
// get_generalized_index(BeaconBlockBody, 'blob_kzg_commitments', index)
// (specs/deneb/validator.md, get_blob_sidecars). Its depth is
// KZG_COMMITMENT_INCLUSION_PROOF_DEPTH, 17 in the mainnet and minimal
// presets. It returns an error if index is not below
// MAX_BLOB_COMMITMENTS_PER_BLOCK, or wrapping ErrNilSpec if spec is nil.
func BlobKZGCommitmentGindex(spec *Spec, index uint64) (tree.Gindex, error) {
	if spec == nil {
		return 0, fmt.Errorf("deneb: BlobKZGCommitmentGindex: %w", ErrNilSpec)
	}
	return schema.Gindex(spec.Type("BeaconBlockBody"), fmt.Sprintf("blob_kzg_commitments[%d]", index))
}

// BlobSidecars returns the sidecars of the blobs of a block: the
// specification's get_blob_sidecars (specs/deneb/validator.md). blobs and
// kzgProofs are the blobs of the block's commitments and their proofs, in
// the order of the commitments (their KZG is the caller's). Each sidecar
// holds the block's signed header and the proof of its commitment against
// the body root, which VerifyBlobSidecarInclusionProof checks. It returns
// an error if there are more blobs than commitments, if blobs and
// kzgProofs differ in length, or if a blob has another length than the
// preset's.
func BlobSidecars(signed *SignedBeaconBlock, blobs [][]byte, kzgProofs []KZGProof) ([]*BlobSidecar, error) {
	block := signed.Message()
	body := block.Body()
	commitments := body.BlobKZGCommitments()
	if len(blobs) > commitments.Len() || len(kzgProofs) != len(blobs) {
		return nil, fmt.Errorf("deneb: %d blobs and %d proofs for a block of %d commitments", len(blobs), len(kzgProofs), commitments.Len())
	}
	header := SignedBeaconBlockHeaderOf(signed)
	spec := signed.Spec()
	sidecars := make([]*BlobSidecar, len(blobs))
	for i, blob := range blobs {
		sc := NewBlobSidecar(spec)
		sc.SetIndex(BlobIndex(i))
		if err := sc.Blob().SetBytes(blob); err != nil {
			return nil, fmt.Errorf("deneb: blob %d: %w", i, err)
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
		if err := setBranch(sc.KZGCommitmentInclusionProof().SetAll, branch); err != nil {
			return nil, err
		}
		sidecars[i] = sc
	}
	return sidecars, nil
}

// VerifyBlobSidecarInclusionProof reports whether sc's
// kzg_commitment_inclusion_proof proves its kzg_commitment, at its index
// of blob_kzg_commitments, against the body root of its block header: the
// specification's verify_blob_sidecar_inclusion_proof
// (specs/deneb/p2p-interface.md). A sidecar whose index is not below
// MAX_BLOB_COMMITMENTS_PER_BLOCK does not verify.
func VerifyBlobSidecarInclusionProof(sc *BlobSidecar) bool {
	spec := sc.Spec()
	g, err := BlobKZGCommitmentGindex(spec, uint64(sc.Index()))
	if err != nil {
		return false
	}
	proof := sc.KZGCommitmentInclusionProof()
	branch := make([]Bytes32, proof.Len())
	for i := range branch {
		branch[i] = proof.Get(i)
	}
	depth := int(spec.Preset.Values["KZG_COMMITMENT_INCLUSION_PROOF_DEPTH"])
	return forkcode.VerifyMerkleBranch(commitmentRoot(sc.KZGCommitment()), branch, depth, g.Index(), sc.SignedBlockHeader().Message.BodyRoot)
}

// commitmentRoot returns the hash tree root of a KZG commitment, as a
// list of commitments has it for a leaf: its 48 bytes padded to two
// chunks, hashed.
func commitmentRoot(c KZGCommitment) [32]byte {
	var chunks [64]byte
	copy(chunks[:], c[:])
	return sha256.Sum256(chunks[:])
}

// setBranch sets a branch field through set, the field's SetAll.
func setBranch(set func([]Bytes32) error, branch [][32]byte) error {
	b := make([]Bytes32, len(branch))
	for i, r := range branch {
		b[i] = r
	}
	return set(b)
}
