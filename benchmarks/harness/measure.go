package harness

import (
	"runtime"
	"time"
)

// Config sets how much each measurement repeats.
type Config struct {
	// Runs is the number of timed runs of each row (its samples), but
	// for a slow operation (see SlowOp).
	Runs int
	// MinRun is the least time one run of a fast operation lasts: such an
	// operation is repeated within a run and its time averaged.
	MinRun time.Duration
	// MemRuns is the number of runs of each memory row.
	MemRuns int
	// FloorPairs is the pair hashes of the state's root (floor.StatePairs'
	// cold root), and Floor, when set, times that many pair hashes at the
	// SHA-256 floor's kernel: each run of the cold root row is then
	// followed by a sample of the floor in the same process
	// (Row.Floor), so that the ratio of the two is taken at one moment of
	// the machine's load (docs/performance.md#cold-root). Floor is not a
	// flag: the child's main makes it from the driver's -floor flag.
	FloorPairs uint64
	Floor      FloorTimer
}

// A FloorTimer returns the time the SHA-256 floor's kernel takes to hash
// pairs pairs, as the driver measures the floor (benchmarks/floor.Timer).
type FloorTimer func(pairs uint64) (time.Duration, error)

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

// SlowOp is the time of a first warm-up operation from which a row takes
// SlowRuns runs of one operation and no second warm-up: a flat peer's change
// and root of a state of 1,000,000 validators and more (0.4 to 2 s),
// ssztree's diff of two whole states. With the full count of runs such rows
// took much of the hour of the full report
// (docs/performance.md#the-reports-time); an operation that long is not made
// faster by a warm cache, and its spread is small beside its distance from
// ssztree's. A cold row keeps its ColdRuns samples.
const (
	SlowOp   = 500 * time.Millisecond
	SlowRuns = 3
)

// measure runs o cfg.Runs times (SlowRuns times, each of one operation, if
// it is slow: see SlowOp), after two untimed warm-up operations (the second
// sizes the runs; one for a slow operation), and returns the time per
// operation of each run and the number of operations per run. *k counts the
// operations done.
func measure(cfg Config, o op, k *int) ([]float64, int, error) {
	samples, _, count, err := measurePaired(cfg, o, k, nil)
	return samples, count, err
}

// measurePaired runs o as measure does and, when floor is set, times floor
// right after each timed run: floors[i] is the floor's time in nanoseconds
// beside samples[i]. The floor follows the run rather than preceding it
// so that the run's prep (a fresh decode, a collection) stays right before
// the operation it prepares.
func measurePaired(cfg Config, o op, k *int, floor func() (time.Duration, error)) (samples, floors []float64, count int, err error) {
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
	runs := cfg.Runs
	for i := range 2 {
		d, err := once()
		if err != nil {
			return nil, nil, 0, err
		}
		warm = d
		if i == 0 && d >= SlowOp {
			runs = min(runs, SlowRuns)
			break
		}
	}
	count = 1
	if warm > 0 && warm < cfg.MinRun {
		count = int(cfg.MinRun / warm)
	}
	count = min(count, maxOpsPerRun)
	if o.maxOps > 0 {
		count = min(count, o.maxOps)
	}
	count = max(count, 1)
	samples = make([]float64, 0, runs)
	for range runs {
		var total time.Duration
		if o.prep == nil {
			start := time.Now()
			for range count {
				if err := o.do(*k); err != nil {
					return nil, nil, 0, err
				}
				*k++
			}
			total = time.Since(start)
		} else {
			for range count {
				d, err := once()
				if err != nil {
					return nil, nil, 0, err
				}
				total += d
			}
		}
		samples = append(samples, float64(total.Nanoseconds())/float64(count))
		if floor != nil {
			d, err := floor()
			if err != nil {
				return nil, nil, 0, err
			}
			floors = append(floors, float64(d.Nanoseconds()))
		}
	}
	return samples, floors, count, nil
}

// settleHeap grows the heap to the size a process that holds its live data
// keeps between collections: it allocates garbage until two collections
// have run. The decode and memory rows drop the state and collect, which
// lowers the collector's heap goal; the runtime's scavenger then returns
// most of the heap above what is live to the OS, and a warm row that
// allocates faults those pages in again. That debt is the harness's own: a
// process that holds its state throughout does not owe it (what the
// scavenger releases between a steady process's collections still shows,
// docs/performance.md#warm-rows). The garbage is pointer-free, so that the
// collections it causes mark only the live heap.
func settleHeap() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	for n := m.NumGC; m.NumGC < n+2; runtime.ReadMemStats(&m) {
		settleSink = make([]byte, settleChunk)
		for i := 0; i < len(settleSink); i += 4096 {
			settleSink[i] = 1 // fault in every page, zeroed or not
		}
	}
	settleSink = nil
}

// settleChunk is the size of settleHeap's allocations: large enough that
// each is pages of its own, small enough not to overshoot the heap goal.
const settleChunk = 1 << 20

// settleSink keeps settleHeap's allocations from being optimized away.
var settleSink []byte

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
