package forks

// Constants of the specification that size types. They are not preset
// values: they are the same in every preset, so the types they size do not
// depend on the preset, and the definitions use them as numbers (def.N).
const (
	// DepositContractTreeDepth is DEPOSIT_CONTRACT_TREE_DEPTH
	// (specs/phase0/beacon-chain.md, "Misc"); Deposit.proof has one more
	// element, the mix-in of the deposit count.
	DepositContractTreeDepth = 32

	// JustificationBitsLength is JUSTIFICATION_BITS_LENGTH
	// (specs/phase0/beacon-chain.md, "Misc").
	JustificationBitsLength = 4

	// SyncCommitteeSubnetCount is SYNC_COMMITTEE_SUBNET_COUNT
	// (specs/altair/validator.md, "Misc").
	SyncCommitteeSubnetCount = 4
)

// The generalized indices of the light-client proofs
// (specs/altair/light-client/sync-protocol.md and
// specs/capella/light-client/sync-protocol.md, "Constants"), and the
// lengths of their branches, floorlog2 of the index. The specification
// computes each index with get_generalized_index; forks_test.go checks them
// against the containers of Altair, Bellatrix and Capella, which agree.
// Releases from v1.4.0-beta.6 name the indices *_GINDEX
// (FINALIZED_ROOT_GINDEX...), earlier ones *_INDEX.
const (
	// FinalizedRootIndex is FINALIZED_ROOT_GINDEX:
	// get_generalized_index(BeaconState, 'finalized_checkpoint', 'root').
	FinalizedRootIndex = 105
	// FinalizedRootDepth is floorlog2(FINALIZED_ROOT_GINDEX).
	FinalizedRootDepth = 6

	// CurrentSyncCommitteeIndex is CURRENT_SYNC_COMMITTEE_GINDEX:
	// get_generalized_index(BeaconState, 'current_sync_committee').
	CurrentSyncCommitteeIndex = 54
	// CurrentSyncCommitteeDepth is floorlog2(CURRENT_SYNC_COMMITTEE_GINDEX).
	CurrentSyncCommitteeDepth = 5

	// NextSyncCommitteeIndex is NEXT_SYNC_COMMITTEE_GINDEX:
	// get_generalized_index(BeaconState, 'next_sync_committee').
	NextSyncCommitteeIndex = 55
	// NextSyncCommitteeDepth is floorlog2(NEXT_SYNC_COMMITTEE_GINDEX).
	NextSyncCommitteeDepth = 5

	// ExecutionPayloadIndex is EXECUTION_PAYLOAD_GINDEX:
	// get_generalized_index(BeaconBlockBody, 'execution_payload').
	ExecutionPayloadIndex = 25
	// ExecutionPayloadDepth is floorlog2(EXECUTION_PAYLOAD_GINDEX).
	ExecutionPayloadDepth = 4
)
