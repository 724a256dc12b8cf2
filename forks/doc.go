// Package forks defines the SSZ containers of the Ethereum consensus
// specification, fork by fork, with package def, and the mainnet and
// minimal presets that size them.
//
// [Phase0] holds every container of phase0. Each later fork holds only the
// containers it adds or changes, and names the fork before it as its
// Parent: [Altair] (Parent Phase0), [Bellatrix] (Parent Altair), [Capella]
// (Parent Bellatrix), [Deneb] (Parent Capella), [Electra] (Parent Deneb),
// [Fulu] (Parent Electra) and [Gloas] (Parent Fulu). A container a fork takes unchanged
// (Checkpoint, Validator, SyncCommittee...) is not repeated:
// def.Fork.Lookup finds it in an ancestor. A fork redefines a container
// whose fields change (BeaconState, BeaconBlockBody...) and every container
// that refers to one it redefines (BeaconBlock and SignedBeaconBlock, for
// the body; the light-client containers, for a new LightClientHeader).
// Gloas derives the containers it changes from Fulu's and edits them as the
// specification lists the changes (def.Fork.Derive), and makes the core
// ones ProgressiveContainers with ProgressiveLists (EIP-7688).
// Resolving a fork for a preset gives its schema types:
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
// bellatrix,capella,deneb,electra,fulu}/ and presets/{mainnet,minimal}/ of
// the specification release v1.6.1
// (https://github.com/ethereum/consensus-specs/tree/v1.6.1), and those of
// Gloas, which is not final, the release [GloasSpecVersion]:
// the containers of the beacon chain, validator, fork-choice, p2p and
// light-client documents, those the ssz_static tests of consensus-spec-tests
// cover. Beside them, the forks from Bellatrix to Fulu hold the blinded
// blocks of the builder and beacon APIs (BlindedBeaconBlockBody,
// BlindedBeaconBlock, SignedBlindedBeaconBlock), which no ssz_static test
// covers.
//
// Gloas ([NameGloas]) is not final: its containers follow
// [GloasSpecVersion], have the Go types of package gloas, pass the
// conformance tests, and give the light-client indices ([FinalizedRootIndexGloas]...) and the message size
// bounds of its p2p specification ([CheckMessageSize]).
//
// A fork is also a [Name] ([NameCapella]), ordered as the forks are and
// spelled as the beacon API spells it ("capella"), and a network runs the
// forks by a [Schedule]: each fork's [ForkVersion], the Fork.current_version
// of its states, and its epoch. [MainnetSchedule], [SepoliaSchedule],
// [HoodiSchedule], [GnosisSchedule], [ChiadoSchedule] and
// [MinimalSchedule] are built in ([Schedules] lists them); [NewSchedule],
// [NewScheduleWithPreset] and [ParseConfig] make others. [LookupVersion]
// tells the fork, network and preset of a version:
//
//	name, schedule, ok := forks.LookupVersion(forks.ForkVersion{0x06, 0, 0, 0})
//	// forks.NameFulu, forks.MainnetSchedule, true
//
// The presets are [Mainnet] and [Minimal], the specification's
// ([Presets]), and [Gnosis], that of Gnosis Chain and Chiado
// ([BuiltinPresets] lists the three, [LookupPreset] finds one by name).
// Any other is loaded at run time from the specification's preset files,
// presets/<name>/{phase0,altair,...}.yaml ([LoadPreset], [ParsePreset]),
// or made from its values ([NewPreset]), and a network's config.yaml
// takes it ([ParseConfig]):
//
//	p, err := forks.LoadPreset(os.DirFS("consensus-specs"), "presets/custom")
//	...
//	s, err := forks.ParseConfig(config, p) // PRESET_BASE: custom
//
// The fork packages' state decoders use it to name what wrong bytes hold:
// a state decoded as another fork's, or failing to decode as another
// preset's, is a [*WrongForkError].
package forks
