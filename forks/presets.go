package forks

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/ssztree/ssztree/def"
)

// Mainnet is the mainnet preset: the values of
// presets/mainnet/{phase0,altair,bellatrix,capella}.yaml of the
// specification release v1.6.1 (the same values as in v1.4.0), of
// presets/mainnet/{deneb,electra,fulu}.yaml of v1.6.1, of
// presets/mainnet/gloas.yaml of v1.7.0-alpha.13 ([GloasSpecVersion]), and
// the derived parameters (see [Derived]). The files are those of
// github.com/ethereum/consensus-specs at the commits of its tags: v1.6.1
// is 5fa6edcca8ab4cf548653e6680b17b9d3e04d225, v1.7.0-alpha.13
// e762dd6e2c45ee05648b5787e7d261279aec226a.
var Mainnet = newPreset("mainnet", mainnetPhase0, mainnetAltair, mainnetBellatrix, mainnetCapella,
	mainnetDeneb, mainnetElectra, mainnetFulu, mainnetGloas)

// Minimal is the minimal preset, for testing: the values of
// presets/minimal/{phase0,altair,bellatrix,capella}.yaml of the
// specification release v1.6.1 (the same values as in v1.4.0), of
// presets/minimal/{deneb,electra,fulu}.yaml of v1.6.1, of
// presets/minimal/gloas.yaml of v1.7.0-alpha.13 ([GloasSpecVersion]), and
// the derived parameters (see [Derived]), at the commits [Mainnet] names.
var Minimal = newPreset("minimal", minimalPhase0, minimalAltair, minimalBellatrix, minimalCapella,
	minimalDeneb, minimalElectra, minimalFulu, minimalGloas)

// Gnosis is the preset of Gnosis Chain and of its test network Chiado:
// the values of consensus/preset/gnosis/{phase0,altair,bellatrix,capella,
// deneb,electra}.yaml of github.com/gnosischain/specs at commit
// 1b05504371616759aa029e7537fbcbffb7f43b80 (September 2025; the files
// last changed at 2dc331334842ba47c08c7bd0f528acf23687d1a4), and the
// derived parameters. It differs from [Mainnet] in SLOTS_PER_EPOCH (16),
// BASE_REWARD_FACTOR (25), EPOCHS_PER_SYNC_COMMITTEE_PERIOD (512),
// MAX_WITHDRAWALS_PER_PAYLOAD (8) and MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP
// (8192), and so in the derived SLOTS_PER_ETH1_VOTING_PERIOD,
// MAX_PENDING_ATTESTATIONS, PROPOSER_LOOKAHEAD_SLOTS and
// PTC_WINDOW_SLOTS.
//
// Gnosis publishes no Fulu or Gloas preset file. Its Fusaka upgrade
// (network-upgrades/fusaka.md of the same commit) takes PeerDAS (EIP-7594)
// unmodified, so its Fulu values are mainnet's, as in the Gnosis Fulu
// preset that Lighthouse carries (consensus/types/presets/gnosis/fulu.yaml
// of github.com/sigp/lighthouse at
// 2b398f03c2f3f42b3f76b64f4ee71ee7d9f7ab4d). Its Gloas values, which no
// network has yet, are mainnet's of [GloasSpecVersion], so that every
// fork's types resolve.
var Gnosis = newPreset("gnosis", gnosisPhase0, gnosisAltair, gnosisBellatrix, gnosisCapella,
	gnosisDeneb, gnosisElectra, mainnetFulu, mainnetGloas)

// Presets are the presets of the specification by name, mainnet and
// minimal: those of its presets/ folder and of the conformance tests.
// [BuiltinPresets] lists them with the presets of networks ([Gnosis]),
// and [LookupPreset] finds any of those by name.
var Presets = map[string]*def.Preset{
	Mainnet.Name: Mainnet,
	Minimal.Name: Minimal,
}

// BuiltinPresets returns the built-in presets, in order: [Mainnet],
// [Minimal] and [Gnosis]. The slice is new; the presets are the
// package's, which the caller must not change.
func BuiltinPresets() []*def.Preset {
	return []*def.Preset{Mainnet, Minimal, Gnosis}
}

// LookupPreset returns the built-in preset named name ("gnosis"), and
// false when none is.
func LookupPreset(name string) (*def.Preset, bool) {
	for _, p := range BuiltinPresets() {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
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

// NewPreset returns the preset named name with values, the
// specification's parameters (those of its preset files), and the
// parameters [Derived] computes from them; values is copied. An empty
// name, or a derived parameter that comes out 0 (computed from
// parameters values lacks: those of phase0.yaml) or that values gives
// with another value, is an error. A preset without the parameters of a
// fork (that of a network that has not reached Fulu, without fulu.yaml)
// is no error here: the fork's types fail to resolve in it, naming the
// parameter they lack.
func NewPreset(name string, values map[string]uint64) (*def.Preset, error) {
	if name == "" {
		return nil, errors.New("forks: a preset without a name")
	}
	p := &def.Preset{Name: name, Values: make(map[string]uint64, len(values)+len(Derived))}
	maps.Copy(p.Values, values)
	for _, k := range slices.Sorted(maps.Keys(Derived)) {
		// Computed from the specification's values alone, not from each
		// other's, so the order does not matter: sorted for the error.
		v := Derived[k](values)
		if v == 0 {
			return nil, fmt.Errorf("forks: preset %s: derived parameter %s is 0: a value it is computed from is missing or 0", name, k)
		}
		if given, ok := values[k]; ok && given != v {
			return nil, fmt.Errorf("forks: preset %s: %s given as %d, but derived as %d", name, k, given, v)
		}
		p.Values[k] = v
	}
	return p, nil
}

// newPreset returns NewPreset of the values of each of parts. A name
// given twice, a derived parameter given, or an error of NewPreset is a
// mistake in this file, and panics.
func newPreset(name string, parts ...map[string]uint64) *def.Preset {
	values := make(map[string]uint64)
	for _, part := range parts {
		for k, v := range part {
			if _, dup := values[k]; dup {
				panic(fmt.Sprintf("forks: preset %s: %s given twice", name, k))
			}
			values[k] = v
		}
	}
	for k := range Derived {
		if _, ok := values[k]; ok {
			panic(fmt.Sprintf("forks: preset %s: derived parameter %s given", name, k))
		}
	}
	p, err := NewPreset(name, values)
	if err != nil {
		panic(err)
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

// consensus/preset/gnosis/phase0.yaml of gnosischain/specs at 1b055043.
var gnosisPhase0 = map[string]uint64{
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
	"SLOTS_PER_EPOCH":                  16,
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
	"BASE_REWARD_FACTOR":               25,
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

// consensus/preset/gnosis/altair.yaml of gnosischain/specs at 1b055043.
var gnosisAltair = map[string]uint64{
	// Updated penalty values
	"INACTIVITY_PENALTY_QUOTIENT_ALTAIR":      50331648,
	"MIN_SLASHING_PENALTY_QUOTIENT_ALTAIR":    64,
	"PROPORTIONAL_SLASHING_MULTIPLIER_ALTAIR": 2,
	// Sync committee
	"SYNC_COMMITTEE_SIZE":              512,
	"EPOCHS_PER_SYNC_COMMITTEE_PERIOD": 512,
	// Sync protocol
	"MIN_SYNC_COMMITTEE_PARTICIPANTS": 1,
	"UPDATE_TIMEOUT":                  8192,
}

// consensus/preset/gnosis/bellatrix.yaml of gnosischain/specs at 1b055043.
var gnosisBellatrix = map[string]uint64{
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

// consensus/preset/gnosis/capella.yaml of gnosischain/specs at 1b055043.
var gnosisCapella = map[string]uint64{
	// Max operations per block
	"MAX_BLS_TO_EXECUTION_CHANGES": 16,
	// Execution
	"MAX_WITHDRAWALS_PER_PAYLOAD": 8,
	// Withdrawals processing
	"MAX_VALIDATORS_PER_WITHDRAWALS_SWEEP": 8192,
}

// consensus/preset/gnosis/deneb.yaml of gnosischain/specs at 1b055043.
var gnosisDeneb = map[string]uint64{
	// Misc
	"FIELD_ELEMENTS_PER_BLOB":              4096,
	"MAX_BLOB_COMMITMENTS_PER_BLOCK":       4096,
	"KZG_COMMITMENT_INCLUSION_PROOF_DEPTH": 17,
}

// consensus/preset/gnosis/electra.yaml of gnosischain/specs at 1b055043.
var gnosisElectra = map[string]uint64{
	// Gwei values
	"MIN_ACTIVATION_BALANCE":        32000000000,
	"MAX_EFFECTIVE_BALANCE_ELECTRA": 2048000000000,
	// State list lengths
	"PENDING_DEPOSITS_LIMIT":            134217728,
	"PENDING_PARTIAL_WITHDRAWALS_LIMIT": 134217728,
	"PENDING_CONSOLIDATIONS_LIMIT":      262144,
	// Reward and penalty quotients
	"MIN_SLASHING_PENALTY_QUOTIENT_ELECTRA": 4096,
	"WHISTLEBLOWER_REWARD_QUOTIENT_ELECTRA": 4096,
	// Max operations per block
	"MAX_ATTESTER_SLASHINGS_ELECTRA": 1,
	"MAX_ATTESTATIONS_ELECTRA":       8,
	// Execution
	"MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD": 2,
	"MAX_DEPOSIT_REQUESTS_PER_PAYLOAD":       8192,
	"MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD":    16,
	// Withdrawals processing
	"MAX_PENDING_PARTIALS_PER_WITHDRAWALS_SWEEP": 8,
	// Pending deposits processing
	"MAX_PENDING_DEPOSITS_PER_EPOCH": 16,
}
