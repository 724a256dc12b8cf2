package schema

import (
	"errors"
	"fmt"
)

// Sentinel errors, wrapped by every [*Error]; test them with errors.Is.
var (
	// ErrSize: the input's size does not fit the type (a fixed-size value
	// of the wrong size, a list of fixed-size values cut mid-value, bytes
	// trailing after the value).
	ErrSize = errors.New("wrong size")
	// ErrOffset: an offset is not where the fixed part ends, goes backwards,
	// or points outside the input.
	ErrOffset = errors.New("invalid offset")
	// ErrLimit: a list or bitlist holds more elements than its limit.
	ErrLimit = errors.New("above the limit")
	// ErrBitlist: a bitlist's last byte is zero, so it has no delimiter bit.
	ErrBitlist = errors.New("bitlist without delimiter bit")
	// ErrPadding: a bitvector has bits set beyond its length.
	ErrPadding = errors.New("bits set beyond the bitvector's length")
	// ErrBoolean: a boolean byte is neither 0 nor 1.
	ErrBoolean = errors.New("boolean byte neither 0 nor 1")
	// ErrSelector: a union's selector names no option, or None carries data.
	ErrSelector = errors.New("invalid union selector")
	// ErrTree: a tree does not have the shape of the type's values.
	ErrTree = errors.New("tree does not match the type")
	// ErrType: a type definition is illegal (a vector of length 0, a
	// container without fields...).
	ErrType = errors.New("illegal type")
	// ErrPath: a path names no part of a value.
	ErrPath = errors.New("no such path")
)

// Error describes why a value failed to decode or encode: which type, at
// which field path and byte offset, and what was wrong.
type Error struct {
	// Top is the type that was being decoded or encoded.
	Top string
	// Path is the path from the top value to the part at fault, in the
	// notation of field accesses and indices (".E.B[3]"); empty for the
	// top value itself.
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

// Error returns the error message.
func (e *Error) Error() string {
	at := ""
	if e.Offset >= 0 {
		at = fmt.Sprintf(" at byte %d", e.Offset)
	}
	where := e.Top
	if e.Path != "" {
		where += e.Path + " (" + e.Type + ")"
	}
	msg := fmt.Sprintf("ssz: %s%s: %v", where, at, e.Err)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// Unwrap returns the sentinel error wrapped.
func (e *Error) Unwrap() error { return e.Err }

func decodeError(t Type, at int, sentinel error, format string, args ...any) *Error {
	return &Error{Type: t.String(), Offset: at, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

func treeError(t Type, format string, args ...any) *Error {
	return &Error{Top: t.String(), Type: t.String(), Offset: -1, Err: ErrTree, Detail: fmt.Sprintf(format, args...)}
}

// inField prefixes the path of err, which occurred in a part of a value, with
// that part's place.
func inField(err error, place string) error {
	var e *Error
	if errors.As(err, &e) {
		e.Path = place + e.Path
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
