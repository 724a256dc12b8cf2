package main

import (
	"slices"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/report"
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
