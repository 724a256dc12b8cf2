package main

import "github.com/ssztree/ssztree/def"

// This file writes sidecar_gen.go: the blob sidecars of a block
// (specs/deneb/validator.md, get_blob_sidecars) and their inclusion
// proofs, in every fork that defines a block body with blob commitments
// and has BlobSidecar. Fulu's data column sidecars are its own
// (fulu/sidecar.go).

// sidecars writes BlobKZGCommitmentGindex, BlobSidecars and
// VerifyBlobSidecarInclusionProof, if the fork defines a block body with
// blob_kzg_commitments and has BlobSidecar.
func (g *gen) sidecars() error {
	if !g.has("BlobSidecar") || g.owner("BeaconBlockBody") != g.fork || !hasField(g.lookup("BeaconBlockBody"), "blob_kzg_commitments") {
		return nil
	}
	return g.writeFns(
		g.newFn("BeaconBlockBody", "BlobKZGCommitmentGindex", "spec *Spec, index uint64", "(tree.Gindex, error)", "spec, index", "the generalized index of a commitment in a block body", nil),
		g.newFn("BeaconBlockBody,BlobSidecar", "BlobSidecars", "signed *SignedBeaconBlock, blobs [][]byte, kzgProofs []KZGProof", "([]*BlobSidecar, error)", "signed, blobs, kzgProofs", "the sidecars of the blobs of a block", nil),
		g.newFn("BlobSidecar", "VerifyBlobSidecarInclusionProof", "sc *BlobSidecar", "bool", "sc", "whether sc's inclusion proof proves its commitment", nil),
	)
}

// hasField reports whether c has a field name.
func hasField(c *def.Container, name string) bool {
	for _, f := range c.Fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

const sidecarTemplates = `
{{define "BlobKZGCommitmentGindex"}}
// BlobKZGCommitmentGindex returns the generalized index, in a block body of
// spec's preset, of the commitment at index of blob_kzg_commitments:
// get_generalized_index(BeaconBlockBody, 'blob_kzg_commitments', index)
// (specs/deneb/validator.md, get_blob_sidecars). Its depth is
// KZG_COMMITMENT_INCLUSION_PROOF_DEPTH, 17 in the mainnet and minimal
// presets. It returns an error if index is not below
// MAX_BLOB_COMMITMENTS_PER_BLOCK, or wrapping ErrNilSpec if spec is nil.
func BlobKZGCommitmentGindex(spec *Spec, index uint64) (tree.Gindex, error) {
	if spec == nil {
		return 0, fmt.Errorf("{{.Pkg}}: BlobKZGCommitmentGindex: %w", ErrNilSpec)
	}
	return schema.Gindex(spec.Type("BeaconBlockBody"), fmt.Sprintf("blob_kzg_commitments[%d]", index))
}
{{end}}

{{define "BlobSidecars"}}
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
	body := signed.Message().Body()
	commitments := body.BlobKZGCommitments()
	if len(blobs) > commitments.Len() || len(kzgProofs) != len(blobs) {
		return nil, fmt.Errorf("{{.Pkg}}: %d blobs and %d proofs for a block of %d commitments", len(blobs), len(kzgProofs), commitments.Len())
	}
	header := SignedBeaconBlockHeaderOf(signed)
	spec := signed.Spec()
	sidecars := make([]*BlobSidecar, len(blobs))
	for i, blob := range blobs {
		sc := NewBlobSidecar(spec)
		sc.SetIndex(BlobIndex(i))
		if err := sc.Blob().SetBytes(blob); err != nil {
			return nil, fmt.Errorf("{{.Pkg}}: blob %d: %w", i, err)
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
		if err := sc.KZGCommitmentInclusionProof().SetAll(forkcode.Roots[Bytes32](branch)); err != nil {
			return nil, err
		}
		sidecars[i] = sc
	}
	return sidecars, nil
}
{{end}}

{{define "VerifyBlobSidecarInclusionProof"}}
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
	return forkcode.VerifyMerkleBranch(forkcode.KZGCommitmentRoot(sc.KZGCommitment()), branch, depth, g.Index(), sc.SignedBlockHeader().Message.BodyRoot)
}
{{end}}
`
