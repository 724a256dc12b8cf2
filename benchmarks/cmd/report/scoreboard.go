package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/report"
	"github.com/ssztree/ssztree/benchmarks/workload"
	"github.com/ssztree/ssztree/deneb"
)

// boardInputs are the files the scoreboard's children read: the suite's
// block, and its state ("" if there is none).
type boardInputs struct {
	block, state string
}

// prepareBoard writes the suite's block into tmp and finds or makes its
// state (see boardState), and describes both in r.Scoreboard. Without a
// state, a quick run goes on with the block's rows alone and says why;
// another run fails.
func prepareBoard(o *options, r *report.Run, tmp string) (*boardInputs, error) {
	in := &boardInputs{block: filepath.Join(tmp, "scoreboard-block.ssz")}
	if err := os.WriteFile(in.block, workload.ScoreboardBlock, 0o644); err != nil {
		return nil, err
	}
	sb := &report.Scoreboard{
		BlockBytes:  len(workload.ScoreboardBlock),
		BlockSHA256: sha256Hex(workload.ScoreboardBlock),
		BlockRoot:   workload.ScoreboardBlockRoot,
		Pinning:     o.pin.how,
	}
	r.Scoreboard = sb
	err := boardState(o, sb, in)
	if err != nil && !o.quick {
		return nil, fmt.Errorf("the scoreboard's state (-scoreboard-generator DIR or -scoreboard-state FILE give another source; -cases without scoreboard skips the section): %w", err)
	}
	if err != nil {
		sb.StateMissing, sb.Validators, in.state = strings.Join(strings.Fields(err.Error()), " "), 0, ""
	}
	return in, nil
}

// boardState finds the scoreboard's state: the file -scoreboard-state
// names, or the suite's generator's (workload.Generator), decoded once
// with ssztree to count its validators.
func boardState(o *options, sb *report.Scoreboard, in *boardInputs) error {
	if o.board.state != "" {
		in.state, sb.Given = o.board.state, o.board.state
		if root, err := workload.ReadMetaRoot(strings.TrimSuffix(o.board.state, ".ssz") + "-meta.json"); err == nil {
			sb.StateRoot = root
		}
	} else {
		g := workload.Generator{Dir: o.board.generator, Cache: o.board.cache}
		made, err := g.ScoreboardState(o.board.validators)
		if err != nil {
			return err
		}
		in.state, sb.StateRoot, sb.Command, sb.Cached = made.Path, made.Root, made.Command, made.Cached
	}
	b, err := os.ReadFile(in.state)
	if err != nil {
		return err
	}
	st, err := deneb.DecodeBeaconState(deneb.Mainnet, b)
	if err != nil {
		return fmt.Errorf("the scoreboard's state %s: %w", in.state, err)
	}
	sb.Validators, sb.StateBytes, sb.StateSHA256 = st.Validators().Len(), len(b), sha256Hex(b)
	return nil
}

// runBoard runs the scoreboard's children, each on one core, and adds
// their outputs to r.
func runBoard(o *options, r *report.Run, children []child, in *boardInputs, tmp string, start time.Time) {
	for _, c := range children {
		if !c.scoreboard {
			continue
		}
		logf(start, "scoreboard: %s (%s)", c.peer, o.pin.how)
		args := []string{"-case", harness.CaseScoreboard, "-block", in.block}
		if in.state != "" {
			args = append(args, "-in", in.state)
		}
		out, err := c.runOn(&o.pin, o.cfg, tmp, args...)
		if err != nil {
			r.Errors = append(r.Errors, fmt.Sprintf("scoreboard, %v", err))
			continue
		}
		r.Outputs = append(r.Outputs, out)
	}
}

// sha256Hex returns the SHA-256 of b, hex.
func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
