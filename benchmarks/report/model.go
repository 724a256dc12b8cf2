// Package report merges the outputs of the benchmark children into tables,
// checks that every peer computed the same roots as ssztree, and writes
// docs/benchmarks.md and its SVG chart.
package report

import (
	"fmt"
	"sort"
	"time"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// Reference is the peer every other is checked against.
const Reference = "ssztree"

// Run is everything one run of the driver measured.
type Run struct {
	Machine Machine
	Date    time.Time
	// Command is the command line that produced the run.
	Command string
	Quick   bool
	Config  harness.Config
	// Inputs says how the inputs were made, for the method section.
	Inputs string
	// Blocks describes the block of each fork, by fork.
	Blocks map[string]string
	// Tables are the state tables, in order: the first is the headline's
	// fork (Fulu), its state of TargetSize validators (or its largest) the
	// headline's.
	Tables []Table
	// SSZBytes is the size of each serialized state, by its group key
	// (StateKey).
	SSZBytes map[string]int
	// Outputs holds every child's output.
	Outputs []*harness.Output
	// Errors lists the children that failed (peer, case and error).
	Errors []string
	// Hashers holds the throughput of each pair hashing implementation
	// measured (floor.Hashers, floor.Throughput), in the order measured:
	// the best of FloorSamples samples on buffers of FloorPairs pairs per
	// goroutine. The floor takes the fastest (Run.Floor).
	Hashers []HasherRate
	// Unmeasured lists the implementations this processor cannot run.
	Unmeasured   []Unmeasured
	FloorPairs   int
	FloorSamples int
	// Scoreboard is the scoreboard section's inputs and how its children
	// ran; nil if the section did not run.
	Scoreboard *Scoreboard
	// CLI is the section of the command's benchmark; nil if it did not
	// run.
	CLI *CLI
	// Pairs holds the pair hashes of the root rows, by group key: for a
	// state (StateKey), by row ID; for the micro cases (MicroKey) and a
	// block (BlockKey), by case.
	Pairs map[string]map[string]uint64
}

// Table is one fork's state tables: the states of that fork, by validator
// count, each run by ssztree and the peers of the fork.
type Table struct {
	Fork  string
	Sizes []int
}

// HasherRate is the best throughput of one pair hashing implementation.
type HasherRate struct {
	Name string
	// PairsPerSecond is by goroutine count (1 and 2).
	PairsPerSecond map[int]float64
}

// Unmeasured is a pair hashing implementation that was not measured.
type Unmeasured struct {
	Name string
	// Why says why ("the processor lacks AVX512F").
	Why string
}

// Sample records one measurement of an implementation with goroutines
// goroutines, keeping its best.
func (r *Run) Sample(name string, goroutines int, pairsPerSecond float64) {
	for _, h := range r.Hashers {
		if h.Name == name {
			h.PairsPerSecond[goroutines] = max(h.PairsPerSecond[goroutines], pairsPerSecond)
			return
		}
	}
	r.Hashers = append(r.Hashers, HasherRate{Name: name, PairsPerSecond: map[int]float64{goroutines: pairsPerSecond}})
}

// Floor returns the fastest implementation with the given goroutines and
// its pair hashes per second: the rate the SHA-256 floor is computed with.
// It returns "" and 0 when none was measured.
func (r *Run) Floor(goroutines int) (name string, pairsPerSecond float64) {
	for _, h := range r.Hashers {
		if rate := h.PairsPerSecond[goroutines]; rate > pairsPerSecond {
			name, pairsPerSecond = h.Name, rate
		}
	}
	return name, pairsPerSecond
}

// Stat summarizes the samples of one cell.
type Stat struct {
	Median, Min, Max float64
	Runs, OpsPerRun  int
}

func stat(samples []float64) Stat {
	s := append([]float64(nil), samples...)
	sort.Float64s(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Stat{Median: m, Min: s[0], Max: s[len(s)-1], Runs: len(s)}
}

// Cell is one peer's figure for one row: a Stat, or why there is none.
type Cell struct {
	Stat Stat
	OK   bool
	// Why says why there is no figure ("root differs from ssztree's").
	Why string
	// Wrong marks a reference figure whose check failed against every peer.
	Wrong bool
	// Allocs is the allocations per operation of a proof row.
	Allocs *harness.Allocs
	// Ratios holds, for a row whose samples each have a floor beside them
	// (harness.Row.Floor), each sample over its own floor, in the order
	// run; Paired summarizes them. Nil otherwise.
	Ratios []float64
	Paired *Stat
}

// pairedRatios returns each sample of r over the floor measured beside it,
// or nil when r has no floor for each sample.
func pairedRatios(r harness.Row) []float64 {
	if len(r.Floor) == 0 || len(r.Floor) != len(r.Samples) {
		return nil
	}
	out := make([]float64, len(r.Samples))
	for i, v := range r.Samples {
		if r.Floor[i] <= 0 {
			return nil
		}
		out[i] = v / r.Floor[i]
	}
	return out
}

// group is what the peers measured of one group: a state, the proofs on a
// state, the micro cases without a fork, or a fork's block.
type group struct {
	rows   map[string][]harness.Row // by peer
	checks map[string]map[string]harness.Check
}

// Failure is a check on which ssztree disagrees with every peer.
type Failure struct {
	Group, Check string
	Ours         string
	Theirs       map[string]string // by peer
}

// Model is the merged run: one cell per (group, case, row, peer).
type Model struct {
	Run *Run
	// Peers lists the peers by name, in table order.
	Peers []PeerInfo
	// Cells by group key ("state/fulu/100000", "micro", "block/fulu"...),
	// then case/row, then peer.
	Cells    map[string]map[string]map[string]Cell
	Failures []Failure
	// Dropped lists the peers dropped from rows, with why.
	Dropped []string
}

// PeerInfo names a library and says how it is configured on each fork it
// ran.
type PeerInfo struct {
	Name string
	// Forks holds the title of the peer on each fork, in the order run.
	Forks []ForkTitle
	Notes map[string]string
}

// ForkTitle is how a peer is configured on one fork.
type ForkTitle struct{ Fork, Title string }

// GroupKey returns the group key of a row or check of case cs in an output:
// the state of the output's fork and size, the proofs or the workloads of
// many states on it, the micro cases without a fork, or the block of the
// output's fork.
func GroupKey(o *harness.Output, cs string) string {
	switch o.Case {
	case harness.CaseState:
		return StateKey(o.Fork, o.Validators)
	case harness.CaseProof:
		return ProofKey(o.Fork, o.Validators)
	case harness.CaseStates:
		return StatesKey(o.Fork, o.Validators)
	case harness.CaseOneCore:
		// The one-core twins of a state's rows, in its table.
		return StateKey(o.Fork, o.Validators)
	case harness.CaseScoreboard:
		return ScoreboardKey
	}
	if cs == harness.CaseBlock {
		return BlockKey(o.Fork)
	}
	return MicroKey
}

// StateKey returns the group key of a fork's state of n validators.
func StateKey(fork string, n int) string { return fmt.Sprintf("state/%s/%d", fork, n) }

// ProofKey returns the group key of the proofs on a fork's state of n
// validators.
func ProofKey(fork string, n int) string { return fmt.Sprintf("proof/%s/%d", fork, n) }

// BlockKey returns the group key of a fork's block.
func BlockKey(fork string) string { return "block/" + fork }

// MicroKey is the group key of the micro cases that have no fork.
const MicroKey = harness.CaseMicro

// CellKey returns the key of a row of a case within a group.
func CellKey(cs, row string) string { return cs + "/" + row }

// Build merges the outputs of a run, in the order peers are given.
func Build(run *Run, order []string) *Model {
	m := &Model{Run: run, Cells: map[string]map[string]map[string]Cell{}}
	groups := map[string]*group{}
	known := map[string]int{} // index in m.Peers + 1
	for _, o := range run.Outputs {
		i := known[o.Peer] - 1
		if i < 0 {
			m.Peers = append(m.Peers, PeerInfo{Name: o.Peer, Notes: map[string]string{}})
			i = len(m.Peers) - 1
			known[o.Peer] = i + 1
		}
		p := &m.Peers[i]
		newFork := true
		for _, f := range p.Forks {
			newFork = newFork && f.Fork != o.Fork
		}
		if newFork {
			p.Forks = append(p.Forks, ForkTitle{o.Fork, o.Title})
		}
		for k, v := range o.Notes {
			p.Notes[k] = v
		}
		get := func(cs string) *group {
			key := GroupKey(o, cs)
			g := groups[key]
			if g == nil {
				g = &group{rows: map[string][]harness.Row{}, checks: map[string]map[string]harness.Check{}}
				groups[key] = g
			}
			if g.checks[o.Peer] == nil {
				g.checks[o.Peer] = map[string]harness.Check{}
			}
			return g
		}
		for _, r := range o.Rows {
			g := get(r.Case)
			g.rows[o.Peer] = append(g.rows[o.Peer], r)
		}
		for _, c := range o.Checks {
			get(c.Case).checks[o.Peer][CellKey(c.Case, c.Name)] = c
		}
	}
	rank := map[string]int{}
	for i, p := range order {
		rank[p] = i + 1
	}
	sort.SliceStable(m.Peers, func(i, j int) bool {
		ri, rj := rank[m.Peers[i].Name], rank[m.Peers[j].Name]
		if ri == 0 {
			ri = len(order) + 1
		}
		if rj == 0 {
			rj = len(order) + 1
		}
		return ri < rj
	})
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		m.merge(key, groups[key])
	}
	m.publishedFailures()
	return m
}

// verdicts compares each check of each peer with the reference's: it returns,
// per check, the peers that differ from the reference, and records a Failure
// where the reference differs from every peer.
func (m *Model) verdicts(key string, g *group) map[string]map[string]bool {
	differs := map[string]map[string]bool{}
	ref := g.checks[Reference]
	names := map[string]bool{}
	for _, checks := range g.checks {
		for name := range checks {
			names[name] = true
		}
	}
	sorted := make([]string, 0, len(names))
	for name := range names {
		sorted = append(sorted, name)
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		ours, haveOurs := ref[name]
		differs[name] = map[string]bool{}
		agree, others := 0, map[string]string{}
		for peer, checks := range g.checks {
			if peer == Reference {
				continue
			}
			c, ok := checks[name]
			if !ok {
				continue
			}
			v := c.Value
			if c.Err != "" {
				v = "error: " + c.Err
			}
			others[peer] = v
			if haveOurs && ours.Err == "" && c.Err == "" && c.Value == ours.Value {
				agree++
			} else {
				differs[name][peer] = true
			}
		}
		if !haveOurs || len(others) == 0 || agree > 0 {
			continue
		}
		// The reference differs from every peer: its figure is wrong, and
		// the peers stay in the row.
		v := ours.Value
		if ours.Err != "" {
			v = "error: " + ours.Err
		}
		m.Failures = append(m.Failures, Failure{Group: key, Check: name, Ours: v, Theirs: others})
		differs[name] = map[string]bool{Reference: true}
	}
	return differs
}

// merge fills the cells of one group.
func (m *Model) merge(key string, g *group) {
	differs := m.verdicts(key, g)
	cells := map[string]map[string]Cell{}
	m.Cells[key] = cells
	for peer, rows := range g.rows {
		for _, r := range rows {
			ck := CellKey(r.Case, r.Name)
			if cells[ck] == nil {
				cells[ck] = map[string]Cell{}
			}
			cell := Cell{}
			switch {
			case r.Err != "":
				cell.Why = "error: " + r.Err
			case len(r.Samples) == 0:
				cell.Why = "no samples"
			default:
				cell.Stat = stat(r.Samples)
				cell.Stat.OpsPerRun = r.OpsPerRun
				cell.Allocs = r.Allocs
				cell.OK = true
				if ratios := pairedRatios(r); ratios != nil {
					st := stat(ratios)
					cell.Ratios, cell.Paired = ratios, &st
				}
			}
			for _, check := range harness.ChecksFor(r.Case, r.Name) {
				if !differs[CellKey(r.Case, check)][peer] {
					continue
				}
				if peer == Reference {
					cell.Wrong = true
					continue
				}
				if cell.OK {
					m.Dropped = append(m.Dropped, fmt.Sprintf("%s, %s %s: dropped, its %s check differs from ssztree's", key, peer, ck, check))
				}
				cell.OK, cell.Why = false, check+" differs from ssztree's"
			}
			cells[ck][peer] = cell
		}
	}
}
