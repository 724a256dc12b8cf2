package workload

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The inputs of the scoreboard section: those of pk910/ssz-benchmark, the
// public scoreboard of Go SSZ libraries (scoreboard/README.md cites them).

// ScoreboardBlock is the suite's block, res/block-mainnet.ssz of
// pk910/ssz-benchmark at commit f5a0ab6cc7f69cf1d65180bd764d0275c9bbd72a:
// a mainnet Deneb SignedBeaconBlock.
//
//go:embed scoreboard/block-mainnet.ssz
var ScoreboardBlock []byte

// ScoreboardBlockRoot is the root the suite publishes for its block
// (res/block-mainnet-meta.json): the hash_tree_root of the block's message,
// the BeaconBlock.
const ScoreboardBlockRoot = "3ba1743ae2c27eb5f32f42bcc98930d25ad32047dde93d98952eaa43783ea497"

// The suite's state generator: its module, the version the block was made
// with (the commit that last changed res/generator and the block), and the
// seed passed to it (which that version ignores: see ScoreboardState).
const (
	GeneratorModule  = "github.com/pk910/ssz-benchmark/res/generator"
	GeneratorVersion = "v0.0.0-20251215040853-2a7c4ed0f069"
	GeneratorSeed    = 1
)

// ScoreboardValidators is the size of the suite's state, the generator's
// default and the table's.
const ScoreboardValidators = 100_000

// ScoreboardInput is a state made by the suite's generator.
type ScoreboardInput struct {
	// Path is the file of the state's serialization.
	Path string
	// Root is the root the generator computed (dynamic-ssz, reflection),
	// hex, from its state-mainnet-meta.json.
	Root string
	// Command is the command that made it, and Cached says whether this
	// run found it in the cache rather than made it.
	Command string
	Cached  bool
}

// Generator says how to run the suite's generator.
type Generator struct {
	// Dir, if set, is a local copy of the generator's folder (res/generator
	// of a checkout of pk910/ssz-benchmark), run with `go run .`; if empty,
	// the module is fetched through the Go module proxy at
	// GeneratorVersion.
	Dir string
	// Cache is the folder the states are kept in, by generator version and
	// validator count.
	Cache string
}

// DefaultScoreboardCache returns the default cache folder of the
// generated states: ssztree-bench/scoreboard in the user's cache folder.
func DefaultScoreboardCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "ssztree-bench", "scoreboard")
}

// ScoreboardState returns the suite's mainnet state of n validators, made
// by its generator into the cache folder, or found there. The generator
// draws every byte from crypto/rand whatever its --seed (at
// GeneratorVersion), so two generations differ in content but not in
// shape; the cache keeps one machine's runs on the same bytes.
func (g Generator) ScoreboardState(n int) (*ScoreboardInput, error) {
	version := GeneratorVersion
	if g.Dir != "" {
		version = "local"
	}
	out := filepath.Join(g.Cache, version, strconv.Itoa(n))
	in := &ScoreboardInput{Path: filepath.Join(out, "state-mainnet.ssz")}
	args := []string{"--validators", strconv.Itoa(n), "--seed", strconv.Itoa(GeneratorSeed), "--output", out}
	if root, err := ReadMetaRoot(filepath.Join(out, "state-mainnet-meta.json")); err == nil {
		if _, err := os.Stat(in.Path); err == nil {
			in.Root, in.Cached = root, true
			in.Command = g.command(args)
			return in, nil
		}
	}
	dir := g.Dir
	if dir == "" {
		var err error
		if dir, err = moduleDir(GeneratorModule, version); err != nil {
			return nil, err
		}
	}
	// Write into a fresh folder, then move it into place, so that an
	// interrupted generation leaves nothing in the cache.
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), "generating-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	run := append([]string{"run", "."}, args...)
	run[len(run)-1] = tmp
	cmd := exec.Command("go", run...)
	// The generator reads its preset files from the working directory.
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("workload: the suite's generator in %s: %w: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	os.RemoveAll(out)
	if err := os.Rename(tmp, out); err != nil {
		return nil, err
	}
	root, err := ReadMetaRoot(filepath.Join(out, "state-mainnet-meta.json"))
	if err != nil {
		return nil, err
	}
	in.Root, in.Command = root, g.command(args)
	return in, nil
}

// command returns the shell command that makes a state with args.
func (g Generator) command(args []string) string {
	run := "go run . " + strings.Join(args, " ")
	if g.Dir != "" {
		return fmt.Sprintf("cd %s && %s", g.Dir, run)
	}
	return fmt.Sprintf("cd \"$(go mod download -json %s@%s | sed -n 's/.*\"Dir\": \"\\(.*\\)\".*/\\1/p')\" && %s", GeneratorModule, GeneratorVersion, run)
}

// moduleDir downloads a module through the Go module proxy (GOPROXY) and
// returns its folder in the module cache.
func moduleDir(module, version string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("go", "mod", "download", "-json", module+"@"+version)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(stdout.Bytes(), &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("workload: the suite's generator through the module proxy: %s", info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("workload: go mod download %s@%s: %w: %s", module, version, err, strings.TrimSpace(stderr.String()))
	}
	if info.Dir == "" {
		return "", errors.New("workload: go mod download gave no folder for the suite's generator")
	}
	return info.Dir, nil
}

// readMetaRoot reads the root of a generator's -meta.json file.
func ReadMetaRoot(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var meta struct {
		HTR string `json:"htr"`
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return "", fmt.Errorf("workload: %s: %w", path, err)
	}
	if len(meta.HTR) != 64 {
		return "", fmt.Errorf("workload: %s: no root", path)
	}
	return meta.HTR, nil
}
