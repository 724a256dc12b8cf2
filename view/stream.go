package view

import (
	"io"

	"github.com/ssztree/ssztree/schema"
)

// DecodeReader returns a view of the value of type t read from r, of the
// concrete view type for t's kind (see [Of]), without holding its
// serialization whole: see [schema.DecodeReader], whose size (-1 when
// unknown) and errors it takes over. A state read from a file holds, at
// its peak, its tree and a chunk of bytes, not the bytes and the tree.
func DecodeReader(t schema.Type, r io.Reader, size int64) (View, error) {
	n, err := schema.DecodeReader(t, r, size)
	if err != nil {
		return nil, err
	}
	return Of(t, n)
}

// DecodeReaderMax is [DecodeReader] for a value of at most maxSize bytes:
// see [schema.DecodeReaderMax], whose bound and errors (one wrapping
// [schema.ErrTooLarge] for a value above the bound) it takes over.
func DecodeReaderMax(t schema.Type, r io.Reader, size, maxSize int64) (View, error) {
	n, err := schema.DecodeReaderMax(t, r, size, maxSize)
	if err != nil {
		return nil, err
	}
	return Of(t, n)
}

// WriteSSZ writes v's serialization to w without building it whole (see
// [schema.EncodeWriter]) and returns the bytes written. Pending writes
// are committed first.
func WriteSSZ(v View, w io.Writer) (int64, error) {
	return schema.EncodeWriter(v.Type(), w, v.Node())
}
