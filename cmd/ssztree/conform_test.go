package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestConformCarried checks that conform, run from the repository's root
// with SSZ_SPECTESTS unset, runs the carried subset: cases of every fork in
// both presets and of the ssz_generic handlers, all passing.
func TestConformCarried(t *testing.T) {
	t.Setenv("SSZ_SPECTESTS", "")
	t.Chdir("../..")
	var out bytes.Buffer
	if err := conform(nil, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{
		"ssz_generic cases in " + carried, "progressive_containers", "compatible_unions",
		"minimal/phase0", "mainnet/altair", "mainnet/gloas", "minimal/gloas", "PASS:",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in the summary:\n%s", want, out.String())
		}
	}
}

// TestConformNoData checks that conform with no folder to read says how to
// give one.
func TestConformNoData(t *testing.T) {
	t.Setenv("SSZ_SPECTESTS", "")
	t.Chdir(t.TempDir())
	err := conform(nil, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "SSZ_SPECTESTS") {
		t.Errorf("no folder: %v", err)
	}
}
