package forks

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
)

// boundedGloas is Gloas with the progressive lists of the containers that
// MessageBounds bounds given the limits their lists had before Gloas: the
// types whose largest sizes the bounds of specs/gloas/p2p-interface.md are.
var boundedGloas = &def.Fork{Name: "bounded gloas", Parent: Gloas, Containers: []*def.Container{
	Gloas.Derive("Attestation").
		Retype(field("aggregation_bits", def.Bitlist(def.P("MAX_ATTESTERS_PER_SLOT")))),
	Gloas.Derive("IndexedAttestation").
		Retype(field("attesting_indices", def.List(ValidatorIndex, def.P("MAX_ATTESTERS_PER_SLOT")))),
	Gloas.Derive("AttesterSlashing"),
	Gloas.Derive("AggregateAndProof"),
	Gloas.Derive("SignedAggregateAndProof"),
	Gloas.Derive("DataColumnSidecar").Retype(
		field("column", def.List(Cell, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("kzg_proofs", def.List(KZGProof, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
	),
	Gloas.Derive("PartialDataColumnSidecar").Retype(
		field("cells_present_bitmap", def.Bitlist(def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("partial_column", def.List(Cell, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("kzg_proofs", def.List(KZGProof, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
	),
	Gloas.Derive("ExecutionPayloadBid").
		Retype(field("blob_kzg_commitments", def.List(KZGCommitment, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK")))),
	Gloas.Derive("SignedExecutionPayloadBid"),
}}

// TestGloasMessageBounds derives each bound of MessageBounds from the
// containers, in both presets: the largest size of the bounded twin of
// the container.
func TestGloasMessageBounds(t *testing.T) {
	for _, p := range []*def.Preset{Mainnet, Minimal} {
		ts, bounded := resolve(t, Gloas, p), resolve(t, boundedGloas, p)
		for name, param := range MessageBounds[Gloas.Name] {
			if ts.Type(name) == nil {
				t.Errorf("%s: no Gloas container %s", param, name)
				continue
			}
			if got, want := p.Values[param], bounded.Type(name).MaxSize(); got != want {
				t.Errorf("%s %s = %d, want %d, the largest %s with bounded lists", p.Name, param, got, want, name)
			}
		}
	}
}

func TestCheckMessageSize(t *testing.T) {
	gloas, fulu := resolve(t, Gloas, Mainnet), resolve(t, Fulu, Mainnet)
	for _, tt := range []struct {
		ts       *def.Types
		name     string
		size     int
		bound    string // "" when the size is within the bounds
		inText   string
		min, max uint64
	}{
		{gloas, "SignedAggregateAndProof", 16829, "", "", 0, 0},
		{gloas, "SignedAggregateAndProof", 16830, "MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE",
			"forks: gloas SignedAggregateAndProof message of 16830 bytes exceeds MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE, 16829 bytes", 0, 16829},
		{gloas, "AttesterSlashing", 2097617, "MAX_ATTESTER_SLASHING_SIZE", "AttesterSlashing", 0, 2097616},
		{gloas, "DataColumnSidecar", 8585273, "MAX_DATA_COLUMN_SIDECAR_SIZE", "DataColumnSidecar", 0, 8585272},
		{gloas, "PartialDataColumnSidecar", 8585742, "MAX_PARTIAL_DATA_COLUMN_SIDECAR_SIZE", "PartialDataColumnSidecar", 0, 8585741},
		{gloas, "SignedExecutionPayloadBid", 196933, "MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE", "SignedExecutionPayloadBid", 0, 196932},
		{gloas, "SignedExecutionPayloadBid", 100, "MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE", "shorter than its SSZ minimum", 0, 196932},
		// Without a bound of the table: the SSZ bounds of the type, at
		// most MAX_PAYLOAD_SIZE.
		{gloas, "Checkpoint", 40, "", "", 0, 0},
		{gloas, "Checkpoint", 41, "the SSZ size bound", "exceeds the SSZ size bound, 40 bytes", 40, 40},
		{gloas, "Checkpoint", 39, "the SSZ size bound", "shorter than its SSZ minimum, 40 bytes", 40, 40},
		{gloas, "SignedBeaconBlock", MaxPayloadSize, "", "", 0, 0},
		{gloas, "SignedBeaconBlock", MaxPayloadSize + 1, "MAX_PAYLOAD_SIZE", "exceeds MAX_PAYLOAD_SIZE, 10485760 bytes", 0, MaxPayloadSize},
		// Before Gloas the type gives the bound, the same one.
		{fulu, "SignedAggregateAndProof", 16829, "", "", 0, 0},
		{fulu, "SignedAggregateAndProof", 16830, "the SSZ size bound", "fulu SignedAggregateAndProof", 0, 16829},
	} {
		err := CheckMessageSize(tt.ts, tt.name, tt.size)
		if tt.bound == "" {
			if err != nil {
				t.Errorf("%s %s of %d bytes: %v", tt.ts.Fork.Name, tt.name, tt.size, err)
			}
			continue
		}
		var e *MessageSizeError
		if !errors.As(err, &e) || !errors.Is(err, ErrMessageSize) || e.Bound != tt.bound || e.Max != tt.max ||
			(tt.min != 0 && e.Min != tt.min) || !strings.Contains(err.Error(), tt.inText) {
			t.Errorf("%s %s of %d bytes: %v, want an error of %s (max %d) saying %q", tt.ts.Fork.Name, tt.name, tt.size, err, tt.bound, tt.max, tt.inText)
		}
	}
	// A minimal bound is the minimal preset's.
	if err := CheckMessageSize(resolve(t, Gloas, Minimal), "SignedAggregateAndProof", 1463); err == nil || !strings.Contains(err.Error(), "1462 bytes") {
		t.Errorf("minimal SignedAggregateAndProof of 1463 bytes: %v", err)
	}
	// A later fork inherits the bounds of Gloas.
	later := resolve(t, &def.Fork{Name: "later", Parent: Gloas}, Mainnet)
	if _, _, bound, err := MessageSizeBounds(later, "AttesterSlashing"); err != nil || bound != "MAX_ATTESTER_SLASHING_SIZE" {
		t.Errorf("a fork after Gloas: AttesterSlashing bounded by %q (%v)", bound, err)
	}
	if err := CheckMessageSize(gloas, "NoSuchType", 1); !errors.Is(err, def.ErrUnknown) || !strings.HasPrefix(err.Error(), "forks: ") {
		t.Errorf("NoSuchType: %v", err)
	}
	// A preset without the bound's parameter is an error, not a bound.
	values := maps.Clone(Mainnet.Values)
	delete(values, "MAX_ATTESTER_SLASHING_SIZE")
	bare := resolve(t, Gloas, &def.Preset{Name: "bare", Values: values})
	if err := CheckMessageSize(bare, "AttesterSlashing", 1000); !errors.Is(err, def.ErrUnknown) || !strings.Contains(err.Error(), "MAX_ATTESTER_SLASHING_SIZE") {
		t.Errorf("a preset without MAX_ATTESTER_SLASHING_SIZE: %v", err)
	}
}
