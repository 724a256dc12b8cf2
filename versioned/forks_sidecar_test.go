package versioned_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks/forkcode"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

// sidecarBlock is what the blob sidecar tests read of a signed block.
type sidecarBlock interface {
	untyped
	Signature() phase0.BLSSignature
}

// A sidecarFork is the fork's functions of sidecar_gen.go, and a block
// with blob commitments to make sidecars of. Deneb, Electra and the forks
// after have the same BlobSidecar, Deneb's.
type sidecarFork[S forkSpec, SB sidecarBlock] struct {
	specs    []S
	block    func(S, uint64) (SB, error)
	gindex   func(S, uint64) (tree.Gindex, error)
	sidecars func(SB, [][]byte, []deneb.KZGProof) ([]*deneb.BlobSidecar, error)
	verify   func(*deneb.BlobSidecar) bool
}

// test checks, in both presets, the indices of the commitments in a block
// body; that the sidecars of a synthetic block's blobs hold their blob,
// commitment, proof and the block's signed header, and that their
// inclusion proofs verify, and fail to with a changed commitment, proof,
// index or body root; and that wrong blobs are errors naming the fork's
// package (pkg).
func (f sidecarFork[S, SB]) test(t *testing.T, pkg string) {
	var nilSpec S
	if _, err := f.gindex(nilSpec, 0); !errors.Is(err, deneb.ErrNilSpec) {
		t.Errorf("BlobKZGCommitmentGindex of a nil spec: %v", err)
	}
	for _, spec := range f.specs {
		values := spec.Types().Preset.Values
		limit := values["MAX_BLOB_COMMITMENTS_PER_BLOCK"]
		for _, i := range []uint64{0, 1, limit - 1} {
			g, err := f.gindex(spec, i)
			// blob_kzg_commitments is field 11 of 16 (gindex 27), its data
			// below the length (54), limit commitments deep.
			if err != nil || g != tree.Gindex(54*limit+i) || uint64(g.Depth()) != values["KZG_COMMITMENT_INCLUSION_PROOF_DEPTH"] {
				t.Errorf("gindex of commitment %d: %d (depth %d), %v, want depth KZG_COMMITMENT_INCLUSION_PROOF_DEPTH", i, g, g.Depth(), err)
			}
		}
		if _, err := f.gindex(spec, limit); err == nil {
			t.Errorf("gindex of commitment %d, beyond MAX_BLOB_COMMITMENTS_PER_BLOCK: no error", limit)
		}

		signed, err := f.block(spec, 3)
		if err != nil {
			t.Fatal(err)
		}
		sv := signed.Untyped()
		n := at(t, sv, "message.body.blob_kzg_commitments").(interface{ Len() int }).Len()
		if n < 2 {
			t.Fatalf("a synthetic block of %d commitments", n)
		}
		size := int(spec.Type("BlobSidecar").(*schema.Container).Field(1).Type.FixedSize())
		blobs := make([][]byte, n)
		proofs := make([]deneb.KZGProof, n)
		for i := range blobs {
			blobs[i] = make([]byte, size)
			blobs[i][0], blobs[i][size-1] = byte(i), 0xbb
			proofs[i] = deneb.KZGProof{0x9f, byte(i)}
		}
		sidecars, err := f.sidecars(signed, blobs[:n-1], proofs[:n-1])
		if err != nil || len(sidecars) != n-1 {
			t.Fatalf("%d sidecars of %d blobs: %v", len(sidecars), n-1, err)
		}
		for i, sc := range sidecars {
			h := sc.SignedBlockHeader()
			commitment := sc.KZGCommitment()
			if sc.Index() != deneb.BlobIndex(i) || at(t, sv, fmt.Sprintf("message.body.blob_kzg_commitments[%d]", i)).HashTreeRoot() != forkcode.KZGCommitmentRoot(commitment) ||
				sc.KZGProof() != proofs[i] || !bytes.Equal(sc.Blob().Bytes(), blobs[i]) ||
				h.Message.HashTreeRoot() != at(t, sv, "message").HashTreeRoot() || h.Signature != signed.Signature() {
				t.Errorf("sidecar %d does not hold its blob, commitment, proof and the block's signed header", i)
			}
			if !f.verify(sc) {
				t.Errorf("sidecar %d: the inclusion proof does not verify", i)
			}
			for what, change := range map[string]func(*deneb.BlobSidecar){
				"a changed commitment": func(c *deneb.BlobSidecar) {
					k := c.KZGCommitment()
					k[47] ^= 1
					c.SetKZGCommitment(k)
				},
				"a changed proof": func(c *deneb.BlobSidecar) {
					proof := c.KZGCommitmentInclusionProof()
					r := proof.Get(proof.Len() - 1)
					r[0] ^= 1
					proof.Set(proof.Len()-1, r)
				},
				"the next index":                   func(c *deneb.BlobSidecar) { c.SetIndex(deneb.BlobIndex(i + 1)) },
				"an index beyond the list's limit": func(c *deneb.BlobSidecar) { c.SetIndex(1 << 40) },
				"another body root": func(c *deneb.BlobSidecar) {
					h := c.SignedBlockHeader()
					h.Message.BodyRoot[0] ^= 1
					c.SetSignedBlockHeader(h)
				},
			} {
				changed := sc.Copy()
				change(changed)
				if f.verify(changed) {
					t.Errorf("sidecar %d verifies with %s", i, what)
				}
			}
		}

		for what, call := range map[string]func() error{
			"more blobs than commitments": func() error {
				_, err := f.sidecars(signed, append(blobs, blobs[0]), append(proofs, proofs[0]))
				return err
			},
			"fewer proofs than blobs": func() error { _, err := f.sidecars(signed, blobs, proofs[:n-1]); return err },
			"a blob too short":        func() error { _, err := f.sidecars(signed, [][]byte{blobs[0][1:]}, proofs[:1]); return err },
		} {
			if err := call(); err == nil || !strings.HasPrefix(err.Error(), pkg+": ") {
				t.Errorf("%s: %v, want an error of package %s", what, err, pkg)
			}
		}
	}
}

// TestBlobSidecars runs the blob sidecar checks of every fork whose block
// body holds blob commitments.
func TestBlobSidecars(t *testing.T) {
	t.Run("deneb", func(t *testing.T) {
		sidecarFork[*deneb.Spec, *deneb.SignedBeaconBlock]{[]*deneb.Spec{deneb.Mainnet, deneb.Minimal},
			synth.DenebBlock, deneb.BlobKZGCommitmentGindex, deneb.BlobSidecars, deneb.VerifyBlobSidecarInclusionProof}.test(t, "deneb")
	})
	t.Run("electra", func(t *testing.T) {
		sidecarFork[*electra.Spec, *electra.SignedBeaconBlock]{[]*electra.Spec{electra.Mainnet, electra.Minimal},
			synth.ElectraBlock, electra.BlobKZGCommitmentGindex, electra.BlobSidecars, electra.VerifyBlobSidecarInclusionProof}.test(t, "electra")
	})
}
