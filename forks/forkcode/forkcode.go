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
// Format, String, MarshalText, UnmarshalText, UnmarshalSSZ, Invalid,
// MarshalJSON, UnmarshalJSON, StateFork) keep working for code that the cmd/sszgen of
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

import (
	"bytes"
	"fmt"

	"github.com/ssztree/ssztree/schema"
)

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

// SizeError is the error of a generated UnmarshalSSZ given Size bytes for
// a value of the fixed-size container type Type: the one
// [schema.SizeError] returns, made only when read. A value, not a call,
// keeps the size check of UnmarshalSSZ small enough that the compiler
// inlines a plain struct's UnmarshalSSZ into its callers.
type SizeError struct {
	Type *schema.Container
	Size int
}

// Error returns the message of schema.SizeError.
func (e SizeError) Error() string { return e.Unwrap().Error() }

// Unwrap returns the error of schema.SizeError, a *schema.Error that
// wraps schema.ErrSize.
func (e SizeError) Unwrap() error { return schema.SizeError(e.Type, e.Size) }

// Invalid returns what is wrong with b, the serialization of a value of
// type t in package pkg that a generated UnmarshalSSZ rejected by its
// inline checks (the size, a boolean's byte, a bitvector's padding): the
// error of schema.Validate, which names the type, the field and the
// offset. Those checks reject only what the schema rejects, so that the
// caller, which always returns an error there, reads its valid bytes with
// no bounds check left; should the schema accept b all the same, the
// error says so, a bug of cmd/sszgen.
//
// The schema reads a copy of b: b given to it, an interface, would escape,
// and every caller's array with it. Invalid is never inlined, so that the
// caller's hot path stays small.
//
//go:noinline
func Invalid(t schema.Type, b []byte, pkg string) error {
	c := bytes.Clone(b)
	if err := schema.Validate(t, c); err != nil {
		return err
	}
	return fmt.Errorf("%s: %v: the generated checks reject %d bytes that the schema accepts", pkg, t, len(b))
}
