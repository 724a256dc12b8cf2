// Package forkcode holds what the generated code of the fork packages
// (phase0, capella...) shares, so that each generated method is one line
// however many forks and types there are: the bodies of the methods of the
// named byte-vector types (Root, BLSPubkey...), those of the JSON methods,
// the check of a state's decoders that its bytes are of their fork
// (StateFork), and the panics of the accessors whose errors no valid
// argument causes; and what the functions beyond the types (sszgen
// -extras) share: the light-client branches (Gindex, Branch), the
// assertions of the light-client builders (CheckPostState,
// AttestedInPeriod, CheckFinalized), the summaries that headers are of
// what they describe and their inverse (Summary, Expand, SamePreset), and
// the proofs of blob sidecars (Roots, KZGCommitmentRoot).
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
