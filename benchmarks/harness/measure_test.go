package harness

import (
	"runtime"
	"runtime/debug"
	"slices"
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

// TestMeasurePaired checks that a row measured beside its floor has one
// floor sample per timed run, taken right after that run's operations and
// before the next run's prep, and none after the warm-up operations.
func TestMeasurePaired(t *testing.T) {
	cfg := Config{Runs: 5, MinRun: time.Nanosecond, MemRuns: 1}
	var events []string
	o := op{
		prep: func(int) error { events = append(events, "prep"); return nil },
		do:   func(int) error { events = append(events, "do"); return nil },
	}
	floors := 0
	floor := func() (time.Duration, error) {
		floors++
		events = append(events, "floor")
		return time.Duration(floors), nil
	}
	k := 0
	samples, got, count, err := measurePaired(cfg, o, &k, floor)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != cfg.Runs || len(got) != cfg.Runs {
		t.Fatalf("%d samples and %d floors, want %d of each", len(samples), len(got), cfg.Runs)
	}
	for i, f := range got {
		if f != float64(i+1) {
			t.Errorf("floor %d: %v, want the %d-th sample of the floor", i, f, i+1)
		}
	}
	// Two warm-ups, then each run: count times prep and do, then the floor.
	want := []string{"prep", "do", "prep", "do"}
	for range cfg.Runs {
		for range count {
			want = append(want, "prep", "do")
		}
		want = append(want, "floor")
	}
	if !slices.Equal(events, want) {
		t.Errorf("events %v, want %v", events, want)
	}
	k = 0
	if _, got, _, err := measurePaired(cfg, o, &k, nil); err != nil || got != nil {
		t.Errorf("without a floor: floors %v (%v), want none", got, err)
	}
}
