package harness

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"runtime"
)

// The scoreboard runs the method of pk910/ssz-benchmark, the public
// scoreboard of Go SSZ libraries, with our own code: six rows on the
// suite's mainnet Deneb block and state (workload.ScoreboardBlock,
// workload.Generator), in a child process on one core (the driver pins
// it with taskset and sets GOMAXPROCS=1, as the suite runs `go test
// -bench` under `taskset -c 1`).
//
// Its rows, as the suite's benchmarks do them:
//   - decode: a new value decoded from the bytes, each operation;
//   - encode: one decoded value encoded into a new buffer each operation
//     (the suite's MarshalSSZ allocates one; here the harness allocates
//     it, of the input's size, inside the timed operation, and the peer
//     appends to it);
//   - root: the hash_tree_root of the block's message (the BeaconBlock,
//     the root the suite checks) and of the state. The suite hashes one
//     decoded value again and again, which a tree-backed value answers
//     from its cache; here each root is that of a fresh decode (the
//     decode untimed), the first root a node computes of a value it
//     received, for every peer alike.

// CaseScoreboard names the scoreboard's output, rows and checks.
const CaseScoreboard = "scoreboard"

// The scoreboard's rows, in the suite's order.
const (
	RowBoardBlockDecode = "block-decode"
	RowBoardBlockEncode = "block-encode"
	RowBoardBlockRoot   = "block-root" // root of the message of a fresh decode
	RowBoardStateDecode = "state-decode"
	RowBoardStateEncode = "state-encode"
	RowBoardStateRoot   = "state-root" // root of a fresh decode
)

// ScoreboardRows lists the scoreboard's rows in order.
var ScoreboardRows = []string{
	RowBoardBlockDecode, RowBoardBlockEncode, RowBoardBlockRoot,
	RowBoardStateDecode, RowBoardStateEncode, RowBoardStateRoot,
}

// Scoreboard is how a peer runs the scoreboard: a Deneb mainnet
// SignedBeaconBlock whose Root is that of its message, and a Deneb mainnet
// BeaconState. Make one with NewScoreboard.
type Scoreboard struct {
	// Title says which library, version and configuration runs the
	// scoreboard, when it is not the peer's Title.
	Title string
	block *boardCodec
	state *boardCodec
}

// NewScoreboard returns the Scoreboard of a block codec, whose Root must
// return the root of the block's message, and a state codec.
func NewScoreboard[B, S any](title string, block Codec[B], state Codec[S]) *Scoreboard {
	return &Scoreboard{Title: title, block: newBoardCodec(block), state: newBoardCodec(state)}
}

// boardCodec erases the value type of a Codec: it holds the last value
// decoded.
type boardCodec struct {
	decode func(b []byte) error
	encode func(dst []byte) ([]byte, error)
	root   func() ([32]byte, error)
	// reset drops the value decoded last.
	reset func()
}

func newBoardCodec[V any](c Codec[V]) *boardCodec {
	var last V
	return &boardCodec{
		decode: func(b []byte) error {
			v, err := c.Decode(b)
			last = v
			return err
		},
		encode: func(dst []byte) ([]byte, error) { return c.Encode(last, dst) },
		root:   func() ([32]byte, error) { return c.Root(last) },
		reset:  func() { var zero V; last = zero },
	}
}

// boardOp returns the operation of a row on input in: a decode into a new
// value; an encode of the value decoded last into a new buffer of the
// input's size; a root of a fresh decode, the decode untimed.
func boardOp(c *boardCodec, in []byte, row string) op {
	switch row {
	case RowBoardBlockEncode, RowBoardStateEncode:
		return op{row: row, do: func(int) error {
			_, err := c.encode(make([]byte, 0, len(in)))
			return err
		}}
	case RowBoardBlockRoot, RowBoardStateRoot:
		return op{
			row:  row,
			prep: func(int) error { return c.decode(in) },
			do:   func(int) error { _, err := c.root(); return err },
		}
	}
	return op{row: row, do: func(int) error { return c.decode(in) }}
}

// verifyBoard decodes in once and returns its root check and its encoding
// check, named after the root and encode rows.
func verifyBoard(c *boardCodec, in []byte, rootRow, encodeRow string) []Check {
	root := Check{Case: CaseScoreboard, Name: rootRow}
	enc := Check{Case: CaseScoreboard, Name: encodeRow}
	if err := c.decode(in); err != nil {
		root.Err, enc.Err = err.Error(), err.Error()
		return []Check{root, enc}
	}
	if r, err := c.root(); err != nil {
		root.Err = err.Error()
	} else {
		root.Value = hex.EncodeToString(r[:])
	}
	if b, err := c.encode(nil); err != nil {
		enc.Err = err.Error()
	} else if bytes.Equal(b, in) {
		enc.Value = EncodingEqual
	} else {
		enc.Value = EncodingDiffers
	}
	return []Check{root, enc}
}

// VerifyScoreboard returns the checks of a scoreboard on a block and a
// state (nil: the block's alone): the root of each and whether its
// encoding equals its input.
func VerifyScoreboard(s *Scoreboard, block, state []byte) []Check {
	checks := verifyBoard(s.block, block, RowBoardBlockRoot, RowBoardBlockEncode)
	if state != nil {
		checks = append(checks, verifyBoard(s.state, state, RowBoardStateRoot, RowBoardStateEncode)...)
	}
	return checks
}

// RunScoreboard runs the checks, then the six rows (the state's three only
// if state is not nil), each cfg.Runs runs (see measure). It runs on as
// many cores as GOMAXPROCS allows: the driver's child sets one.
func RunScoreboard(cfg Config, s *Scoreboard, block, state []byte) *Output {
	out := &Output{Case: CaseScoreboard, Procs: runtime.GOMAXPROCS(0)}
	out.Checks = VerifyScoreboard(s, block, state)
	for _, row := range ScoreboardRows {
		c, in := s.block, block
		if row == RowBoardStateDecode || row == RowBoardStateEncode || row == RowBoardStateRoot {
			c, in = s.state, state
		}
		if in == nil {
			continue
		}
		res := Row{Case: CaseScoreboard, Name: row, Unit: UnitNs}
		if row == RowBoardBlockEncode || row == RowBoardStateEncode {
			// The value to encode: one decode, as the suite's Marshal
			// benchmarks make before their timer starts.
			if err := c.decode(in); err != nil {
				res.Err = err.Error()
				out.Rows = append(out.Rows, res)
				continue
			}
		}
		k := 0
		samples, ops, err := measure(cfg, boardOp(c, in, row), &k)
		if err != nil {
			res.Err = err.Error()
		}
		res.Samples, res.OpsPerRun = samples, ops
		out.Rows = append(out.Rows, res)
		// Drop the value and its garbage before the next row, as the
		// suite's next benchmark function starts afresh.
		c.reset()
		runtime.GC()
	}
	return out
}

// ScoreboardDisagreements runs the scoreboard's checks of ref and of each
// peer of others that has a scoreboard, on block and state (nil: the
// block's alone), and describes every check that failed or differs from
// ref's, and every root of ref's that differs from the published one
// (blockRoot; stateRoot, if not empty), hex. It also says so when no
// peer of others has a scoreboard.
func ScoreboardDisagreements(ref Peer, others []Peer, block, state []byte, blockRoot, stateRoot string) []string {
	if ref.Scoreboard == nil {
		return []string{fmt.Sprintf("%s has no scoreboard", ref.Name)}
	}
	want := VerifyScoreboard(ref.Scoreboard, block, state)
	var out []string
	published := map[string]string{RowBoardBlockRoot: blockRoot, RowBoardStateRoot: stateRoot}
	for _, c := range want {
		switch {
		case c.Err != "":
			out = append(out, fmt.Sprintf("%s %s/%s: %s", ref.Name, c.Case, c.Name, c.Err))
		case published[c.Name] != "" && c.Value != published[c.Name]:
			out = append(out, fmt.Sprintf("%s %s/%s = %s, published %s", ref.Name, c.Case, c.Name, c.Value, published[c.Name]))
		case (c.Name == RowBoardBlockEncode || c.Name == RowBoardStateEncode) && c.Value != EncodingEqual:
			out = append(out, fmt.Sprintf("%s %s/%s: %s", ref.Name, c.Case, c.Name, c.Value))
		}
	}
	n := 0
	for _, p := range others {
		if p.Scoreboard == nil || p.Name == ref.Name {
			continue
		}
		n++
		out = append(out, Disagreements(p.Name, VerifyScoreboard(p.Scoreboard, block, state), want)...)
	}
	if n == 0 {
		out = append(out, "no peer beside "+ref.Name+" has a scoreboard")
	}
	return out
}
