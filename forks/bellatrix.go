package forks

import "github.com/ssztree/ssztree/def"

// bellatrixContainers are the containers that Bellatrix adds and Capella
// keeps unchanged: PowBlock, of specs/bellatrix/fork-choice.md. Bellatrix's
// ExecutionPayload and ExecutionPayloadHeader gained withdrawals in
// Capella: Capella's versions are in capella.go.
var bellatrixContainers = []*def.Container{
	container("PowBlock",
		field("block_hash", Hash32),
		field("parent_hash", Hash32),
		field("total_difficulty", Uint256),
	),
}
