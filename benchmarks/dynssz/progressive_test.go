package dynssz

import (
	"encoding/binary"
	"testing"

	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/pk910/dynamic-ssz/sszutils"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// ProgressiveUint64List is ProgressiveList[uint64] (EIP-7916) for
// dynamic-ssz, annotated as it documents for non-struct types; it goes
// through dynamic-ssz's reflection (no generated code: go-eth2-client has
// no such bare type).
type ProgressiveUint64List []uint64

var _ = sszutils.Annotate[ProgressiveUint64List](`ssz-type:"progressive-list"`)

// progressiveMicroLen is the length of the micro case of issue 13:
// a ProgressiveList[uint64] of 1,000,000 elements, 8 MB.
const progressiveMicroLen = 1_000_000

// progressiveUint64s returns the serialization of n uint64s, i*7+1 each.
func progressiveUint64s(n int) []byte {
	b := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(i)*7+1)
	}
	return b
}

// TestProgressiveUint64ListAgreement checks the micro case's operations on
// both: the roots after decoding, after one change and after an append
// (across a subtree boundary: 1 + 4 + 16 + ... chunks of 4 values) agree.
func TestProgressiveUint64ListAgreement(t *testing.T) {
	typ, err := schema.NewProgressiveList(schema.Uint64)
	if err != nil {
		t.Fatal(err)
	}
	ds := dynssz.NewDynSsz(nil)
	for _, n := range []int{0, 1, 4, 83, 84, 85, 5000} {
		b := progressiveUint64s(n)
		ours, err := view.DecodeProgressiveBasicList[uint64](typ, b)
		if err != nil {
			t.Fatal(err)
		}
		var theirs ProgressiveUint64List
		if err := ds.UnmarshalSSZ(&theirs, b); err != nil {
			t.Fatal(err)
		}
		check := func(what string) {
			t.Helper()
			root, err := ds.HashTreeRoot(&theirs)
			if err != nil {
				t.Fatal(err)
			}
			if root != ours.HashTreeRoot() {
				t.Errorf("%d elements, %s: dynamic-ssz's root %x, ssztree's %x", n, what, root, ours.HashTreeRoot())
			}
		}
		check("decoded")
		if n > 0 {
			ours.Set(n/2, 99)
			theirs[n/2] = 99
			check("one changed")
		}
		if err := ours.Append(5); err != nil {
			t.Fatal(err)
		}
		theirs = append(theirs, 5)
		check("appended")
	}
}

// BenchmarkProgressiveUint64List is the micro case of a
// ProgressiveList[uint64] of 1,000,000 elements: decode, cold root (of a
// freshly decoded list), one change and the root, an append and the
// root, on ssztree's view and dynamic-ssz's slice.
func BenchmarkProgressiveUint64List(b *testing.B) {
	typ, err := schema.NewProgressiveList(schema.Uint64)
	if err != nil {
		b.Fatal(err)
	}
	data := progressiveUint64s(progressiveMicroLen)
	decode := func(b *testing.B) *view.ProgressiveUint64List {
		l, err := view.DecodeProgressiveBasicList[uint64](typ, data)
		if err != nil {
			b.Fatal(err)
		}
		return l
	}
	b.Run("ssztree/decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			decode(b)
		}
	})
	b.Run("ssztree/root", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			l := decode(b)
			b.StartTimer()
			l.HashTreeRoot()
		}
	})
	b.Run("ssztree/change1+root", func(b *testing.B) {
		l := decode(b)
		l.HashTreeRoot()
		i := 0
		for b.Loop() {
			l.Set(i%progressiveMicroLen, uint64(i))
			l.HashTreeRoot()
			i += 7919
		}
	})
	b.Run("ssztree/append+root", func(b *testing.B) {
		l := decode(b)
		l.HashTreeRoot()
		for b.Loop() {
			if err := l.Append(1); err != nil {
				b.Fatal(err)
			}
			l.HashTreeRoot()
		}
	})

	ds := dynssz.NewDynSsz(nil)
	decodeTheirs := func(b *testing.B) ProgressiveUint64List {
		var l ProgressiveUint64List
		if err := ds.UnmarshalSSZ(&l, data); err != nil {
			b.Fatal(err)
		}
		return l
	}
	root := func(b *testing.B, l *ProgressiveUint64List) {
		if _, err := ds.HashTreeRoot(l); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("dynssz/decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			decodeTheirs(b)
		}
	})
	b.Run("dynssz/root", func(b *testing.B) {
		l := decodeTheirs(b)
		for b.Loop() {
			root(b, &l)
		}
	})
	b.Run("dynssz/change1+root", func(b *testing.B) {
		l := decodeTheirs(b)
		i := 0
		for b.Loop() {
			l[i%progressiveMicroLen] = uint64(i)
			root(b, &l)
			i += 7919
		}
	})
	b.Run("dynssz/append+root", func(b *testing.B) {
		l := decodeTheirs(b)
		for b.Loop() {
			l = append(l, 1)
			root(b, &l)
		}
	})
}
