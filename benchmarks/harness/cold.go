package harness

import (
	"runtime"
	"sort"
	"strings"
	"time"
)

// A cold row measures an operation the way a beacon node performs it: once,
// in a process whose garbage collector has just run (the caches hold
// little of the state, and whatever a sync.Pool held is gone), on a state
// that has been hashed. Each sample is one operation after a full
// runtime.GC(); a warm row repeats the operation and divides.

// coldSuffix ends the ID of the cold twin of a row: "balance-1-cold" (a
// suffix, since RowColdRoot, "cold-root", is the first root after a decode,
// not the twin of RowRoot).
const coldSuffix = "-cold"

// ColdRow returns the ID of the cold twin of a state or proof row.
func ColdRow(row string) string { return row + coldSuffix }

// WarmRow returns the row a cold row is the twin of, and whether row is a
// cold row.
func WarmRow(row string) (string, bool) { return strings.CutSuffix(row, coldSuffix) }

// ColdRuns is the number of samples of a cold row: one operation each, the
// median of at least 15 (the rule), and odd so that it is a sample.
const ColdRuns = 15

// ColdStateRows lists the state rows that also run cold, in the order they
// run (after the warm rows): the root with nothing changed, every mutation
// and both copy rows.
var ColdStateRows = []string{
	RowRoot, RowBalance1, RowBalance1000, RowEffective, RowAppend,
	RowCopy, RowCopyBalance1, RowBalanceAll,
}

// measureCold runs o ColdRuns times, each time after its prep and a full
// garbage collection, and returns the time of each operation and the
// median count of the heap allocations one operation made. *k counts the
// operations done.
func measureCold(o op, k *int) ([]float64, *Allocs, error) {
	samples := make([]float64, 0, ColdRuns)
	allocs := make([]float64, 0, ColdRuns)
	bytes := make([]float64, 0, ColdRuns)
	var m0, m1 runtime.MemStats
	for range ColdRuns {
		if o.prep != nil {
			if err := o.prep(*k); err != nil {
				return nil, nil, err
			}
		}
		// runtime.GC returns once the cycle is done and every span swept:
		// nothing of the collection runs during the operation.
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start := time.Now()
		err := o.do(*k)
		d := time.Since(start)
		runtime.ReadMemStats(&m1)
		*k++
		if err != nil {
			return nil, nil, err
		}
		samples = append(samples, float64(d.Nanoseconds()))
		allocs = append(allocs, float64(m1.Mallocs-m0.Mallocs))
		bytes = append(bytes, float64(m1.TotalAlloc-m0.TotalAlloc))
	}
	return samples, &Allocs{PerOp: median(allocs), BytesPerOp: median(bytes)}, nil
}

// median returns the median of v, which it sorts.
func median(v []float64) float64 {
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// coldRow measures operation o cold as the row name of case cs, on a state
// of n validators (for the Row).
func coldRow(cs, name string, o op, n int) Row {
	res := Row{Case: cs, Name: name, Unit: UnitNs, Validators: n, OpsPerRun: 1}
	k := 0
	samples, allocs, err := measureCold(o, &k)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	res.Samples, res.Allocs = samples, allocs
	return res
}

func init() {
	for _, row := range ColdStateRows {
		stateChecks[ColdRow(row)] = stateChecks[row]
	}
}
