package karalabe

import (
	"encoding/binary"

	"github.com/karalabe/ssz"
)

// object is a karalabe/ssz object of Go type *T.
type object[T any] interface {
	ssz.Object
	*T
}

// codec is a micro case on any karalabe/ssz object type.
type codec[T any, P object[T]] struct{ hash hashFn }

func (codec[T, P]) Decode(b []byte) (P, error) {
	v := P(new(T))
	return v, ssz.DecodeFromBytes(b, v)
}

func (codec[T, P]) Encode(v P, dst []byte) ([]byte, error) { return encode(v, dst) }

func (c codec[T, P]) Root(v P) ([32]byte, error) { return c.hash(v), nil }

// boxed returns the encoding of a byteListBox holding the list serialized as
// list: a 4-byte offset, then the list.
func boxed(list []byte) []byte {
	return append(binary.LittleEndian.AppendUint32(nil, 4), list...)
}

// byteListCodec is the 1 MiB List[uint8] micro case, in its container.
type byteListCodec = codec[byteListBox, *byteListBox]
