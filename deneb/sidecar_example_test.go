package deneb_test

import (
	"fmt"

	"github.com/ssztree/ssztree/deneb"
)

// BlobSidecars makes the sidecars of a block's blobs, each with the proof
// of its commitment against the block's body root, which a node receiving
// it checks with VerifyBlobSidecarInclusionProof.
func ExampleBlobSidecars() {
	signed := deneb.NewSignedBeaconBlock(deneb.Minimal)
	signed.Message().SetSlot(100)
	commitments := signed.Message().Body().BlobKZGCommitments()
	commitments.Append(deneb.KZGCommitment{0xaa})
	commitments.Append(deneb.KZGCommitment{0xbb})
	blob := make([]byte, 4096*32) // FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT
	blobs := [][]byte{blob, blob}
	proofs := []deneb.KZGProof{{0x01}, {0x02}} // the blobs' KZG proofs, which the caller computes

	sidecars, err := deneb.BlobSidecars(signed, blobs, proofs)
	if err != nil {
		panic(err)
	}
	for _, sc := range sidecars {
		fmt.Println(sc.Index(), sc.KZGCommitmentInclusionProof().Len(), deneb.VerifyBlobSidecarInclusionProof(sc))
	}
	sidecars[1].SetKZGCommitment(deneb.KZGCommitment{0xcc})
	fmt.Println(deneb.VerifyBlobSidecarInclusionProof(sidecars[1]))
	// Output:
	// 0 17 true
	// 1 17 true
	// false
}
