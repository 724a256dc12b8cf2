package forks

import "github.com/ssztree/ssztree/def"

// altairContainers are the containers that Altair adds and Capella keeps
// unchanged: the sync committee's, of specs/altair/beacon-chain.md and
// specs/altair/validator.md. Altair's BeaconBlockBody and BeaconState, and
// its light-client containers, changed in later forks: Capella's versions
// are in capella.go and lightclient.go.
var altairContainers = []*def.Container{
	container("SyncAggregate",
		field("sync_committee_bits", def.Bitvector(def.P("SYNC_COMMITTEE_SIZE"))),
		field("sync_committee_signature", BLSSignature),
	),
	container("SyncCommittee",
		field("pubkeys", def.Vector(BLSPubkey, def.P("SYNC_COMMITTEE_SIZE"))),
		field("aggregate_pubkey", BLSPubkey),
	),
	// The containers of specs/altair/validator.md.
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
