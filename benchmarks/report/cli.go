package report

import "strings"

// CLI is the section of the command's benchmark: ssztree root of a state
// file, beside the same job written as a program with the library and with
// dynamic-ssz, each a process of its own (benchmarks/dynssz/cmd/clibench,
// which prints the table).
type CLI struct {
	// Command is the command line that ran the benchmark.
	Command string
	// Table is what it printed: a line on the state, then a Markdown table
	// of the jobs' medians and ranges.
	Table string
	// Err says why it failed; empty if it did not.
	Err string
}

// CLI targets (issue 39, item 5): the command's wall time within 1.2 times
// the library's program's, and its peak resident memory within 1.4 times
// the state's SSZ size.
const (
	cliTimeTarget = 1.2
	cliPeakTarget = 1.4
)

// cliSection writes the section of the command's benchmark, if it ran.
func (m *Model) cliSection(w writer) {
	c := m.Run.CLI
	if c == nil {
		return
	}
	w("## The command: `ssztree root` of a state file\n\n")
	w("`ssztree root FILE` of a Fulu state file in raw SSZ, beside the same job as a program of the library (open the file, `versioned.ReadStateFrom`, `HashTreeRoot`) and of dynamic-ssz through go-eth2-client's `spec/fulu` types (read the file, `UnmarshalSSZ`, `HashTreeRoot`). Each job is a process of its own, run one after another, on every core; its wall time includes the process's start, and its peak resident memory is the kernel's (`getrusage`'s `ru_maxrss` of the child). The roots of the three agree. Targets: the command's time ≤ %.1f × the library's, its peak ≤ %.1f × the SSZ size. Run by `%s`.\n\n",
		cliTimeTarget, cliPeakTarget, c.Command)
	if c.Err != "" {
		w("It failed: %s\n\n", strings.TrimSpace(c.Err))
		return
	}
	w("%s\n\n", c.Table)
}
