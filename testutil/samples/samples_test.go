package samples_test

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestRandom checks that random values are valid, of every container of a
// fork, and that they vary.
func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, name := range capella.Minimal.Types().Names() {
		typ := capella.Minimal.Type(name)
		seen := map[string]bool{}
		for i := 0; i < 8; i++ {
			b, err := samples.Random(r, typ, 3)
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(typ, b); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			seen[string(b)] = true
		}
		if len(seen) < 2 {
			t.Errorf("%s: 8 random values, %d different", name, len(seen))
		}
	}
}

// TestStatic checks that the conformance cases of a type are found and
// read, whether compressed (capella) or not (phase0).
func TestStatic(t *testing.T) {
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("a copy in the module cache: no conformance data")
	}
	for _, tc := range []struct {
		fork string
		typ  schema.Type
	}{
		{"phase0", phase0.Minimal.Type("BeaconBlockHeader")},
		{"capella", capella.Minimal.Type("BeaconBlockHeader")},
	} {
		cs, err := samples.Static(dir, "minimal", tc.fork, "BeaconBlockHeader")
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) == 0 {
			t.Errorf("%s: no BeaconBlockHeader cases in %s", tc.fork, dir)
		}
		for _, c := range cs {
			if err := schema.Validate(tc.typ, c.SSZ); err != nil {
				t.Errorf("%s %s: %v", tc.fork, c.Name, err)
			}
		}
		t.Logf("%s: %d cases", tc.fork, len(cs))
	}
	if cs, err := samples.Static(dir, "minimal", "capella", "NoSuchType"); err != nil || len(cs) != 0 {
		t.Errorf("NoSuchType: %d cases, %v", len(cs), err)
	}
}

// TestDir checks where Dir looks: the carried subset when SSZ_SPECTESTS is
// unset, a relative SSZ_SPECTESTS from the module root, and an error for a
// folder without tests/.
func TestDir(t *testing.T) {
	t.Setenv(samples.EnvDir, "")
	carried, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(filepath.ToSlash(carried), samples.Carried) {
		t.Errorf("SSZ_SPECTESTS unset: %s, want the carried %s", carried, samples.Carried)
	}
	t.Setenv(samples.EnvDir, samples.Carried)
	if dir, err := samples.Dir(); err != nil || dir != carried {
		t.Errorf("SSZ_SPECTESTS=%s: %q, %v; want %q", samples.Carried, dir, err, carried)
	}
	empty := t.TempDir()
	t.Setenv(samples.EnvDir, empty)
	if dir, err := samples.Dir(); err == nil || !strings.Contains(err.Error(), "tests/") {
		t.Errorf("SSZ_SPECTESTS=%s, a folder without tests/: %q, %v", empty, dir, err)
	}
}
