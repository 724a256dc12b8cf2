package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain runs the jobs of the children that bench starts from this test
// binary (os.Executable), as main does.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && strings.HasPrefix(os.Args[1], "-child=") {
		if err := child(strings.TrimPrefix(os.Args[1], "-child="), os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "clibench:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestBench runs the three jobs once on a state of 300 validators: the
// command, the library and dynamic-ssz agree on its root. It takes no
// timing worth reading.
func TestBench(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build ssztree with")
	}
	if err := bench(300, 1, 1, ""); err != nil {
		t.Fatal(err)
	}
}
