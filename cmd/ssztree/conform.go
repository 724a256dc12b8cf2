package main

import (
	"fmt"
	"io"
	"os"

	"github.com/ssztree/ssztree/internal/spectests"
)

// conform runs the conformance cases of a consensus-spec-tests folder and
// prints the summary; it fails if any supported case failed.
func conform(args []string, out io.Writer) error {
	dir := os.Getenv("SSZ_SPECTESTS")
	if len(args) > 0 {
		dir = args[0]
	}
	if dir == "" {
		return fmt.Errorf("no folder: give one, or set SSZ_SPECTESTS (official releases: https://github.com/ethereum/consensus-spec-tests/releases)")
	}
	s, err := spectests.Run(dir)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, s)
	if len(s.Failures) > 0 {
		return fmt.Errorf("%d cases failed", len(s.Failures))
	}
	return nil
}
