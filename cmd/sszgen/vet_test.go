package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// vetCopyProgram copies views of the generated packages by value: a
// container (Fulu's state), a progressive container (Gloas' state) and a
// view of a fork that takes the type unchanged (Fulu's block body is
// Electra's), each a copy that writes to the original.
const vetCopyProgram = `package vetcopy

import (
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
)

func CopyFulu(st *fulu.BeaconState) {
	cp := *st
	cp.SetSlot(5)
}

func CopyGloas(st *gloas.BeaconState) {
	cp := *st
	cp.SetSlot(5)
}

func CopyBody(b *electra.BeaconBlockBody) electra.BeaconBlockBody {
	return *b
}
`

// TestVetReportsViewCopy runs go vet on a package that copies generated
// views by value, in a module of its own that uses the repository's, and
// checks that its copylocks analyzer reports each copy.
func TestVetReportsViewCopy(t *testing.T) {
	gobin, dir := userModule(t, "example.com/vetcopy", map[string]string{"vetcopy.go": vetCopyProgram})
	cmd := exec.Command(gobin, "vet", "-copylocks", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet passed a copy of a view by value:\n%s", out)
	}
	for _, want := range []string{
		"vetcopy.go:10:8: assignment copies lock value to cp: github.com/ssztree/ssztree/fulu.BeaconState",
		"vetcopy.go:15:8: assignment copies lock value to cp: github.com/ssztree/ssztree/gloas.BeaconState",
		"vetcopy.go:20:9: return copies lock value: github.com/ssztree/ssztree/electra.BeaconBlockBody",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet's report lacks %q:\n%s", want, out)
		}
	}
}

// userModule writes, in a temporary directory, a module of the given path
// that uses the repository as a user's module would (the repository's
// requirements, and a replace of it by its directory), with files, and
// returns the go command and the directory. It skips t without a go
// command.
func userModule(t *testing.T, path string, files map[string]string) (gobin, dir string) {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.mod"] = strings.Replace(string(gomod), "module github.com/ssztree/ssztree", "module "+path, 1) +
		"\nrequire github.com/ssztree/ssztree v0.0.0\n\nreplace github.com/ssztree/ssztree => " + repo + "\n"
	files["go.sum"] = string(gosum)
	dir = t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return gobin, dir
}
