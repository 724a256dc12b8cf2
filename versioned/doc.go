// Package versioned reads the states, blocks and sidecars of any fork, as
// a beacon node hands them out: by the fork name of the beacon API's
// Eth-Consensus-Version header or of its JSON envelope's version member,
// or by the fork a state's own bytes name.
//
// [DecodeState], [DecodeBlock], [DecodeSignedBlock], [DecodeBlobSidecar]
// and [DecodeDataColumnSidecar] take the fork (a forks.Name; see
// forks.ParseName for a header's text), the preset and the SSZ bytes; the
// JSON variants take the API's JSON, and [UnmarshalStateEnvelope],
// [UnmarshalSignedBlockEnvelope] and the other Unmarshal...Envelope
// functions the whole response, {"version": ..., "execution_optimistic":
// ..., "finalized": ..., "data": ...}, skipping the members of the
// envelope they do not know (the API adds some over time) while the data
// stays strict. [MarshalStateEnvelope], [MarshalSignedBlockEnvelope],
// [MarshalBlockEnvelope], [MarshalBlobSidecarsEnvelope] and
// [MarshalDataColumnSidecarsEnvelope] write those responses, the version
// taken from the value. [ReadState], [ReadSignedBlock] and
// [ReadSignedBlindedBlock] find the fork and preset of the bytes of a
// state or a signed block themselves: from the structure of the bytes
// (which forks' and presets' types they fit), then from a state's
// fork.current_version in the fork schedules of package forks, then from
// the slot; the [Detection] says which rule decided, and an
// [AmbiguousError] lists the candidates none of them tells apart.
// [DetectState] and its siblings say what they find without decoding.
// [ReadStateFrom] does
// the same from an io.Reader of known or unknown size (a file, an HTTP
// body), building the state as its bytes arrive rather than holding them
// and the tree at once.
//
// Every function takes a preset of any name: the built-in ones
// (forks.Mainnet, forks.Minimal, forks.Gnosis), or one loaded at run time
// from the specification's preset files (forks.LoadPreset). The fork
// packages' types of a preset (fulu.NewSpec...) are made at its first use
// and kept for the process, once however many goroutines ask at once;
// those of mainnet and minimal are the packages' own (fulu.Mainnet...). A
// nil preset, or one without the values of the fork asked for, is an
// error wrapping [ErrPreset]. The schedules [ReadState] looks versions up
// in carry their preset, the built-in ones (Gnosis and Chiado included)
// and those of forks.ParseConfig alike.
//
// A [State], a [Block] and a [SignedBlock] are structs over the view of
// the fork's package (*fulu.BeaconState, *electra.BeaconBlock...), with
// the fork and the preset. Their methods are what every fork has: the
// slot, the fork, the validators and balances, the checkpoints, the root,
// Copy, the SSZ and JSON encodings, and proofs by path, each path resolved
// in the value's own fork (finalized_checkpoint.root is the generalized
// index 105 in Capella's state, 169 in Electra's, 735 in Gloas'), so that
// a tool needs no type switch for the common work. The validators and
// balances are interfaces ([ValueList], [BasicList]) over the bounded lists
// up to Fulu and Gloas' progressive ones; [State.View] is the untyped view
// of a state of any fork, a view.AnyContainer (a *view.Container up to
// Fulu, a *view.ProgressiveContainer for Gloas' progressive state), which
// diff.Values, view.Rebase and view.Prove take. For the rest, Gloas()
// (and Phase0() to Fulu()) returns the fork's own view and whether the
// value is of that fork, and Any() returns it whatever the fork.
//
// They are structs and not an interface that the fork packages
// implement: a method that every fork has is added here, once, without a
// new method in eight generated packages, and no other package can make a
// value that claims a fork it is not of. The fork a value is of is data
// (ForkName), compared with the ordered forks.Name (s.ForkName() >=
// forks.NameElectra), not a type to switch on.
//
// The blinded blocks of the beacon API, from Bellatrix to Fulu, are a Block
// and a SignedBlock too ([DecodeBlindedBlock], [DecodeSignedBlindedBlock],
// and [UnmarshalBlockEnvelope] for a proposer's response, blinded or not):
// Blinded() says which, and Any() gives their view (*deneb.BlindedBeaconBlock...).
// Their header and root are those of the full block.
//
// Concurrency is the fork packages' rule, Go's for maps: any number of
// goroutines may call the methods that do not change a value at once, as
// long as none changes it meanwhile (a setter of the fork's view, a write
// through a handle). Copies are independent, and Copy is O(1). The
// handles that methods return (Validators, Balances, Message) write
// through to the value they came from, as the fork packages' handles do.
package versioned
