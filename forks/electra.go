package forks

import "github.com/ssztree/ssztree/def"

// Electra holds the containers that Electra adds or changes, on top of
// those it takes unchanged from Deneb (its Parent): the execution-layer
// requests, the pending deposits, withdrawals and consolidations and
// SingleAttestation (specs/electra/beacon-chain.md), the attestations of
// EIP-7549 and the containers that hold them (AttesterSlashing, the
// aggregates of specs/electra/validator.md, the block body), the blocks and
// BeaconState, the light-client containers whose branches grew with
// BeaconState (specs/electra/light-client/sync-protocol.md), and the
// blinded blocks of its body (see blinded).
var Electra = &def.Fork{
	Name:   "electra",
	Parent: Deneb,
	Containers: withBlinded(concat(
		electraContainers,
		[]*def.Container{
			container("Attestation",
				// Bitlist[MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT]:
				// the attesters of every committee of committee_bits, in order.
				field("aggregation_bits", def.Bitlist(def.P("MAX_ATTESTERS_PER_SLOT"))),
				field("data", ref("AttestationData")),
				field("signature", BLSSignature),
				field("committee_bits", def.Bitvector(def.P("MAX_COMMITTEES_PER_SLOT"))),
			),
			container("IndexedAttestation",
				// List[ValidatorIndex, MAX_VALIDATORS_PER_COMMITTEE * MAX_COMMITTEES_PER_SLOT]
				field("attesting_indices", def.List(ValidatorIndex, def.P("MAX_ATTESTERS_PER_SLOT"))),
				field("data", ref("AttestationData")),
				field("signature", BLSSignature),
			),
		},
		redefine(Deneb, "AttesterSlashing", "AggregateAndProof", "SignedAggregateAndProof"),
		[]*def.Container{
			container("BeaconBlockBody", append(replace(Deneb.Lookup("BeaconBlockBody").Fields,
				field("attester_slashings", def.List(ref("AttesterSlashing"), def.P("MAX_ATTESTER_SLASHINGS_ELECTRA"))),
				field("attestations", def.List(ref("Attestation"), def.P("MAX_ATTESTATIONS_ELECTRA"))),
			), field("execution_requests", ref("ExecutionRequests")))...),
		},
		redefine(Deneb, "BeaconBlock", "SignedBeaconBlock"),
		[]*def.Container{extend(Deneb, "BeaconState", electraStateFields...)},
		electraLightClient,
	)),
}

// The constants of the light-client proofs into an Electra BeaconState,
// which has more than 32 fields and so one level more than Deneb's
// (specs/electra/light-client/sync-protocol.md, "New constants"), and the
// lengths of their branches.
const (
	// FinalizedRootIndexElectra is FINALIZED_ROOT_GINDEX_ELECTRA:
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootIndexElectra = 169
	// FinalizedRootDepthElectra is floorlog2(FINALIZED_ROOT_GINDEX_ELECTRA).
	FinalizedRootDepthElectra = 7

	// CurrentSyncCommitteeIndexElectra is
	// CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA:
	// get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeIndexElectra = 86
	// CurrentSyncCommitteeDepthElectra is
	// floorlog2(CURRENT_SYNC_COMMITTEE_GINDEX_ELECTRA).
	CurrentSyncCommitteeDepthElectra = 6

	// NextSyncCommitteeIndexElectra is NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA:
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeIndexElectra = 87
	// NextSyncCommitteeDepthElectra is
	// floorlog2(NEXT_SYNC_COMMITTEE_GINDEX_ELECTRA).
	NextSyncCommitteeDepthElectra = 6
)

// electraContainers are the new containers of specs/electra/beacon-chain.md.
var electraContainers = []*def.Container{
	container("PendingDeposit",
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("amount", Gwei),
		field("signature", BLSSignature),
		field("slot", Slot),
	),
	container("PendingPartialWithdrawal",
		field("validator_index", ValidatorIndex),
		field("amount", Gwei),
		field("withdrawable_epoch", Epoch),
	),
	container("PendingConsolidation",
		field("source_index", ValidatorIndex),
		field("target_index", ValidatorIndex),
	),
	container("DepositRequest", // EIP-6110
		field("pubkey", BLSPubkey),
		field("withdrawal_credentials", Bytes32),
		field("amount", Gwei),
		field("signature", BLSSignature),
		field("index", Uint64),
	),
	container("WithdrawalRequest", // EIP-7002
		field("source_address", ExecutionAddress),
		field("validator_pubkey", BLSPubkey),
		field("amount", Gwei),
	),
	container("ConsolidationRequest", // EIP-7251
		field("source_address", ExecutionAddress),
		field("source_pubkey", BLSPubkey),
		field("target_pubkey", BLSPubkey),
	),
	container("ExecutionRequests",
		field("deposits", def.List(ref("DepositRequest"), def.P("MAX_DEPOSIT_REQUESTS_PER_PAYLOAD"))),
		field("withdrawals", def.List(ref("WithdrawalRequest"), def.P("MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD"))),
		field("consolidations", def.List(ref("ConsolidationRequest"), def.P("MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD"))),
	),
	container("SingleAttestation",
		field("committee_index", CommitteeIndex),
		field("attester_index", ValidatorIndex),
		field("data", ref("AttestationData")),
		field("signature", BLSSignature),
	),
}

// electraStateFields are the fields that Electra adds to BeaconState
// (EIP-6110 and EIP-7251).
var electraStateFields = []def.Field{
	field("deposit_requests_start_index", Uint64),
	field("deposit_balance_to_consume", Gwei),
	field("exit_balance_to_consume", Gwei),
	field("earliest_exit_epoch", Epoch),
	field("consolidation_balance_to_consume", Gwei),
	field("earliest_consolidation_epoch", Epoch),
	field("pending_deposits", def.List(ref("PendingDeposit"), def.P("PENDING_DEPOSITS_LIMIT"))),
	field("pending_partial_withdrawals", def.List(ref("PendingPartialWithdrawal"), def.P("PENDING_PARTIAL_WITHDRAWALS_LIMIT"))),
	field("pending_consolidations", def.List(ref("PendingConsolidation"), def.P("PENDING_CONSOLIDATIONS_LIMIT"))),
}

// electraLightClient are the light-client containers whose branches into
// BeaconState Electra lengthens (the custom types FinalityBranch,
// CurrentSyncCommitteeBranch and NextSyncCommitteeBranch of
// specs/electra/light-client/sync-protocol.md). LightClientHeader and
// LightClientOptimisticUpdate are Deneb's.
var electraLightClient = []*def.Container{
	container("LightClientBootstrap", replace(Deneb.Lookup("LightClientBootstrap").Fields,
		field("current_sync_committee_branch", def.Vector(Bytes32, def.N(CurrentSyncCommitteeDepthElectra))),
	)...),
	container("LightClientUpdate", replace(Deneb.Lookup("LightClientUpdate").Fields,
		field("next_sync_committee_branch", def.Vector(Bytes32, def.N(NextSyncCommitteeDepthElectra))),
		field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepthElectra))),
	)...),
	container("LightClientFinalityUpdate", replace(Deneb.Lookup("LightClientFinalityUpdate").Fields,
		field("finality_branch", def.Vector(Bytes32, def.N(FinalizedRootDepthElectra))),
	)...),
}
