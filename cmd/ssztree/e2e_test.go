package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/golang/snappy"
	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/testutil/samples"
)

// bin is the command, built once for the end-to-end tests.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ssztree-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "ssztree")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the command: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what a run of the command gave.
type result struct {
	stdout, stderr []byte
	code           int
}

// sh runs the command with stdin and args.
func sh(t *testing.T, stdin []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("ssztree %q: %v", args, err)
	}
	if bytes.Contains(errb.Bytes(), []byte("panic")) || bytes.Contains(errb.Bytes(), []byte("goroutine ")) {
		t.Fatalf("ssztree %q panicked:\n%s", args, errb.Bytes())
	}
	return result{out.Bytes(), errb.Bytes(), code}
}

// ok runs the command and fails the test unless it succeeds.
func ok(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	r := sh(t, stdin, args...)
	if r.code != 0 {
		t.Fatalf("ssztree %q: exit %d: %s", args, r.code, r.stderr)
	}
	return r.stdout
}

// fails runs the command and checks that it fails with exit status code
// and a one-line error that holds want; it returns the error.
func fails(t *testing.T, code int, want string, stdin []byte, args ...string) string {
	t.Helper()
	r := sh(t, stdin, args...)
	msg := string(r.stderr)
	if r.code != code {
		t.Errorf("ssztree %q: exit %d, want %d; stderr %q", args, r.code, code, msg)
	}
	if !strings.HasPrefix(msg, "ssztree: ") || strings.Count(msg, "\n") != 1 {
		t.Errorf("ssztree %q: the error is not one line: %q", args, msg)
	}
	if !strings.Contains(msg, want) {
		t.Errorf("ssztree %q: the error %q does not say %q", args, msg, want)
	}
	return msg
}

// rootLine returns the root of a roots.yaml.
func rootLine(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var r struct{ Root string }
	if err := yaml.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r.Root + "\n"
}

// TestSpecTestRoots runs root, with no flag, on the serialized.ssz_snappy
// of the spec tests' states and signed blocks of every fork and preset (the
// carried subset, or the first case of each in the folder SSZ_SPECTESTS
// names), and checks the roots.yaml root; json to ssz, through a pipe, and
// the value.yaml to ssz give the bytes back. A value whose layout is of
// both the mainnet and the gnosis preset, with a version and a slot of no
// network, is read in the mainnet preset, which info says it assumed.
func TestSpecTestRoots(t *testing.T) {
	t.Parallel()
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("no conformance data")
	}
	var cases []string
	for _, typ := range []string{"BeaconState", "SignedBeaconBlock", "SignedBlindedBeaconBlock"} {
		found, _ := filepath.Glob(filepath.Join(dir, "tests", "*", "*", "ssz_static", typ, "ssz_random", "case_0"))
		cases = append(cases, found...)
	}
	if len(cases) < 15 {
		t.Fatalf("%d cases of states and blocks in %s", len(cases), dir)
	}
	assumed := 0
	for _, c := range cases {
		rel, _ := filepath.Rel(filepath.Join(dir, "tests"), c)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		preset, fork, typ := parts[0], parts[1], parts[3]
		t.Run(strings.Join([]string{preset, fork, typ}, "/"), func(t *testing.T) {
			file := filepath.Join(c, "serialized.ssz_snappy")
			if _, err := os.Stat(file); err != nil {
				file = filepath.Join(c, "serialized.ssz") // releases before compression
			}
			want := rootLine(t, filepath.Join(c, "roots.yaml"))
			if got := string(ok(t, nil, "root", file)); got != want {
				t.Errorf("root %s, want %s", got, want)
			}
			if info := string(ok(t, nil, "info", file)); strings.Contains(info, "the mainnet preset assumed") {
				if preset != "mainnet" || !strings.Contains(info, "give -network or -preset") {
					t.Errorf("info of a %s value: %s", preset, info)
				}
				assumed++
			}
			flags := []string{"-type", typ, "-fork", fork, "-preset", preset}
			ssz, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(file, "_snappy") {
				if ssz, err = snappy.Decode(nil, ssz); err != nil {
					t.Fatal(err)
				}
			}
			js := ok(t, nil, append([]string{"json", "-envelope", file}, flags...)...)
			if back := ok(t, js, "ssz", "-", "-preset", preset); !bytes.Equal(back, ssz) {
				t.Errorf("json | ssz: %d bytes, not the %d of the file", len(back), len(ssz))
			}
			if back := ok(t, nil, append([]string{"ssz", filepath.Join(c, "value.yaml")}, flags...)...); !bytes.Equal(back, ssz) {
				t.Errorf("ssz value.yaml: %d bytes, not the %d of the file", len(back), len(ssz))
			}
		})
	}
	t.Logf("%d of %d cases in the mainnet preset assumed (a layout of the mainnet and the gnosis preset alike)", assumed, len(cases))
}

// getJSON returns the JSON value at the member path (dots and [i]) of v.
func getJSON(t *testing.T, v any, path string) any {
	t.Helper()
	for _, step := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' }) {
		if i, ok := strings.CutSuffix(step, "]"); ok {
			var n int
			fmt.Sscan(i, &n)
			v = v.([]any)[n]
			continue
		}
		v = v.(map[string]any)[step]
	}
	return v
}

// TestAnyType reads the spec tests' case of every type of Gloas (mainnet)
// and Fulu (minimal) with -type, -fork and -preset, and checks the root of
// roots.yaml; with -type alone, the answer is that root or an error that
// asks for the fork.
func TestAnyType(t *testing.T) {
	t.Parallel()
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("no conformance data")
	}
	n := 0
	for _, pf := range [][2]string{{"mainnet", "gloas"}, {"minimal", "fulu"}} {
		cases, _ := filepath.Glob(filepath.Join(dir, "tests", pf[0], pf[1], "ssz_static", "*", "ssz_random", "case_0"))
		for _, c := range cases {
			typ := filepath.Base(filepath.Dir(filepath.Dir(c)))
			file := filepath.Join(c, "serialized.ssz_snappy")
			if _, err := os.Stat(file); err != nil {
				continue
			}
			want := rootLine(t, filepath.Join(c, "roots.yaml"))
			if got := string(ok(t, nil, "root", file, "-type", typ, "-fork", pf[1], "-preset", pf[0])); got != want {
				t.Errorf("%s/%s %s: root %s, want %s", pf[0], pf[1], typ, got, want)
			}
			r := sh(t, nil, "root", file, "-type", typ, "-preset", pf[0])
			if r.code == 0 && string(r.stdout) != want {
				t.Errorf("%s/%s %s without -fork: root %s, want %s", pf[0], pf[1], typ, r.stdout, want)
			}
			if r.code != 0 && !strings.Contains(string(r.stderr), "give -fork") {
				t.Errorf("%s/%s %s without -fork: %s", pf[0], pf[1], typ, r.stderr)
			}
			n++
		}
	}
	if n < 50 {
		t.Errorf("%d types", n)
	}
}
