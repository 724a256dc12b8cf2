package harness

import (
	"runtime"
	"testing"
)

var sink [][]byte

// TestMeasureCold checks that a cold row takes ColdRuns samples of one
// operation each, runs the prep before every one, and counts the
// allocations of the operation alone.
func TestMeasureCold(t *testing.T) {
	preps, dos := 0, 0
	o := op{
		row: RowBalance1,
		prep: func(int) error {
			preps++
			for range 100 {
				sink = append(sink, make([]byte, 64)) // not the operation's
			}
			return nil
		},
		do: func(int) error {
			dos++
			sink = sink[:0]
			for range 7 {
				sink = append(sink, make([]byte, 1024))
			}
			return nil
		},
	}
	k := 0
	samples, allocs, err := measureCold(o, &k)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != ColdRuns || k != ColdRuns || preps != ColdRuns || dos != ColdRuns {
		t.Fatalf("%d samples, k %d, %d preps, %d operations; want %d of each", len(samples), k, preps, dos, ColdRuns)
	}
	// 7 buffers, and at most a growth of sink's backing array.
	if allocs.PerOp < 7 || allocs.PerOp > 8 || allocs.BytesPerOp < 7*1024 {
		t.Errorf("allocations per operation %v (%v bytes), want 7 or 8 (≥ 7 KiB)", allocs.PerOp, allocs.BytesPerOp)
	}
	runtime.KeepAlive(sink)
}

// TestColdChecks checks that a cold row is vouched for by its warm twin's
// checks.
func TestColdChecks(t *testing.T) {
	for _, row := range ColdStateRows {
		got, want := ChecksFor(CaseState, ColdRow(row)), ChecksFor(CaseState, row)
		if len(want) == 0 || len(got) != len(want) || got[0] != want[0] {
			t.Errorf("%s: checks %v, want %v", ColdRow(row), got, want)
		}
	}
	for _, row := range ProofRows {
		got := ChecksFor(CaseProof, ColdRow(row))
		if len(got) != 2 || got[1] != row {
			t.Errorf("%s: checks %v, want those of %s", ColdRow(row), got, row)
		}
	}
}
