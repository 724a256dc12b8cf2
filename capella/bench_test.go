package capella_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
)

// The benchmarks of this file measure ssztree alone on a synthetic mainnet
// state of 1,000,000 validators; package benchmarks has them beside other
// libraries.

var benchState = sync.OnceValues(func() ([]byte, error) {
	st, err := synth.CapellaState(capella.Mainnet, 1_000_000, 1)
	if err != nil {
		return nil, err
	}
	return st.MarshalSSZ()
})

func benchDecoded(b *testing.B) *capella.BeaconState {
	data, err := benchState()
	if err != nil {
		b.Fatal(err)
	}
	st, err := capella.DecodeBeaconState(capella.Mainnet, data)
	if err != nil {
		b.Fatal(err)
	}
	st.HashTreeRoot()
	return st
}

func BenchmarkStateDecode(b *testing.B) {
	data, err := benchState()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := capella.DecodeBeaconState(capella.Mainnet, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStateEncode(b *testing.B) {
	st := benchDecoded(b)
	buf := make([]byte, 0, st.SizeSSZ())
	b.SetBytes(int64(st.SizeSSZ()))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.MarshalSSZTo(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStateColdRoot(b *testing.B) {
	data, _ := benchState()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st, _ := capella.DecodeBeaconState(capella.Mainnet, data)
		b.StartTimer()
		st.HashTreeRoot()
	}
}

func BenchmarkStateChanges(b *testing.B) {
	st := benchDecoded(b)
	r := rand.New(rand.NewPCG(1, 2))
	n := st.Balances().Len()
	b.Run("1balance", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			bal := st.Balances()
			k := r.IntN(n)
			bal.Set(k, bal.Get(k)+1)
			st.HashTreeRoot()
		}
	})
	b.Run("1000balances", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			bal := st.Balances()
			for j := 0; j < 1000; j++ {
				k := r.IntN(n)
				bal.Set(k, bal.Get(k)+1)
			}
			st.HashTreeRoot()
		}
	})
	b.Run("everybalance", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			st.Balances().Update(func(_ int, v capella.Gwei) capella.Gwei { return v + 1 })
			st.HashTreeRoot()
		}
	})
	b.Run("1validator", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			vs := st.Validators()
			k := r.IntN(n)
			v := vs.Get(k)
			v.EffectiveBalance++
			vs.Set(k, v)
			st.HashTreeRoot()
		}
	})
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			st.Copy()
		}
	})
}

func BenchmarkStateMarshal(b *testing.B) {
	st := benchDecoded(b)
	b.SetBytes(int64(st.SizeSSZ()))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.MarshalSSZ(); err != nil {
			b.Fatal(err)
		}
	}
}
