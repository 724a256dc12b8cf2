package sszjson

import (
	"errors"
	"fmt"
)

// Sentinel errors, wrapped by the [*Error]s of this package; test them with
// errors.Is. Invalid SSZ bytes (the input of Marshal, the bytes of a
// bitfield's hex-byte-string) give the sentinels of package schema
// instead: schema.ErrOffset, schema.ErrBitlist...
var (
	// ErrSyntax: the input is not JSON.
	ErrSyntax = errors.New("invalid JSON")
	// ErrKind: a JSON value of the wrong kind for the type (a number
	// where a uint's string belongs, an array for a container...).
	ErrKind = errors.New("wrong kind of JSON value")
	// ErrField: a container or union object lacks a member or has one
	// twice.
	ErrField = errors.New("missing or duplicate member")
	// ErrLength: a vector or byte string of the wrong length, or a list
	// above its limit.
	ErrLength = errors.New("wrong length")
	// ErrValue: a string that is no value of the type (a uint out of
	// range or not decimal, hex without 0x or with a non-hex digit, a
	// union selector naming no option).
	ErrValue = errors.New("invalid value")
	// ErrType: a nil type, or one this package does not know.
	ErrType = errors.New("unsupported type")
)

// Error describes why a value could not be converted: where in the value,
// where in the input, and what was wrong.
type Error struct {
	// Path names the value at fault, from the top type's name, with field
	// accesses and indices: "BeaconState.validators[12].effective_balance".
	// A union's value is ".data".
	Path string
	// Offset is the byte offset of the fault in the input (the JSON text
	// for Unmarshal, the SSZ bytes for Marshal), or -1.
	Offset int
	// Msg says what exactly was wrong.
	Msg string
	// Err is one of the sentinel errors of this package, or of package
	// schema for invalid SSZ bytes.
	Err error
}

// Error returns "sszjson: path: message (at byte offset)".
func (e *Error) Error() string {
	msg := "sszjson: " + e.Path + ": " + e.Msg
	if e.Offset >= 0 {
		msg += fmt.Sprintf(" (at byte %d)", e.Offset)
	}
	return msg
}

// Unwrap returns Err, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// inPath prefixes the path of err, which occurred in a part of a value,
// with that part's place.
func inPath(err error, place string) error {
	if e, ok := err.(*Error); ok {
		e.Path = place + e.Path
	}
	return err
}
