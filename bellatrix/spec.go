// Package bellatrix holds the SSZ types of the Bellatrix fork of the
// Ethereum consensus specification, for any preset, chosen at run time:
// the types Bellatrix adds or changes (ExecutionPayload,
// ExecutionPayloadHeader, PowBlock, BeaconBlockBody, BeaconState and the
// blocks), and, as type aliases, those it takes unchanged from Altair and,
// through it, from phase0 (SyncCommittee, the light-client types,
// Checkpoint, Validator...).
//
// Fixed-size containers whose shape does not depend on the preset
// (Checkpoint, Validator, PowBlock...) are plain Go structs with SSZ and
// JSON methods. Every other container (BeaconState, blocks, execution
// payloads, sync committees...) is a tree-backed view: field accessors
// named after the specification's fields read and write the tree, a copy
// is O(1), and the root is re-hashed only where the value changed. The
// code of both is generated from the definitions of package forks (go
// generate).
//
// # Specs
//
// A [Spec] holds the types resolved for one preset: [Mainnet], [Minimal],
// or [NewSpec] of another preset, as in package phase0. The functions that
// make a view take one: NewX (the default value), DecodeX (from bytes) and
// WrapX (over an untyped view of the type). A nil *Spec is a mistake of the
// caller: DecodeX returns an error wrapping [ErrNilSpec], and NewX and
// WrapX, which return no error, panic, as WrapX does for a view of another
// type.
//
// # Zero values
//
// The zero value of every type is the default value in the mainnet preset,
// as new(T) is in other SSZ libraries:
//
//	var st bellatrix.BeaconState
//	err := st.UnmarshalSSZ(b) // decodes a mainnet state
//
// A zero view becomes the mainnet default at its first use, whatever the
// method: the first goroutine to use it makes that value, once and
// atomically, so that a zero view is as safe to share as any view (see
// package view), and a handle taken from it (st.Balances() of a zero st)
// writes through to it. A view made for another preset (NewX, DecodeX)
// keeps its preset when written. Views are used through pointers: a view
// copied by value (cp := *st) shares its tree with the original and writes
// to it (Copy is the copy); go vet reports such a copy, as it does a
// copied sync.Mutex, since every view holds a marker for its copylocks
// check.
//
// # Derived values
//
// [BeaconBlockHeaderOf] and [SignedBeaconBlockHeaderOf] give the header of
// a block, [ExecutionPayloadHeaderOf] the header of an execution payload,
// and [Blind] the blinded block of the builder and beacon APIs
// (BlindedBeaconBlock, the block with its payload's header in the place of
// the payload; [BlindSigned] for a signed block), which [Unblind] and
// [UnblindSigned] turn back into the block given its payload. Each has the
// root of what it is made from, and shares its trees.
package bellatrix

//go:generate go run ../cmd/sszgen -fork bellatrix -out types_gen.go -test zero_gen_test.go -spec spec_gen.go -extras

// The Spec of the package, its presets and NewSpec are generated too, in
// spec_gen.go: they are the same in every fork but for the forks they name.
