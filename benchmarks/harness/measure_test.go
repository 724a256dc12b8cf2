package harness

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestMeasureSlowOp checks the runs of a row: cfg.Runs after two warm-up
// operations for a fast operation, SlowRuns of one operation after one
// warm-up when that warm-up took SlowOp or more.
func TestMeasureSlowOp(t *testing.T) {
	cfg := Config{Runs: 7, MinRun: time.Millisecond, MemRuns: 1}
	k := 0
	fast := op{do: func(int) error { return nil }}
	samples, _, err := measure(cfg, fast, &k)
	if err != nil || len(samples) != cfg.Runs {
		t.Fatalf("a fast operation: %d runs (%v), want %d", len(samples), err, cfg.Runs)
	}
	k = 0
	slow := op{do: func(k int) error {
		if k == 0 {
			time.Sleep(SlowOp)
		}
		return nil
	}}
	samples, ops, err := measure(cfg, slow, &k)
	if err != nil || len(samples) != SlowRuns || ops != 1 || k != 1+SlowRuns {
		t.Fatalf("a slow operation: %d runs of %d operations, %d operations in all (%v); want %d of 1, %d", len(samples), ops, k, err, SlowRuns, 1+SlowRuns)
	}
}

// TestSettleHeap checks that settleHeap takes back memory the runtime
// returned to the OS: with 64 MB live and the rest of the heap released,
// it runs two collections and leaves less of the heap released.
func TestSettleHeap(t *testing.T) {
	live := make([]byte, 64<<20)
	for i := range live {
		live[i] = byte(i)
	}
	garbage := make([]byte, 256<<20)
	garbage[0] = 1
	garbage = nil
	debug.FreeOSMemory()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	settleHeap()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(live)
	if after.NumGC < before.NumGC+2 {
		t.Errorf("settleHeap ran %d collections, want at least 2", after.NumGC-before.NumGC)
	}
	if after.HeapReleased >= before.HeapReleased {
		t.Errorf("released heap %d MB before settleHeap, %d MB after: want less after", before.HeapReleased>>20, after.HeapReleased>>20)
	}
}
