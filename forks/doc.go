// Package forks defines the SSZ containers of the Ethereum consensus
// specification, fork by fork, with package def, and the mainnet and
// minimal presets that size them.
//
// [Phase0] holds every container of phase0. [Capella] holds the containers
// that Capella adds or changes, including those of Altair and Bellatrix that
// it keeps (SyncAggregate, SyncCommittee, PowBlock...); the ones it takes
// unchanged from phase0 (Checkpoint, Validator, AttestationData...) are not
// repeated: def.Fork.Lookup finds them in its Parent, Phase0. Each later
// fork ([Deneb], [Electra], [Fulu]) holds likewise what it adds or changes, and takes the rest
// from its Parent, the fork before it; a container that refers to a
// changed one is redefined with the same fields (BeaconBlock, for a new
// BeaconBlockBody). Resolving a fork for a preset gives its schema types:
//
//	types, err := forks.Capella.Resolve(forks.Mainnet)
//	state := types.Container("BeaconState")
//
// Field types use the named types of the specification (Slot, Root,
// BLSPubkey...: see the variables of type *def.Type), so that a code
// generator can name Go types as the specification does. Sizes use the
// specification's preset parameter names; a size the specification writes
// as a product of two preset parameters is a derived parameter of the
// presets (see [Mainnet]), and a size given by a constant of the
// specification, the same in every preset, is a number (see the constants).
//
// The definitions and presets follow the files specs/{phase0,altair,
// bellatrix,capella}/ and presets/{mainnet,minimal}/ of the specification
// release v1.4.0 (https://github.com/ethereum/consensus-specs/tree/v1.4.0),
// which v1.6.1 keeps, and those of Deneb and the forks after it, of
// release v1.6.1.
package forks
