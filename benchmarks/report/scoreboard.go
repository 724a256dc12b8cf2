package report

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// ScoreboardKey is the group key of the scoreboard section.
const ScoreboardKey = harness.CaseScoreboard

// Scoreboard is what the scoreboard section ran on and how.
type Scoreboard struct {
	// BlockBytes and BlockSHA256 describe the suite's block; BlockRoot is
	// the root the suite publishes for it (of its message), hex.
	BlockBytes  int
	BlockSHA256 string
	BlockRoot   string
	// Validators, StateBytes and StateSHA256 describe the state the
	// suite's generator made; StateRoot is the root it wrote beside it
	// (empty if unknown). Validators is 0 when the state rows did not
	// run, and StateMissing says why.
	Validators   int
	StateBytes   int
	StateSHA256  string
	StateRoot    string
	StateMissing string
	// Command made the state; Cached says it was found in the cache.
	Command string
	Cached  bool
	// Given is the state file -scoreboard-state named, if any (then
	// Command is empty).
	Given string
	// Pinning says how the children were held to one core: "taskset -c 1",
	// or why they were not pinned.
	Pinning string
}

// boardTarget is a scoreboard row's target: ssztree's median at most limit
// times the fastest peer's (issue 42, docs/performance.md#status).
type boardTarget struct {
	title string
	limit float64
}

// ScoreboardRows lists the rows of the scoreboard section, in the suite's
// order.
var ScoreboardRows = []RowInfo{
	{Case: harness.CaseScoreboard, ID: harness.RowBoardBlockDecode, Title: "block decode"},
	{Case: harness.CaseScoreboard, ID: harness.RowBoardBlockEncode, Title: "block encode"},
	{Case: harness.CaseScoreboard, ID: harness.RowBoardBlockRoot, Title: "block root, fresh decode"},
	{Case: harness.CaseScoreboard, ID: harness.RowBoardStateDecode, Title: "state decode"},
	{Case: harness.CaseScoreboard, ID: harness.RowBoardStateEncode, Title: "state encode"},
	{Case: harness.CaseScoreboard, ID: harness.RowBoardStateRoot, Title: "state root, fresh decode"},
}

// boardTargets are the targets of the scoreboard's rows, by row ID.
var boardTargets = map[string]boardTarget{
	harness.RowBoardBlockDecode: {"≤ 0.8 × fastest peer", 0.8},
	harness.RowBoardBlockEncode: {"≤ 0.8 × fastest peer", 0.8},
	harness.RowBoardBlockRoot:   {"≤ 0.8 × fastest peer", 0.8},
	harness.RowBoardStateDecode: {"≤ 0.8 × fastest peer", 0.8},
	harness.RowBoardStateEncode: {"≤ 0.8 × fastest peer", 0.8},
	harness.RowBoardStateRoot:   {"≤ 0.6 × fastest peer", 0.6},
}

// publishedFailures compares ssztree's scoreboard roots with the roots the
// suite published for its inputs (the block's) and the generator wrote
// (the state's): a difference is a failure.
func (m *Model) publishedFailures() {
	sb := m.Run.Scoreboard
	if sb == nil {
		return
	}
	published := map[string]string{harness.RowBoardBlockRoot: sb.BlockRoot, harness.RowBoardStateRoot: sb.StateRoot}
	for _, o := range m.Run.Outputs {
		if o.Case != harness.CaseScoreboard || o.Peer != Reference {
			continue
		}
		for _, c := range o.Checks {
			want := published[c.Name]
			if want == "" || c.Err == "" && c.Value == want {
				continue
			}
			ours := c.Value
			if c.Err != "" {
				ours = "error: " + c.Err
			}
			m.Failures = append(m.Failures, Failure{Group: ScoreboardKey, Check: harness.CaseScoreboard + "/" + c.Name, Ours: ours, Theirs: map[string]string{"published": want}})
		}
	}
}

// scoreboardSection writes the scoreboard section: its method, its inputs,
// its table.
func (m *Model) scoreboardSection(w writer) {
	sb := m.Run.Scoreboard
	if sb == nil || m.Cells[ScoreboardKey] == nil {
		return
	}
	w("\n## The public scoreboard, on one core\n\n")
	w("The method of [pk910/ssz-benchmark](https://github.com/pk910/ssz-benchmark), the public scoreboard of Go SSZ libraries, run by our own harness (`harness/scoreboard.go`) on that suite's inputs: ")
	w("its six rows, each peer in a child process held to one core (%s) with `GOMAXPROCS=1`, as the suite runs `go test -bench` under `taskset -c 1`. ", sb.Pinning)
	w("Decode: a new value from the bytes each operation. Encode: one decoded value, into a new buffer of the input's size each operation (the suite's `MarshalSSZ` allocates one). ")
	w("Root: of the block's message (the `BeaconBlock`, the root the suite checks) and of the state, each of a fresh decode, the decode untimed: the suite hashes one decoded value again and again, which a tree-backed value answers from its cache, so every peer here hashes a value it has just decoded, the first root a node computes of what it received. ")
	w("A cell is the median of %d runs (± half the range), each run repeating the operation for at least %s; the suite reports the mean of 10 `go test -count` runs of about a second each. ", m.Run.Config.Runs, m.Run.Config.MinRun)
	w("Targets ([performance.md](performance.md#status)): every row ≤ 0.8 × the fastest peer, the state root of a fresh decode ≤ 0.6 ×.\n\n")
	w("- block: the suite's `res/block-mainnet.ssz` (commit `f5a0ab6`), a mainnet Deneb `SignedBeaconBlock` of %s (SHA-256 `%s`), committed as `benchmarks/workload/scoreboard/block-mainnet.ssz`; the suite publishes its root `%s`\n", Bytes(float64(sb.BlockBytes)), short(sb.BlockSHA256), short(sb.BlockRoot))
	switch {
	case sb.Validators > 0 && sb.Given != "":
		w("- state: a mainnet Deneb `BeaconState` of %s validators, %s (SHA-256 `%s`), the file given by `-scoreboard-state %s`; its root beside it `%s`\n", Count(uint64(sb.Validators)), Bytes(float64(sb.StateBytes)), short(sb.StateSHA256), sb.Given, short(sb.StateRoot))
	case sb.Validators > 0:
		made := "made in this run"
		if sb.Cached {
			made = "found in the cache, made by an earlier run"
		}
		w("- state: a mainnet Deneb `BeaconState` of %s validators, %s (SHA-256 `%s`), made by the suite's generator (%s): `%s`; the generator's root `%s`. The generator ignores its seed (it draws from `crypto/rand`), so the cache, not the seed, keeps a machine's runs on the same bytes\n", Count(uint64(sb.Validators)), Bytes(float64(sb.StateBytes)), short(sb.StateSHA256), made, sb.Command, short(sb.StateRoot))
	default:
		w("- state: **not run**: %s\n", sb.StateMissing)
	}
	var procs []string
	for _, o := range m.Run.Outputs {
		if (o.Case == harness.CaseScoreboard || o.Case == harness.CaseOneCore) && o.Procs != 1 {
			procs = append(procs, fmt.Sprintf("%s (%s, GOMAXPROCS %d)", o.Peer, o.Case, o.Procs))
		}
	}
	if len(procs) > 0 {
		w("- **not on one core**: %s\n", strings.Join(procs, ", "))
	}
	w("\n")
	peers := m.groupPeers(ScoreboardKey)
	w("| row |")
	seps := "| --- |"
	for _, p := range peers {
		w(" %s |", p)
		seps += " --- |"
	}
	w(" ssztree / fastest peer | ssztree's target |\n%s --- | --- |\n", seps)
	for _, r := range ScoreboardRows {
		if m.Cells[ScoreboardKey][CellKey(r.Case, r.ID)] == nil {
			continue
		}
		w("| %s |", r.Title)
		for _, p := range peers {
			w(" %s |", m.text(ScoreboardKey, r, p))
		}
		ratio, mark := "—", boardTargets[r.ID].title
		best, s, ok := m.fastestPeer(ScoreboardKey, r)
		c, found := m.cell(ScoreboardKey, r, Reference)
		switch {
		case ok && found && c.OK && !c.Wrong && s.Median > 0:
			q := c.Stat.Median / s.Median
			ratio = fmt.Sprintf("%s× (%s)", sig(q), best)
			if q <= boardTargets[r.ID].limit {
				mark += ": ✓"
			} else {
				mark += ": ✗"
			}
		case found && (!c.OK || c.Wrong):
			mark += ": ✗"
		}
		w(" %s | %s |\n", ratio, mark)
	}
	w("\nThe peers, as configured here (see Peers): ssztree's `deneb` package; dynssz, go-eth2-client v0.30.1's Deneb types, whose code dynamic-ssz generated, through a `DynSsz` made as the suite makes its own (no asynchronous hashing); karalabe-seq, `ssz.HashSequential` as in the suite; fastssz, go-eth2-client v0.27.0's Deneb types with this report's gohashtree hasher (the suite's fastssz rows use fastssz's default hashing); zrnt, zrnt's flat Deneb structs, as the suite decodes them (not the tree-backed state view of the state tables). ")
	w("`cd benchmarks && go test -run TestScoreboardAgreement .` (and the same in `dynssz/`) checks every peer's roots and encodings on these inputs against ssztree's and the published roots.\n")
}
