package view

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// dropper is what TestDropFirst uses of a list.
type dropper interface {
	View
	Len() int
	DropFirst(k int) error
}

// TestDropFirst drops fronts of lists of values and of integers, bounded
// and progressive, hashed or not, with a write pending, and checks the
// bytes and the root against a list built from the rest; a copy taken
// before is left as it was, and a count out of range is refused with the
// list unchanged.
func TestDropFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for _, n := range []int{1, 7, 16, 17, 300} {
		var data []byte
		for range n {
			data = append(data, randomValidator(r)...)
		}
		ints := make([]uint64, n)
		for i := range ints {
			ints[i] = r.Uint64()
		}
		const esize = 121
		lists := map[string]struct {
			make func(b []byte) dropper
			size int
			b    []byte
		}{
			"List[Validator]": {func(b []byte) dropper { return must(DecodeValueList[rawValidator](validatorList, b)) }, esize, data},
			"ProgressiveList[Validator]": {func(b []byte) dropper {
				return must(DecodeProgressiveValueList[rawValidator](progressiveValidatorList, b))
			}, esize, data},
			"List[uint64]": {func(b []byte) dropper { return must(DecodeBasicList[uint64](uint64List, b)) }, 8, uint64Bytes(ints)},
			"ProgressiveList[uint64]": {func(b []byte) dropper {
				return must(DecodeProgressiveBasicList[uint64](progressiveUint64List, b))
			}, 8, uint64Bytes(ints)},
		}
		for name, c := range lists {
			for _, hashed := range []bool{false, true} {
				for _, k := range []int{0, 1, n / 2, n - 1, n} {
					l := c.make(c.b)
					if hashed {
						l.HashTreeRoot()
					}
					// A write pending on the part that stays.
					b := slices.Clone(c.b)
					b[len(b)-1] ^= 0x5a
					switch v := l.(type) {
					case interface {
						Get(int) rawValidator
						Set(int, rawValidator)
					}:
						x := v.Get(n - 1)
						x.b[esize-1] ^= 0x5a
						v.Set(n-1, x)
					case interface {
						Get(int) uint64
						Set(int, uint64)
					}:
						v.Set(n-1, v.Get(n-1)^0x5a<<56)
					default:
						t.Fatalf("%s: no Set", name)
					}
					before := must(Of(l.Type(), l.Node()))
					if err := l.DropFirst(k); err != nil {
						t.Fatalf("%s of %d: DropFirst(%d): %v", name, n, k, err)
					}
					want := c.make(b[k*c.size:])
					expectValue(t, l, must(want.MarshalSSZ()))
					if l.Len() != n-k || l.HashTreeRoot() != want.HashTreeRoot() {
						t.Fatalf("%s of %d, hashed %v: DropFirst(%d): length %d, or root differs from the rest's", name, n, hashed, k, l.Len())
					}
					if got := must(before.MarshalSSZ()); !bytes.Equal(got, b) {
						t.Fatalf("%s of %d: DropFirst(%d) changed a copy", name, n, k)
					}
				}
				l := c.make(c.b)
				for _, k := range []int{-1, n + 1} {
					if err := l.DropFirst(k); !errors.Is(err, ErrIndex) {
						t.Fatalf("%s of %d: DropFirst(%d): %v, want ErrIndex", name, n, k, err)
					}
					expectValue(t, l, c.b)
				}
			}
		}
	}
}

func uint64Bytes(vs []uint64) []byte {
	b := make([]byte, 0, 8*len(vs))
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}
