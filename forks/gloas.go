package forks

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// Gloas holds the containers that Gloas adds or changes, on top of those
// it takes unchanged from Fulu (its Parent), as consensus-specs
// v1.7.0-alpha.13 defines them (GloasSpecVersion; Gloas is not final):
//
//   - the containers of enshrined proposer-builder separation (EIP-7732) of
//     specs/gloas/beacon-chain.md: builders, their payments, withdrawals and
//     requests (EIP-8282), the payload attestations of the payload timeliness
//     committee, the execution payload bid and envelope;
//   - the containers that EIP-7688 makes progressive: Attestation,
//     IndexedAttestation, BeaconBlockBody, BeaconState, ExecutionPayload and
//     ExecutionRequests become ProgressiveContainers, and their lists
//     ProgressiveLists; and those that refer to them (AttesterSlashing, the
//     aggregates, the blocks);
//   - DataColumnSidecar and the proposer preferences of
//     specs/gloas/p2p-interface.md, the partial-column containers of
//     specs/fulu/partial-columns/p2p-interface.md as
//     specs/gloas/partial-columns/p2p-interface.md changes them, and the
//     light-client containers of specs/gloas/light-client/sync-protocol.md,
//     whose header holds the execution block hash and whose branches are
//     those of the progressive BeaconState and BeaconBlockBody.
//
// Gloas has no blinded blocks: the block body holds a bid, not a payload,
// so it drops those of the forks before it (Removed). It keeps the Deneb
// ExecutionPayloadHeader, BlobSidecar and BlobIdentifier, which the
// ssz_static tests of the fork still cover.
//
// Each changed container is derived from its Fulu definition and edited as
// the specification lists the changes ("Modified in Gloas"), so that moving
// to a later specification version is a matter of comparing the lists of
// changes of specs/gloas/*.md between the two releases
// (git diff v1.7.0-alpha.13 <new> -- specs/gloas specs/fulu/partial-columns
// presets/*/gloas.yaml) and editing the containers, the presets
// (mainnetGloas, minimalGloas), the light-client indices and the message
// bounds (MessageBounds) that changed.
var Gloas = &def.Fork{
	Name:    "gloas",
	Parent:  Fulu,
	Removed: blindedBlockNames,
	Containers: concat(
		gloasBuilderContainers,
		gloasExecutionContainers,
		gloasAttestations,
		[]*def.Container{gloasBody},
		redefine(Fulu, "BeaconBlock", "SignedBeaconBlock"),
		[]*def.Container{gloasState},
		gloasNetworkContainers,
		gloasLightClient,
	),
}

// GloasSpecVersion is the release of the consensus specification whose
// Gloas containers and presets Gloas follows.
const GloasSpecVersion = "v1.7.0-alpha.13"

// blindedBlockNames are the blinded blocks that the forks from Bellatrix to
// Fulu define beside the specification's containers (see blinded).
var blindedBlockNames = []string{"BlindedBeaconBlockBody", "BlindedBeaconBlock", "SignedBlindedBeaconBlock"}

// The custom types of Gloas (specs/gloas/beacon-chain.md, "Types"). The
// Go names of those that Bellatrix and Electra name too (Transaction...)
// say Gloas; the definitions keep the specification's names.
var (
	AggregationBits  = def.Alias("AggregationBits", def.ProgressiveBitlist())
	AttestingIndices = def.Alias("AttestingIndices", def.ProgressiveList(ValidatorIndex))
	TransactionGloas = def.Alias("Transaction", def.ProgressiveByteList())
	DepositRequests  = def.Alias("DepositRequests", def.ProgressiveList(ref("DepositRequest")))
	// WithdrawalRequests and ConsolidationRequests are lists of the
	// Electra requests.
	WithdrawalRequests     = def.Alias("WithdrawalRequests", def.ProgressiveList(ref("WithdrawalRequest")))
	ConsolidationRequests  = def.Alias("ConsolidationRequests", def.ProgressiveList(ref("ConsolidationRequest")))
	BuilderDepositRequests = def.Alias("BuilderDepositRequests", def.ProgressiveList(ref("BuilderDepositRequest")))
	BuilderExitRequests    = def.Alias("BuilderExitRequests", def.ProgressiveList(ref("BuilderExitRequest")))
	BuilderIndex           = def.Alias("BuilderIndex", def.Basic(schema.Uint64))
	BlockAccessList        = def.Alias("BlockAccessList", def.ProgressiveByteList())
)

// Uint8 is the basic type of Builder.version.
var Uint8 = def.Basic(schema.Uint8)

// gloasBuilderContainers are the new containers of builders and payload
// attestations (specs/gloas/beacon-chain.md, "New containers").
var gloasBuilderContainers = []*def.Container{
	container("Builder",
		field("pubkey", BLSPubkey),
		field("version", Uint8),
		field("execution_address", ExecutionAddress),
		field("balance", Gwei),
		field("deposit_epoch", Epoch),
		field("withdrawable_epoch", Epoch),
	),
	container("BuilderPendingWithdrawal",
		field("fee_recipient", ExecutionAddress),
		field("amount", Gwei),
		field("builder_index", BuilderIndex),
	),
	container("BuilderPendingPayment",
		field("weight", Gwei),
		field("withdrawal", ref("BuilderPendingWithdrawal")),
		field("proposer_index", ValidatorIndex),
	),
	container("BuilderDepositRequest", // EIP-8282
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("amount", Gwei),
		field("signature", BLSSignature),
	),
	container("BuilderExitRequest", // EIP-8282
		field("source_address", ExecutionAddress),
		field("pubkey", BLSPubkey),
	),
	container("PayloadAttestationData",
		field("beacon_block_root", Root),
		field("slot", Slot),
		field("payload_present", Boolean),
		field("blob_data_available", Boolean),
	),
	def.ProgressiveContainer("PayloadAttestation", nil,
		// The members of the payload timeliness committee that attest.
		field("aggregation_bits", def.Bitvector(def.P("PTC_SIZE"))),
		field("data", ref("PayloadAttestationData")),
		field("signature", BLSSignature),
	),
	container("PayloadAttestationMessage",
		field("validator_index", ValidatorIndex),
		field("data", ref("PayloadAttestationData")),
		field("signature", BLSSignature),
	),
	def.ProgressiveContainer("IndexedPayloadAttestation", nil,
		field("attesting_indices", def.List(ValidatorIndex, def.P("PTC_SIZE"))),
		field("data", ref("PayloadAttestationData")),
		field("signature", BLSSignature),
	),
}

// gloasExecutionContainers are the progressive ExecutionPayload and
// ExecutionRequests ("Modified containers") and the bid and envelope that
// carry them ("New containers") of specs/gloas/beacon-chain.md.
var gloasExecutionContainers = []*def.Container{
	Fulu.Derive("ExecutionPayload").
		Retype( // EIP-7688
			field("transactions", def.ProgressiveList(TransactionGloas)),
			field("withdrawals", def.ProgressiveList(ref("Withdrawal"))),
		).
		Append(
			field("block_access_list", BlockAccessList), // EIP-7928
			field("slot_number", Uint64),                // EIP-7843
		).
		AsProgressive(),
	Fulu.Derive("ExecutionRequests").
		Retype( // EIP-7688
			field("deposits", DepositRequests),
			field("withdrawals", WithdrawalRequests),
			field("consolidations", ConsolidationRequests),
		).
		Append( // EIP-8282
			field("builder_deposits", BuilderDepositRequests),
			field("builder_exits", BuilderExitRequests),
		).
		AsProgressive(),
	def.ProgressiveContainer("ExecutionPayloadBid", nil,
		field("parent_block_hash", Hash32),
		field("parent_block_root", Root),
		field("block_hash", Hash32),
		field("prev_randao", Bytes32),
		field("fee_recipient", ExecutionAddress),
		field("gas_limit", Uint64),
		field("builder_index", BuilderIndex),
		field("slot", Slot),
		field("value", Gwei),
		field("execution_payment", Gwei),
		field("blob_kzg_commitments", def.ProgressiveList(KZGCommitment)),
		field("execution_requests_root", Root),
	),
	container("SignedExecutionPayloadBid",
		field("message", ref("ExecutionPayloadBid")),
		field("signature", BLSSignature),
	),
	def.ProgressiveContainer("ExecutionPayloadEnvelope", nil,
		field("payload", ref("ExecutionPayload")),
		field("execution_requests", ref("ExecutionRequests")),
		field("builder_index", BuilderIndex),
		field("beacon_block_root", Root),
		field("parent_beacon_block_root", Root),
	),
	container("SignedExecutionPayloadEnvelope",
		field("message", ref("ExecutionPayloadEnvelope")),
		field("signature", BLSSignature),
	),
}

// gloasAttestations are the progressive attestations of
// specs/gloas/beacon-chain.md (EIP-7688) and the containers of
// specs/electra/beacon-chain.md and specs/electra/validator.md that hold
// them.
var gloasAttestations = concat(
	[]*def.Container{
		Fulu.Derive("Attestation").
			Retype(field("aggregation_bits", AggregationBits)).
			AsProgressive(),
		Fulu.Derive("IndexedAttestation").
			Retype(field("attesting_indices", AttestingIndices)).
			AsProgressive(),
	},
	redefine(Fulu, "AttesterSlashing", "AggregateAndProof", "SignedAggregateAndProof"),
)

// gloasBody is the BeaconBlockBody of specs/gloas/beacon-chain.md: its
// lists progressive (EIP-7688), the execution payload, blob commitments
// and requests moved to the envelope and the bid (EIP-7732).
var gloasBody = Fulu.Derive("BeaconBlockBody").
	Retype( // EIP-7688
		field("proposer_slashings", def.ProgressiveList(ref("ProposerSlashing"))),
		field("attester_slashings", def.ProgressiveList(ref("AttesterSlashing"))),
		field("attestations", def.ProgressiveList(ref("Attestation"))),
		field("deposits", def.ProgressiveList(ref("Deposit"))),
		field("voluntary_exits", def.ProgressiveList(ref("SignedVoluntaryExit"))),
		field("bls_to_execution_changes", def.ProgressiveList(ref("SignedBLSToExecutionChange"))),
	).
	// EIP-7732
	Remove("execution_payload", "blob_kzg_commitments", "execution_requests").
	Append( // EIP-7732
		field("signed_execution_payload_bid", ref("SignedExecutionPayloadBid")),
		field("payload_attestations", def.ProgressiveList(ref("PayloadAttestation"))),
		field("parent_execution_requests", ref("ExecutionRequests")),
	).
	AsProgressive()

// gloasState is the BeaconState of specs/gloas/beacon-chain.md: its lists
// of validators and of values per validator, and the pending lists,
// progressive (EIP-7688); the latest block hash in the place of the latest
// execution payload header, and the builders, their payments and
// withdrawals, the latest bid and the payload timeliness committees
// (EIP-7732).
var gloasState = Fulu.Derive("BeaconState").
	Retype( // EIP-7688
		field("validators", def.ProgressiveList(ref("Validator"))),
		field("balances", def.ProgressiveList(Gwei)),
		field("previous_epoch_participation", def.ProgressiveList(ParticipationFlags)),
		field("current_epoch_participation", def.ProgressiveList(ParticipationFlags)),
		field("inactivity_scores", def.ProgressiveList(Uint64)),
		field("pending_deposits", def.ProgressiveList(ref("PendingDeposit"))),
		field("pending_partial_withdrawals", def.ProgressiveList(ref("PendingPartialWithdrawal"))),
		field("pending_consolidations", def.ProgressiveList(ref("PendingConsolidation"))),
	).
	// EIP-7732
	Replace("latest_execution_payload_header", field("latest_block_hash", Hash32)).
	Append( // EIP-7732
		field("builders", def.ProgressiveList(ref("Builder"))),
		field("next_withdrawal_builder_index", BuilderIndex),
		// A bit per slot of the historical roots: whether its payload
		// was revealed.
		field("execution_payload_availability", def.Bitvector(def.P("SLOTS_PER_HISTORICAL_ROOT"))),
		// The payments of the bids of the previous and current epoch.
		field("builder_pending_payments", def.Vector(ref("BuilderPendingPayment"), def.P("SLOTS_PER_EPOCH").Times(2))),
		field("builder_pending_withdrawals", def.ProgressiveList(ref("BuilderPendingWithdrawal"))),
		field("latest_execution_payload_bid", ref("ExecutionPayloadBid")),
		field("payload_expected_withdrawals", def.ProgressiveList(ref("Withdrawal"))),
		// Vector[Vector[ValidatorIndex, PTC_SIZE], (2 + MIN_SEED_LOOKAHEAD)
		// * SLOTS_PER_EPOCH]: the payload timeliness committee of each
		// slot of the previous, current and lookahead epochs.
		field("ptc_window", def.Vector(def.Vector(ValidatorIndex, def.P("PTC_SIZE")), def.P("PTC_WINDOW_SLOTS"))),
	).
	AsProgressive()

// fuluPartialColumns are the containers of
// specs/fulu/partial-columns/p2p-interface.md, which the ssz_static tests
// of Fulu do not cover and Fulu does not hold; Gloas holds them, as
// specs/gloas/partial-columns/p2p-interface.md changes them.
var fuluPartialColumns = []*def.Container{
	container("PartialDataColumnHeader",
		field("kzg_commitments", def.List(KZGCommitment, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("signed_block_header", ref("SignedBeaconBlockHeader")),
		field("kzg_commitments_inclusion_proof", def.Vector(Bytes32, def.P("KZG_COMMITMENTS_INCLUSION_PROOF_DEPTH"))),
	),
	container("PartialDataColumnSidecar",
		field("cells_present_bitmap", def.Bitlist(def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("partial_column", def.List(Cell, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("kzg_proofs", def.List(KZGProof, def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		// Optional header, only sent on eager pushes
		field("header", def.List(ref("PartialDataColumnHeader"), def.N(1))),
	),
	container("PartialDataColumnPartsMetadata",
		// The cells the peer has, and those it asks for or offers.
		field("available", def.Bitlist(def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
		field("requests", def.Bitlist(def.P("MAX_BLOB_COMMITMENTS_PER_BLOCK"))),
	),
	container("PartialDataColumnGroupID",
		field("beacon_block_root", Root),
	),
}

// fuluPartial returns the container name of fuluPartialColumns.
func fuluPartial(name string) *def.Container {
	return (&def.Fork{Name: "fulu (partial columns)", Parent: Fulu, Containers: fuluPartialColumns}).Derive(name)
}

// gloasNetworkContainers are the containers of specs/gloas/p2p-interface.md
// and of specs/gloas/partial-columns/p2p-interface.md, with the
// partial-column containers that the latter takes from Fulu unchanged.
var gloasNetworkContainers = []*def.Container{
	Fulu.Derive("DataColumnSidecar").
		Retype( // EIP-7688
			field("column", def.ProgressiveList(Cell)),
			field("kzg_proofs", def.ProgressiveList(KZGProof)),
		).
		// EIP-7732: the commitments are in the block's bid.
		Remove("kzg_commitments", "signed_block_header", "kzg_commitments_inclusion_proof").
		Append( // EIP-7732
			field("slot", Slot),
			field("beacon_block_root", Root),
		),
	container("ProposerPreferences",
		field("dependent_root", Root),
		field("proposal_slot", Slot),
		field("validator_index", ValidatorIndex),
		field("fee_recipient", ExecutionAddress),
		field("target_gas_limit", Uint64),
	),
	container("SignedProposerPreferences",
		field("message", ref("ProposerPreferences")),
		field("signature", BLSSignature),
	),
	fuluPartial("PartialDataColumnHeader"),
	fuluPartial("PartialDataColumnSidecar").
		Retype(
			field("cells_present_bitmap", def.ProgressiveBitlist()),
			field("partial_column", def.ProgressiveList(Cell)),
			field("kzg_proofs", def.ProgressiveList(KZGProof)),
		).
		Remove("header"), // EIP-7732
	fuluPartial("PartialDataColumnPartsMetadata"),
	fuluPartial("PartialDataColumnGroupID").
		Append(field("slot", Slot)), // EIP-7732
}

// The constants of the light-client proofs into a Gloas BeaconState and
// BeaconBlockBody, progressive containers
// (specs/gloas/light-client/sync-protocol.md, "New constants"), and the
// lengths of their branches. gloas_test.go derives each from the
// containers with get_generalized_index.
const (
	// FinalizedRootIndexGloas is FINALIZED_ROOT_GINDEX_GLOAS:
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootIndexGloas = 735
	// FinalizedRootDepthGloas is floorlog2(FINALIZED_ROOT_GINDEX_GLOAS).
	FinalizedRootDepthGloas = 9

	// CurrentSyncCommitteeIndexGloas is CURRENT_SYNC_COMMITTEE_GINDEX_GLOAS:
	// get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeIndexGloas = 2945
	// CurrentSyncCommitteeDepthGloas is
	// floorlog2(CURRENT_SYNC_COMMITTEE_GINDEX_GLOAS).
	CurrentSyncCommitteeDepthGloas = 11

	// NextSyncCommitteeIndexGloas is NEXT_SYNC_COMMITTEE_GINDEX_GLOAS:
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeIndexGloas = 2946
	// NextSyncCommitteeDepthGloas is
	// floorlog2(NEXT_SYNC_COMMITTEE_GINDEX_GLOAS).
	NextSyncCommitteeDepthGloas = 11

	// ExecutionBlockHashIndexGloas is EXECUTION_BLOCK_HASH_GINDEX_GLOAS:
	// get_generalized_index(BeaconBlockBody, 'signed_execution_payload_bid',
	// 'message', 'parent_block_hash').
	ExecutionBlockHashIndexGloas = 2856
	// ExecutionBlockHashDepthGloas is
	// floorlog2(EXECUTION_BLOCK_HASH_GINDEX_GLOAS).
	ExecutionBlockHashDepthGloas = 11
)

// gloasLightClient are the light-client containers of
// specs/gloas/light-client/sync-protocol.md: LightClientHeader with the
// execution block hash in the place of the execution payload header
// (EIP-7732), and the containers that hold headers, with the branches into
// the progressive BeaconState (the types FinalityBranch,
// CurrentSyncCommitteeBranch, NextSyncCommitteeBranch and ExecutionBranch
// of that document).
var gloasLightClient = []*def.Container{
	Fulu.Derive("LightClientHeader").
		Replace("execution", field("execution_block_hash", Hash32)).
		Retype(field("execution_branch", def.Vector(Bytes32, def.N(ExecutionBlockHashDepthGloas)))),
	Fulu.Derive("LightClientBootstrap").
		Retype(field("current_sync_committee_branch", def.Vector(Bytes32, def.N(CurrentSyncCommitteeDepthGloas)))),
	Fulu.Derive("LightClientUpdate").
		Retype(
			field("next_sync_committee_branch", def.Vector(Bytes32, def.N(NextSyncCommitteeDepthGloas))),
			field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepthGloas))),
		),
	Fulu.Derive("LightClientFinalityUpdate").
		Retype(field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepthGloas)))),
	Fulu.Derive("LightClientOptimisticUpdate"),
}
