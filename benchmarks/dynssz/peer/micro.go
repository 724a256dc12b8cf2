package peer

import dynssz "github.com/pk910/dynamic-ssz"

// codec is a micro case on any type dynamic-ssz handles, as *T.
type codec[T any] struct{ ds *dynssz.DynSsz }

func (c codec[T]) Decode(b []byte) (*T, error) {
	v := new(T)
	return v, c.ds.UnmarshalSSZ(v, b)
}

func (c codec[T]) Encode(v *T, dst []byte) ([]byte, error) { return c.ds.MarshalSSZTo(v, dst) }

func (c codec[T]) Root(v *T) ([32]byte, error) { return c.ds.HashTreeRoot(v) }
