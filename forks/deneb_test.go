package forks

import (
	"math/bits"
	"slices"
	"sort"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// redefined returns the names of the containers of f that an ancestor of
// f defines too, sorted.
func redefined(f *def.Fork) []string {
	var names []string
	for _, c := range f.Containers {
		if f.Parent.Lookup(c.Name) != nil {
			names = append(names, c.Name)
		}
	}
	sort.Strings(names)
	return names
}

func TestDenebRedefines(t *testing.T) {
	want := []string{
		"BeaconBlock", "BeaconBlockBody", "BeaconState", "BlindedBeaconBlock", "BlindedBeaconBlockBody",
		"ExecutionPayload", "ExecutionPayloadHeader",
		"LightClientBootstrap", "LightClientFinalityUpdate", "LightClientHeader",
		"LightClientOptimisticUpdate", "LightClientUpdate", "SignedBeaconBlock", "SignedBlindedBeaconBlock",
	}
	if got := redefined(Deneb); !slices.Equal(got, want) {
		t.Errorf("Deneb redefines %v, want %v", got, want)
	}
	for name, owner := range map[string]*def.Fork{
		"Checkpoint": Phase0, "Withdrawal": Capella, "SyncCommittee": Altair, "BlobSidecar": Deneb,
	} {
		if o := Deneb.Owner(name); o != owner {
			t.Errorf("%s of Deneb is defined in %s, want %s", name, o.Name, owner.Name)
		}
	}
}

// TestDenebFields checks the containers Deneb extends against the number
// of fields of specs/deneb/beacon-chain.md, and the sizes of the blob
// containers.
func TestDenebFields(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts := resolve(t, Deneb, p)
		for name, n := range map[string]int{
			"ExecutionPayload": 17, "ExecutionPayloadHeader": 17, "BeaconBlockBody": 12, "BeaconState": 28,
		} {
			if got := ts.Container(name).NumFields(); got != n {
				t.Errorf("%s: %s has %d fields, want %d", p.Name, name, got, n)
			}
		}
		sidecar := ts.Container("BlobSidecar")
		// index, blob, commitment, proof, signed header, 17 proof roots.
		if want := 8 + 4096*32 + 48 + 48 + (112 + 96) + 17*32; !sidecar.IsFixedSize() || sidecar.FixedSize() != want {
			t.Errorf("%s: BlobSidecar of %d bytes, want %d", p.Name, sidecar.FixedSize(), want)
		}
		if got := ts.Container("BlobIdentifier").FixedSize(); got != 40 {
			t.Errorf("%s: BlobIdentifier of %d bytes, want 40", p.Name, got)
		}
	}
}

// TestKZGCommitmentInclusionProofDepth checks the preset value against
// the computation the preset file gives for it:
// floorlog2(get_generalized_index(BeaconBlockBody, 'blob_kzg_commitments'))
// + 1 + ceillog2(MAX_BLOB_COMMITMENTS_PER_BLOCK), the 1 being the length
// mixed into the list's root.
func TestKZGCommitmentInclusionProofDepth(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		g, err := schema.Gindex(resolve(t, Deneb, p).Container("BeaconBlockBody"), "blob_kzg_commitments")
		if err != nil {
			t.Fatal(err)
		}
		limit := p.Values["MAX_BLOB_COMMITMENTS_PER_BLOCK"]
		want := uint64(bits.Len64(uint64(g))-1) + 1 + uint64(bits.Len64(limit-1))
		if got := p.Values["KZG_COMMITMENT_INCLUSION_PROOF_DEPTH"]; got != want {
			t.Errorf("%s: KZG_COMMITMENT_INCLUSION_PROOF_DEPTH = %d, want %d", p.Name, got, want)
		}
	}
}
