package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// Capella holds the containers that Capella adds or changes, on top of
// those it takes unchanged from phase0 (its Parent): the sync committee
// containers of Altair, PowBlock of Bellatrix, the containers of
// specs/capella/beacon-chain.md, BeaconBlock and SignedBeaconBlock (which
// refer to the new BeaconBlockBody), and the light-client containers of
// specs/capella/light-client/sync-protocol.md.
var Capella = &def.Fork{
	Name:   "capella",
	Parent: Phase0,
	Containers: concat(
		altairContainers,
		bellatrixContainers,
		capellaContainers,
		capellaBlocks,
		[]*def.Container{capellaBeaconState},
		lightClientContainers,
	),
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
	container("ExecutionPayload", append(executionHeaderFields,
		field("transactions", def.List(Transaction, def.P("MAX_TRANSACTIONS_PER_PAYLOAD"))),
		field("withdrawals", def.List(ref("Withdrawal"), def.P("MAX_WITHDRAWALS_PER_PAYLOAD"))), // new in Capella
	)...),
	container("ExecutionPayloadHeader", append(executionHeaderFields,
		field("transactions_root", Root),
		field("withdrawals_root", Root), // new in Capella
	)...),
}

// executionHeaderFields are the fields that ExecutionPayload and
// ExecutionPayloadHeader share: the execution block header's, and the
// block hash. The capacity is the length, so that each append copies.
var executionHeaderFields = slices.Clip([]def.Field{
	field("parent_hash", Hash32),
	field("fee_recipient", ExecutionAddress), // 'beneficiary' in the yellow paper
	field("state_root", Bytes32),
	field("receipts_root", Bytes32),
	field("logs_bloom", def.ByteVector(def.P("BYTES_PER_LOGS_BLOOM"))),
	field("prev_randao", Bytes32), // 'difficulty' in the yellow paper
	field("block_number", Uint64), // 'number' in the yellow paper
	field("gas_limit", Uint64),
	field("gas_used", Uint64),
	field("timestamp", Uint64),
	field("extra_data", def.ByteList(def.P("MAX_EXTRA_DATA_BYTES"))),
	field("base_fee_per_gas", Uint256),
	field("block_hash", Hash32), // hash of the execution block
})

// capellaBlocks are Capella's BeaconBlockBody, which extends phase0's with
// the fields of Altair, Bellatrix and Capella, and BeaconBlock and
// SignedBeaconBlock, redefined to refer to it.
var capellaBlocks = []*def.Container{
	container("BeaconBlockBody", append(slices.Clip(phase0BodyFields),
		field("sync_aggregate", ref("SyncAggregate")),       // new in Altair
		field("execution_payload", ref("ExecutionPayload")), // new in Bellatrix
		field("bls_to_execution_changes", def.List(ref("SignedBLSToExecutionChange"), def.P("MAX_BLS_TO_EXECUTION_CHANGES"))),
	)...),
	container("BeaconBlock", beaconBlockFields...),
	container("SignedBeaconBlock", signedBeaconBlockFields...),
}

// capellaBeaconState is the BeaconState of specs/capella/beacon-chain.md.
var capellaBeaconState = container("BeaconState",
	// Versioning
	field("genesis_time", Uint64),
	field("genesis_validators_root", Root),
	field("slot", Slot),
	field("fork", ref("Fork")),
	// History
	field("latest_block_header", ref("BeaconBlockHeader")),
	field("block_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
	field("state_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
	// Frozen in Capella, replaced by historical_summaries.
	field("historical_roots", def.List(Root, def.P("HISTORICAL_ROOTS_LIMIT"))),
	// Eth1
	field("eth1_data", ref("Eth1Data")),
	// EPOCHS_PER_ETH1_VOTING_PERIOD * SLOTS_PER_EPOCH, a derived parameter.
	field("eth1_data_votes", def.List(ref("Eth1Data"), def.P("SLOTS_PER_ETH1_VOTING_PERIOD"))),
	field("eth1_deposit_index", Uint64),
	// Registry
	field("validators", def.List(ref("Validator"), def.P("VALIDATOR_REGISTRY_LIMIT"))),
	field("balances", def.List(Gwei, def.P("VALIDATOR_REGISTRY_LIMIT"))),
	// Randomness
	field("randao_mixes", def.Vector(Bytes32, def.P("EPOCHS_PER_HISTORICAL_VECTOR"))),
	// Slashings
	field("slashings", def.Vector(Gwei, def.P("EPOCHS_PER_SLASHINGS_VECTOR"))),
	// Participation, which replaced the pending attestations in Altair
	field("previous_epoch_participation", def.List(ParticipationFlags, def.P("VALIDATOR_REGISTRY_LIMIT"))),
	field("current_epoch_participation", def.List(ParticipationFlags, def.P("VALIDATOR_REGISTRY_LIMIT"))),
	// Finality
	field("justification_bits", def.Bitvector(def.N(JustificationBitsLength))),
	field("previous_justified_checkpoint", ref("Checkpoint")),
	field("current_justified_checkpoint", ref("Checkpoint")),
	field("finalized_checkpoint", ref("Checkpoint")),
	// Inactivity (new in Altair)
	field("inactivity_scores", def.List(Uint64, def.P("VALIDATOR_REGISTRY_LIMIT"))),
	// Sync (new in Altair)
	field("current_sync_committee", ref("SyncCommittee")),
	field("next_sync_committee", ref("SyncCommittee")),
	// Execution (new in Bellatrix)
	field("latest_execution_payload_header", ref("ExecutionPayloadHeader")),
	// Withdrawals (new in Capella)
	field("next_withdrawal_index", WithdrawalIndex),
	field("next_withdrawal_validator_index", ValidatorIndex),
	// Deep history valid from Capella onwards (new in Capella)
	field("historical_summaries", def.List(ref("HistoricalSummary"), def.P("HISTORICAL_ROOTS_LIMIT"))),
)
