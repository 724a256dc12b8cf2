package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
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
		SSZBytes:   map[string]int{},
		FloorPairs: floorPairs,
		Inputs:     workload.Inputs,
	}
	for _, t := range o.tables {
		r.Tables = append(r.Tables, report.Table{Fork: t.fork, Sizes: t.sizes})
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
	o.pin = pinning()
	var board *boardInputs
	if o.cases[harness.CaseScoreboard] {
		// Made first, so that a full run without its state fails before
		// the long tables.
		logf(start, "scoreboard: the suite's inputs")
		if board, err = prepareBoard(o, r, tmp); err != nil {
			return err
		}
	}

	logf(start, "pair hashing throughput")
	if err := sampleFloor(r); err != nil {
		return err
	}

	microDir := func(fork string) string { return filepath.Join(tmp, "micro-"+fork) }
	r.Pairs = map[string]map[string]uint64{}
	r.Blocks = map[string]string{}
	for _, t := range o.tables {
		micro, err := workload.Micro(t.fork)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(microDir(t.fork), 0o755); err != nil {
			return err
		}
		for cs, b := range micro {
			if err := os.WriteFile(filepath.Join(microDir(t.fork), harness.MicroFile(cs)), b, 0o644); err != nil {
				return err
			}
		}
		pairs, err := floor.MicroPairs(t.fork, micro)
		if err != nil {
			return err
		}
		r.Pairs[report.BlockKey(t.fork)] = map[string]uint64{harness.CaseBlock: pairs[harness.CaseBlock]}
		delete(pairs, harness.CaseBlock)
		r.Pairs[report.MicroKey] = pairs
		r.Blocks[t.fork] = workload.BlockContents(t.fork)
	}

	stateCases := o.cases[harness.CaseState] || o.cases[harness.CaseOneCore] || o.cases[harness.CaseProof] || o.cases[harness.CaseStates]
	for _, t := range o.tables {
		for _, n := range t.sizes {
			if !stateCases {
				break
			}
			if err := runState(o, r, stateChildren(o, children, t.fork), tmp, start, t.fork, n); err != nil {
				return err
			}
		}
	}

	for _, t := range o.tables {
		for _, c := range children {
			if !o.cases[harness.CaseMicro] || c.fork != t.fork {
				continue
			}
			if !o.quick {
				if err := sampleFloor(r); err != nil {
					return err
				}
			}
			logf(start, "micro cases, %s block: %s", t.fork, c.peer)
			out, err := c.run(o.cfg, tmp, "-case", harness.CaseMicro, "-dir", microDir(t.fork))
			if err != nil {
				r.Errors = append(r.Errors, fmt.Sprintf("micro cases, %v", err))
				continue
			}
			r.Outputs = append(r.Outputs, out)
		}
	}
	if board != nil {
		runBoard(o, r, children, board, tmp, start)
	}
	if o.cases[caseCLI] {
		logf(start, "the command: ssztree root of a state file (dynssz/cmd/clibench)")
		r.CLI = runCLI(o)
	}
	if err := sampleFloor(r); err != nil {
		return err
	}
	r.Machine.LoadAfter = report.LoadAverage()
	r.Machine.OtherCPU = report.OtherShare(cpu0, report.ReadCPUTimes())

	m := report.Build(r, order)
	took := time.Since(start)
	md := report.Markdown(m, filepath.Base(o.svg), took)
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

// runCLI runs the benchmark of the command (benchmarks/dynssz/cmd/clibench:
// ssztree root of a Fulu state file beside the library's program and
// dynamic-ssz's, each a process of its own) on a state of the first
// table's largest size, and returns its table, or why it failed.
func runCLI(o *options) *report.CLI {
	n := slices.Max(o.tables[0].sizes)
	args := []string{"run", "./cmd/clibench", "-validators", strconv.Itoa(n), "-runs", strconv.Itoa(o.cfg.Runs)}
	c := &report.CLI{Command: "cd benchmarks/dynssz && go " + strings.Join(args, " ")}
	cmd := exec.Command("go", args...)
	cmd.Dir = "dynssz"
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		c.Err = fmt.Sprintf("%v: %s", err, strings.TrimSpace(stderr.String()))
		r := c.Err
		if i := strings.IndexByte(r, '\n'); i >= 0 {
			c.Err = r[:i]
		}
		return c
	}
	c.Table = strings.TrimSpace(string(out))
	return c
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

// floorArgs returns the child flags that pair each run of a state's cold
// root with a sample of its SHA-256 floor (harness.ChildMain): the
// implementation the floor takes now (report.Run.Floor) on its goroutines,
// and the root's pairs; none before the floor was sampled.
func floorArgs(r *report.Run, pairs uint64) []string {
	g := report.FloorGoroutines(r)
	name, _ := r.Floor(g)
	if name == "" {
		return nil
	}
	return []string{"-floor", name, "-floorg", strconv.Itoa(g), "-floorpairs", strconv.FormatUint(pairs, 10)}
}

// dynsszForks are the forks of the dynamic-ssz peers, those of the sibling
// module's peer.Peers() (a fork missing there fails its child).
var dynsszForks = []string{harness.ForkFulu, harness.ForkElectra, harness.ForkGloas}

// dynsszScoreboardFork is the fork of the dynamic-ssz peer that holds its
// scoreboard (the sibling module's peer.Peers()).
const dynsszScoreboardFork = harness.ForkFulu

// makeChildren returns the children to run, in table order, each peer on
// each of its forks: this binary for the peers of this module, the sibling
// module's binary for dynamic-ssz.
func makeChildren(o *options, tmp string) ([]child, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var out []child
	have := map[string][]child{}
	for _, p := range peers.All() {
		have[p.Name] = append(have[p.Name], child{peer: p.Name, fork: p.Fork, argv: []string{self, childCommand}, proof: p.Proof != nil, states: p.States != nil, scoreboard: p.Scoreboard != nil})
	}
	if o.peers == nil || o.peers["dynssz"] {
		bin, err := buildDynssz(tmp)
		if err != nil {
			return nil, err
		}
		for _, fork := range dynsszForks {
			have["dynssz"] = append(have["dynssz"], child{peer: "dynssz", fork: fork, argv: []string{bin}, scoreboard: fork == dynsszScoreboardFork})
		}
	}
	for _, name := range order {
		if o.peers == nil || o.peers[name] {
			out = append(out, have[name]...)
		}
	}
	return out, nil
}

// stateChildren returns the children that run the states of a fork's
// table. A table of another fork than the headline's leaves out, unless
// o.repeats, each peer that runs the headline's table too when the fork
// has a peer of its own beside ssztree: the same library on a state of
// the same size repeats its figures there (on Electra, fastssz and
// dynamic-ssz, beside zrnt), and the flat peers' full roots are most of a
// full run's time. A peer that is its fork's only one beside ssztree
// (dynamic-ssz on Gloas) stays.
func stateChildren(o *options, children []child, fork string) []child {
	headline := o.tables[0].fork
	if o.repeats || fork == headline {
		return children
	}
	inHeadline := map[string]bool{}
	for _, c := range children {
		if c.fork == headline {
			inHeadline[c.peer] = true
		}
	}
	own := false // a peer of the fork's own, not in the headline's table
	for _, c := range children {
		own = own || c.fork == fork && c.peer != report.Reference && !inHeadline[c.peer]
	}
	if !own {
		return children
	}
	var out []child
	for _, c := range children {
		if c.fork != fork || c.peer == report.Reference || !inHeadline[c.peer] {
			out = append(out, c)
		}
	}
	return out
}

// runState runs the state workloads, then the proofs, then the workloads
// of many states, of every child of a fork on its state of n validators,
// and counts the floor's pair hashes.
func runState(o *options, r *report.Run, children []child, tmp string, start time.Time, fork string, n int) error {
	logf(start, "%s state of %d validators: generating", fork, n)
	in, err := workload.State(fork, n)
	if err != nil {
		return err
	}
	path := filepath.Join(tmp, fmt.Sprintf("state-%s-%d.ssz", fork, n))
	if err := os.WriteFile(path, in, 0o644); err != nil {
		return err
	}
	key := report.StateKey(fork, n)
	r.SSZBytes[key] = len(in)
	rootPairs, err := floor.RootPairs(fork, in)
	if err != nil {
		return err
	}
	var nAll int
	for _, cs := range []string{harness.CaseState, harness.CaseOneCore, harness.CaseProof, harness.CaseStates} {
		for _, c := range children {
			if !o.cases[cs] || c.fork != fork || cs == harness.CaseProof && !c.proof || cs == harness.CaseStates && !c.states {
				continue
			}
			if cs == harness.CaseOneCore {
				// The one-core twins of the decode, encode and root
				// rows, the child held to one core.
				logf(start, "%s state of %d validators: %s %s", fork, n, c.peer, cs)
				out, err := c.runOn(&o.pin, o.cfg, tmp, "-case", cs, "-in", path, "-n", fmt.Sprint(n))
				if err != nil {
					r.Errors = append(r.Errors, fmt.Sprintf("%s state of %d validators, %s, %v", fork, n, cs, err))
					continue
				}
				r.Outputs = append(r.Outputs, out)
				continue
			}
			// A quick run samples the floor once per state, not
			// before every child: its figures are not to be quoted,
			// and the samples would take much of its time.
			if !o.quick || c.peer == report.Reference && cs == harness.CaseState {
				if err := sampleFloor(r); err != nil {
					return err
				}
			}
			logf(start, "%s state of %d validators: %s %s", fork, n, c.peer, cs)
			rest := []string{"-case", cs, "-in", path, "-n", fmt.Sprint(n)}
			if cs == harness.CaseState {
				rest = append(rest, floorArgs(r, rootPairs)...)
			}
			out, err := c.run(o.cfg, tmp, rest...)
			if err != nil {
				r.Errors = append(r.Errors, fmt.Sprintf("%s state of %d validators, %s, %v", fork, n, cs, err))
				continue
			}
			r.Outputs = append(r.Outputs, out)
			if c.peer == report.Reference && cs == harness.CaseState {
				for _, row := range out.Rows {
					if row.Name == harness.RowBalanceAll {
						nAll = row.Validators
					}
				}
			}
		}
	}
	if nAll == 0 {
		nAll = n
	}
	if r.Pairs[key], err = floor.StatePairs(fork, in, n, nAll); err != nil {
		return err
	}
	in = nil
	runtime.GC()
	debug.FreeOSMemory()
	if !o.keep {
		os.Remove(path)
	}
	return nil
}
