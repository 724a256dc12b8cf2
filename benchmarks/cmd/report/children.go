package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	out, err := os.CreateTemp(tmp, c.peer+"-"+c.fork+"-*.json")
	if err != nil {
		return nil, err
	}
	out.Close()
	argv := append(append([]string(nil), c.argv...), args(cfg, c.peer, c.fork, out.Name(), rest...)...)
	cmd := exec.Command(argv[0], argv[1:]...)
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
