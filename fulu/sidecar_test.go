package fulu_test

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// blockWithCells returns a signed block of n blob commitments and the
// cells and proofs of its blobs (bytes standing for them: no KZG here),
// cell j of blob i starting with i and j.
func blockWithCells(t *testing.T, spec *fulu.Spec, n int) (*fulu.SignedBeaconBlock, []fulu.BlobCells) {
	t.Helper()
	signed := fulu.NewSignedBeaconBlock(spec)
	signed.SetSignature(fulu.BLSSignature{0x51})
	block := signed.Message()
	block.SetSlot(4242)
	block.SetProposerIndex(7)
	block.SetParentRoot(fulu.Root{0xee})
	body := block.Body()
	body.SetGraffiti(fulu.Bytes32{'c'})
	body.ExecutionPayload().SetBlockNumber(99)
	cellSize := int(spec.Preset.Values["FIELD_ELEMENTS_PER_CELL"] * forks.BytesPerFieldElement)
	cells := int(spec.Preset.Values["CELLS_PER_EXT_BLOB"])
	blobs := make([]fulu.BlobCells, n)
	for i := range blobs {
		if err := body.BlobKZGCommitments().Append(fulu.KZGCommitment{0xc0, byte(i)}); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < cells; j++ {
			c := make([]byte, cellSize)
			c[0], c[1], c[cellSize-1] = byte(i), byte(j), 0xcc
			blobs[i].Cells = append(blobs[i].Cells, c)
			blobs[i].Proofs = append(blobs[i].Proofs, fulu.KZGProof{byte(i), byte(j)})
		}
	}
	return signed, blobs
}

func TestDataColumnSidecars(t *testing.T) {
	if fulu.KZGCommitmentsGindex != 27 {
		t.Errorf("KZGCommitmentsGindex %d, want 27", fulu.KZGCommitmentsGindex)
	}
	// Cells of 8 KiB, above the 4 KiB up to which a list of them is a
	// compact list.
	big := &def.Preset{Name: "big cells", Values: maps.Clone(forks.Minimal.Values)}
	big.Values["FIELD_ELEMENTS_PER_CELL"] = 256
	bigSpec, err := fulu.NewSpec(big)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []*fulu.Spec{fulu.Minimal, fulu.Mainnet, bigSpec} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			g := fulu.KZGCommitmentsGindex
			if uint64(g.Depth()) != spec.Preset.Values["KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"] || g.Depth() != 4 {
				t.Errorf("depth %d, want KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH, 4", g.Depth())
			}
			signed, blobs := blockWithCells(t, spec, 3)
			sidecars, err := fulu.DataColumnSidecars(spec, signed, blobs)
			if err != nil {
				t.Fatal(err)
			}
			if uint64(len(sidecars)) != spec.Preset.Values["NUMBER_OF_COLUMNS"] {
				t.Fatalf("%d sidecars", len(sidecars))
			}
			block := signed.Message()
			commitmentsRoot := block.Body().BlobKZGCommitments().HashTreeRoot()
			for j, sc := range sidecars {
				h := sc.SignedBlockHeader()
				if sc.Index() != fulu.ColumnIndex(j) || sc.KZGCommitments().HashTreeRoot() != commitmentsRoot ||
					h.Message.HashTreeRoot() != block.HashTreeRoot() || h.Signature != signed.Signature() || sc.KZGProofs().Len() != 3 {
					t.Fatalf("sidecar %d does not hold the block's commitments and signed header", j)
				}
				data, err := sc.MarshalSSZ()
				if err != nil {
					t.Fatal(err)
				}
				// The column starts after the fixed part: index, four
				// offsets, the signed header and the proof.
				columnAt := 8 + 4 + 4 + 4 + 208 + 4*32
				cellSize := len(blobs[0].Cells[0])
				for i := range blobs {
					cell := data[columnAt+i*cellSize : columnAt+(i+1)*cellSize]
					if string(cell) != string(blobs[i].Cells[j]) || sc.KZGProofs().Get(i) != blobs[i].Proofs[j] {
						t.Fatalf("sidecar %d: blob %d's cell or proof is not cell %d", j, i, j)
					}
				}
				back, err := fulu.DecodeDataColumnSidecar(spec, data)
				if err != nil || back.HashTreeRoot() != sc.HashTreeRoot() {
					t.Fatalf("sidecar %d does not round-trip: %v", j, err)
				}
				if !fulu.VerifyDataColumnSidecarInclusionProof(sc) {
					t.Fatalf("sidecar %d: the inclusion proof does not verify", j)
				}
				if j > 2 {
					continue
				}
				changed := sc.Copy()
				changed.KZGCommitments().Set(1, fulu.KZGCommitment{0xde})
				if fulu.VerifyDataColumnSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies with a changed commitment", j)
				}
				changed = sc.Copy()
				proof := changed.KZGCommitmentsInclusionProof()
				r := proof.Get(3)
				r[5] ^= 1
				proof.Set(3, r)
				if fulu.VerifyDataColumnSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies with a changed proof", j)
				}
				changed = sc.Copy()
				h.Message.BodyRoot[0] ^= 1
				changed.SetSignedBlockHeader(h)
				if fulu.VerifyDataColumnSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies against another body root", j)
				}
			}
			_, _, branch, err := block.Body().ProveBranch("blob_kzg_commitments")
			if err != nil || !tree.VerifyProof(block.Body().HashTreeRoot(), fulu.KZGCommitmentsGindex, commitmentsRoot, branch) {
				t.Errorf("ProveBranch of blob_kzg_commitments does not verify at KZGCommitmentsGindex (%v)", err)
			}

			short := append([]fulu.BlobCells(nil), blobs...)
			short[1] = fulu.BlobCells{Cells: blobs[1].Cells[1:], Proofs: blobs[1].Proofs[1:]}
			shortCell := append([]fulu.BlobCells(nil), blobs...)
			shortCell[2] = fulu.BlobCells{Cells: append([][]byte{blobs[2].Cells[0][1:]}, blobs[2].Cells[1:]...), Proofs: blobs[2].Proofs}
			other := fulu.Mainnet
			if spec == fulu.Mainnet {
				other = fulu.Minimal
			}
			for want, f := range map[string]func() error{
				"2 blobs":           func() error { _, err := fulu.DataColumnSidecars(spec, signed, blobs[:2]); return err },
				"blob 1":            func() error { _, err := fulu.DataColumnSidecars(spec, signed, short); return err },
				"cell 0":            func() error { _, err := fulu.DataColumnSidecars(spec, signed, shortCell); return err },
				"a block of preset": func() error { _, err := fulu.DataColumnSidecars(other, signed, blobs); return err },
			} {
				if err := f(); err == nil || !strings.HasPrefix(err.Error(), "fulu: ") || !strings.Contains(err.Error(), want) {
					t.Errorf("%v, want an error saying %q", err, want)
				}
			}
		})
	}
}

// TestDataColumnSidecarsOfSynthBlock builds the column sidecars of a
// realistic block, with attestations, transactions, requests and nine
// commitments, and verifies them.
func TestDataColumnSidecarsOfSynthBlock(t *testing.T) {
	signed, err := synth.FuluBlock(fulu.Mainnet, 5)
	if err != nil {
		t.Fatal(err)
	}
	n := signed.Message().Body().BlobKZGCommitments().Len()
	blobs := make([]fulu.BlobCells, n)
	for i := range blobs {
		for j := 0; j < 128; j++ {
			blobs[i].Cells = append(blobs[i].Cells, make([]byte, 2048))
			blobs[i].Proofs = append(blobs[i].Proofs, fulu.KZGProof{byte(i), byte(j)})
		}
	}
	sidecars, err := fulu.DataColumnSidecars(fulu.Mainnet, signed, blobs)
	if err != nil || n != 9 {
		t.Fatalf("sidecars of a block of %d commitments, want 9: %v", n, err)
	}
	for j, sc := range sidecars {
		if sc.KZGCommitments().Len() != 9 || !fulu.VerifyDataColumnSidecarInclusionProof(sc) {
			t.Errorf("sidecar %d does not verify", j)
		}
	}
	if _, err := fulu.DataColumnSidecars(nil, signed, blobs); !errors.Is(err, fulu.ErrNilSpec) {
		t.Errorf("DataColumnSidecars of a nil spec: %v", err)
	}
}
