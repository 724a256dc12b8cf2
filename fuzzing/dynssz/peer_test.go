package dynssz

import (
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/fuzzing/difftest"
)

// ds is the DynSsz instance of every target: mainnet sizes (those
// go-eth2-client's code was generated with), hashing on the calling
// goroutine, so that a fuzz worker uses one core.
var ds = dynssz.NewDynSsz(nil)

// dynsszPeer returns dynamic-ssz as the peer of the Go type T, through
// the entry points its documentation prescribes: DynSsz.UnmarshalSSZ into
// a new value, then HashTreeRoot and MarshalSSZ.
func dynsszPeer[T any]() difftest.Peer {
	return difftest.Peer{Name: "dynssz", Decode: func(b []byte) ([32]byte, []byte, error) {
		v := new(T)
		if err := ds.UnmarshalSSZ(v, b); err != nil {
			return [32]byte{}, nil, err
		}
		root, err := ds.HashTreeRoot(v)
		if err != nil {
			return [32]byte{}, nil, err
		}
		enc, err := ds.MarshalSSZ(v)
		return root, enc, err
	}}
}
