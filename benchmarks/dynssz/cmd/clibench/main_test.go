package main

import (
	"os/exec"
	"testing"
)

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
