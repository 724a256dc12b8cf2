package view

import (
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// A list or vector of fixed-size values decoded on its own (DecodeBasicList,
// DecodeValueVector, ...) keeps the bytes it was decoded from: its pages are
// built over one copy of them rather than copying them slab by slab
// (schema.DecodeKept), and the sequence holds that copy too, so that keeping
// it costs no memory while the pages are alive. Until the value is changed,
// encoding it copies those bytes in one move instead of walking its tree
// page by page: a node stores and serves the objects it decoded far more
// often than it changes them, and a Vector[uint64, 131072] in pages of 256
// bytes is 4,096 pages to walk
// (docs/performance.md#gossip-objects-and-micro-cases). The fields of a
// container never keep bytes: a lazily decoded container keeps its own
// (lazy.go).

// decodeKept is decodeAs for a list or vector of fixed-size values in
// pages: the value of type t serialized in b, built by of, its sequence
// keeping the copy of b that schema.DecodeKept made for its pages. Values
// of which schema.DecodeKept keeps nothing decode as decodeAs does.
func decodeKept[T schema.Type, V interface{ sequence() *seq }](t T, b []byte, of func(T, *tree.Node) (V, error)) (V, error) {
	n, kept, err := schema.DecodeKept(t, b)
	if err != nil {
		var zero V
		return zero, err
	}
	v, err := of(t, n)
	if err != nil || kept == nil {
		return v, err
	}
	s := v.sequence()
	s.kept = &keptBytes{b: kept, data: s.nodeData}
	return v, nil
}

// marshalTo implements MarshalSSZTo: a copy of the kept serialization
// while the value is the one decoded, or a walk of the tree. Readers may
// call it at once: Node commits pending writes, and so drops kept, before
// kept is read.
func (s *seq) marshalTo(dst []byte) ([]byte, error) {
	s.peek()
	if k := s.kept; k != nil && s.nodeData == k.data && s.bytesFor(s.nodeN) == len(k.b) {
		return append(dst, k.b...), nil
	}
	return marshal(s, dst)
}

// sequence returns the sequence a typed view wraps.
func (v *seqView) sequence() *seq { return v.seq }

// sequence returns the sequence itself, for the views that embed it.
func (s *seq) sequence() *seq { return s }
