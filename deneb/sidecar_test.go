package deneb_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// signedBlockWithBlobs returns a signed block of n blob commitments, the
// blobs and their proofs (bytes standing for them: no KZG here).
func signedBlockWithBlobs(t *testing.T, spec *deneb.Spec, n int) (*deneb.SignedBeaconBlock, [][]byte, []deneb.KZGProof) {
	t.Helper()
	signed := deneb.NewSignedBeaconBlock(spec)
	signed.SetSignature(deneb.BLSSignature{0x51})
	block := signed.Message()
	block.SetSlot(4242)
	block.SetProposerIndex(7)
	block.SetParentRoot(deneb.Root{0xee})
	block.SetStateRoot(deneb.Root{0x57})
	body := block.Body()
	body.SetGraffiti(deneb.Bytes32{'b'})
	body.ExecutionPayload().SetBlockNumber(99)
	size := int(spec.Container("BlobSidecar").Field(1).Type.FixedSize())
	var blobs [][]byte
	var proofs []deneb.KZGProof
	for i := 0; i < n; i++ {
		if err := body.BlobKZGCommitments().Append(deneb.KZGCommitment{0xc0, byte(i)}); err != nil {
			t.Fatal(err)
		}
		blob := make([]byte, size)
		blob[0], blob[size-1] = byte(i), 0xbb
		blobs = append(blobs, blob)
		proofs = append(proofs, deneb.KZGProof{0x9f, byte(i)})
	}
	return signed, blobs, proofs
}

func TestBlobSidecars(t *testing.T) {
	for _, spec := range []*deneb.Spec{deneb.Minimal, deneb.Mainnet} {
		t.Run(spec.Preset.Name, func(t *testing.T) {
			for _, i := range []uint64{0, 1, 4095} {
				g, err := deneb.BlobKZGCommitmentGindex(spec, i)
				// blob_kzg_commitments is field 11 of 16 (gindex 27), its
				// data below the length (54), 4096 commitments deep.
				if err != nil || g != tree.Gindex(54*4096+i) || g.Depth() != 17 || uint64(g.Depth()) != spec.Preset.Values["KZG_COMMITMENT_INCLUSION_PROOF_DEPTH"] {
					t.Errorf("gindex of commitment %d: %d (depth %d), %v, want depth 17 (KZG_COMMITMENT_INCLUSION_PROOF_DEPTH)", i, g, g.Depth(), err)
				}
			}
			if _, err := deneb.BlobKZGCommitmentGindex(spec, 4096); err == nil {
				t.Error("gindex of commitment 4096, beyond MAX_BLOB_COMMITMENTS_PER_BLOCK: no error")
			}

			signed, blobs, proofs := signedBlockWithBlobs(t, spec, 6)
			block := signed.Message()
			sidecars, err := deneb.BlobSidecars(signed, blobs[:4], proofs[:4])
			if err != nil {
				t.Fatal(err)
			}
			if len(sidecars) != 4 {
				t.Fatalf("%d sidecars of 4 blobs", len(sidecars))
			}
			for i, sc := range sidecars {
				h := sc.SignedBlockHeader()
				if sc.Index() != deneb.BlobIndex(i) || sc.KZGCommitment() != block.Body().BlobKZGCommitments().Get(i) ||
					sc.KZGProof() != proofs[i] || string(sc.Blob().Bytes()) != string(blobs[i]) ||
					h.Message.HashTreeRoot() != block.HashTreeRoot() || h.Signature != signed.Signature() {
					t.Errorf("sidecar %d does not hold its blob, commitment, proof and the block's signed header", i)
				}
				if !deneb.VerifyBlobSidecarInclusionProof(sc) {
					t.Errorf("sidecar %d: the inclusion proof does not verify", i)
				}

				changed := sc.Copy()
				c := changed.KZGCommitment()
				c[47] ^= 1
				changed.SetKZGCommitment(c)
				if deneb.VerifyBlobSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies with a changed commitment", i)
				}
				changed = sc.Copy()
				proof := changed.KZGCommitmentInclusionProof()
				r := proof.Get(16)
				r[0] ^= 1
				proof.Set(16, r)
				if deneb.VerifyBlobSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies with a changed proof", i)
				}
				changed = sc.Copy()
				changed.SetIndex(deneb.BlobIndex(i + 1))
				if deneb.VerifyBlobSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies at index %d", i, i+1)
				}
				changed.SetIndex(1 << 40)
				if deneb.VerifyBlobSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies at an index beyond the list's limit", i)
				}
				changed = sc.Copy()
				h.Message.BodyRoot[0] ^= 1
				changed.SetSignedBlockHeader(h)
				if deneb.VerifyBlobSidecarInclusionProof(changed) {
					t.Errorf("sidecar %d verifies against another body root", i)
				}
			}

			for name, f := range map[string]func() error{
				"more blobs than commitments": func() error {
					_, err := deneb.BlobSidecars(signed, append(blobs, blobs[0]), append(proofs, proofs[0]))
					return err
				},
				"fewer proofs than blobs": func() error { _, err := deneb.BlobSidecars(signed, blobs, proofs[:5]); return err },
				"a blob too short":        func() error { _, err := deneb.BlobSidecars(signed, [][]byte{blobs[0][1:]}, proofs[:1]); return err },
			} {
				if err := f(); err == nil || !strings.HasPrefix(err.Error(), "deneb: ") {
					t.Errorf("%s: %v, want an error of package deneb", name, err)
				}
			}
		})
	}
}

// TestBlobSidecarsOfSynthBlock builds the sidecars of a realistic block,
// with transactions, withdrawals and six commitments, and verifies them.
func TestBlobSidecarsOfSynthBlock(t *testing.T) {
	signed, err := synth.DenebBlock(deneb.Mainnet, 3)
	if err != nil {
		t.Fatal(err)
	}
	n := signed.Message().Body().BlobKZGCommitments().Len()
	blobs := make([][]byte, n)
	proofs := make([]deneb.KZGProof, n)
	for i := range blobs {
		blobs[i] = make([]byte, 4096*32)
		blobs[i][i] = 1
	}
	sidecars, err := deneb.BlobSidecars(signed, blobs, proofs)
	if err != nil || len(sidecars) != 6 {
		t.Fatalf("%d sidecars of a block of %d commitments (%v), want 6", len(sidecars), n, err)
	}
	for i, sc := range sidecars {
		if !deneb.VerifyBlobSidecarInclusionProof(sc) {
			t.Errorf("sidecar %d does not verify", i)
		}
	}
	if _, err := deneb.BlobKZGCommitmentGindex(nil, 0); !errors.Is(err, deneb.ErrNilSpec) {
		t.Errorf("BlobKZGCommitmentGindex of a nil spec: %v", err)
	}
}
