package conformance

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/testutil/samples"
)

// TestConformance runs the ssz_generic and ssz_static cases of the folder
// named by SSZ_SPECTESTS or, when it is unset, of the subset the
// repository carries (testdata/spectests), with a subtest per ssz_generic handler
// (TestConformance/<handler>) and per ssz_static type
// (TestConformance/ssz_static/<preset>/<fork>/<type>), and reports the
// summary: with -v on standard output, each line starting with
// "conformance: ", and otherwise in the test log, which go test shows on
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
	if os.Getenv(samples.EnvDir) == "" {
		checkCarried(t, r.sum)
	}
	if testing.Verbose() {
		for _, line := range r.sum.Lines() {
			fmt.Println(line)
		}
	} else {
		t.Log("summary:\n" + r.sum.String())
	}
}

// specDir returns the folder of conformance data (samples.Dir). It skips
// the test in a copy of the module in the module cache, which carries no
// data.
func specDir(t *testing.T) string {
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("a copy of the module in the module cache: no conformance data (set " + samples.EnvDir + " to a folder holding tests/)")
	}
	return dir
}

// carriedHandlers are the ssz_generic handlers of a release, each of
// which the carried subset must hold valid and invalid cases of.
var carriedHandlers = []string{
	"basic_progressive_list", "basic_vector", "bitlist", "bitvector", "boolean",
	"compatible_unions", "containers", "progressive_bitlist", "progressive_containers", "uints",
}

// notCarried are the suites of staticForks and the built-in presets that
// the carried subset has no cases of, with the reason.
var notCarried = map[string]string{
	"mainnet/phase0": "the source, ../shared/spectests, has phase0 cases of the minimal preset only (the phase0 types are the same in both presets, at other sizes)",
}

// checkCarried checks that the run of the carried subset covered what its
// README promises: valid and invalid cases of every ssz_generic handler,
// and cases of every fork in both presets, all run.
func checkCarried(t *testing.T, s *Summary) {
	t.Helper()
	for _, h := range carriedHandlers {
		c := s.Handlers[h]
		if c == nil || c.Valid == 0 || c.Invalid == 0 {
			t.Errorf("carried subset: ssz_generic/%s: %+v, want valid and invalid cases", h, c)
		}
	}
	for _, preset := range []string{"mainnet", "minimal"} {
		for fork := range staticForks {
			suite := preset + "/" + fork
			if _, ok := notCarried[suite]; ok {
				continue
			}
			i := slices.IndexFunc(s.Static, func(c StaticCount) bool { return c.Preset == preset && c.Fork == fork })
			if i < 0 || s.Static[i].Cases == 0 || s.Static[i].Unsupported != "" {
				t.Errorf("carried subset: no ssz_static cases of %s run", suite)
			}
		}
	}
}
