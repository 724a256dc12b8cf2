package spectests

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// envDir names the environment variable that points to the test data.
const envDir = "SSZ_SPECTESTS"

const howToGet = envDir + ` is not set: to run the conformance tests, download general.tar.gz
(and minimal.tar.gz, mainnet.tar.gz) of a release of
https://github.com/ethereum/consensus-spec-tests/releases, extract them into one
folder so that it holds tests/, and set ` + envDir + ` to that folder (a relative
path is taken from the module root)`

// TestConformance runs the ssz_generic and ssz_static cases of the folder
// named by SSZ_SPECTESTS, with a subtest per ssz_generic handler
// (TestConformance/<handler>) and per ssz_static type
// (TestConformance/ssz_static/<preset>/<fork>/<type>), and reports the
// summary: with -v on standard output, each line starting with
// "spectests: ", and otherwise in the test log, which go test shows on
// failure. The ssz_static suites of unsupported forks and presets are
// skipped subtests.
func TestConformance(t *testing.T) {
	dir := specDir(t)
	r, err := newRunner(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.handlers() {
		t.Run(h, func(t *testing.T) {
			for _, f := range r.runHandler(h) {
				t.Error(f.Err)
			}
		})
	}
	t.Run(staticRunner, func(t *testing.T) {
		for i, run := range r.static {
			t.Run(run.suite.preset+"/"+run.suite.fork, func(t *testing.T) {
				if run.unsupported != "" {
					t.Skipf("%s: %d cases not run", run.unsupported, len(run.suite.cases))
				}
				for j, typ := range run.suite.types {
					t.Run(typ, func(t *testing.T) {
						for _, f := range r.runStaticType(i, j) {
							t.Error(f.Err)
						}
					})
				}
			})
		}
	})
	if testing.Verbose() {
		for _, line := range r.sum.Lines() {
			fmt.Println(line)
		}
	} else {
		t.Log("summary:\n" + r.sum.String())
	}
}

// specDir returns the folder named by SSZ_SPECTESTS, resolving a relative
// path against the module root. It skips the test if SSZ_SPECTESTS is unset.
func specDir(t *testing.T) string {
	dir := os.Getenv(envDir)
	if dir == "" {
		t.Skip(howToGet)
	}
	if filepath.IsAbs(dir) {
		return dir
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatalf("%s=%s: %v", envDir, dir, err)
	}
	return filepath.Join(root, dir)
}

// moduleRoot returns the closest folder, from the working directory up,
// that holds go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
