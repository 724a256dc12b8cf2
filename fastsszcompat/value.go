package fastsszcompat

import (
	"errors"

	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/view"
)

// ErrNoView is the error of every method of a [Value] that wraps no view:
// the zero Value, or one that [Wrap] was given nil.
var ErrNoView = errors.New("fastsszcompat: Value wraps no view")

// Value is a view with fastssz's interfaces: [ssz.HashRoot],
// [ssz.Marshaler] and [ssz.Unmarshaler]. It holds the view itself, not a
// copy: a change to the view shows in the Value's roots, trees and bytes,
// and UnmarshalSSZ replaces the view's value. As with the view, any number
// of goroutines may call its methods at once as long as none changes the
// view (UnmarshalSSZ does).
type Value struct {
	v view.View
}

// Compile-time checks that a Value is what code written for fastssz takes.
var (
	_ ssz.HashRoot    = (*Value)(nil)
	_ ssz.Marshaler   = (*Value)(nil)
	_ ssz.Unmarshaler = (*Value)(nil)
)

// Wrap returns v with fastssz's interfaces. A generated view (a state, a
// block...) gives its view with its View method:
// Wrap(st.View()).
func Wrap(v view.View) *Value {
	return &Value{v: v}
}

// View returns the view w wraps, nil for the zero Value.
func (w *Value) View() view.View { return w.v }

// HashTreeRoot returns the view's hash_tree_root, hashing only what changed
// since it was last hashed. Its error is nil unless w wraps no view.
func (w *Value) HashTreeRoot() ([32]byte, error) {
	if w.v == nil {
		return [32]byte{}, ErrNoView
	}
	return w.v.HashTreeRoot(), nil
}

// HashTreeRootWith puts the view's root into hh as one chunk, as a value
// fastssz generated does when a parent container or list hashes it, so that
// the parent's root is the same as with fastssz's types. It takes the
// steps fastssz's generated code takes for a value of one chunk: mark the
// walker's index, append the root, merkleize from the mark (which, for
// one chunk, is the chunk itself); a parent's own Merkleize then hashes
// that chunk with its siblings. Given fastssz's proof builder
// ([ssz.Wrapper], which [ssz.ProofTree] and fastssz's GetTree use), it
// adds the view's whole tree ([Tree]) instead of its root, so that a
// parent's proof tree reaches into the view.
func (w *Value) HashTreeRootWith(hh ssz.HashWalker) error {
	if w.v == nil {
		return ErrNoView
	}
	if pw, ok := hh.(*ssz.Wrapper); ok {
		pw.AddNode(Tree(w.v.Node()))
		return nil
	}
	root := w.v.HashTreeRoot()
	indx := hh.Index()
	hh.AppendBytes32(root[:])
	hh.Merkleize(indx)
	return nil
}

// GetTree returns fastssz's proof tree of the view ([Tree] of its tree),
// whose Prove gives the proofs the view's own ProveBranch gives. It costs a
// fastssz node for every node of the view's tree (see [Tree]): for proofs
// of a large state, the view's Prove and ProveBranch, which build nothing,
// are the cheaper way. Its error is nil unless w wraps no view.
func (w *Value) GetTree() (*ssz.Node, error) {
	if w.v == nil {
		return nil, ErrNoView
	}
	return Tree(w.v.Node()), nil
}

// MarshalSSZ returns the view's serialization.
func (w *Value) MarshalSSZ() ([]byte, error) {
	if w.v == nil {
		return nil, ErrNoView
	}
	return w.v.MarshalSSZ()
}

// MarshalSSZTo appends the view's serialization to dst.
func (w *Value) MarshalSSZTo(dst []byte) ([]byte, error) {
	if w.v == nil {
		return dst, ErrNoView
	}
	return w.v.MarshalSSZTo(dst)
}

// SizeSSZ returns the size of the view's serialization, 0 if w wraps no
// view.
func (w *Value) SizeSSZ() int {
	if w.v == nil {
		return 0
	}
	return w.v.SizeSSZ()
}

// UnmarshalSSZ replaces the view's value with the one serialized in b; on
// error the view is unchanged.
func (w *Value) UnmarshalSSZ(b []byte) error {
	if w.v == nil {
		return ErrNoView
	}
	return w.v.UnmarshalSSZ(b)
}
