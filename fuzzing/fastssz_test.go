package fuzzing

import (
	ssz "github.com/ferranbt/fastssz"
	"github.com/ssztree/ssztree/fuzzing/difftest"
)

// fastsszValue is what fastssz generated for a go-eth2-client type T.
type fastsszValue[T any] interface {
	*T
	ssz.Unmarshaler
	ssz.Marshaler
	ssz.HashRoot
}

// fastsszPeer returns fastssz as the peer of the go-eth2-client type T:
// UnmarshalSSZ into a new value, then HashTreeRoot and MarshalSSZ.
func fastsszPeer[T any, P fastsszValue[T]]() difftest.Peer {
	return difftest.Peer{Name: "fastssz", Decode: func(b []byte) ([32]byte, []byte, error) {
		v := P(new(T))
		if err := v.UnmarshalSSZ(b); err != nil {
			return [32]byte{}, nil, err
		}
		root, err := v.HashTreeRoot()
		if err != nil {
			return [32]byte{}, nil, err
		}
		enc, err := v.MarshalSSZ()
		return root, enc, err
	}}
}
