package def

import "errors"

// Every error message of this package starts with "def: ", once, written
// by the exported function that returns it, followed by where the fault is
// (a fork, a container, a field, a type) and then the error that says
// what it is: one of the sentinels below, which carry no prefix, or an
// error of package schema with its own ("schema: illegal type: ...").
var (
	// ErrUnknown is returned (wrapped) when a definition names a preset
	// parameter or a container that does not exist.
	ErrUnknown = errors.New("unknown name")
	// ErrIndivisible is returned (wrapped) when a size is a quotient that
	// is not a whole number in the preset.
	ErrIndivisible = errors.New("size does not divide")
	// ErrUnknownKind is returned (wrapped) for a Type whose Kind is none
	// of the kinds of this package.
	ErrUnknownKind = errors.New("unknown kind of type")
	// ErrNoField is returned (wrapped) when an edit of a container names
	// a field that the container does not have.
	ErrNoField = errors.New("no such field")
)
