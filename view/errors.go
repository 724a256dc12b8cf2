package view

import (
	"errors"

	"github.com/ssztree/ssztree/schema"
)

// Every error message of this package starts with "view: ", once (the
// rule of docs/guide.md#errors-and-panics). Its own sentinels begin the
// messages that wrap them (fmt.Errorf("%w: ...")), so they carry the
// prefix; where this package wraps a sentinel of package schema
// (schema.ErrSize for bytes of the wrong size, ErrLimit), it writes the
// prefix itself: "view: wrong size: ...". Errors of packages schema and
// tree (a path that names nothing, a proof of an index a value has not)
// are returned as they are, with their own prefix.
var (
	// ErrLimit is returned (wrapped) when a list would grow past its
	// limit. It is [schema.ErrLimit], the condition of a decoded list
	// above its limit, so that errors.Is holds for either name.
	ErrLimit = schema.ErrLimit
	// ErrEmpty is returned (wrapped) when popping from, or reading the
	// last element of, an empty list.
	ErrEmpty = errors.New("view: list is empty")
	// ErrWrongType is returned (wrapped) when a view is asked for over a
	// type of another kind, or a value of one type is set where another
	// belongs.
	ErrWrongType = errors.New("view: wrong type")
	// ErrIndex is returned (wrapped) by the bulk updates (UpdateAt) when
	// an index lies outside the value. A single element's accessors panic
	// instead, as a slice index does.
	ErrIndex = errors.New("view: index out of range")
	// ErrAbsent is what a view of a partial tree (a proof's,
	// [tree.CompactMultiproof.Node]) panics with, wrapped, when it reads a
	// part that the proof holds only as a root, or writes to one: as a
	// slice index out of range does, since the caller knows what the
	// proof holds. [At] returns it as an error.
	ErrAbsent = errors.New("view: not in the partial tree")
)
