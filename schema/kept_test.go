package schema

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestDecodeKept checks that DecodeKept builds the tree Decode builds,
// fails as Decode does, and returns as kept the input itself, copied, for
// the lists and vectors in pages, nil for the other types.
func TestDecodeKept(t *testing.T) {
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
			in := append([]byte(nil), b...)
			got, kept, err := DecodeKept(typ, in)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("%v, %d bytes: DecodeKept's error %v, Decode's %v", typ, len(b), err, wantErr)
			}
			if err != nil {
				if kept != nil {
					t.Fatalf("%v, %d bytes: DecodeKept kept bytes of an invalid input", typ, len(b))
				}
				continue
			}
			if got.Root() != want.Root() {
				t.Fatalf("%v, %d bytes: DecodeKept's root differs from Decode's", typ, len(b))
			}
			wantKept := false
			switch tt := typ.(type) {
			case *List:
				wantKept = tt.PageLayout() != nil && len(b) > 0
			case *Vector:
				wantKept = tt.PageLayout() != nil && len(b) > 32
			}
			if (kept != nil) != wantKept {
				t.Fatalf("%v, %d bytes: DecodeKept kept %d bytes, want them kept: %v", typ, len(b), len(kept), wantKept)
			}
			clear(in) // the kept bytes are a copy, not the caller's
			if wantKept && !bytes.Equal(kept, b) {
				t.Fatalf("%v, %d bytes: DecodeKept kept other bytes than its input", typ, len(b))
			}
		}
	}
}
