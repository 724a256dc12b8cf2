package forks

import (
	"fmt"

	"github.com/ssztree/ssztree/def"
)

// Mainnet is the mainnet preset: the values of
// presets/mainnet/{phase0,altair,bellatrix,capella}.yaml of the
// specification release v1.6.1 (the same values as in v1.4.0), of
// presets/mainnet/{deneb,electra,fulu}.yaml of v1.6.1, of
// presets/mainnet/gloas.yaml of v1.7.0-alpha.13 ([GloasSpecVersion]), and
// the derived parameters (see [Derived]).
var Mainnet = newPreset("mainnet", mainnetPhase0, mainnetAltair, mainnetBellatrix, mainnetCapella,
	mainnetDeneb, mainnetElectra, mainnetFulu, mainnetGloas)

// Minimal is the minimal preset, for testing: the values of
// presets/minimal/{phase0,altair,bellatrix,capella}.yaml of the
// specification release v1.6.1 (the same values as in v1.4.0), of
// presets/minimal/{deneb,electra,fulu}.yaml of v1.6.1, of
// presets/minimal/gloas.yaml of v1.7.0-alpha.13 ([GloasSpecVersion]), and
// the derived parameters (see [Derived]).
var Minimal = newPreset("minimal", minimalPhase0, minimalAltair, minimalBellatrix, minimalCapella,
	minimalDeneb, minimalElectra, minimalFulu, minimalGloas)

// Presets are the presets by name.
var Presets = map[string]*def.Preset{
	Mainnet.Name: Mainnet,
	Minimal.Name: Minimal,
}

// Derived lists the parameters that the presets add to the specification's
// values, because def.Size can scale a parameter by a number but not
// combine two parameters, and the specification sizes some types with such
// a combination. Each computes its value from the values of the
// specification's parameters.
var Derived = map[string]func(v map[string]uint64) uint64{
	// BeaconState.eth1_data_votes:
	// List[Eth1Data, EPOCHS_PER_ETH1_VOTING_PERIOD * SLOTS_PER_EPOCH].
	"SLOTS_PER_ETH1_VOTING_PERIOD": func(v map[string]uint64) uint64 {
		return v["EPOCHS_PER_ETH1_VOTING_PERIOD"] * v["SLOTS_PER_EPOCH"]
	},
	// phase0 BeaconState.{previous,current}_epoch_attestations:
	// List[PendingAttestation, MAX_ATTESTATIONS * SLOTS_PER_EPOCH].
	"MAX_PENDING_ATTESTATIONS": func(v map[string]uint64) uint64 {
		return v["MAX_ATTESTATIONS"] * v["SLOTS_PER_EPOCH"]
	},
	// Electra Attestation.aggregation_bits and
	// IndexedAttestation.attesting_indices (EIP-7549), of every committee
	// of a slot: MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT.
	"MAX_ATTESTERS_PER_SLOT": func(v map[string]uint64) uint64 {
		return v["MAX_VALIDATORS_PER_COMMITTEE"] * v["MAX_COMMITTEES_PER_SLOT"]
	},
	// Fulu BeaconState.proposer_lookahead (EIP-7917):
	// Vector[ValidatorIndex, (MIN_SEED_LOOKAHEAD + 1) * SLOTS_PER_EPOCH].
	"PROPOSER_LOOKAHEAD_SLOTS": func(v map[string]uint64) uint64 {
		return (v["MIN_SEED_LOOKAHEAD"] + 1) * v["SLOTS_PER_EPOCH"]
	},
	// Gloas BeaconState.ptc_window (EIP-7732): Vector[Vector[ValidatorIndex,
	// PTC_SIZE], (2 + MIN_SEED_LOOKAHEAD) * SLOTS_PER_EPOCH].
	"PTC_WINDOW_SLOTS": func(v map[string]uint64) uint64 {
		return (2 + v["MIN_SEED_LOOKAHEAD"]) * v["SLOTS_PER_EPOCH"]
	},
}

// newPreset returns the preset holding the values of each of parts and the
// derived parameters. A name given twice, or a derived parameter of value
// 0 (computed from a parameter the parts lack), is a mistake in this file,
// and panics.
func newPreset(name string, parts ...map[string]uint64) *def.Preset {
	p := &def.Preset{Name: name, Values: make(map[string]uint64)}
	set := func(k string, v uint64) {
		if _, dup := p.Values[k]; dup {
			panic(fmt.Sprintf("forks: preset %s: %s given twice", name, k))
		}
		p.Values[k] = v
	}
	for _, part := range parts {
		for k, v := range part {
			set(k, v)
		}
	}
	derived := make(map[string]uint64, len(Derived))
	for k, value := range Derived {
		// Computed from the specification's values alone, not from each
		// other's, so the order of the map does not matter.
		if derived[k] = value(p.Values); derived[k] == 0 {
			panic(fmt.Sprintf("forks: preset %s: derived parameter %s is 0", name, k))
		}
	}
	for k, v := range derived {
		set(k, v)
	}
	return p
}

// presets/mainnet/phase0.yaml, v1.6.1.
var mainnetPhase0 = map[string]uint64{
	// Misc
	"MAX_COMMITTEES_PER_SLOT":        64,
	"TARGET_COMMITTEE_SIZE":          128,
	"MAX_VALIDATORS_PER_COMMITTEE":   2048,
	"SHUFFLE_ROUND_COUNT":            90,
	"HYSTERESIS_QUOTIENT":            4,
	"HYSTERESIS_DOWNWARD_MULTIPLIER": 1,
	"HYSTERESIS_UPWARD_MULTIPLIER":   5,
	// Gwei values
	"MIN_DEPOSIT_AMOUNT":          1000000000,
	"MAX_EFFECTIVE_BALANCE":       32000000000,
	"EFFECTIVE_BALANCE_INCREMENT": 1000000000,
	// Time parameters
	"MIN_ATTESTATION_INCLUSION_DELAY":  1,
	"SLOTS_PER_EPOCH":                  32,
	"MIN_SEED_LOOKAHEAD":               1,
	"MAX_SEED_LOOKAHEAD":               4,
	"EPOCHS_PER_ETH1_VOTING_PERIOD":    64,
	"SLOTS_PER_HISTORICAL_ROOT":        8192,
	"MIN_EPOCHS_TO_INACTIVITY_PENALTY": 4,
	// State list lengths
	"EPOCHS_PER_HISTORICAL_VECTOR": 65536,
	"EPOCHS_PER_SLASHINGS_VECTOR":  8192,
	"HISTORICAL_ROOTS_LIMIT":       16777216,
	"VALIDATOR_REGISTRY_LIMIT":     1099511627776,
	// Reward and penalty quotients
	"BASE_REWARD_FACTOR":               64,
	"WHISTLEBLOWER_REWARD_QUOTIENT":    512,
	"PROPOSER_REWARD_QUOTIENT":         8,
	"INACTIVITY_PENALTY_QUOTIENT":      67108864,
	"MIN_SLASHING_PENALTY_QUOTIENT":    128,
	"PROPORTIONAL_SLASHING_MULTIPLIER": 1,
	// Max operations per block
	"MAX_PROPOSER_SLASHINGS": 16,
	"MAX_ATTESTER_SLASHINGS": 2,
	"MAX_ATTESTATIONS":       128,
	"MAX_DEPOSITS":           16,
	"MAX_VOLUNTARY_EXITS":    16,
}

// presets/mainnet/altair.yaml, v1.6.1.
var mainnetAltair = map[string]uint64{
	// Updated penalty values
	"INACTIVITY_PENALTY_QUOTIENT_ALTAIR":      50331648,
	"MIN_SLASHING_PENALTY_QUOTIENT_ALTAIR":    64,
	"PROPORTIONAL_SLASHING_MULTIPLIER_ALTAIR": 2,
	// Sync committee
	"SYNC_COMMITTEE_SIZE":              512,
	"EPOCHS_PER_SYNC_COMMITTEE_PERIOD": 256,
	// Sync protocol
	"MIN_SYNC_COMMITTEE_PARTICIPANTS": 1,
	"UPDATE_TIMEOUT":                  8192,
}

// presets/mainnet/bellatrix.yaml, v1.6.1.
var mainnetBellatrix = map[string]uint64{
	// Updated penalty values
	"INACTIVITY_PENALTY_QUOTIENT_BELLATRIX":      16777216,
	"MIN_SLASHING_PENALTY_QUOTIENT_BELLATRIX":    32,
	"PROPORTIONAL_SLASHING_MULTIPLIER_BELLATRIX": 3,
	// Execution
	"MAX_BYTES_PER_TRANSACTION":    1073741824,
	"MAX_TRANSACTIONS_PER_PAYLOAD": 1048576,
	"BYTES_PER_LOGS_BLOOM":         256,
	"MAX_EXTRA_DATA_BYTES":         32,
}

// presets/mainnet/capella.yaml, v1.6.1.
var mainnetCapella = map[string]uint64{
	// Max operations per block
	"MAX_BLS_TO_EXECUTION_CHANGES": 16,
	// Execution
	"MAX_WITHDRAWALS_PER_PAYLOAD": 16,
	// Withdrawals processing
	"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP": 16384,
}

// presets/minimal/phase0.yaml, v1.6.1.
var minimalPhase0 = map[string]uint64{
	// Misc
	"MAX_COMMITTEES_PER_SLOT":        4,
	"TARGET_COMMITTEE_SIZE":          4,
	"MAX_VALIDATORS_PER_COMMITTEE":   2048,
	"SHUFFLE_ROUND_COUNT":            10,
	"HYSTERESIS_QUOTIENT":            4,
	"HYSTERESIS_DOWNWARD_MULTIPLIER": 1,
	"HYSTERESIS_UPWARD_MULTIPLIER":   5,
	// Gwei values
	"MIN_DEPOSIT_AMOUNT":          1000000000,
	"MAX_EFFECTIVE_BALANCE":       32000000000,
	"EFFECTIVE_BALANCE_INCREMENT": 1000000000,
	// Time parameters
	"MIN_ATTESTATION_INCLUSION_DELAY":  1,
	"SLOTS_PER_EPOCH":                  8,
	"MIN_SEED_LOOKAHEAD":               1,
	"MAX_SEED_LOOKAHEAD":               4,
	"EPOCHS_PER_ETH1_VOTING_PERIOD":    4,
	"SLOTS_PER_HISTORICAL_ROOT":        64,
	"MIN_EPOCHS_TO_INACTIVITY_PENALTY": 4,
	// State list lengths
	"EPOCHS_PER_HISTORICAL_VECTOR": 64,
	"EPOCHS_PER_SLASHINGS_VECTOR":  64,
	"HISTORICAL_ROOTS_LIMIT":       16777216,
	"VALIDATOR_REGISTRY_LIMIT":     1099511627776,
	// Rewards and penalties
	"BASE_REWARD_FACTOR":               64,
	"WHISTLEBLOWER_REWARD_QUOTIENT":    512,
	"PROPOSER_REWARD_QUOTIENT":         8,
	"INACTIVITY_PENALTY_QUOTIENT":      33554432,
	"MIN_SLASHING_PENALTY_QUOTIENT":    64,
	"PROPORTIONAL_SLASHING_MULTIPLIER": 2,
	// Max operations per block
	"MAX_PROPOSER_SLASHINGS": 16,
	"MAX_ATTESTER_SLASHINGS": 2,
	"MAX_ATTESTATIONS":       128,
	"MAX_DEPOSITS":           16,
	"MAX_VOLUNTARY_EXITS":    16,
}

// presets/minimal/altair.yaml, v1.6.1.
var minimalAltair = map[string]uint64{
	// Updated penalty values
	"INACTIVITY_PENALTY_QUOTIENT_ALTAIR":      50331648,
	"MIN_SLASHING_PENALTY_QUOTIENT_ALTAIR":    64,
	"PROPORTIONAL_SLASHING_MULTIPLIER_ALTAIR": 2,
	// Sync committee
	"SYNC_COMMITTEE_SIZE":              32,
	"EPOCHS_PER_SYNC_COMMITTEE_PERIOD": 8,
	// Sync protocol
	"MIN_SYNC_COMMITTEE_PARTICIPANTS": 1,
	"UPDATE_TIMEOUT":                  64,
}

// presets/minimal/bellatrix.yaml, v1.6.1.
var minimalBellatrix = map[string]uint64{
	// Updated penalty values
	"INACTIVITY_PENALTY_QUOTIENT_BELLATRIX":      16777216,
	"MIN_SLASHING_PENALTY_QUOTIENT_BELLATRIX":    32,
	"PROPORTIONAL_SLASHING_MULTIPLIER_BELLATRIX": 3,
	// Execution
	"MAX_BYTES_PER_TRANSACTION":    1073741824,
	"MAX_TRANSACTIONS_PER_PAYLOAD": 1048576,
	"BYTES_PER_LOGS_BLOOM":         256,
	"MAX_EXTRA_DATA_BYTES":         32,
}

// presets/minimal/capella.yaml, v1.6.1.
var minimalCapella = map[string]uint64{
	// Max operations per block
	"MAX_BLS_TO_EXECUTION_CHANGES": 16,
	// Execution
	"MAX_WITHDRAWALS_PER_PAYLOAD": 4,
	// Withdrawals processing
	"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP": 16,
}

// presets/mainnet/deneb.yaml, v1.6.1.
var mainnetDeneb = map[string]uint64{
	// Execution
	"MAX_BLOB_COMMITMENTS_PER_BLOCK": 4096,
	// Networking: floorlog2(get_generalized_index(BeaconBlockBody,
	// 'blob_kzg_commitments')) + 1 + ceillog2(MAX_BLOB_COMMITMENTS_PER_BLOCK)
	"KZG_COMMITMENT_INCLUSION_PROOF_DEPTH": 17,
	// Blob
	"FIELD_ELEMENTS_PER_BLOB": 4096,
}

// presets/minimal/deneb.yaml, v1.6.1. MAX_BLOB_COMMITMENTS_PER_BLOCK is
// 4096 since v1.6.0 (32 before, and KZG_COMMITMENT_INCLUSION_PROOF_DEPTH
// 10).
var minimalDeneb = map[string]uint64{
	// Execution
	"MAX_BLOB_COMMITMENTS_PER_BLOCK": 4096,
	// Networking
	"KZG_COMMITMENT_INCLUSION_PROOF_DEPTH": 17,
	// Blob
	"FIELD_ELEMENTS_PER_BLOB": 4096,
}

// presets/mainnet/electra.yaml, v1.6.1.
var mainnetElectra = map[string]uint64{
	// Gwei values
	"MIN_ACTIVATION_BALANCE":        32000000000,
	"MAX_EFFECTIVE_BALANCE_ELECTRA": 2048000000000,
	// Rewards and penalties
	"MIN_SLASHING_PENALTY_QUOTIENT_ELECTRA": 4096,
	"WHISTLEBLOWER_REWARD_QUOTIENT_ELECTRA": 4096,
	// State list lengths
	"PENDING_DEPOSITS_LIMIT":            134217728,
	"PENDING_PARTIAL_WITHDRAWALS_LIMIT": 134217728,
	"PENDING_CONSOLIDATIONS_LIMIT":      262144,
	// Max operations per block
	"MAX_ATTESTER_SLASHINGS_ELECTRA": 1,
	"MAX_ATTESTATIONS_ELECTRA":       8,
	// Execution
	"MAX_DEPOSIT_REQUESTS_PER_PAYLOAD":       8192,
	"MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD":    16,
	"MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD": 2,
	// Withdrawals processing
	"MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP": 8,
	// Pending deposits processing
	"MAX_PENDING_DEPOSITS_PER_EPOCH": 16,
}

// presets/minimal/electra.yaml, v1.6.1.
var minimalElectra = map[string]uint64{
	// Gwei values
	"MIN_ACTIVATION_BALANCE":        32000000000,
	"MAX_EFFECTIVE_BALANCE_ELECTRA": 2048000000000,
	// Rewards and penalties
	"MIN_SLASHING_PENALTY_QUOTIENT_ELECTRA": 4096,
	"WHISTLEBLOWER_REWARD_QUOTIENT_ELECTRA": 4096,
	// State list lengths
	"PENDING_DEPOSITS_LIMIT":            134217728,
	"PENDING_PARTIAL_WITHDRAWALS_LIMIT": 64,
	"PENDING_CONSOLIDATIONS_LIMIT":      64,
	// Max operations per block
	"MAX_ATTESTER_SLASHINGS_ELECTRA": 1,
	"MAX_ATTESTATIONS_ELECTRA":       8,
	// Execution
	"MAX_DEPOSIT_REQUESTS_PER_PAYLOAD":       8192,
	"MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD":    16,
	"MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD": 2,
	// Withdrawals processing
	"MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP": 2,
	// Pending deposits processing
	"MAX_PENDING_DEPOSITS_PER_EPOCH": 16,
}

// presets/mainnet/fulu.yaml, v1.6.1 (NUMBER_OF_COLUMNS is a preset value
// since v1.6.0).
var mainnetFulu = map[string]uint64{
	// Networking: floorlog2(get_generalized_index(BeaconBlockBody,
	// 'blob_kzg_commitments'))
	"KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH": 4,
	// Blob
	"FIELD_ELEMENTS_PER_CELL":     64,
	"FIELD_ELEMENTS_PER_EXT_BLOB": 8192,
	"CELLS_PER_EXT_BLOB":          128,
	"NUMBER_OF_COLUMNS":           128,
}

// presets/minimal/fulu.yaml, v1.6.1.
var minimalFulu = map[string]uint64{
	// Networking
	"KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH": 4,
	// Blob
	"FIELD_ELEMENTS_PER_CELL":     64,
	"FIELD_ELEMENTS_PER_EXT_BLOB": 8192,
	"CELLS_PER_EXT_BLOB":          128,
	"NUMBER_OF_COLUMNS":           128,
}

// presets/mainnet/gloas.yaml, v1.7.0-alpha.13. The type-specific SSZ
// bounds are those of specs/gloas/p2p-interface.md and
// specs/gloas/partial-columns/p2p-interface.md (see [MessageBounds]).
var mainnetGloas = map[string]uint64{
	// Misc
	"PTC_SIZE": 512,
	// Max operations per block
	"MAX_PAYLOAD_ATTESTATIONS": 4,
	// Execution
	"MAX_BUILDER_DEPOSIT_REQUESTS_PER_PAYLOAD": 64,
	"MAX_BUILDER_EXIT_REQUESTS_PER_PAYLOAD":    16,
	// Withdrawals processing
	"MAX_BUILDERS_PER_WITHDRAWALS_SWEEP": 16384,
	// Type-specific SSZ bounds
	"MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE":   16829,
	"MAX_ATTESTER_SLASHING_SIZE":            2097616,
	"MAX_DATA_COLUMN_SIDECAR_SIZE":          8585272,
	"MAX_PARTIAL_DATA_COLUMN_SIDECAR_SIZE":  8585741,
	"MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE": 196932,
}

// presets/minimal/gloas.yaml, v1.7.0-alpha.13.
var minimalGloas = map[string]uint64{
	// Misc
	"PTC_SIZE": 16,
	// Max operations per block
	"MAX_PAYLOAD_ATTESTATIONS": 4,
	// Execution
	"MAX_BUILDER_DEPOSIT_REQUESTS_PER_PAYLOAD": 64,
	"MAX_BUILDER_EXIT_REQUESTS_PER_PAYLOAD":    16,
	// Withdrawals processing
	"MAX_BUILDERS_PER_WITHDRAWALS_SWEEP": 16,
	// Type-specific SSZ bounds
	"MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE":   1462,
	"MAX_ATTESTER_SLASHING_SIZE":            131536,
	"MAX_DATA_COLUMN_SIDECAR_SIZE":          8585272,
	"MAX_PARTIAL_DATA_COLUMN_SIDECAR_SIZE":  8585741,
	"MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE": 196932,
}
