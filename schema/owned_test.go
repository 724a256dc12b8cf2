package schema

import (
	"math/rand/v2"
	"testing"
)

// TestDecodeOwned checks that DecodeOwned builds the tree Decode builds,
// and fails as Decode does, for the lists and vectors whose pages own its
// input and for the types it hands to Decode.
func TestDecodeOwned(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	types := []Type{
		Must(NewList(Uint64, 1<<20)), Must(NewVector(Uint64, 1000)), Must(NewVector(Uint64, 4)),
		Must(NewByteList(1 << 16)), Must(NewList(Boolean, 300)), Must(NewVector(Uint256, 40)),
		Must(NewList(checkpoint, 100)), Must(NewVector(validator, 20)), Must(NewList(validator, 50)),
		Must(NewBitlist(2048)), varTestStruct, Must(NewList(varTestStruct, 8)),
	}
	for _, typ := range types {
		valid := randomValue(r, typ, 3000)
		inputs := [][]byte{valid, nil, valid[:len(valid)/2], append(valid, 1), make([]byte, 3)}
		for _, b := range inputs {
			want, wantErr := typ.Decode(b)
			got, err := DecodeOwned(typ, append([]byte(nil), b...))
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("%v, %d bytes: DecodeOwned's error %v, Decode's %v", typ, len(b), err, wantErr)
			}
			if err == nil && got.Root() != want.Root() {
				t.Fatalf("%v, %d bytes: DecodeOwned's root differs from Decode's", typ, len(b))
			}
		}
	}
}
