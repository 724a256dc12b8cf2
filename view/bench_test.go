package view

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// The benchmarks of this file measure the core engine on the two shapes
// that dominate a beacon state: 1,000,000 uint64 in a List[uint64, 2^40]
// (balances) and 1,000,000 Validator-shaped containers in a
// List[Validator, 2^40], and the same in a ProgressiveList[uint64] and a
// ProgressiveList[Validator] (the lists of a Gloas state), beside them.
// Comparisons with other libraries live in the benchmarks module.

const benchN = 1_000_000

var benchData = sync.OnceValues(func() (balances, validators []byte) {
	r := rand.New(rand.NewPCG(1, 1))
	balances = make([]byte, 8*benchN)
	for i := 0; i < benchN; i++ {
		v := 32e9 + r.Uint64N(1e9)
		for k := 0; k < 8; k++ {
			balances[8*i+k] = byte(v >> (8 * k))
		}
	}
	validators = make([]byte, 0, validator.FixedSize()*benchN)
	for i := 0; i < benchN; i++ {
		validators = append(validators, randomValidator(r)...)
	}
	return balances, validators
})

type benchCase struct {
	name string
	typ  schema.Type
	data func() []byte
	// change makes one change at index i of the view.
	change func(v View, i int)
}

func benchCases() []benchCase {
	return []benchCase{
		{"Uint64List", uint64List, func() []byte { b, _ := benchData(); return b },
			func(v View, i int) { l := v.(*Uint64List); l.Set(i, l.Get(i)+1) }},
		{"ValidatorList", validatorList, func() []byte { _, b := benchData(); return b },
			func(v View, i int) {
				l := v.(*CompactList)
				var b [121]byte
				l.Load(i, b[:])
				b[80]++ // effective_balance
				if err := l.Set(i, b[:]); err != nil {
					panic(err)
				}
			}},
		{"ProgressiveUint64List", progressiveUint64List, func() []byte { b, _ := benchData(); return b },
			func(v View, i int) { l := v.(*ProgressiveUint64List); l.Set(i, l.Get(i)+1) }},
		{"ProgressiveValidatorList", progressiveValidatorList, func() []byte { _, b := benchData(); return b },
			func(v View, i int) {
				l := v.(*ProgressiveCompactList)
				var b [121]byte
				l.Load(i, b[:])
				b[80]++
				if err := l.Set(i, b[:]); err != nil {
					panic(err)
				}
			}},
	}
}

// BenchmarkAppendRoot measures an append and the root that follows, on a
// hashed list of 1,000,000 uint64s, bounded and progressive: the list
// grows by one element each time, and crosses a subtree's boundary of the
// progressive one every so often (at 4^k chunks).
func BenchmarkAppendRoot(b *testing.B) {
	for _, c := range benchCases() {
		if c.name != "Uint64List" && c.name != "ProgressiveUint64List" {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			v := decodeHashed(b, c)
			add := v.(interface{ Append(uint64) error }).Append
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := add(uint64(i)); err != nil {
					b.Fatal(err)
				}
				v.HashTreeRoot()
			}
		})
	}
}

func decodeHashed(b *testing.B, c benchCase) View {
	v, err := Decode(c.typ, c.data())
	if err != nil {
		b.Fatal(err)
	}
	v.HashTreeRoot()
	return v
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			data := c.data() // the first call makes the data of both cases
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Decode(c.typ, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			v := decodeHashed(b, c)
			buf := make([]byte, 0, v.SizeSSZ())
			b.SetBytes(int64(v.SizeSSZ()))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := v.MarshalSSZTo(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkColdRoot measures the first root after a decode (the decode is
// not timed).
func BenchmarkColdRoot(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				v, err := Decode(c.typ, c.data())
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				v.HashTreeRoot()
			}
		})
	}
}

// BenchmarkChangesRoot measures k changes at random indices plus the root
// that follows, on a hashed value.
func BenchmarkChangesRoot(b *testing.B) {
	for _, c := range benchCases() {
		for _, k := range []int{1, 1000} {
			b.Run(fmt.Sprintf("%s/%d", c.name, k), func(b *testing.B) {
				v := decodeHashed(b, c)
				r := rand.New(rand.NewPCG(2, 2))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					for j := 0; j < k; j++ {
						c.change(v, r.IntN(benchN))
					}
					v.HashTreeRoot()
				}
			})
		}
	}
}

// BenchmarkCopy measures a copy of a hashed value, and reports the memory a
// copy holds after one change and a root (bytes/copy).
func BenchmarkCopy(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			v := decodeHashed(b, c)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				copyOf(v)
			}
			b.StopTimer()
			// Memory held by copies that each differ by one change.
			const copies = 1000
			held := make([]View, copies)
			before := liveHeap()
			for i := range held {
				cp := copyOf(v)
				c.change(cp, i*997%benchN)
				cp.HashTreeRoot()
				held[i] = cp
			}
			b.ReportMetric(float64(liveHeap()-before)/copies, "bytes/changed-copy")
			runtime.KeepAlive(held)
		})
	}
}

// BenchmarkLiveHeap reports the live heap a decoded, hashed value holds,
// per byte of its serialization.
func BenchmarkLiveHeap(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.name, func(b *testing.B) {
			data := c.data()
			for i := 0; i < b.N; i++ {
				before := liveHeap()
				v := decodeHashed(b, c)
				after := liveHeap()
				b.ReportMetric(float64(after-before)/float64(len(data)), "heap/ssz")
				runtime.KeepAlive(v)
			}
		})
	}
}

func copyOf(v View) View {
	switch v := v.(type) {
	case *Uint64List:
		return v.Copy()
	case *CompactList:
		return v.Copy()
	case *ProgressiveUint64List:
		return v.Copy()
	case *ProgressiveCompactList:
		return v.Copy()
	}
	panic("copyOf")
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkRead measures reads of a hashed value, the ones concurrent
// readers make: balances one after the other and at random, a validator,
// and a container's handle on a field.
func BenchmarkRead(b *testing.B) {
	c := benchCases()
	bals := decodeHashed(b, c[0]).(*Uint64List)
	vals := decodeHashed(b, c[1]).(*CompactList)
	r := rand.New(rand.NewPCG(3, 3))
	idx := make([]int, 4096)
	for i := range idx {
		idx[i] = r.IntN(benchN)
	}
	b.Run("balance/sequential", func(b *testing.B) {
		var sum uint64
		for i := 0; i < b.N; i++ {
			sum += bals.Get(i % benchN)
		}
		sink = sum
	})
	b.Run("balance/random", func(b *testing.B) {
		var sum uint64
		for i := 0; i < b.N; i++ {
			sum += bals.Get(idx[i%len(idx)])
		}
		sink = sum
	})
	b.Run("balance/pending", func(b *testing.B) {
		l := bals.Copy()
		l.Set(0, 1)
		var sum uint64
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sum += l.Get(i % benchN)
		}
		sink = sum
	})
	b.Run("validator", func(b *testing.B) {
		var v [121]byte
		for i := 0; i < b.N; i++ {
			vals.Load(idx[i%len(idx)], v[:])
		}
	})
	b.Run("field", func(b *testing.B) {
		st, err := NewContainer(state)
		if err != nil {
			b.Fatal(err)
		}
		st.Field(3)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sink = uint64(st.Field(3).(*Uint64List).Len())
		}
	})
	// A state's getters: a basic field (the slot) and a fixed-size
	// composite one (the finalized checkpoint) of a container, and of a
	// progressive container of the same fields.
	var root [40]byte
	b.Run("container/uint", func(b *testing.B) {
		st := must(NewContainer(state))
		for i := 0; i < b.N; i++ {
			sink += st.Uint(0)
		}
	})
	b.Run("container/bytes", func(b *testing.B) {
		st := must(NewContainer(state))
		for i := 0; i < b.N; i++ {
			st.LoadBytes(1, root[:])
		}
	})
	b.Run("progressive/uint", func(b *testing.B) {
		st := must(NewProgressiveContainer(progressiveState))
		for i := 0; i < b.N; i++ {
			sink += st.Uint(0)
		}
	})
	b.Run("progressive/bytes", func(b *testing.B) {
		st := must(NewProgressiveContainer(progressiveState))
		for i := 0; i < b.N; i++ {
			st.LoadBytes(1, root[:])
		}
	})
}

var sink uint64
