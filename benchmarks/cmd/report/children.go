package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// childCommand is the first argument that makes this binary a child.
const childCommand = "child"

// child is a way to run one peer of one fork in a child process.
type child struct {
	peer string
	fork string
	// argv is the command that runs the child, before the harness flags.
	argv []string
	// proof says whether the peer runs the Merkle proof workloads.
	proof bool
	// states says whether the peer runs the workloads of many states.
	states bool
	// scoreboard says whether the peer runs the scoreboard.
	scoreboard bool
}

// oneCore is how the driver holds a child to one core: the command prefix
// (empty if none) and what the report says of it.
type oneCore struct {
	prefix []string
	how    string
}

// pinning returns how to hold a child to one core: `taskset -c 1` where
// taskset is and the driver may run on two CPUs or more (core 1, as the
// suite pins its benchmarks, leaving core 0 to the rest of the machine),
// else nothing (the child still runs with GOMAXPROCS=1), saying why.
func pinning() oneCore {
	path, err := exec.LookPath("taskset")
	switch {
	case err != nil:
		return oneCore{how: "not pinned: no taskset here"}
	case runtime.NumCPU() < 2:
		return oneCore{how: "not pinned: the driver may use one CPU only"}
	}
	return oneCore{prefix: []string{path, "-c", "1"}, how: "`taskset -c 1`"}
}

// args returns the harness flags of a child run.
func args(cfg harness.Config, peer, fork, out string, rest ...string) []string {
	return append([]string{
		"-peer", peer, "-fork", fork, "-out", out,
		"-runs", strconv.Itoa(cfg.Runs), "-min", cfg.MinRun.String(), "-memruns", strconv.Itoa(cfg.MemRuns),
	}, rest...)
}

// run runs the child with the harness flags and returns its output.
func (c child) run(cfg harness.Config, tmp string, rest ...string) (*harness.Output, error) {
	return c.runOn(nil, cfg, tmp, rest...)
}

// runOn runs the child as run does; with pin, on one core: under pin's
// prefix and with GOMAXPROCS=1.
func (c child) runOn(pin *oneCore, cfg harness.Config, tmp string, rest ...string) (*harness.Output, error) {
	out, err := os.CreateTemp(tmp, c.peer+"-"+c.fork+"-*.json")
	if err != nil {
		return nil, err
	}
	out.Close()
	argv := append(append([]string(nil), c.argv...), args(cfg, c.peer, c.fork, out.Name(), rest...)...)
	if pin != nil {
		argv = append(append([]string(nil), pin.prefix...), argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if pin != nil {
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s (%s): %w", c.peer, c.fork, err)
	}
	data, err := os.ReadFile(out.Name())
	if err != nil {
		return nil, err
	}
	var o harness.Output
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, fmt.Errorf("%s: %w", c.peer, err)
	}
	return &o, nil
}

// buildDynssz builds the dynamic-ssz peer of the sibling module into tmp.
func buildDynssz(tmp string) (string, error) {
	bin := filepath.Join(tmp, "dynssz-peer")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/peer")
	cmd.Dir = "dynssz"
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building the dynamic-ssz peer: %w", err)
	}
	return bin, nil
}

// logf prints progress to standard error.
func logf(start time.Time, format string, a ...any) {
	fmt.Fprintf(os.Stderr, "[%6.1fs] %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, a...))
}
