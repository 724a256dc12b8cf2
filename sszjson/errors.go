package sszjson

import (
	"errors"

	"github.com/ssztree/ssztree/internal/errfmt"
	"github.com/ssztree/ssztree/schema"
)

// Every error message of this package starts with "sszjson: ", once. Its
// sentinels reach a caller only as the Err of an [*Error], whose Error
// method writes the prefix, so they carry none. Invalid SSZ bytes (the
// input of Marshal, the bytes of a bitfield's hex-byte-string) give an
// *Error wrapping the sentinels of package schema instead: schema.ErrOffset,
// schema.ErrBitlist...
var (
	// ErrSyntax is returned, in an [*Error], when the input is not JSON.
	ErrSyntax = errors.New("invalid JSON")
	// ErrKind is returned, in an [*Error], when a JSON value is of the
	// wrong kind for the type: a number where a uint's string belongs, an
	// array for a container...
	ErrKind = errors.New("wrong kind of JSON value")
	// ErrField is returned, in an [*Error], when a container or union
	// object lacks a member or has one twice.
	ErrField = errors.New("missing or duplicate member")
	// ErrUnknownMember is returned, in an [*Error] about the object that
	// has it, for a member that names none of the object's fields (unless
	// UnmarshalOptions.AllowUnknownMembers skips it). The Detail of the
	// error is the member's name, quoted.
	ErrUnknownMember = errors.New("unknown member")
	// ErrLength is returned, in an [*Error], for a vector or byte string
	// of the wrong length, or a list above its limit.
	ErrLength = errors.New("wrong length")
	// ErrValue is returned, in an [*Error], for a string that is no value
	// of the type: a uint out of range or not decimal, hex without 0x or
	// with a non-hex digit, a union selector naming no option.
	ErrValue = errors.New("invalid value")
	// ErrUnsupportedType is returned, in an [*Error], for a nil type or
	// one this package does not know.
	ErrUnsupportedType = errors.New("unsupported type")
)

// Error describes why a value could not be converted: which type, at which
// path and byte offset, and what was wrong. It has the fields of
// schema.Error and the same message: "sszjson:
// BeaconState.validators[12].effective_balance (uint64) at byte 5678:
// invalid value: ...".
type Error struct {
	// Top is the name of the type that was being converted, or
	// "Envelope" for the functions that read and write the beacon API's
	// envelope (see [Envelope]), whose data is at the path "data".
	Top string
	// Path is the path from the top value to the part at fault, in the
	// notation of schema.ParsePath ("validators[12].effective_balance"),
	// without the top type's name; empty for the top value itself. A
	// union's value is "data" and its selector "selector".
	Path string
	// Type is the type of the part at fault, or empty where it is not
	// known (the data of a union whose selector is not read yet).
	Type string
	// Offset is the byte offset of the fault in the input (the JSON text
	// for Unmarshal, the SSZ bytes for Marshal), or -1.
	Offset int
	// Err is one of the sentinel errors of this package, of package
	// schema for invalid SSZ bytes, or the error of the function that
	// picks the type of an envelope's data (see [UnmarshalVersioned]).
	Err error
	// Detail says what exactly was wrong.
	Detail string
}

// Error returns "sszjson: Top.Path (Type) at byte Offset: Err: Detail",
// leaving out what is unknown or empty.
func (e *Error) Error() string {
	return errfmt.Format("sszjson", e.Top, e.Path, e.Type, e.Offset, e.Err, e.Detail)
}

// Unwrap returns Err, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// inPath puts step, the place of a part of type t of a value, in front of
// the path of err, which occurred in that part. The first step put in front
// names the part at fault, whose type the error takes; t is nil where that
// type is not known.
func inPath(err error, step schema.PathStep, t schema.Type) error {
	if e, ok := err.(*Error); ok {
		if e.Path == "" && e.Type == "" && t != nil {
			e.Type = t.String()
		}
		e.Path = schema.JoinPath(step, e.Path)
	}
	return err
}

// atTop names t, the type converted, in err.
func atTop(err error, t schema.Type) error {
	if e, ok := err.(*Error); ok {
		e.Top = t.String()
		if e.Path == "" && e.Type == "" {
			e.Type = e.Top
		}
	}
	return err
}
