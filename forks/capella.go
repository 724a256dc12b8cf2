package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// Capella holds the containers that Capella adds or changes, on top of
// those it takes unchanged from Bellatrix (its Parent), Altair and phase0:
// the containers of specs/capella/beacon-chain.md (the withdrawal and BLS
// change containers, HistoricalSummary, and the execution payload
// containers, BeaconBlockBody and BeaconState as Capella extends them),
// BeaconBlock and SignedBeaconBlock (redefined to refer to the new
// BeaconBlockBody), and the light-client containers of
// specs/capella/light-client/sync-protocol.md, whose LightClientHeader
// holds the execution payload header; and the blinded blocks of its body
// (see blinded).
var Capella = &def.Fork{
	Name:   "capella",
	Parent: Bellatrix,
	Containers: withBlinded(concat(
		capellaContainers,
		capellaBlocks,
		[]*def.Container{container("BeaconState", capellaStateFields...)},
		lightClientContainers(capellaLightClientHeader),
	)),
}

// The new containers of specs/capella/beacon-chain.md, and the execution
// payload containers of Bellatrix as Capella extends them.
var capellaContainers = []*def.Container{
	container("Withdrawal",
		field("index", WithdrawalIndex),
		field("validator_index", ValidatorIndex),
		field("address", ExecutionAddress),
		field("amount", Gwei),
	),
	container("BLSToExecutionChange",
		field("validator_index", ValidatorIndex),
		field("from_bls_pubkey", BLSPubkey),
		field("to_execution_address", ExecutionAddress),
	),
	container("SignedBLSToExecutionChange",
		field("message", ref("BLSToExecutionChange")),
		field("signature", BLSSignature),
	),
	container("HistoricalSummary",
		// HistoricalSummary matches the components of the phase0
		// HistoricalBatch, making the two hash_tree_root-compatible.
		field("block_summary_root", Root),
		field("state_summary_root", Root),
	),
	container("ExecutionPayload", append(bellatrixPayloadFields,
		field("withdrawals", def.List(ref("Withdrawal"), def.P("MAX_WITHDRAWALS_PER_PAYLOAD"))), // new in Capella
	)...),
	container("ExecutionPayloadHeader", append(bellatrixPayloadHeaderFields,
		field("withdrawals_root", Root), // new in Capella
	)...),
}

// capellaBlocks are Capella's BeaconBlockBody, which extends Bellatrix's
// with the BLS to execution changes, and BeaconBlock and
// SignedBeaconBlock, redefined to refer to it.
var capellaBlocks = []*def.Container{
	container("BeaconBlockBody", append(bellatrixBodyFields,
		field("bls_to_execution_changes", def.List(ref("SignedBLSToExecutionChange"), def.P("MAX_BLS_TO_EXECUTION_CHANGES"))), // new in Capella
	)...),
	container("BeaconBlock", beaconBlockFields...),
	container("SignedBeaconBlock", signedBeaconBlockFields...),
}

// capellaStateFields are the fields of the BeaconState of
// specs/capella/beacon-chain.md: Bellatrix's, whose historical_roots
// Capella freezes, and those of withdrawals and of the historical
// summaries that replace historical_roots. The capacity is the length.
var capellaStateFields = slices.Clip(append(bellatrixStateFields,
	// Withdrawals (new in Capella)
	field("next_withdrawal_index", WithdrawalIndex),
	field("next_withdrawal_validator_index", ValidatorIndex),
	// Deep history valid from Capella onwards (new in Capella)
	field("historical_summaries", def.List(ref("HistoricalSummary"), def.P("HISTORICAL_ROOTS_LIMIT"))),
))
