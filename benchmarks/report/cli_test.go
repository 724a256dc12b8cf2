package report

import (
	"fmt"
	"strings"
	"testing"
)

// TestCLISection checks the section of the command's benchmark: its table
// and targets when it ran, its error when it failed, nothing when it did
// not run.
func TestCLISection(t *testing.T) {
	render := func(c *CLI) string {
		var b strings.Builder
		m := &Model{Run: &Run{CLI: c}}
		m.cliSection(func(format string, args ...any) { fmt.Fprintf(&b, format, args...) })
		return b.String()
	}
	if got := render(nil); got != "" {
		t.Errorf("no run: %q", got)
	}
	table := "Fulu mainnet state\n\n| job | wall time |\n| --- | ---: |\n| ssztree root FILE (the command) | 1s |"
	got := render(&CLI{Command: "cd benchmarks/dynssz && go run ./cmd/clibench", Table: table})
	for _, want := range []string{"## The command", "≤ 1.2 × the library's", "≤ 1.4 × the SSZ size", "go run ./cmd/clibench", table} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if got := render(&CLI{Command: "x", Err: "exit status 1: clibench: no go"}); !strings.Contains(got, "It failed: exit status 1: clibench: no go") || strings.Contains(got, "| job") {
		t.Errorf("failed run:\n%s", got)
	}
}
