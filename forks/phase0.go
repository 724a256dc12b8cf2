package forks

import "github.com/ssztree/ssztree/def"

// Phase0 holds the containers of phase0: those of
// specs/phase0/beacon-chain.md ("Containers") and of
// specs/phase0/validator.md (Eth1Block, AggregateAndProof,
// SignedAggregateAndProof).
var Phase0 = &def.Fork{
	Name: "phase0",
	Containers: concat(
		phase0Misc,
		phase0Operations,
		phase0Blocks,
		[]*def.Container{phase0BeaconState},
		phase0Validator,
	),
}

// The "Misc dependencies" of specs/phase0/beacon-chain.md, and
// SignedBeaconBlockHeader, which ProposerSlashing needs.
var phase0Misc = []*def.Container{
	container("Fork",
		field("previous_version", Version),
		field("current_version", Version),
		field("epoch", Epoch),
	),
	container("ForkData",
		field("current_version", Version),
		field("genesis_validators_root", Root),
	),
	container("Checkpoint",
		field("epoch", Epoch),
		field("root", Root),
	),
	container("Validator",
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("effective_balance", Gwei),
		field("slashed", Boolean),
		field("activation_eligibility_epoch", Epoch),
		field("activation_epoch", Epoch),
		field("exit_epoch", Epoch),
		field("withdrawable_epoch", Epoch),
	),
	container("AttestationData",
		field("slot", Slot),
		field("index", CommitteeIndex),
		field("beacon_block_root", Root),
		field("source", ref("Checkpoint")),
		field("target", ref("Checkpoint")),
	),
	container("IndexedAttestation",
		field("attesting_indices", def.List(ValidatorIndex, def.P("MAX_VALIDATORS_PER_COMMITTEE"))),
		field("data", ref("AttestationData")),
		field("signature", BLSSignature),
	),
	container("PendingAttestation",
		field("aggregation_bits", def.Bitlist(def.P("MAX_VALIDATORS_PER_COMMITTEE"))),
		field("data", ref("AttestationData")),
		field("inclusion_delay", Slot),
		field("proposer_index", ValidatorIndex),
	),
	container("Eth1Data",
		field("deposit_root", Root),
		field("deposit_count", Uint64),
		field("block_hash", Hash32),
	),
	container("HistoricalBatch",
		field("block_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
		field("state_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
	),
	container("DepositMessage",
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("amount", Gwei),
	),
	container("DepositData",
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("amount", Gwei),
		field("signature", BLSSignature), // over DepositMessage
	),
	container("BeaconBlockHeader",
		field("slot", Slot),
		field("proposer_index", ValidatorIndex),
		field("parent_root", Root),
		field("state_root", Root),
		field("body_root", Root),
	),
	container("SigningData",
		field("object_root", Root),
		field("domain", Domain),
	),
	container("SignedBeaconBlockHeader",
		field("message", ref("BeaconBlockHeader")),
		field("signature", BLSSignature),
	),
}

// The "Beacon operations" of specs/phase0/beacon-chain.md, and
// SignedVoluntaryExit, which BeaconBlockBody needs.
var phase0Operations = []*def.Container{
	container("ProposerSlashing",
		field("signed_header_1", ref("SignedBeaconBlockHeader")),
		field("signed_header_2", ref("SignedBeaconBlockHeader")),
	),
	container("AttesterSlashing",
		field("attestation_1", ref("IndexedAttestation")),
		field("attestation_2", ref("IndexedAttestation")),
	),
	container("Attestation",
		field("aggregation_bits", def.Bitlist(def.P("MAX_VALIDATORS_PER_COMMITTEE"))),
		field("data", ref("AttestationData")),
		field("signature", BLSSignature),
	),
	container("Deposit",
		// Vector[Bytes32, DEPOSIT_CONTRACT_TREE_DEPTH + 1]: the Merkle path
		// to the deposit root, and the deposit count mixed in.
		field("proof", def.Vector(Bytes32, def.N(DepositContractTreeDepth+1))),
		field("data", ref("DepositData")),
	),
	container("VoluntaryExit",
		field("epoch", Epoch), // earliest epoch when the exit can be processed
		field("validator_index", ValidatorIndex),
	),
	container("SignedVoluntaryExit",
		field("message", ref("VoluntaryExit")),
		field("signature", BLSSignature),
	),
}

// phase0BodyFields are the fields of phase0's BeaconBlockBody, which the
// later forks extend.
var phase0BodyFields = []def.Field{
	field("randao_reveal", BLSSignature),
	field("eth1_data", ref("Eth1Data")), // Eth1 data vote
	field("graffiti", Bytes32),          // arbitrary data
	field("proposer_slashings", def.List(ref("ProposerSlashing"), def.P("MAX_PROPOSER_SLASHINGS"))),
	field("attester_slashings", def.List(ref("AttesterSlashing"), def.P("MAX_ATTESTER_SLASHINGS"))),
	field("attestations", def.List(ref("Attestation"), def.P("MAX_ATTESTATIONS"))),
	field("deposits", def.List(ref("Deposit"), def.P("MAX_DEPOSITS"))),
	field("voluntary_exits", def.List(ref("SignedVoluntaryExit"), def.P("MAX_VOLUNTARY_EXITS"))),
}

// The "Beacon blocks" of specs/phase0/beacon-chain.md, and
// SignedBeaconBlock.
var phase0Blocks = []*def.Container{
	container("BeaconBlockBody", phase0BodyFields...),
	container("BeaconBlock", beaconBlockFields...),
	container("SignedBeaconBlock", signedBeaconBlockFields...),
}

// beaconBlockFields are the fields of BeaconBlock in every fork; only the
// body's type changes, and so the container is redefined in each fork to
// refer to that fork's BeaconBlockBody.
var beaconBlockFields = []def.Field{
	field("slot", Slot),
	field("proposer_index", ValidatorIndex),
	field("parent_root", Root),
	field("state_root", Root),
	field("body", ref("BeaconBlockBody")),
}

// signedBeaconBlockFields are the fields of SignedBeaconBlock in every
// fork, redefined like BeaconBlock.
var signedBeaconBlockFields = []def.Field{
	field("message", ref("BeaconBlock")),
	field("signature", BLSSignature),
}

// phase0BeaconState is the BeaconState of specs/phase0/beacon-chain.md.
var phase0BeaconState = container("BeaconState",
	// Versioning
	field("genesis_time", Uint64),
	field("genesis_validators_root", Root),
	field("slot", Slot),
	field("fork", ref("Fork")),
	// History
	field("latest_block_header", ref("BeaconBlockHeader")),
	field("block_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
	field("state_roots", def.Vector(Root, def.P("SLOTS_PER_HISTORICAL_ROOT"))),
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
	// Slashings: per-epoch sums of slashed effective balances
	field("slashings", def.Vector(Gwei, def.P("EPOCHS_PER_SLASHINGS_VECTOR"))),
	// Attestations: MAX_ATTESTATIONS * SLOTS_PER_EPOCH, a derived parameter.
	field("previous_epoch_attestations", def.List(ref("PendingAttestation"), def.P("MAX_PENDING_ATTESTATIONS"))),
	field("current_epoch_attestations", def.List(ref("PendingAttestation"), def.P("MAX_PENDING_ATTESTATIONS"))),
	// Finality
	field("justification_bits", def.Bitvector(def.N(JustificationBitsLength))),
	field("previous_justified_checkpoint", ref("Checkpoint")),
	field("current_justified_checkpoint", ref("Checkpoint")),
	field("finalized_checkpoint", ref("Checkpoint")),
)

// The containers of specs/phase0/validator.md.
var phase0Validator = []*def.Container{
	// Eth1Block holds the fields of an Eth1 block that the validator's
	// Eth1 data vote reads ("Eth1 voting").
	container("Eth1Block",
		field("timestamp", Uint64),
		field("deposit_root", Root),
		field("deposit_count", Uint64),
	),
	container("AggregateAndProof",
		field("aggregator_index", ValidatorIndex),
		field("aggregate", ref("Attestation")),
		field("selection_proof", BLSSignature),
	),
	container("SignedAggregateAndProof",
		field("message", ref("AggregateAndProof")),
		field("signature", BLSSignature),
	),
}
