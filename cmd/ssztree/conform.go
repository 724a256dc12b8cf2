package main

import (
	"fmt"
	"io"
	"os"

	"github.com/ssztree/ssztree/conformance"
)

// carried is the subset of the conformance data the repository carries,
// from its root.
const carried = "testdata/spectests"

// conform runs the conformance cases of a consensus-spec-tests folder and
// prints the summary; it fails if any supported case failed. The folder is
// the one given, else $SSZ_SPECTESTS, else the carried subset when run
// from the repository's root.
func conform(args []string, out io.Writer) error {
	fs := newFlags("conform", "[DIR]",
		"Runs every SSZ conformance case in DIR, a folder in the layout of the consensus-spec-tests\n"+
			"releases (the folder that holds tests/), and prints a summary; DIR defaults to\n"+
			"$SSZ_SPECTESTS, then, from the repository's root, to the subset it carries.",
		"ssztree conform ../consensus-spec-tests")
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	dir := os.Getenv("SSZ_SPECTESTS")
	if len(pos) > 0 {
		dir = pos[0]
	}
	if dir == "" {
		if fi, err := os.Stat(carried); err == nil && fi.IsDir() {
			dir = carried
		}
	}
	if dir == "" {
		return fmt.Errorf("no folder: give one, or set SSZ_SPECTESTS, or run from the repository's root, which carries %s (official releases: https://github.com/ethereum/consensus-spec-tests/releases)", carried)
	}
	s, err := conformance.Run(dir)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, s)
	if len(s.Failures) > 0 {
		return fmt.Errorf("%d cases failed", len(s.Failures))
	}
	return nil
}
