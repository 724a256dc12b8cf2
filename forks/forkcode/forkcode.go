// Package forkcode is support for the code that cmd/sszgen generates and
// for the fork packages (phase0, capella...): it holds what they share, so
// that each generated method is one line however many forks and types
// there are. It is public because generated code can import only public
// packages, not because it is an API of its own: import it only from code
// cmd/sszgen wrote, or from a fork package.
//
// It holds the bodies of the methods of the named byte-vector types (Root,
// BLSPubkey...), those of the JSON methods, the check of a state's
// decoders that its bytes are of their fork (StateFork), and the panics of
// the accessors whose errors no valid argument causes; and what the
// functions beyond the types of every fork's package (cmd/sszgen -extras)
// share: the light-client branches (Gindex, Branch), the assertions of
// the light-client builders (CheckPostState, AttestedInPeriod,
// CheckFinalized), the summaries that headers are of what they describe
// and their inverse (Summary, Expand, SamePreset), and the proofs of blob
// sidecars (Roots, KZGCommitmentRoot).
//
// What is stable: the names generated code calls (Must, Check, NoCopy,
// Format, String, MarshalText, UnmarshalText, UnmarshalSSZ, MarshalJSON,
// UnmarshalJSON, StateFork) keep working for code that the cmd/sszgen of
// the same release wrote; they change only together with the generator,
// and the CHANGELOG says when code must be generated again. The rest
// serves the fork packages' functions beyond their types, generated with
// -extras for the fork packages only, and changes with them, without
// notice.
//
// Its errors name the fork package and the type they are about
// ("phase0: Root: ..."), which the callers pass: the package a user calls
// is the one the message names.
package forkcode

// Must returns v, and panics with err if err is not nil. The generated
// accessors call it where err can only be a bug of the generator or of
// package view (a field handle of a type other than the fork's own).
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Check panics with err if err is not nil: Must for a function that
// returns only an error.
func Check(err error) {
	if err != nil {
		panic(err)
	}
}
