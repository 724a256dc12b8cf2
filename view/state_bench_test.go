//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's 386 run and its fuzzing build leave
// out (their compile would cost minutes there).

package view_test

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/view"
)

// benchValidators is the number of validators of the state benchmarks:
// SSZTREE_BENCH_VALIDATORS, 20,000 by default (the targets of
// docs/performance.md#status are at 1,000,000).
func benchValidators(b *testing.B) int {
	if s := os.Getenv("SSZTREE_BENCH_VALIDATORS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatal(err)
		}
		return n
	}
	return 20_000
}

// BenchmarkRebase rebases a state decoded from the bytes of the next
// epoch's on the state before it: the time of the rebase alone, the
// decoded state hashed beforehand, and the state's memory before and
// after (B-before, B-after), beside a copy changed by the same epoch
// (B-copy).
func BenchmarkRebase(b *testing.B) {
	n := benchValidators(b)
	base, err := synth.FuluState(fulu.Mainnet, n, 1)
	if err != nil {
		b.Fatal(err)
	}
	base.HashTreeRoot()
	next := base.Copy()
	nextEpoch(next)
	data, err := next.MarshalSSZ()
	if err != nil {
		b.Fatal(err)
	}
	next = nil
	h0 := heap()
	copied := base.Copy()
	nextEpoch(copied)
	copyBytes := float64(heap() - h0)
	runtime.KeepAlive(copied)
	var before, after float64
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		h0 := heap()
		st, err := fulu.DecodeBeaconState(fulu.Mainnet, data)
		if err != nil {
			b.Fatal(err)
		}
		st.HashTreeRoot()
		before = float64(heap() - h0)
		b.StartTimer()
		if err := view.Rebase(st.View(), base.View()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		after = float64(heap() - h0)
		runtime.KeepAlive(st)
		b.StartTimer()
	}
	b.ReportMetric(before, "B-before")
	b.ReportMetric(after, "B-after")
	b.ReportMetric(copyBytes, "B-copy")
}

// BenchmarkDecodeFile reads a state from a file: streaming with
// view.DecodeReader, and os.ReadFile then view.Decode, with the peak heap
// above what was live before (B-peak) and its ratio to the file's size.
func BenchmarkDecodeFile(b *testing.B) {
	n := benchValidators(b)
	st, err := synth.FuluState(fulu.Mainnet, n, 1)
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "state.ssz")
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	size, err := view.WriteSSZ(st.View(), f)
	if err != nil {
		b.Fatal(err)
	}
	f.Close()
	typ := st.View().Type()
	st = nil
	// A low GC percentage keeps the heap near what is live, as in
	// TestStreamStateMemory, so that the peaks compare what each way holds.
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	b.Run("stream", func(b *testing.B) {
		var peak uint64
		for b.Loop() {
			b.StopTimer()
			h0 := heap()
			f, err := os.Open(file)
			if err != nil {
				b.Fatal(err)
			}
			p := &peakReader{r: f}
			b.StartTimer()
			v, err := view.DecodeReader(typ, p, size)
			b.StopTimer()
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			p.sample()
			peak = p.peak - h0
			runtime.KeepAlive(v)
			b.StartTimer()
		}
		b.ReportMetric(float64(peak), "B-peak")
		b.ReportMetric(float64(peak)/float64(size), "peak/SSZ")
	})
	b.Run("readfile", func(b *testing.B) {
		var peak uint64
		for b.Loop() {
			b.StopTimer()
			h0 := heap()
			b.StartTimer()
			data, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			v, err := view.Decode(typ, data)
			b.StopTimer()
			if err != nil {
				b.Fatal(err)
			}
			p := &peakReader{}
			p.sample()
			peak = p.peak - h0
			runtime.KeepAlive(v)
			runtime.KeepAlive(data)
			b.StartTimer()
		}
		b.ReportMetric(float64(peak), "B-peak")
		b.ReportMetric(float64(peak)/float64(size), "peak/SSZ")
	})
}
