package harness

import (
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
