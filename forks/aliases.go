package forks

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/schema"
)

// The byte vectors that the SSZ specification names BytesN
// (ssz/simple-serialize.md, "Aliases"), used as such by the consensus
// specification.
var (
	Bytes4  = def.Alias("Bytes4", def.ByteVector(def.N(4)))
	Bytes20 = def.Alias("Bytes20", def.ByteVector(def.N(20)))
	Bytes32 = def.Alias("Bytes32", def.ByteVector(def.N(32)))
	Bytes48 = def.Alias("Bytes48", def.ByteVector(def.N(48)))
	Bytes96 = def.Alias("Bytes96", def.ByteVector(def.N(96)))
)

// The custom types of phase0 (specs/phase0/beacon-chain.md, "Custom types").
var (
	Slot           = def.Alias("Slot", def.Basic(schema.Uint64))
	Epoch          = def.Alias("Epoch", def.Basic(schema.Uint64))
	CommitteeIndex = def.Alias("CommitteeIndex", def.Basic(schema.Uint64))
	ValidatorIndex = def.Alias("ValidatorIndex", def.Basic(schema.Uint64))
	Gwei           = def.Alias("Gwei", def.Basic(schema.Uint64))
	Root           = def.Alias("Root", Bytes32)
	Hash32         = def.Alias("Hash32", Bytes32)
	Version        = def.Alias("Version", Bytes4)
	DomainType     = def.Alias("DomainType", Bytes4)
	ForkDigest     = def.Alias("ForkDigest", Bytes4)
	Domain         = def.Alias("Domain", Bytes32)
	BLSPubkey      = def.Alias("BLSPubkey", Bytes48)
	BLSSignature   = def.Alias("BLSSignature", Bytes96)
)

// The custom type of Altair (specs/altair/beacon-chain.md).
var ParticipationFlags = def.Alias("ParticipationFlags", def.Basic(schema.Uint8))

// The custom types of Bellatrix (specs/bellatrix/beacon-chain.md).
var (
	Transaction      = def.Alias("Transaction", def.ByteList(def.P("MAX_BYTES_PER_TRANSACTION")))
	ExecutionAddress = def.Alias("ExecutionAddress", Bytes20)
)

// The custom types of the light-client protocol: the Merkle branches of
// its proofs, a Vector[Bytes32, floorlog2(gindex)] each
// (specs/altair/light-client/sync-protocol.md and, for ExecutionBranch,
// specs/capella/light-client/sync-protocol.md, "Custom types").
var (
	FinalityBranch             = def.Alias("FinalityBranch", def.Vector(Bytes32, def.N(FinalizedRootDepth)))
	CurrentSyncCommitteeBranch = def.Alias("CurrentSyncCommitteeBranch", def.Vector(Bytes32, def.N(CurrentSyncCommitteeDepth)))
	NextSyncCommitteeBranch    = def.Alias("NextSyncCommitteeBranch", def.Vector(Bytes32, def.N(NextSyncCommitteeDepth)))
	ExecutionBranch            = def.Alias("ExecutionBranch", def.Vector(Bytes32, def.N(ExecutionPayloadDepth)))
)

// The custom type of Capella (specs/capella/beacon-chain.md).
var WithdrawalIndex = def.Alias("WithdrawalIndex", def.Basic(schema.Uint64))

// Uint64, Uint256 and Boolean are the basic types that fields use without a
// name of the specification.
var (
	Uint64  = def.Basic(schema.Uint64)
	Uint256 = def.Basic(schema.Uint256)
	Boolean = def.Basic(schema.Boolean)
)
