package harness

import (
	"runtime"
	"time"
)

// Config sets how much each measurement repeats.
type Config struct {
	// Runs is the number of timed runs of each row (its samples).
	Runs int
	// MinRun is the least time one run of a fast operation lasts: such an
	// operation is repeated within a run and its time averaged.
	MinRun time.Duration
	// MemRuns is the number of runs of each memory row.
	MemRuns int
}

// op is one operation of a script. do is timed; prep, if set, runs before
// each do, untimed (a fresh decode before a cold root, a fresh copy before
// changing it). k numbers the operations of a row from 0, and picks their
// parameters, so that every peer does the same operations.
type op struct {
	row  string
	prep func(k int) error
	do   func(k int) error
	// maxOps caps the operations of one run (0: no cap), for operations
	// that grow the state.
	maxOps int
}

// maxOpsPerRun caps the operations of one run of any row.
const maxOpsPerRun = 10_000_000

// measure runs o cfg.Runs times, after two untimed warm-up operations (the
// second sizes the runs), and returns the time per operation of each run and
// the number of operations per run. *k counts the operations done.
func measure(cfg Config, o op, k *int) ([]float64, int, error) {
	once := func() (time.Duration, error) {
		if o.prep != nil {
			if err := o.prep(*k); err != nil {
				return 0, err
			}
		}
		start := time.Now()
		err := o.do(*k)
		d := time.Since(start)
		*k++
		return d, err
	}
	// Two warm-up operations: the first often pays for fresh memory from
	// the OS and cold caches; the second sizes the runs.
	var warm time.Duration
	for range 2 {
		d, err := once()
		if err != nil {
			return nil, 0, err
		}
		warm = d
	}
	count := 1
	if warm > 0 && warm < cfg.MinRun {
		count = int(cfg.MinRun / warm)
	}
	count = min(count, maxOpsPerRun)
	if o.maxOps > 0 {
		count = min(count, o.maxOps)
	}
	count = max(count, 1)
	samples := make([]float64, 0, cfg.Runs)
	for range cfg.Runs {
		var total time.Duration
		if o.prep == nil {
			start := time.Now()
			for range count {
				if err := o.do(*k); err != nil {
					return nil, 0, err
				}
				*k++
			}
			total = time.Since(start)
		} else {
			for range count {
				d, err := once()
				if err != nil {
					return nil, 0, err
				}
				total += d
			}
		}
		samples = append(samples, float64(total.Nanoseconds())/float64(count))
	}
	return samples, count, nil
}

// liveHeap collects garbage (twice, so that sync.Pool caches are dropped too)
// and returns the bytes of live heap objects.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// totalAlloc returns the bytes allocated so far by the process.
func totalAlloc() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}
