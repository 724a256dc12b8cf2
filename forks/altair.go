package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// Altair holds the containers that Altair adds or changes, on top of those
// it takes unchanged from phase0 (its Parent): the sync committee's
// (specs/altair/beacon-chain.md, "New containers"), BeaconBlockBody and
// BeaconState as Altair modifies them, BeaconBlock and SignedBeaconBlock
// (redefined to refer to the new BeaconBlockBody), the sync committee
// messages of specs/altair/validator.md, and the light-client containers
// of specs/altair/light-client/sync-protocol.md.
var Altair = &def.Fork{
	Name:   "altair",
	Parent: Phase0,
	Containers: concat(
		altairSyncCommittee,
		altairBlocks,
		[]*def.Container{container("BeaconState", altairStateFields...)},
		altairValidator,
		lightClientContainers(altairLightClientHeader),
	),
}

// The new containers of specs/altair/beacon-chain.md.
var altairSyncCommittee = []*def.Container{
	container("SyncAggregate",
		field("sync_committee_bits", def.Bitvector(def.P("SYNC_COMMITTEE_SIZE"))),
		field("sync_committee_signature", BLSSignature),
	),
	container("SyncCommittee",
		field("pubkeys", def.Vector(BLSPubkey, def.P("SYNC_COMMITTEE_SIZE"))),
		field("aggregate_pubkey", BLSPubkey),
	),
}

// altairBodyFields are the fields of Altair's BeaconBlockBody: phase0's
// and the sync aggregate. The capacity is the length, so that the later
// forks' appends copy.
var altairBodyFields = slices.Clip(append(slices.Clip(phase0BodyFields),
	field("sync_aggregate", ref("SyncAggregate")), // new in Altair
))

// altairBlocks are Altair's BeaconBlockBody, and BeaconBlock and
// SignedBeaconBlock, redefined to refer to it.
var altairBlocks = []*def.Container{
	container("BeaconBlockBody", altairBodyFields...),
	container("BeaconBlock", beaconBlockFields...),
	container("SignedBeaconBlock", signedBeaconBlockFields...),
}

// altairStateFields are the fields of the BeaconState of
// specs/altair/beacon-chain.md, which the later forks extend. The capacity
// is the length, so that each append copies.
var altairStateFields = slices.Clip([]def.Field{
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
	// Slashings
	field("slashings", def.Vector(Gwei, def.P("EPOCHS_PER_SLASHINGS_VECTOR"))),
	// Participation, which replaces phase0's pending attestations
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
})

// The containers of specs/altair/validator.md.
var altairValidator = []*def.Container{
	container("SyncCommitteeMessage",
		field("slot", Slot), // slot to which this contribution pertains
		field("beacon_block_root", Root),
		field("validator_index", ValidatorIndex),
		field("signature", BLSSignature), // over beacon_block_root
	),
	container("SyncCommitteeContribution",
		field("slot", Slot),
		field("beacon_block_root", Root),
		// The subnet, in 0..SYNC_COMMITTEE_SUBNET_COUNT-1, of the
		// contributing subcommittee.
		field("subcommittee_index", Uint64),
		// SYNC_COMMITTEE_SIZE // SYNC_COMMITTEE_SUBNET_COUNT: one bit per
		// member of the subcommittee.
		field("aggregation_bits", def.Bitvector(def.P("SYNC_COMMITTEE_SIZE").Over(SyncCommitteeSubnetCount))),
		field("signature", BLSSignature),
	),
	container("ContributionAndProof",
		field("aggregator_index", ValidatorIndex),
		field("contribution", ref("SyncCommitteeContribution")),
		field("selection_proof", BLSSignature),
	),
	container("SignedContributionAndProof",
		field("message", ref("ContributionAndProof")),
		field("signature", BLSSignature),
	),
	container("SyncAggregatorSelectionData",
		field("slot", Slot),
		field("subcommittee_index", Uint64),
	),
}
