package forkcode

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// TestBranch checks a branch against tree.Prove's, and that a destination
// of another length is an error that names the package.
func TestBranch(t *testing.T) {
	c := schema.Must(schema.NewContainer("Pair",
		schema.Field{Name: "a", Type: schema.Uint64},
		schema.Field{Name: "b", Type: schema.Uint64},
		schema.Field{Name: "c", Type: schema.Uint64},
	))
	v, err := view.NewContainer(c)
	if err != nil {
		t.Fatal(err)
	}
	v.SetUint(1, 7)
	g := Gindex(c, "b")
	if g != 5 {
		t.Fatalf("Gindex of b is %d, want 5", g)
	}
	var dst [2][32]byte
	if err := Branch("p", v, g, dst[:]); err != nil {
		t.Fatal(err)
	}
	_, want, _ := tree.Prove(v.Node(), g)
	if dst[0] != want[0] || dst[1] != want[1] {
		t.Error("Branch differs from tree.Prove's branch")
	}
	if err := Branch("p", v, g, dst[:1]); err == nil || !strings.HasPrefix(err.Error(), "p: ") {
		t.Errorf("a branch into a destination too short: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Gindex of a path the type lacks did not panic")
		}
	}()
	Gindex(c, "d")
}
