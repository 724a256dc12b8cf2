package main

import (
	"slices"
	"testing"
	"time"

	"github.com/ssztree/ssztree/benchmarks/floor"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/report"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestStateChildren checks which peers run the states of each table: every
// peer on the headline's fork; on Electra, ssztree and zrnt but not the
// peers of the headline's table, unless -repeats; on Gloas, dynamic-ssz,
// its only peer; on Deneb, karalabe's.
func TestStateChildren(t *testing.T) {
	var children []child
	for _, c := range [][2]string{
		{"ssztree", harness.ForkFulu}, {"ssztree", harness.ForkElectra}, {"ssztree", harness.ForkDeneb}, {"ssztree", harness.ForkGloas},
		{"fastssz", harness.ForkFulu}, {"fastssz", harness.ForkElectra},
		{"dynssz", harness.ForkFulu}, {"dynssz", harness.ForkElectra}, {"dynssz", harness.ForkGloas},
		{"karalabe-seq", harness.ForkDeneb}, {"zrnt", harness.ForkElectra},
	} {
		children = append(children, child{peer: c[0], fork: c[1]})
	}
	o := &options{tables: []tableSpec{{fork: harness.ForkFulu}, {fork: harness.ForkElectra}, {fork: harness.ForkDeneb}, {fork: harness.ForkGloas}}}
	peersOf := func(fork string) []string {
		var out []string
		for _, c := range stateChildren(o, children, fork) {
			if c.fork == fork {
				out = append(out, c.peer)
			}
		}
		return out
	}
	for fork, want := range map[string][]string{
		harness.ForkFulu:    {"ssztree", "fastssz", "dynssz"},
		harness.ForkElectra: {"ssztree", "zrnt"},
		harness.ForkDeneb:   {"ssztree", "karalabe-seq"},
		harness.ForkGloas:   {"ssztree", "dynssz"},
	} {
		if got := peersOf(fork); !slices.Equal(got, want) {
			t.Errorf("%s: peers %v, want %v", fork, got, want)
		}
	}
	o.repeats = true
	if got, want := peersOf(harness.ForkElectra), []string{"ssztree", "fastssz", "dynssz", "zrnt"}; !slices.Equal(got, want) {
		t.Errorf("electra with -repeats: peers %v, want %v", got, want)
	}
	o.repeats = false
	o.tables = o.tables[1:] // Electra the headline
	if got, want := peersOf(harness.ForkElectra), []string{"ssztree", "fastssz", "dynssz", "zrnt"}; !slices.Equal(got, want) {
		t.Errorf("electra as the headline: peers %v, want %v", got, want)
	}
}

// TestFloorArgs checks the flags that pair a child's cold root with its
// floor: the implementation fastest at the floor's goroutines, those
// goroutines, and the root's pairs; none before the floor was sampled.
func TestFloorArgs(t *testing.T) {
	r := &report.Run{Machine: report.Machine{GOMAXPROCS: 2}}
	if got := floorArgs(r, 10); got != nil {
		t.Errorf("no floor sampled: flags %v, want none", got)
	}
	r.Hashers = []report.HasherRate{
		{Name: "a", PairsPerSecond: map[int]float64{1: 9, 2: 10}},
		{Name: "b", PairsPerSecond: map[int]float64{1: 8, 2: 12}},
	}
	want := []string{"-floor", "b", "-floorg", "2", "-floorpairs", "12345"}
	if got := floorArgs(r, 12345); !slices.Equal(got, want) {
		t.Errorf("flags %v, want %v", got, want)
	}
}

// TestColdRootPairedInChild runs ssztree's state script as a child does,
// with a floor that records its calls, and checks that the cold root row
// alone has a floor beside each of its runs, timed for the pairs the
// driver passed, and that the report's model pairs them.
func TestColdRootPairedInChild(t *testing.T) {
	const n = 1000
	in, err := workload.State(harness.ForkFulu, n)
	if err != nil {
		t.Fatal(err)
	}
	var runner harness.StateRunner
	for _, p := range peers.All() {
		if p.Name == report.Reference && p.Fork == harness.ForkFulu {
			runner = p.State
		}
	}
	if runner == nil {
		t.Fatal("no ssztree peer of Fulu")
	}
	pairs, err := floor.RootPairs(harness.ForkFulu, in)
	if err != nil {
		t.Fatal(err)
	}
	var calls []uint64
	cfg := harness.Config{Runs: 3, MinRun: time.Microsecond, MemRuns: 1, FloorPairs: pairs,
		Floor: func(p uint64) (time.Duration, error) {
			calls = append(calls, p)
			return time.Duration(len(calls)) * time.Millisecond, nil
		}}
	out, err := runner.Run(cfg, in, n)
	if err != nil {
		t.Fatal(err)
	}
	var cold *harness.Row
	for i, r := range out.Rows {
		if r.Name == harness.RowColdRoot {
			cold = &out.Rows[i]
		} else if len(r.Floor) > 0 {
			t.Errorf("row %s has floors %v", r.Name, r.Floor)
		}
	}
	if cold == nil || len(cold.Samples) != cfg.Runs || len(cold.Floor) != cfg.Runs {
		t.Fatalf("cold root row %+v: want %d samples, each with a floor", cold, cfg.Runs)
	}
	if len(calls) != cfg.Runs {
		t.Errorf("the floor was timed %d times, want once per run (%d)", len(calls), cfg.Runs)
	}
	for i, p := range calls {
		if p != pairs {
			t.Errorf("floor %d timed %d pairs, want the root's %d", i, p, pairs)
		}
		if want := float64(i+1) * 1e6; cold.Floor[i] != want {
			t.Errorf("floor %d: %v ns, want %v (the %d-th call's)", i, cold.Floor[i], want, i+1)
		}
	}
	out.Peer, out.Fork = report.Reference, harness.ForkFulu
	m := report.Build(&report.Run{Outputs: []*harness.Output{out}}, []string{report.Reference})
	c := m.Cells[report.StateKey(harness.ForkFulu, n)][report.CellKey(harness.CaseState, harness.RowColdRoot)][report.Reference]
	if len(c.Ratios) != cfg.Runs || c.Ratios[0] != cold.Samples[0]/cold.Floor[0] {
		t.Errorf("the model's ratios %v, want each run over its floor", c.Ratios)
	}
}
