package harness

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// MicroFile returns the name of the input file of a micro case in the
// directory the driver writes its inputs to.
func MicroFile(cs string) string { return cs + ".ssz" }

// ChildMain runs one peer on one case as a child process of the driver, with
// the command-line arguments args, and writes its Output as JSON:
//
//	-peer NAME -fork FORK -case state -in STATE.ssz -n VALIDATORS -out OUT.json
//	-peer NAME -fork FORK -case proof -in STATE.ssz -n VALIDATORS -out OUT.json
//	-peer NAME -fork FORK -case states -in STATE.ssz -n VALIDATORS -out OUT.json
//	-peer NAME -fork FORK -case micro -dir INPUTS -out OUT.json
//	-peer NAME -fork FORK -case onecore -in STATE.ssz -n VALIDATORS -out OUT.json
//	-peer NAME -case scoreboard -block BLOCK.ssz [-in STATE.ssz] -out OUT.json
//
// with -runs, -min and -memruns setting the repetitions (Config). peers are
// the peers this binary holds; NAME and FORK pick one. With -floor NAME
// -floorg G -floorpairs PAIRS, the state case pairs each run of its cold
// root with a sample of the SHA-256 floor (Config.Floor): the time of
// PAIRS pair hashes by the implementation NAME on G goroutines, which
// floors makes; a binary without floors (nil) ignores the three flags. The micro case reads
// the inputs of the cases the peer has (MicroFile) from INPUTS. It exits with status 1 on an error.
func ChildMain(args []string, peers []Peer, floors FloorSource) {
	if err := childMain(args, peers, floors); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(1)
	}
}

// A FloorSource returns the FloorTimer of the pair hashing implementation
// of a name (benchmarks/floor.Hashers) on a number of goroutines.
type FloorSource func(name string, goroutines int) (FloorTimer, error)

func childMain(args []string, peers []Peer, floors FloorSource) error {
	fs := flag.NewFlagSet("child", flag.ContinueOnError)
	name := fs.String("peer", "", "peer to run")
	fork := fs.String("fork", ForkFulu, "fork of the peer's types")
	cs := fs.String("case", CaseState, "state, proof, states, micro, onecore or scoreboard")
	in := fs.String("in", "", "serialized state (cases state, proof and states)")
	n := fs.Int("n", 0, "validators in the state (cases state, proof and states)")
	dir := fs.String("dir", "", "directory of the micro inputs (case micro)")
	block := fs.String("block", "", "serialized block (case scoreboard; -in is its state, if any)")
	outPath := fs.String("out", "", "output JSON file")
	var cfg Config
	fs.IntVar(&cfg.Runs, "runs", 7, "timed runs per row")
	fs.DurationVar(&cfg.MinRun, "min", 200*time.Millisecond, "least duration of a run of fast operations")
	fs.IntVar(&cfg.MemRuns, "memruns", 3, "runs per memory row")
	floorName := fs.String("floor", "", "pair hashing implementation of the floor sampled beside the cold root (case state)")
	floorG := fs.Int("floorg", 1, "goroutines of the floor sampled beside the cold root")
	fs.Uint64Var(&cfg.FloorPairs, "floorpairs", 0, "pair hashes of the state's root, the floor sampled beside the cold root")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *floorName != "" && floors != nil {
		f, err := floors(*floorName, *floorG)
		if err != nil {
			return err
		}
		cfg.Floor = f
	}
	var peer *Peer
	for i := range peers {
		// The scoreboard is of one fork (Deneb), held by one of a
		// library's peers, whatever its fork.
		if peers[i].Name == *name && (peers[i].Fork == *fork || *cs == CaseScoreboard && peers[i].Scoreboard != nil) {
			peer = &peers[i]
		}
	}
	if peer == nil {
		return fmt.Errorf("no peer %q of fork %s here", *name, *fork)
	}
	var out *Output
	switch *cs {
	case CaseState:
		if peer.State == nil {
			return fmt.Errorf("peer %s has no state workloads", peer.Name)
		}
		b, err := os.ReadFile(*in)
		if err != nil {
			return err
		}
		if out, err = peer.State.Run(cfg, b, *n); err != nil {
			return err
		}
	case CaseProof:
		if peer.Proof == nil {
			return fmt.Errorf("peer %s has no proof workloads", peer.Name)
		}
		b, err := os.ReadFile(*in)
		if err != nil {
			return err
		}
		if out, err = peer.Proof.Run(cfg, b, *n); err != nil {
			return err
		}
	case CaseOneCore:
		if peer.State == nil {
			return fmt.Errorf("peer %s has no state workloads", peer.Name)
		}
		b, err := os.ReadFile(*in)
		if err != nil {
			return err
		}
		if out, err = peer.State.OneCore(cfg, b, *n); err != nil {
			return err
		}
	case CaseScoreboard:
		if peer.Scoreboard == nil {
			return fmt.Errorf("peer %s has no scoreboard", peer.Name)
		}
		b, err := os.ReadFile(*block)
		if err != nil {
			return err
		}
		var st []byte
		if *in != "" {
			if st, err = os.ReadFile(*in); err != nil {
				return err
			}
		}
		out = RunScoreboard(cfg, peer.Scoreboard, b, st)
		out.Peer, out.Fork, out.Title = peer.Name, ForkDeneb, peer.Scoreboard.Title
		return writeOutput(*outPath, out)
	case CaseStates:
		if peer.States == nil {
			return fmt.Errorf("peer %s has no workloads of many states", peer.Name)
		}
		var err error
		if out, err = peer.States.Run(cfg, *in, *n); err != nil {
			return err
		}
	case CaseMicro:
		inputs := map[string][]byte{}
		for _, c := range MicroCases {
			if peer.Micro[c] == nil {
				continue
			}
			b, err := os.ReadFile(filepath.Join(*dir, MicroFile(c)))
			if err != nil {
				return err
			}
			inputs[c] = b
		}
		out = RunMicro(cfg, *peer, inputs)
	default:
		return fmt.Errorf("unknown case %q", *cs)
	}
	out.Peer, out.Fork, out.Title = peer.Name, peer.Fork, peer.Title
	if out.Notes == nil {
		out.Notes = peer.Notes
	}
	return writeOutput(*outPath, out)
}

// writeOutput writes a child's output as JSON to path.
func writeOutput(path string, out *Output) error {
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
