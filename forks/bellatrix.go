package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// Bellatrix holds the containers that Bellatrix adds or changes, on top of
// those it takes unchanged from Altair (its Parent) and phase0: the
// execution payload containers (specs/bellatrix/beacon-chain.md, "New
// containers"), BeaconBlockBody and BeaconState as Bellatrix modifies
// them, BeaconBlock and SignedBeaconBlock (redefined to refer to the new
// BeaconBlockBody), PowBlock, of specs/bellatrix/fork-choice.md, and the
// blinded blocks of the builder and beacon APIs (see blinded). Bellatrix
// leaves Altair's light-client containers as they are.
var Bellatrix = &def.Fork{
	Name:   "bellatrix",
	Parent: Altair,
	Containers: withBlinded(concat(
		[]*def.Container{
			container("ExecutionPayload", bellatrixPayloadFields...),
			container("ExecutionPayloadHeader", bellatrixPayloadHeaderFields...),
		},
		bellatrixBlocks,
		[]*def.Container{container("BeaconState", bellatrixStateFields...)},
		bellatrixForkChoice,
	)),
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

// bellatrixPayloadFields and bellatrixPayloadHeaderFields are the fields
// of Bellatrix's ExecutionPayload and ExecutionPayloadHeader, which
// Capella extends; the capacity of each is its length.
var (
	bellatrixPayloadFields = slices.Clip(append(executionHeaderFields,
		field("transactions", def.List(Transaction, def.P("MAX_TRANSACTIONS_PER_PAYLOAD"))),
	))
	bellatrixPayloadHeaderFields = slices.Clip(append(executionHeaderFields,
		field("transactions_root", Root),
	))
)

// bellatrixBodyFields are the fields of Bellatrix's BeaconBlockBody:
// Altair's and the execution payload. The capacity is the length.
var bellatrixBodyFields = slices.Clip(append(altairBodyFields,
	field("execution_payload", ref("ExecutionPayload")), // new in Bellatrix
))

// bellatrixBlocks are Bellatrix's BeaconBlockBody, and BeaconBlock and
// SignedBeaconBlock, redefined to refer to it.
var bellatrixBlocks = []*def.Container{
	container("BeaconBlockBody", bellatrixBodyFields...),
	container("BeaconBlock", beaconBlockFields...),
	container("SignedBeaconBlock", signedBeaconBlockFields...),
}

// bellatrixStateFields are the fields of the BeaconState of
// specs/bellatrix/beacon-chain.md: Altair's and the header of the latest
// execution payload. The capacity is the length.
var bellatrixStateFields = slices.Clip(append(altairStateFields,
	// Execution (new in Bellatrix)
	field("latest_execution_payload_header", ref("ExecutionPayloadHeader")),
))

// The containers of specs/bellatrix/fork-choice.md.
var bellatrixForkChoice = []*def.Container{
	container("PowBlock",
		field("block_hash", Hash32),
		field("parent_hash", Hash32),
		field("total_difficulty", Uint256),
	),
}
