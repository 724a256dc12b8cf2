package def

import "testing"

func TestGoName(t *testing.T) {
	for snake, want := range map[string]string{
		"slot":                     "Slot",
		"finalized_checkpoint":     "FinalizedCheckpoint",
		"bls_to_execution_changes": "BLSToExecutionChanges",
		"blob_kzg_commitments":     "BlobKZGCommitments",
		"kzg_proof":                "KZGProof",
		"phase0":                   "Phase0",
	} {
		if got := GoName(snake); got != want {
			t.Errorf("GoName(%q) = %q, want %q", snake, got, want)
		}
	}
}
