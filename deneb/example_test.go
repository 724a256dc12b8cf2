package deneb_test

import (
	"fmt"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/tree"
)

// A blob sidecar carries the proof of its KZG commitment against the body
// root of its block: the body's ProveBranch gives it.
func Example_blobSidecar() {
	body := deneb.NewBeaconBlockBody(deneb.Minimal)
	commitment := deneb.KZGCommitment{0xaa, 0xbb}
	body.BlobKZGCommitments().Append(commitment)
	g, leaf, branch, err := body.ProveBranch("blob_kzg_commitments[0]")
	if err != nil {
		panic(err)
	}

	sidecar := deneb.NewBlobSidecar(deneb.Minimal)
	sidecar.SetIndex(0)
	sidecar.SetKZGCommitment(commitment)
	sidecar.Blob().Set(0, 0x01) // the blob's first byte
	header := sidecar.SignedBlockHeader()
	header.Message.BodyRoot = body.HashTreeRoot()
	sidecar.SetSignedBlockHeader(header)
	proof := sidecar.KZGCommitmentInclusionProof()
	for i, r := range branch {
		proof.Set(i, deneb.Bytes32(r))
	}

	fmt.Println(len(branch), proof.Len())
	root := sidecar.SignedBlockHeader().Message.BodyRoot
	fmt.Println(tree.VerifyProof(root, g, leaf, branch))
	// Output:
	// 17 17
	// true
}
