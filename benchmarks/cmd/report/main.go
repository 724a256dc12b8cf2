// Command report runs the benchmark suite: ssztree and every peer on the
// same bytes, each peer in a child process one after another, and writes
// ../docs/benchmarks.md and its chart ../docs/benchmarks.svg. Each table is
// of one fork: Fulu (ssztree, fastssz, dynssz, with the proofs) at 100,000
// and 1,000,000 validators, Electra (ssztree, fastssz, dynssz, zrnt),
// Deneb (ssztree, karalabe) and Gloas (ssztree, dynssz) at 1,000,000. Run
// it from the benchmarks module:
//
//	go run ./cmd/report          # every table (about 17 minutes on an idle 2-core machine)
//	go run ./cmd/report -quick   # 10,000 validators, few repetitions (CI)
//	go run ./cmd/report -cases states -forks fulu -sizes 1000000   # the many states section alone
//	go run ./cmd/report -cases scoreboard -forks deneb              # the scoreboard section alone
//
// It exits with status 1 when ssztree computes a root that no peer agrees
// with, or a child fails, after writing the report.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ssztree/ssztree/benchmarks/floor"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == childCommand {
		harness.ChildMain(os.Args[2:], peers.All(), floor.Source(floorPairs))
		return
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// options are the driver's flags.
type options struct {
	quick bool
	// tables are the forks' state tables, in order.
	tables []tableSpec
	cfg    harness.Config
	peers  map[string]bool
	out    string
	svg    string
	keep   bool
	// repeats runs, on the states of the other forks' tables, the peers
	// that also run the headline's (see stateChildren).
	repeats bool
	command string
	// cases are the kinds of workload to run (harness.CaseState,
	// CaseProof, CaseStates, CaseMicro, CaseOneCore, CaseScoreboard); a
	// kind left out has no rows.
	cases map[string]bool
	// board says where the scoreboard's state comes from.
	board boardOptions
	// pin is how the one-core and scoreboard children are held to one
	// core (pinning).
	pin oneCore
}

// boardOptions are the flags of the scoreboard section's state.
type boardOptions struct {
	// validators is the size of the state the suite's generator makes.
	validators int
	// generator is a local copy of the generator's folder ("" : the
	// module proxy); cache the folder of the states made.
	generator, cache string
	// state, if set, is a state file to use instead.
	state string
}

func parseFlags() (*options, error) {
	o := &options{}
	sizes := flag.String("sizes", "100000,1000000,2000000", "validator counts of the Fulu states, comma-separated")
	other := flag.String("other", "1000000", "validator counts of the states of the other forks' tables (Electra, Deneb, Gloas), comma-separated")
	forks := flag.String("forks", "fulu,electra,deneb,gloas", "the forks' tables to run, comma-separated, the headline's first")
	flag.BoolVar(&o.quick, "quick", false, "a quick run for CI: 10,000 validators, 5 runs of at least 10ms, 2 memory runs (unless set)")
	flag.IntVar(&o.cfg.Runs, "runs", 7, "timed runs of each row (the median is reported)")
	flag.DurationVar(&o.cfg.MinRun, "min", 200*time.Millisecond, "least duration of a run of a fast operation")
	flag.IntVar(&o.cfg.MemRuns, "memruns", 3, "runs of each memory row")
	only := flag.String("peers", "", "run only these peers (comma-separated names; ssztree is always run)")
	flag.StringVar(&o.out, "out", "../docs/benchmarks.md", "the report to write")
	flag.StringVar(&o.svg, "svg", "../docs/benchmarks.svg", "the chart to write")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (inputs, child JSON outputs)")
	flag.BoolVar(&o.repeats, "repeats", false, "also run, on the other forks' states, the peers of the headline's table that another peer of the fork could stand beside (Electra: fastssz and dynssz), whose figures repeat the headline's at the same size")
	cases := flag.String("cases", strings.Join(allCases, ","), "the kinds of workload to run, comma-separated: state (a state's rows), proof, states (many states in one process), micro (the micro cases and blocks), onecore (a state's decode, encode and roots again on one core), scoreboard (pk910/ssz-benchmark's rows on its inputs, on one core), cli (the command ssztree root of a state file, beside the library's program and dynamic-ssz's)")
	flag.IntVar(&o.board.validators, "scoreboard-validators", workload.ScoreboardValidators, "validators of the scoreboard's state, made by pk910/ssz-benchmark's generator (-quick: 2,000 unless set)")
	flag.StringVar(&o.board.generator, "scoreboard-generator", "", "a local copy of pk910/ssz-benchmark's res/generator folder to make the scoreboard's state with (default: the module through the Go module proxy)")
	flag.StringVar(&o.board.cache, "scoreboard-cache", workload.DefaultScoreboardCache(), "the folder the scoreboard's generated states are kept in")
	flag.StringVar(&o.board.state, "scoreboard-state", "", "a state file to run the scoreboard on instead of the generator's (its root is read from FILE-meta.json beside it, if there)")
	flag.Parse()
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.quick {
		if !set["sizes"] {
			*sizes = "10000"
		}
		if !set["other"] {
			*other = "10000"
		}
		if !set["runs"] {
			o.cfg.Runs = 5
		}
		if !set["min"] {
			o.cfg.MinRun = 10 * time.Millisecond
		}
		if !set["memruns"] {
			o.cfg.MemRuns = 2
		}
		if !set["scoreboard-validators"] {
			o.board.validators = quickBoardValidators
		}
	}
	primary, err := parseSizes(*sizes)
	if err != nil {
		return nil, err
	}
	secondary, err := parseSizes(*other)
	if err != nil {
		return nil, err
	}
	for i, f := range strings.Split(*forks, ",") {
		t := tableSpec{fork: strings.TrimSpace(f), sizes: secondary}
		if i == 0 {
			t.sizes = primary
		}
		if !knownFork(t.fork) {
			return nil, fmt.Errorf("no table of fork %q", t.fork)
		}
		o.tables = append(o.tables, t)
	}
	if o.board.validators < 1 {
		return nil, fmt.Errorf("-scoreboard-validators must be positive")
	}
	if o.cfg.Runs < 1 || o.cfg.MemRuns < 1 {
		return nil, fmt.Errorf("-runs and -memruns must be positive")
	}
	o.cases = map[string]bool{}
	for _, c := range strings.Split(*cases, ",") {
		c = strings.TrimSpace(c)
		if !slices.Contains(allCases, c) {
			return nil, fmt.Errorf("no workload kind %q (want some of %s)", c, strings.Join(allCases, ","))
		}
		o.cases[c] = true
	}
	if *only != "" {
		o.peers = map[string]bool{"ssztree": true}
		for _, p := range strings.Split(*only, ",") {
			o.peers[strings.TrimSpace(p)] = true
		}
	}
	o.command = "cd benchmarks && go run ./cmd/report"
	if args := os.Args[1:]; len(args) > 0 {
		o.command += " " + strings.Join(args, " ")
	}
	return o, nil
}

// allCases are the kinds of workload the report runs, in order.
var allCases = []string{harness.CaseState, harness.CaseOneCore, harness.CaseProof, harness.CaseStates, harness.CaseMicro, harness.CaseScoreboard, caseCLI}

// caseCLI names the section of the command's benchmark: ssztree root of a
// state file, run by benchmarks/dynssz/cmd/clibench in processes of their
// own, not by the children.
const caseCLI = "cli"

// quickBoardValidators is the size of the scoreboard's state in a quick
// run: the state's fixed vectors (about 2.7 MB) dominate it.
const quickBoardValidators = 2_000

// tableSpec is a fork's state tables to run: its fork and sizes.
type tableSpec struct {
	fork  string
	sizes []int
}

// parseSizes parses comma-separated validator counts.
func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", f)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// knownFork reports whether some peer runs on fork.
func knownFork(fork string) bool {
	for _, p := range peers.All() {
		if p.Fork == fork {
			return true
		}
	}
	return false
}
