package fulu_test

import (
	"fmt"

	"github.com/ssztree/ssztree/fulu"
)

// DataColumnSidecars makes the NUMBER_OF_COLUMNS column sidecars of a
// block from the cells and proofs of its blobs (computed by the caller's
// KZG library); each proves the block's commitments against its body root.
func ExampleDataColumnSidecars() {
	spec := fulu.Minimal
	signed := fulu.NewSignedBeaconBlock(spec)
	signed.Message().Body().BlobKZGCommitments().Append(fulu.KZGCommitment{0xaa})
	cells := fulu.BlobCells{}
	for j := 0; j < 128; j++ { // CELLS_PER_EXT_BLOB
		cells.Cells = append(cells.Cells, make([]byte, 64*32)) // FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT
		cells.Proofs = append(cells.Proofs, fulu.KZGProof{byte(j)})
	}

	sidecars, err := fulu.DataColumnSidecars(spec, signed, []fulu.BlobCells{cells})
	if err != nil {
		panic(err)
	}
	sc := sidecars[5]
	fmt.Println(len(sidecars), sc.Index(), sc.KZGProofs().Get(0)[0])
	fmt.Println(fulu.KZGCommitmentsGindex, sc.KZGCommitmentsInclusionProof().Len(), fulu.VerifyDataColumnSidecarInclusionProof(sc))
	// Output:
	// 128 5 5
	// 27 4 true
}
