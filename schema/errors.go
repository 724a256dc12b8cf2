package schema

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/internal/errfmt"
)

// Every error message of this package starts with "schema: ", once. The
// sentinels that this package returns only as the Err of an [*Error]
// carry no prefix, since [Error.Error] writes it; those it returns wrapped
// by fmt.Errorf ("schema: no such path: ...") begin the message and carry
// it. A package that wraps a sentinel of the first kind in a message of
// its own writes its own prefix ("view: wrong size: ...", "sszjson: ...").
var (
	// ErrSize is returned, in an [*Error], when the input's size does not
	// fit the type: a fixed-size value of the wrong size, a list of
	// fixed-size values cut mid-value, bytes trailing after the value.
	ErrSize = errors.New("wrong size")
	// ErrOffset is returned, in an [*Error], when an offset is not where
	// the fixed part ends, goes backwards, or points outside the input.
	ErrOffset = errors.New("invalid offset")
	// ErrLimit is returned, in an [*Error], when a list or bitlist holds
	// more elements than its limit.
	ErrLimit = errors.New("above the limit")
	// ErrBitlist is returned, in an [*Error], when a bitlist's last byte
	// is zero, so it has no delimiter bit.
	ErrBitlist = errors.New("bitlist without delimiter bit")
	// ErrPadding is returned, in an [*Error], when a bitvector has bits
	// set beyond its length.
	ErrPadding = errors.New("bits set beyond the bitvector's length")
	// ErrBoolean is returned, in an [*Error], when a boolean byte is
	// neither 0 nor 1.
	ErrBoolean = errors.New("boolean byte neither 0 nor 1")
	// ErrSelector is returned, in an [*Error], when a union's selector
	// names no option, or None carries data.
	ErrSelector = errors.New("invalid union selector")
	// ErrTree is returned, in an [*Error], when a tree does not have the
	// shape of the type's values.
	ErrTree = errors.New("tree does not match the type")
	// ErrTruncated is returned, in an [*Error], when a stream ends before
	// the value does ([DecodeReader] with a known size, or a part whose
	// size the offsets give).
	ErrTruncated = errors.New("stream ends early")
	// ErrTooLarge is returned, in an [*Error], when a value needs more
	// bytes than the bound given to [DecodeReaderMax]. The error's Offset
	// is the bound (the first byte beyond it) once that byte is read, the
	// place of an offset that points beyond it, or 0 when the size given,
	// or the type's smallest value, is above the bound.
	ErrTooLarge = errors.New("above the caller's bound")
	// ErrIllegalType is returned (wrapped) when a type definition is
	// illegal: a vector of length 0, a container without fields...
	ErrIllegalType = errors.New("schema: illegal type")
	// ErrPath is returned (wrapped) when a path does not follow the
	// grammar of [Path] or names no part of a value of the type.
	ErrPath = errors.New("schema: no such path")
	// ErrPastLength is returned (wrapped) when a path indexes a list or
	// bitlist of a value at or past its length ([LocateIn]).
	ErrPastLength = errors.New("schema: index past the length")
)

// Error describes why a value failed to decode or encode: which type, at
// which path and byte offset, and what was wrong. Its message reads
// "schema: BeaconState.validators[0].slashed (boolean) at byte 1234:
// boolean byte neither 0 nor 1: byte 0x02".
type Error struct {
	// Top is the name of the type that was being decoded or encoded.
	Top string
	// Path is the path from the top value to the part at fault, in the
	// notation of [ParsePath] ("validators[0].slashed"), without the top
	// type's name; empty for the top value itself.
	Path string
	// Type is the type of the part at fault.
	Type string
	// Offset is the byte offset in the input where the fault is, or -1.
	Offset int
	// Err is one of the sentinel errors of this package.
	Err error
	// Detail says what exactly was wrong.
	Detail string
}

// Error returns "schema: Top.Path (Type) at byte Offset: Err: Detail",
// leaving out what is unknown or empty.
func (e *Error) Error() string {
	return errfmt.Format("schema", e.Top, e.Path, e.Type, e.Offset, e.Err, e.Detail)
}

// Unwrap returns the sentinel error wrapped.
func (e *Error) Unwrap() error { return e.Err }

func decodeError(t Type, at int, sentinel error, format string, args ...any) *Error {
	return &Error{Type: t.String(), Offset: at, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

func treeError(t Type, format string, args ...any) *Error {
	return &Error{Top: t.String(), Type: t.String(), Offset: -1, Err: ErrTree, Detail: fmt.Sprintf(format, args...)}
}

// inField puts step, the place of a part of a value, in front of the path
// of err, which occurred in that part.
func inField(err error, step PathStep) error {
	var e *Error
	if errors.As(err, &e) {
		e.Path = JoinPath(step, e.Path)
	}
	return err
}

func topError(t Type, err error) error {
	var e *Error
	if errors.As(err, &e) {
		e.Top = t.String()
	}
	return err
}
