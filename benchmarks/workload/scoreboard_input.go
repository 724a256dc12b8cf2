package workload

import (
	"os"
)

// ScoreboardTestValidators is the size of the state the scoreboard's
// agreement tests generate.
const ScoreboardTestValidators = 2_000

// ScoreboardTestState returns the state of the scoreboard's agreement
// tests and the root the generator published for it: the file
// $SSZTREE_SCOREBOARD_STATE with the root in $SSZTREE_SCOREBOARD_ROOT (or
// none), if set; else the suite's state of ScoreboardTestValidators
// validators, made by its generator (from the folder
// $SSZTREE_SCOREBOARD_GENERATOR, if set, else through the module proxy)
// into the default cache. A test skips the state's checks, saying why,
// when this fails: the generator needs the network or a copy of it.
func ScoreboardTestState() (state []byte, root string, err error) {
	if path := os.Getenv("SSZTREE_SCOREBOARD_STATE"); path != "" {
		b, err := os.ReadFile(path)
		return b, os.Getenv("SSZTREE_SCOREBOARD_ROOT"), err
	}
	g := Generator{Dir: os.Getenv("SSZTREE_SCOREBOARD_GENERATOR"), Cache: DefaultScoreboardCache()}
	in, err := g.ScoreboardState(ScoreboardTestValidators)
	if err != nil {
		return nil, "", err
	}
	b, err := os.ReadFile(in.Path)
	return b, in.Root, err
}
