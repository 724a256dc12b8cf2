package view

import (
	"fmt"
	"reflect"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// View is what every view offers, whatever its type.
type View interface {
	// Type returns the SSZ type of the value.
	Type() schema.Type
	// Node applies pending writes and returns the root of the value's
	// tree, which is immutable and may be shared freely: from then on,
	// the value's writes change none of its nodes in place (see
	// [link.share]).
	Node() *tree.Node
	// HashTreeRoot returns the value's hash_tree_root, hashing only what
	// changed since the last time.
	HashTreeRoot() [32]byte
	// MarshalSSZ returns the value's serialization.
	MarshalSSZ() ([]byte, error)
	// MarshalSSZTo appends the value's serialization to dst.
	MarshalSSZTo(dst []byte) ([]byte, error)
	// SizeSSZ returns the size of the value's serialization.
	SizeSSZ() int
	// UnmarshalSSZ replaces the value with the one serialized in b. On error
	// the value is unchanged.
	UnmarshalSSZ(b []byte) error

	// commit applies pending writes and returns the value's tree. Its
	// caller is a writer, or holds the family's lock (see [link]); a
	// sequence of values in pages commits without changing what its
	// readers read, which need no lock (see pages.data).
	commit() *tree.Node
	// peek is Node for a reader that hands no node of the tree out (a
	// root, an encoding): the family keeps its ownership of the nodes
	// its writes made.
	peek() *tree.Node
	// reset replaces the value's tree, dropping pending writes; handles
	// obtained from the view follow.
	reset(n *tree.Node)
	link() *link
	// core returns the state the view wraps: the view itself, or the *seq
	// or *subtrees of a typed wrapper.
	core() View
}

// marshal implements MarshalSSZTo for any view.
func marshal(v View, dst []byte) ([]byte, error) {
	n := v.peek()
	if dst == nil {
		// Size first: growing the buffer as pages are appended would copy
		// a large value several times over.
		size, err := v.Type().Size(n)
		if err != nil {
			return nil, err
		}
		dst = make([]byte, 0, size)
	}
	return v.Type().Encode(dst, n)
}

// sizeOf implements SizeSSZ for any view.
func sizeOf(v View) int {
	n, err := v.Type().Size(v.peek())
	if err != nil {
		panic(fmt.Sprintf("view: size of a malformed %v: %v", v.Type(), err))
	}
	return n
}

// unmarshal implements UnmarshalSSZ for any view.
func unmarshal(v View, b []byte) error {
	n, err := v.Type().Decode(b)
	if err != nil {
		return err
	}
	v.reset(n)
	v.link().changed()
	return nil
}

// IsNil reports whether v is nil, or a nil pointer of a view type held in
// the interface (a nil *Container), whose methods would dereference it.
func IsNil(v View) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
