package view

// AnyContainer is what the views of a container and of a progressive
// container ([*Container], [*ProgressiveContainer]) have in common: the
// value, and its fields by index. It is the untyped view of a value that is one or
// the other, such as a beacon state of any fork (Gloas' is progressive).
// Copy, CopyTo and Schema, whose types differ, are left out: a type
// switch or assertion reaches them.
type AnyContainer interface {
	View
	// NumFields returns the number of fields.
	NumFields() int
	// FieldIndex returns the index of the field with the given name, or
	// -1.
	FieldIndex(name string) int
	// Uint returns basic field i, an unsigned integer of at most 64 bits,
	// or a boolean as 0 or 1. It panics if field i is not such a field.
	Uint(i int) uint64
	// SetUint sets basic field i, an unsigned integer of at most 64 bits
	// (or a boolean, from 0 or 1), to v. It panics if field i is not such
	// a field or v does not fit in it.
	SetUint(i int, v uint64)
	// Bool returns boolean field i. It panics if field i is not a boolean.
	Bool(i int) bool
	// SetBool sets boolean field i. It panics if field i is not a boolean.
	SetBool(i int, v bool)
	// Bytes returns the serialization of field i.
	Bytes(i int) []byte
	// SetBytes sets field i to the value serialized in b. It returns an
	// error, changing nothing, if b is not a valid value of the field's
	// type.
	SetBytes(i int, b []byte) error
	// LoadBytes copies the serialization of fixed-size field i into dst,
	// which must be of the field's size. It panics if field i is not
	// fixed-size or dst is of another size.
	LoadBytes(i int, dst []byte)
	// Field returns the handle of composite field i, which writes through
	// to the container. It panics if field i is of a basic type.
	Field(i int) View
	// Set replaces composite field i with the value of v, which must be of
	// the field's type.
	Set(i int, v View) error
}

var (
	_ AnyContainer = (*Container)(nil)
	_ AnyContainer = (*ProgressiveContainer)(nil)
)
