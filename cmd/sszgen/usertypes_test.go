package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// userTypesUse is a file of the package of testdata/usertypes that uses
// its generated views: go vet must report its copy of a view by value,
// and its test checks that typed values read back what was written.
const userTypesUse = `package usertypes

func CopyState(st *StateView) StateView { return *st }
`

const userTypesTest = `package usertypes

import (
	"testing"

	"github.com/holiman/uint256"
)

func TestValues(t *testing.T) {
	var ps PairsView
	p := Pair{Left: Point{Slot: 1, Root: Root{2}}, Right: &Point{Slot: 4},
		Big: *uint256.NewInt(5), BigPtr: uint256.NewInt(6), Counts: [3]uint16{7, 8, 9}, Keys: [2][4]byte{{10}, {11}}, Enabled: true, Tiny: 12}
	if err := ps.List().Append(PairValue(p)); err != nil {
		t.Fatal(err)
	}
	ps.Vector().Set(1, PairValue(p))
	if err := ps.Prog().Append(PairValue{}); err != nil {
		t.Fatal(err)
	}
	got := Pair(ps.List().Get(0))
	if got.Left != p.Left ||
		got.Right.Slot != 4 || got.Big.Uint64() != 5 || got.BigPtr.Uint64() != 6 || got.Counts != p.Counts || got.Keys != p.Keys || !got.Enabled || got.Tiny != 12 {
		t.Fatalf("read %+v, wrote %+v", got, p)
	}
	if z := Pair(ps.Prog().Get(0)); z.Right == nil || z.Right.Slot != 0 || z.BigPtr == nil || !z.BigPtr.IsZero() {
		t.Fatalf("a zero value reads back as %+v", z)
	}
	x, y := ps.Vector().Get(1), ps.List().Get(0)
	bx, _ := x.MarshalSSZTo(nil)
	by, _ := y.MarshalSSZTo(nil)
	if string(bx) != string(by) {
		t.Fatal("the vector's element differs from the list's")
	}
	b, err := ps.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	again, err := DecodePairsView(b)
	if err != nil || again.HashTreeRoot() != ps.HashTreeRoot() {
		t.Fatalf("decode: %v", err)
	}
	// The view and its value take one allocation, in a copy and a decode
	// (beside a lazy decode's own two).
	if a := testing.AllocsPerRun(20, func() { again.Copy() }); a != 1 {
		t.Errorf("a copy allocates %v times, want 1", a)
	}
	if a := testing.AllocsPerRun(20, func() { DecodePairsView(b) }); a != 3 {
		t.Errorf("a decode allocates %v times, want 3", a)
	}
	var v PairValue
	if err := v.UnmarshalSSZ(make([]byte, 3)); err == nil {
		t.Fatal("UnmarshalSSZ of 3 bytes")
	}
	bad, _ := (&PairValue{}).MarshalSSZTo(nil)
	bad[len(bad)-2] = 2 // Enabled
	if err := v.UnmarshalSSZ(bad); err == nil {
		t.Fatal("UnmarshalSSZ of a boolean 2")
	}
	var st StateView
	st.SetSlot(3)
	st.Accounts().Append(AccountValue{Balance: 9})
	if st.Slot() != 3 || st.Accounts().Get(0).Balance != 9 || st.Copy().HashTreeRoot() != st.HashTreeRoot() {
		t.Fatal("a zero StateView")
	}
}
`

// TestUserTypes generates the views of testdata/usertypes in a module of
// its own that uses the repository's, as a user's module would (so that
// the generated code can import only public packages), and checks that it
// is the same run twice, that go vet passes it but reports a copy of a
// view by value, and that its values read back what was written.
func TestUserTypes(t *testing.T) {
	types, err := os.ReadFile(filepath.Join("testdata", "usertypes", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	gobin, dir := userModule(t, "example.com/usertypes", map[string]string{"types.go": string(types), "values_test.go": userTypesTest})
	names := []string{"State", "Block", "Pairs"}
	var first []byte
	for range 2 {
		if err := runTypes(dir, "views_gen.go", names, "", "MAX_ITEMS=64"); err != nil {
			t.Fatal(err)
		}
		code, err := os.ReadFile(filepath.Join(dir, "views_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if first != nil && !bytes.Equal(code, first) {
			t.Fatal("a second run wrote another file")
		}
		first = code
	}
	if bytes.Contains(first, []byte("/internal/")) {
		t.Error("the generated code imports an internal package")
	}
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	run := func(args ...string) ([]byte, error) {
		cmd := exec.Command(gobin, args...)
		cmd.Dir, cmd.Env = dir, env
		return cmd.CombinedOutput()
	}
	if out, err := run("vet", "."); err != nil {
		t.Fatalf("go vet of the generated code: %v\n%s", err, out)
	}
	if out, err := run("test", "-count=1", "."); err != nil {
		t.Fatalf("the generated code's test: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "use.go"), []byte(userTypesUse), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("vet", "-copylocks", ".")
	if err == nil || !strings.Contains(string(out), "return copies lock value: example.com/usertypes.StateView") {
		t.Fatalf("go vet does not report a copy of a view by value: %v\n%s", err, out)
	}
}
