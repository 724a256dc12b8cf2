package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/ssztree/ssztree/benchmarks/floor"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/report"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// order is the order of the peers in the tables.
var order = []string{"ssztree", "fastssz", "dynssz", "karalabe-seq", "karalabe-conc", "zrnt"}

func run() error {
	o, err := parseFlags()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join("dynssz", "go.mod")); err != nil {
		return fmt.Errorf("run me from the benchmarks module (cd benchmarks): %w", err)
	}
	start := time.Now()
	cpu0 := report.ReadCPUTimes()
	r := &report.Run{
		Machine:    report.ThisMachine(),
		Date:       start,
		Command:    o.command,
		Quick:      o.quick,
		Config:     o.cfg,
		Sizes:      o.sizes,
		SSZBytes:   map[int]int{},
		StatePairs: map[int]map[string]uint64{},
		FloorPairs: floorPairs,
	}
	for _, h := range floor.Hashers() {
		if h.Skip != "" {
			r.Unmeasured = append(r.Unmeasured, report.Unmeasured{Name: h.Name, Why: h.Skip})
		}
	}
	tmp, err := os.MkdirTemp("", "ssztree-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		logf(start, "keeping %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	children, err := makeChildren(o, tmp)
	if err != nil {
		return err
	}

	logf(start, "pair hashing throughput")
	if err := sampleFloor(r); err != nil {
		return err
	}

	micro, err := workload.Micro()
	if err != nil {
		return err
	}
	microDir := filepath.Join(tmp, "micro")
	if err := os.MkdirAll(microDir, 0o755); err != nil {
		return err
	}
	for cs, b := range micro {
		if err := os.WriteFile(filepath.Join(microDir, harness.MicroFile(cs)), b, 0o644); err != nil {
			return err
		}
	}
	if r.MicroPairs, err = floor.MicroPairs(micro); err != nil {
		return err
	}

	for _, n := range o.sizes {
		logf(start, "state of %d validators: generating", n)
		in, err := workload.State(n)
		if err != nil {
			return err
		}
		path := filepath.Join(tmp, fmt.Sprintf("state-%d.ssz", n))
		if err := os.WriteFile(path, in, 0o644); err != nil {
			return err
		}
		r.SSZBytes[n] = len(in)
		var nAll int
		for _, c := range children {
			if err := sampleFloor(r); err != nil {
				return err
			}
			logf(start, "state of %d validators: %s", n, c.peer)
			out, err := c.run(o.cfg, tmp, "-case", harness.CaseState, "-in", path, "-n", fmt.Sprint(n))
			if err != nil {
				r.Errors = append(r.Errors, fmt.Sprintf("%d validators, %v", n, err))
				continue
			}
			r.Outputs = append(r.Outputs, out)
			if c.peer == report.Reference {
				for _, row := range out.Rows {
					if row.Name == harness.RowBalanceAll {
						nAll = row.Validators
					}
				}
			}
		}
		for _, c := range children {
			if !c.proof {
				continue
			}
			if err := sampleFloor(r); err != nil {
				return err
			}
			logf(start, "state of %d validators: %s proofs", n, c.peer)
			out, err := c.run(o.cfg, tmp, "-case", harness.CaseProof, "-in", path, "-n", fmt.Sprint(n))
			if err != nil {
				r.Errors = append(r.Errors, fmt.Sprintf("%d validators, proofs, %v", n, err))
				continue
			}
			r.Outputs = append(r.Outputs, out)
		}
		if nAll == 0 {
			nAll = n
		}
		if r.StatePairs[n], err = floor.StatePairs(in, n, nAll); err != nil {
			return err
		}
		in = nil
		runtime.GC()
		debug.FreeOSMemory()
		if !o.keep {
			os.Remove(path)
		}
	}

	for _, c := range children {
		if err := sampleFloor(r); err != nil {
			return err
		}
		logf(start, "micro cases: %s", c.peer)
		out, err := c.run(o.cfg, tmp, "-case", harness.CaseMicro, "-dir", microDir)
		if err != nil {
			r.Errors = append(r.Errors, fmt.Sprintf("micro cases, %v", err))
			continue
		}
		r.Outputs = append(r.Outputs, out)
	}
	if err := sampleFloor(r); err != nil {
		return err
	}
	r.Machine.LoadAfter = report.LoadAverage()
	r.Machine.OtherCPU = report.OtherShare(cpu0, report.ReadCPUTimes())

	m := report.Build(r, order)
	took := time.Since(start)
	// The analysis of the targets not met is written by hand beside the
	// report (docs/performance.md) and included in it.
	notes, _ := os.ReadFile(filepath.Join(filepath.Dir(o.out), "performance.md"))
	md := report.Markdown(m, filepath.Base(o.svg), took, string(notes))
	if err := os.WriteFile(o.out, []byte(md), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(o.svg, []byte(report.SVG(m)), 0o644); err != nil {
		return err
	}
	logf(start, "wrote %s and %s", o.out, o.svg)
	if len(m.Failures) > 0 || len(r.Errors) > 0 {
		return fmt.Errorf("%d check(s) on which ssztree disagrees with every peer, %d failed child(ren): see %s", len(m.Failures), len(r.Errors), o.out)
	}
	return nil
}

// floorPairs is the size of each goroutine's buffer when the pair hashing
// throughput is measured: 4 MiB of chunks, past the caches.
const floorPairs = 1 << 16

// floorRuns is the passes of each implementation in one sample of the
// pair hashing throughput. The best pass of all samples counts, so a few
// per sample suffice; more would only lengthen the suite, since every
// implementation the processor runs is sampled, the slow ones included.
const floorRuns = 5

// sampleFloor measures the throughput of every pair hashing implementation
// the processor runs, with 1 and 2 goroutines, and keeps the best figures:
// the machine is sampled between the children, so that one quiet moment
// gives the floor its true value.
func sampleFloor(r *report.Run) error {
	for _, h := range floor.Hashers() {
		if h.Skip != "" {
			continue
		}
		for _, g := range []int{1, 2} {
			rate, err := floor.Throughput(h, g, floorPairs, floorRuns)
			if err != nil {
				return err
			}
			r.Sample(h.Name, g, rate)
		}
	}
	r.FloorSamples++
	return nil
}

// makeChildren returns the children to run, in table order: this binary for
// the peers of this module, the sibling module's binary for dynamic-ssz.
func makeChildren(o *options, tmp string) ([]child, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var out []child
	have := map[string]child{}
	for _, p := range peers.All() {
		have[p.Name] = child{peer: p.Name, argv: []string{self, childCommand}, proof: p.Proof != nil}
	}
	if o.peers == nil || o.peers["dynssz"] {
		bin, err := buildDynssz(tmp)
		if err != nil {
			return nil, err
		}
		have["dynssz"] = child{peer: "dynssz", argv: []string{bin}}
	}
	for _, name := range order {
		if c, ok := have[name]; ok && (o.peers == nil || o.peers[name]) {
			out = append(out, c)
		}
	}
	return out, nil
}
