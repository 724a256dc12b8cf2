package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/report"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// TestPrepareBoard checks where the scoreboard's state comes from: a file
// given (its validators counted, its root read beside it); a generator
// that fails, which a quick run notes and goes on without, and another
// run refuses.
func TestPrepareBoard(t *testing.T) {
	dir := t.TempDir()
	state, err := workload.State(harness.ForkDeneb, 64)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "state-mainnet.ssz")
	root := strings.Repeat("ab", 32)
	if err := os.WriteFile(path, state, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "state-mainnet-meta.json"), []byte(`{"htr": "`+root+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &options{board: boardOptions{validators: 10, state: path, cache: filepath.Join(dir, "cache")}}
	r := &report.Run{}
	in, err := prepareBoard(o, r, dir)
	if err != nil {
		t.Fatal(err)
	}
	if sb := r.Scoreboard; in.state != path || sb.Validators != 64 || sb.StateRoot != root || sb.StateBytes != len(state) || sb.Given != path {
		t.Errorf("a given state: %+v, %+v", in, sb)
	}
	if b, err := os.ReadFile(in.block); err != nil || len(b) != len(workload.ScoreboardBlock) {
		t.Errorf("the block written: %d bytes, %v", len(b), err)
	}

	o.board.state, o.board.generator = "", filepath.Join(dir, "no-generator-here")
	if _, err := prepareBoard(o, &report.Run{}, dir); err == nil {
		t.Error("a full run without its state: no error")
	}
	o.quick = true
	r = &report.Run{}
	in, err = prepareBoard(o, r, dir)
	if err != nil {
		t.Fatal(err)
	}
	if in.state != "" || r.Scoreboard.Validators != 0 || r.Scoreboard.StateMissing == "" || strings.Contains(r.Scoreboard.StateMissing, "\n") {
		t.Errorf("a quick run without its state: %+v, %+v", in, r.Scoreboard)
	}
}
